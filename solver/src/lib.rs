//! # cloth-solver
//!
//! Real-time cloth and rope for game characters: Vertex Block Descent with
//! augmented-Lagrangian hard rows over graph-coloured, lane-friendly
//! structure-of-arrays storage. The design is `DESIGN.md`; every constant
//! cites the section of the reference record (`§n`) that chose it.
//!
//! ```
//! use cloth_solver::{scenes, Cloth};
//! let mut cloth = Cloth::new(&scenes::w0_sheet().input(), scenes::w0_dynamics()).unwrap();
//! for _ in 0..10 {
//!     cloth.step();
//! }
//! assert!(cloth.positions().iter().all(|p| p.iter().all(|c| c.is_finite())));
//! ```
//!
//! Where things live, by name: the step ([`step`]), the vertex update
//! ([`vertex`]) and its 3×3 solve ([`ldlt`]), one file per row kind
//! ([`stretch`], [`bend`], [`skip`], [`strain_limit`], [`tether`], [`leash`],
//! sharing [`distance`]), seeding ([`seed`]), colouring ([`colour`]), the model
//! built at seed ([`model`]) apart from the state a step mutates
//! ([`state`]), levels of detail and the world's frame budget ([`detail`]),
//! the lane vocabulary ([`lanes`]) and the scene registry ([`scenes`]).

pub mod aero;
pub mod anchor;
pub mod bend;
pub mod clock;
pub mod cloth;
pub mod collider;
pub mod colour;
pub mod constants;
pub mod contact;
pub mod cook;
pub mod detail;
pub mod distance;
pub mod dynamics;
pub mod error;
pub mod experiments;
pub mod friction;
pub mod front_door;
pub mod grid;
pub mod impulse;
pub mod lanes;
pub mod ldlt;
pub mod leash;
pub mod library;
pub mod model;
pub mod motion;
pub mod pose;
pub mod rng;
pub mod scenes;
pub mod seed;
pub mod self_pair;
pub mod shape;
pub mod skin;
pub mod skip;
pub mod state;
pub mod step;
pub mod strain_limit;
pub mod stretch;
pub mod surface;
pub mod tether;
pub mod vertex;
pub mod world;
pub mod writeback;

pub use aero::{Air, Turbulence};
pub use cloth::{BindPoseCheck, Cloth, LinkExtremes};
pub use collider::{Collider, ColliderError, ColliderId, ColliderSet};
pub use cook::CookError;
pub use detail::{Detail, FrameBudget};
pub use dynamics::{Controls, Dynamics, TeleportMode, Tuning};
pub use error::{ParamError, SeedError};
pub use motion::Backstop;
pub use seed::{ClothInput, SeedOptions};
pub use shape::Shape;
pub use skin::SkinError;
pub use step::{Kernel, StepReport, WatchdogReason};
pub use surface::{LayoutError, Source, Space, VertexLayout};
pub use world::{ClothId, ColliderSetId, World, WorldError, WorldOptions};

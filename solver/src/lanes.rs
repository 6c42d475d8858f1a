//! The lane vocabulary: the only place that knows what a lane type is.
//!
//! Storage is plain `f32` columns (STYLE.md habit 3). A kernel is written once,
//! generic over [`Lanes`], and runs on:
//!
//! | type           | width | what it is for                                    |
//! |----------------|-------|---------------------------------------------------|
//! | `f32`          | 1     | the scalar oracle of the f32 kernels              |
//! | `f64`          | 1     | the scalar oracle in double precision (measurements) |
//! | `wide::f32x8`  | 8     | the wide path on the baseline ([`CpuPath::Baseline`]) |
//! | `avx2::F32x8`  | 8     | the wide path on AVX2 ([`CpuPath::Avx2`], x86-64)  |
//! | `avx2::F32x8<true>` | 8 | the same, neighbours and rows read with plain loads ([`CpuPath::Avx2Packed`]) |
//! | `wide::f64x4`  | 4     | the wide path in double precision                 |
//!
//! **Bit parity rule.** Every operation here is a single IEEE-754 operation
//! with round-to-nearest (add, sub, mul, div, sqrt, min/max, compare,
//! select). No fused multiply-add and no approximate `recip`/`rsqrt` appear,
//! so a lane of an 8-wide type computes exactly what `f32` computes: the
//! scalar path is a bit-exact oracle of the wide path, and results do not
//! depend on the instruction set a kernel runs on (DESIGN §3 rule 7).
//!
//! Loads and gathers read `f32` storage and convert to the lane's scalar, so
//! an `f64` kernel reads the same stored bits an `f32` kernel reads.
//!
//! # Instruction sets: one library for every x86-64 CPU
//!
//! The crate is compiled for the x86-64 baseline (SSE2; `.cargo/config.toml`
//! sets nothing), so no instruction outside it appears anywhere except in
//! functions that enable more with `#[target_feature]` and are entered only
//! after a run-time check. There is one such entry: the step of
//! [`crate::Kernel::Wide`] on [`CpuPath::Avx2`] or [`CpuPath::Avx2Packed`],
//! into which the generic kernel is inlined whole with [`avx2::F32x8`]
//! lanes. [`cpu_path`] chooses it where CPUID reports AVX and AVX2 and XCR0
//! (read with XGETBV, only when CPUID reports OSXSAVE) shows that the
//! operating system saves the YMM registers; every other CPU runs the
//! baseline instantiation (`wide::f32x8`, two SSE halves). `wide` picks its
//! instructions when the crate is compiled, which is why the AVX2 path has a
//! lane type of its own.
//!
//! **Two AVX2 paths, one answer.** The sweep reads each neighbour's position
//! either with three `vgatherdps` of the columns ([`CpuPath::Avx2`]) or from
//! a packed `[x, y, z, 0]` copy, eight 16-byte loads and a transpose
//! ([`CpuPath::Avx2Packed`], [`Lanes::PACKED`]); a row's penalty and
//! multiplier ([`Pair`]) with two `vgatherdps` or eight 8-byte loads and two
//! shuffles ([`Lanes::gather_pairs`]). They load the same values.
//! An AMD core's gather is slow and the packed path wins there; the gather
//! path stays the default elsewhere until a measurement says otherwise
//! (`MEASUREMENTS.md`, "Neighbours from a packed copy").
//!
//! **FMA and approximate `recip`/`rsqrt` are allowed nowhere in the solver**,
//! and the AVX2 entry does not even enable FMA: they would change bits
//! across machines. Without them both paths produce *the same bits* (the
//! `golden` test holds one hash for both, `cpu_paths` compares them step by
//! step) and the scalar oracle matches either exactly. The cost is one
//! rounding more per multiply-add and a true divide where an estimate would
//! do — measured inside the W0 budget (`MEASUREMENTS.md`).

use core::ops::{Add, AddAssign, Div, Mul, MulAssign, Neg, Sub, SubAssign};
use core::sync::atomic::{AtomicU8, Ordering};

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;

/// A hard row's penalty `k` and multiplier `λ`, side by side and 8-byte
/// aligned: the sweep reads both of a row with one 8-byte load
/// ([`Lanes::gather_pairs`]) where a gather of each column would cost two.
#[repr(C, align(8))]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pair {
    pub k: f32,
    pub lambda: f32,
}

/// A vector of `WIDTH` reals with the arithmetic the solver needs.
pub trait Lanes:
    Copy
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
    + MulAssign
{
    /// Number of particles one value carries.
    const WIDTH: usize;
    /// Per-lane truth value.
    type Mask: Copy;

    /// Every lane set to `v`, rounded once to the lane's precision.
    fn splat(v: f64) -> Self;
    /// `WIDTH` consecutive values of `src`, starting at `at`.
    fn load(src: &[f32], at: usize) -> Self;
    /// Writes the lanes to `WIDTH` consecutive slots of `dst`, starting at `at`.
    fn store(self, dst: &mut [f32], at: usize);
    /// What [`Lanes::load`] reads back after [`Lanes::store`]: each lane
    /// rounded to `f32` (for `f32` lanes, itself).
    fn stored(self) -> Self;
    /// `src[idx[k]]` in lane `k`, for `k < WIDTH`.
    fn gather(src: &[f32], idx: &[u32]) -> Self;
    /// Per-lane values as `f64` (tests and diagnostics).
    fn lane(self, k: usize) -> f64;
    /// Lanes from `WIDTH` values, each rounded once to the lane's precision.
    fn from_lanes(v: &[f64]) -> Self;

    fn sqrt(self) -> Self;
    /// `self` if `self < o`, else `o` (x86 MINPS: NaN-propagating from `o`).
    fn min(self, o: Self) -> Self;
    /// `self` if `self > o`, else `o` (x86 MAXPS).
    fn max(self, o: Self) -> Self;
    fn abs(self) -> Self;
    fn lt(self, o: Self) -> Self::Mask;
    fn le(self, o: Self) -> Self::Mask;
    fn gt(self, o: Self) -> Self::Mask;
    /// True where the value is neither infinite nor NaN.
    fn finite(self) -> Self::Mask;
    /// `a` where `m`, else `b`.
    fn select(m: Self::Mask, a: Self, b: Self) -> Self;
    fn and(a: Self::Mask, b: Self::Mask) -> Self::Mask;
    fn or(a: Self::Mask, b: Self::Mask) -> Self::Mask;
    fn not(a: Self::Mask) -> Self::Mask;
    /// True if any lane of `m` is set.
    fn any(m: Self::Mask) -> bool;
    /// Lane `k` of `m` as bit `k`.
    fn bits(m: Self::Mask) -> u32;

    #[inline(always)]
    fn zero() -> Self {
        Self::splat(0.0)
    }

    /// Whether the sweep reads neighbours' positions from a packed copy
    /// (`State::packed`, one `[x, y, z, 0]` per particle) with
    /// [`Lanes::gather_packed`] instead of three gathers of the columns:
    /// where a hardware gather is slow, `WIDTH` 16-byte loads and a
    /// transpose cost less (`MEASUREMENTS.md`, "Neighbours from a packed
    /// copy").
    const PACKED: bool = false;

    /// `src[idx[k]]` as a 3-vector in lane `k`; each index is clamped to
    /// `src.len() − 1`, as [`Lanes::gather`]'s. The same values as three
    /// gathers of the columns `src` was packed from. This lane by lane
    /// version (for `WIDTH` ≤ 16) serves lane types that do not set
    /// [`Lanes::PACKED`], which the sweep never asks.
    #[inline(always)]
    fn gather_packed(src: &[[f32; 4]], idx: &[u32]) -> V3<Self> {
        let last = src.len() - 1;
        let mut v = [[0.0f64; 16]; 3];
        for (k, &i) in idx[..Self::WIDTH].iter().enumerate() {
            let p = src[(i as usize).min(last)];
            for (c, column) in v.iter_mut().enumerate() {
                column[k] = p[c] as f64;
            }
        }
        V3::new(Self::from_lanes(&v[0]), Self::from_lanes(&v[1]), Self::from_lanes(&v[2]))
    }

    /// `src[idx[k]]`'s penalty and multiplier in lane `k`; each index is
    /// clamped to `src.len() − 1`, as [`Lanes::gather`]'s. This lane by lane
    /// version serves every lane type but [`avx2::F32x8`].
    #[inline(always)]
    fn gather_pairs(src: &[Pair], idx: &[u32]) -> (Self, Self) {
        let last = src.len() - 1;
        let (mut k, mut lambda) = ([0.0f64; 16], [0.0f64; 16]);
        for (l, &i) in idx[..Self::WIDTH].iter().enumerate() {
            let p = src[(i as usize).min(last)];
            (k[l], lambda[l]) = (p.k as f64, p.lambda as f64);
        }
        (Self::from_lanes(&k), Self::from_lanes(&lambda))
    }

    /// The penalties and multipliers of `WIDTH` consecutive entries of `src`
    /// from `at`, as [`Lanes::load`] reads a column.
    #[inline(always)]
    fn load_pairs(src: &[Pair], at: usize) -> (Self, Self) {
        let (mut k, mut lambda) = ([0.0f64; 16], [0.0f64; 16]);
        for (l, p) in src[at..at + Self::WIDTH].iter().enumerate() {
            (k[l], lambda[l]) = (p.k as f64, p.lambda as f64);
        }
        (Self::from_lanes(&k), Self::from_lanes(&lambda))
    }

    /// Writes `k` and `lambda`, as [`Lanes::store`] rounds them, to `WIDTH`
    /// consecutive entries of `dst` from `at`.
    #[inline(always)]
    fn store_pairs(dst: &mut [Pair], at: usize, k: Self, lambda: Self) {
        for (l, p) in dst[at..at + Self::WIDTH].iter_mut().enumerate() {
            *p = Pair { k: k.lane(l) as f32, lambda: lambda.lane(l) as f32 };
        }
    }

    /// Writes `v`'s lanes, as [`Lanes::store`] rounds them, to `WIDTH`
    /// consecutive entries of `dst` from `at`.
    #[inline(always)]
    fn store_packed(dst: &mut [[f32; 4]], at: usize, v: V3<Self>) {
        for (k, p) in dst[at..at + Self::WIDTH].iter_mut().enumerate() {
            *p = [v.x.lane(k) as f32, v.y.lane(k) as f32, v.z.lane(k) as f32, 0.0];
        }
    }

    /// Runs `f` where this lane type's instructions are enabled, for the
    /// vertex update's out-of-line helpers (`#[inline(never)]`, off the hot
    /// path): they are compiled apart from the step's kernels, so without
    /// this an [`avx2::F32x8`] helper would call each intrinsic as a function.
    /// `f` is a small closure, inlined into the function that enables AVX2.
    /// Lane types of the build's own target just call `f`.
    #[inline(always)]
    fn out_of_line<R>(f: impl FnOnce() -> R) -> R {
        f()
    }
}

macro_rules! scalar_lanes {
    ($t:ty) => {
        impl Lanes for $t {
            const WIDTH: usize = 1;
            type Mask = bool;
            #[inline(always)]
            fn splat(v: f64) -> Self {
                v as $t
            }
            #[inline(always)]
            fn load(src: &[f32], at: usize) -> Self {
                src[at] as $t
            }
            #[inline(always)]
            fn store(self, dst: &mut [f32], at: usize) {
                dst[at] = self as f32;
            }
            #[inline(always)]
            fn stored(self) -> Self {
                self as f32 as $t
            }
            #[inline(always)]
            fn gather(src: &[f32], idx: &[u32]) -> Self {
                src[idx[0] as usize] as $t
            }
            #[inline(always)]
            fn gather_pairs(src: &[Pair], idx: &[u32]) -> (Self, Self) {
                let p = src[idx[0] as usize];
                (p.k as $t, p.lambda as $t)
            }
            #[inline(always)]
            fn load_pairs(src: &[Pair], at: usize) -> (Self, Self) {
                (src[at].k as $t, src[at].lambda as $t)
            }
            #[inline(always)]
            fn store_pairs(dst: &mut [Pair], at: usize, k: Self, lambda: Self) {
                dst[at] = Pair { k: k as f32, lambda: lambda as f32 };
            }
            #[inline(always)]
            fn lane(self, _k: usize) -> f64 {
                self as f64
            }
            #[inline(always)]
            fn from_lanes(v: &[f64]) -> Self {
                v[0] as $t
            }
            #[inline(always)]
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }
            #[inline(always)]
            fn min(self, o: Self) -> Self {
                // x86 MINPS semantics, which the wide lanes use: `o` unless
                // `self < o` (so a NaN on either side yields `o`).
                if self < o {
                    self
                } else {
                    o
                }
            }
            #[inline(always)]
            fn max(self, o: Self) -> Self {
                if self > o {
                    self
                } else {
                    o
                }
            }
            #[inline(always)]
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            #[inline(always)]
            fn lt(self, o: Self) -> bool {
                self < o
            }
            #[inline(always)]
            fn le(self, o: Self) -> bool {
                self <= o
            }
            #[inline(always)]
            fn gt(self, o: Self) -> bool {
                self > o
            }
            #[inline(always)]
            fn finite(self) -> bool {
                self.is_finite()
            }
            #[inline(always)]
            fn select(m: bool, a: Self, b: Self) -> Self {
                if m {
                    a
                } else {
                    b
                }
            }
            #[inline(always)]
            fn and(a: bool, b: bool) -> bool {
                a & b
            }
            #[inline(always)]
            fn or(a: bool, b: bool) -> bool {
                a | b
            }
            #[inline(always)]
            fn not(a: bool) -> bool {
                !a
            }
            #[inline(always)]
            fn any(m: bool) -> bool {
                m
            }
            #[inline(always)]
            fn bits(m: bool) -> u32 {
                m as u32
            }
        }
    };
}

scalar_lanes!(f32);
scalar_lanes!(f64);

/// A 3-vector of lanes: one particle per lane.
#[derive(Clone, Copy, Debug)]
pub struct V3<L> {
    pub x: L,
    pub y: L,
    pub z: L,
}

impl<L: Lanes> V3<L> {
    #[inline(always)]
    pub fn new(x: L, y: L, z: L) -> Self {
        V3 { x, y, z }
    }
    #[inline(always)]
    pub fn zero() -> Self {
        V3::new(L::zero(), L::zero(), L::zero())
    }
    #[inline(always)]
    pub fn splat(v: [f64; 3]) -> Self {
        V3::new(L::splat(v[0]), L::splat(v[1]), L::splat(v[2]))
    }
    #[inline(always)]
    pub fn dot(self, o: Self) -> L {
        self.x * o.x + self.y * o.y + self.z * o.z
    }
    #[inline(always)]
    pub fn cross(self, o: Self) -> Self {
        V3::new(self.y * o.z - self.z * o.y, self.z * o.x - self.x * o.z, self.x * o.y - self.y * o.x)
    }
    #[inline(always)]
    pub fn norm2(self) -> L {
        self.dot(self)
    }
    #[inline(always)]
    pub fn scale(self, s: L) -> Self {
        V3::new(self.x * s, self.y * s, self.z * s)
    }
    #[inline(always)]
    pub fn select(m: L::Mask, a: Self, b: Self) -> Self {
        V3::new(L::select(m, a.x, b.x), L::select(m, a.y, b.y), L::select(m, a.z, b.z))
    }
    #[inline(always)]
    pub fn finite(self) -> L::Mask {
        L::and(L::and(self.x.finite(), self.y.finite()), self.z.finite())
    }
}

impl<L: Lanes> Add for V3<L> {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        V3::new(self.x + o.x, self.y + o.y, self.z + o.z)
    }
}
impl<L: Lanes> Sub for V3<L> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        V3::new(self.x - o.x, self.y - o.y, self.z - o.z)
    }
}
impl<L: Lanes> AddAssign for V3<L> {
    #[inline(always)]
    fn add_assign(&mut self, o: Self) {
        *self = *self + o;
    }
}
impl<L: Lanes> SubAssign for V3<L> {
    #[inline(always)]
    fn sub_assign(&mut self, o: Self) {
        *self = *self - o;
    }
}

/// A symmetric 3×3 matrix of lanes (the vertex Hessian), upper triangle.
#[derive(Clone, Copy, Debug)]
pub struct Sym3<L> {
    pub xx: L,
    pub xy: L,
    pub xz: L,
    pub yy: L,
    pub yz: L,
    pub zz: L,
}

impl<L: Lanes> Sym3<L> {
    #[inline(always)]
    pub fn diagonal(d: L) -> Self {
        let z = L::zero();
        Sym3 { xx: d, xy: z, xz: z, yy: d, yz: z, zz: d }
    }
    /// `self += a·I + b·g gᵀ`: the shape of every distance-row Hessian.
    #[inline(always)]
    pub fn add_iso_outer(&mut self, a: L, b: L, g: V3<L>) {
        let bx = b * g.x;
        let by = b * g.y;
        let bz = b * g.z;
        self.xx += a + bx * g.x;
        self.xy += bx * g.y;
        self.xz += bx * g.z;
        self.yy += a + by * g.y;
        self.yz += by * g.z;
        self.zz += a + bz * g.z;
    }
    #[inline(always)]
    pub fn add_diagonal(&mut self, d: L) {
        self.xx += d;
        self.yy += d;
        self.zz += d;
    }
    #[inline(always)]
    pub fn mul(&self, v: V3<L>) -> V3<L> {
        V3::new(
            self.xx * v.x + self.xy * v.y + self.xz * v.z,
            self.xy * v.x + self.yy * v.y + self.yz * v.z,
            self.xz * v.x + self.yz * v.y + self.zz * v.z,
        )
    }
}

/// A 3×3 matrix of lanes (every lane the same: a frame rotation).
#[derive(Clone, Copy, Debug)]
pub struct Mat3<L> {
    pub rows: [V3<L>; 3],
}

impl<L: Lanes> Mat3<L> {
    #[inline(always)]
    pub fn splat(m: [[f64; 3]; 3]) -> Self {
        Mat3 { rows: [V3::splat(m[0]), V3::splat(m[1]), V3::splat(m[2])] }
    }
    #[inline(always)]
    pub fn mul(&self, v: V3<L>) -> V3<L> {
        V3::new(self.rows[0].dot(v), self.rows[1].dot(v), self.rows[2].dot(v))
    }
    /// `Mᵀ·v` (the inverse of a rotation).
    #[inline(always)]
    pub fn mul_transposed(&self, v: V3<L>) -> V3<L> {
        let r = &self.rows;
        V3::new(
            r[0].x * v.x + r[1].x * v.y + r[2].x * v.z,
            r[0].y * v.x + r[1].y * v.y + r[2].y * v.z,
            r[0].z * v.x + r[1].z * v.y + r[2].z * v.z,
        )
    }
}

/// Column storage of 3-vectors (positions, velocities): three `f32` columns.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Points {
    pub x: Vec<f32>,
    pub y: Vec<f32>,
    pub z: Vec<f32>,
}

impl Points {
    pub fn zeros(n: usize) -> Self {
        Points { x: vec![0.0; n], y: vec![0.0; n], z: vec![0.0; n] }
    }
    pub fn len(&self) -> usize {
        self.x.len()
    }
    pub fn is_empty(&self) -> bool {
        self.x.is_empty()
    }
    #[inline(always)]
    pub fn get(&self, i: usize) -> [f32; 3] {
        [self.x[i], self.y[i], self.z[i]]
    }
    #[inline(always)]
    pub fn set(&mut self, i: usize, v: [f32; 3]) {
        self.x[i] = v[0];
        self.y[i] = v[1];
        self.z[i] = v[2];
    }
    #[inline(always)]
    pub fn load<L: Lanes>(&self, at: usize) -> V3<L> {
        V3::new(L::load(&self.x, at), L::load(&self.y, at), L::load(&self.z, at))
    }
    #[inline(always)]
    pub fn store<L: Lanes>(&mut self, at: usize, v: V3<L>) {
        v.x.store(&mut self.x, at);
        v.y.store(&mut self.y, at);
        v.z.store(&mut self.z, at);
    }
    #[inline(always)]
    pub fn gather<L: Lanes>(&self, idx: &[u32]) -> V3<L> {
        V3::new(L::gather(&self.x, idx), L::gather(&self.y, idx), L::gather(&self.z, idx))
    }
    pub fn copy_from(&mut self, o: &Points) {
        self.x.copy_from_slice(&o.x);
        self.y.copy_from_slice(&o.y);
        self.z.copy_from_slice(&o.z);
    }
    pub fn fill(&mut self, v: f32) {
        self.x.fill(v);
        self.y.fill(v);
        self.z.fill(v);
    }
    /// Bytes held, for the memory report.
    pub fn bytes(&self) -> usize {
        (self.x.capacity() + self.y.capacity() + self.z.capacity()) * core::mem::size_of::<f32>()
    }
}

/// Gathers of `f32` storage into wide lanes.
///
/// In a build whose whole target has AVX2 (`-C target-cpu=x86-64-v3`, not the
/// default) a gather is one `vgatherdps`; elsewhere it is `W` scalar loads
/// (the run-time AVX2 path gathers with [`avx2::F32x8`]'s own). **Soundness does not rest on the model's indices**:
/// every index is first clamped to `src.len() − 1` (one `vpminud`), so a
/// corrupted index reads a wrong value inside `src`, never outside it.
mod gather {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    #[inline(always)]
    pub fn f32x8(src: &[f32], idx: &[u32]) -> wide::f32x8 {
        use core::arch::x86_64::*;
        let idx: &[u32; 8] = idx[..8].try_into().expect("a full lane group");
        assert!(!src.is_empty());
        // SAFETY: AVX2 is enabled for this build (cfg above); `idx` is 8
        // readable u32s; after the unsigned min every index is < src.len(),
        // so each of the 8 loads reads inside `src`.
        unsafe {
            let i = _mm256_loadu_si256(idx.as_ptr() as *const __m256i);
            let i = _mm256_min_epu32(i, _mm256_set1_epi32((src.len() - 1).min(i32::MAX as usize) as i32));
            wide::f32x8::from(_mm256_i32gather_ps::<4>(src.as_ptr(), i))
        }
    }

    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    #[inline(always)]
    pub fn f32x8(src: &[f32], idx: &[u32]) -> wide::f32x8 {
        let idx: &[u32; 8] = idx[..8].try_into().expect("a full lane group");
        wide::f32x8::from(idx.map(|i| src[i as usize]))
    }

    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    #[inline(always)]
    pub fn f64x4(src: &[f32], idx: &[u32]) -> wide::f64x4 {
        use core::arch::x86_64::*;
        let idx: &[u32; 4] = idx[..4].try_into().expect("a full lane group");
        assert!(!src.is_empty());
        // SAFETY: as for `f32x8`, with 4 lanes; the f32 values are widened
        // exactly to f64.
        unsafe {
            let i = _mm_loadu_si128(idx.as_ptr() as *const __m128i);
            let i = _mm_min_epu32(i, _mm_set1_epi32((src.len() - 1).min(i32::MAX as usize) as i32));
            wide::f64x4::from(_mm256_cvtps_pd(_mm_i32gather_ps::<4>(src.as_ptr(), i)))
        }
    }

    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    #[inline(always)]
    pub fn f64x4(src: &[f32], idx: &[u32]) -> wide::f64x4 {
        let idx: &[u32; 4] = idx[..4].try_into().expect("a full lane group");
        wide::f64x4::from(idx.map(|i| src[i as usize] as f64))
    }
}

macro_rules! wide_lanes {
    ($t:ty, $s:ty, $w:expr, $gather:path) => {
        impl Lanes for $t {
            const WIDTH: usize = $w;
            type Mask = $t;
            #[inline(always)]
            fn splat(v: f64) -> Self {
                <$t>::splat(v as $s)
            }
            #[inline(always)]
            fn load(src: &[f32], at: usize) -> Self {
                let s: &[f32; $w] = src[at..at + $w].try_into().expect("a full lane group");
                <$t>::from(s.map(|v| v as $s))
            }
            #[inline(always)]
            fn store(self, dst: &mut [f32], at: usize) {
                let d: &mut [f32; $w] = (&mut dst[at..at + $w]).try_into().expect("a full lane group");
                *d = self.to_array().map(|v| v as f32);
            }
            #[inline(always)]
            fn stored(self) -> Self {
                <$t>::from(self.to_array().map(|v| v as f32 as $s))
            }
            #[inline(always)]
            fn gather(src: &[f32], idx: &[u32]) -> Self {
                $gather(src, idx)
            }
            #[inline(always)]
            fn lane(self, k: usize) -> f64 {
                self.to_array()[k] as f64
            }
            #[inline(always)]
            fn from_lanes(v: &[f64]) -> Self {
                let v: &[f64; $w] = v[..$w].try_into().expect("a full lane group");
                <$t>::from(v.map(|x| x as $s))
            }
            #[inline(always)]
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }
            #[inline(always)]
            fn min(self, o: Self) -> Self {
                // MINPS: `self` if `self < o`, else `o` — the scalar twin's rule.
                self.fast_min(o)
            }
            #[inline(always)]
            fn max(self, o: Self) -> Self {
                self.fast_max(o)
            }
            #[inline(always)]
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            #[inline(always)]
            fn lt(self, o: Self) -> Self {
                self.simd_lt(o)
            }
            #[inline(always)]
            fn le(self, o: Self) -> Self {
                self.simd_le(o)
            }
            #[inline(always)]
            fn gt(self, o: Self) -> Self {
                self.simd_gt(o)
            }
            #[inline(always)]
            fn finite(self) -> Self {
                self.is_finite()
            }
            #[inline(always)]
            fn select(m: Self, a: Self, b: Self) -> Self {
                m.select(a, b)
            }
            #[inline(always)]
            fn and(a: Self, b: Self) -> Self {
                a & b
            }
            #[inline(always)]
            fn or(a: Self, b: Self) -> Self {
                a | b
            }
            #[inline(always)]
            fn not(a: Self) -> Self {
                !a
            }
            #[inline(always)]
            fn any(m: Self) -> bool {
                m.any()
            }
            #[inline(always)]
            fn bits(m: Self) -> u32 {
                m.to_bitmask() as u32
            }
        }
    };
}

wide_lanes!(wide::f32x8, f32, 8, gather::f32x8);
wide_lanes!(wide::f64x4, f64, 4, gather::f64x4);

/// The instruction set this build was compiled for (the whole crate; the
/// AVX2 path adds to it at run time, [`cpu_path`]).
pub fn build_isa() -> &'static str {
    if cfg!(all(target_feature = "avx2", target_feature = "fma")) {
        "x86-64-v3 (AVX2+FMA)"
    } else if cfg!(target_feature = "avx") {
        "AVX"
    } else if cfg!(target_feature = "sse4.2") {
        "x86-64-v2 (SSE4.2)"
    } else if cfg!(target_arch = "x86_64") {
        "x86-64 baseline (SSE2)"
    } else {
        std::env::consts::ARCH
    }
}

/// Which instantiation of the wide kernel a step of [`crate::Kernel::Wide`]
/// runs. Both compute the same bits; they differ in speed only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CpuPath {
    /// `wide::f32x8` compiled for the build's target (on x86-64: SSE2, which
    /// every x86-64 CPU has).
    Baseline,
    /// [`avx2::F32x8`] inside a function compiled with AVX2 enabled, where
    /// the CPU and the operating system run AVX2 ([`cpu_runs_avx2`]): the
    /// sweep gathers neighbours' positions from the columns (`vgatherdps`).
    /// The default on CPUs other than AMD's.
    Avx2,
    /// The same with the sweep reading neighbours' positions from a packed
    /// copy, 16-byte loads and a transpose ([`Lanes::PACKED`]), and rows'
    /// penalties and multipliers with 8-byte loads ([`Lanes::gather_pairs`]):
    /// the default on AMD CPUs, whose `vgatherdps` is slow
    /// (`MEASUREMENTS.md`, "Neighbours from a packed copy", "Rows read whole").
    Avx2Packed,
}

impl CpuPath {
    pub fn name(self) -> &'static str {
        match self {
            CpuPath::Baseline => "baseline",
            CpuPath::Avx2 => "avx2",
            CpuPath::Avx2Packed => "avx2-packed",
        }
    }

    /// The path a step takes when asked for `requested` (`None`: the default,
    /// [`cpu_path`]). A requested path this CPU cannot run is never taken:
    /// the step falls back to the baseline.
    #[inline]
    pub fn resolve(requested: Option<CpuPath>) -> CpuPath {
        match requested {
            None => cpu_path(),
            Some(path @ (CpuPath::Avx2 | CpuPath::Avx2Packed)) if cpu_runs_avx2() => path,
            Some(_) => CpuPath::Baseline,
        }
    }
}

/// The environment variable that forces the default path: `baseline`
/// (tests, benchmarks, a host that wants the baseline on every machine),
/// `avx2` or `avx2-packed` (taken only where AVX2 runs). Read once, at the
/// first step.
pub const CPU_PATH_VARIABLE: &str = "CLOTH_CPU_PATH";

/// What the CPU check found, once: `DETECTED` set, plus `AVX2`, `AMD` and
/// what the variable forces.
static CPU: AtomicU8 = AtomicU8::new(0);
const DETECTED: u8 = 1;
const AVX2: u8 = 2;
const FORCED_BASELINE: u8 = 4;
const AMD: u8 = 8;
const FORCED_GATHER: u8 = 16;
const FORCED_PACKED: u8 = 32;

fn cpu() -> u8 {
    let known = CPU.load(Ordering::Relaxed);
    if known & DETECTED != 0 {
        return known;
    }
    let forced = match std::env::var_os(CPU_PATH_VARIABLE) {
        Some(v) if v == "baseline" => FORCED_BASELINE,
        Some(v) if v == "avx2" => FORCED_GATHER,
        Some(v) if v == "avx2-packed" => FORCED_PACKED,
        _ => 0,
    };
    let f = features();
    let found = DETECTED | if f.avx2 { AVX2 } else { 0 } | if f.amd { AMD } else { 0 } | forced;
    // Every thread computes the same value; the first store wins nothing.
    CPU.store(found, Ordering::Relaxed);
    found
}

/// True when this CPU and its operating system run AVX2: CPUID reports AVX
/// and AVX2, and XCR0 shows the OS saves the SSE and AVX (YMM) register
/// state on a context switch (Intel SDM vol. 1, §14.3, "Detection of Intel
/// AVX instructions"). Executes no AVX instruction.
pub fn cpu_runs_avx2() -> bool {
    cpu() & AVX2 != 0
}

/// The path a step takes by default: where [`cpu_runs_avx2`],
/// [`CpuPath::Avx2Packed`] on an AMD CPU and [`CpuPath::Avx2`] on any
/// other, unless [`CPU_PATH_VARIABLE`] forces one; else the baseline.
pub fn cpu_path() -> CpuPath {
    match cpu() {
        c if c & AVX2 == 0 || c & FORCED_BASELINE != 0 => CpuPath::Baseline,
        c if c & FORCED_PACKED != 0 => CpuPath::Avx2Packed,
        c if c & FORCED_GATHER != 0 => CpuPath::Avx2,
        c if c & AMD != 0 => CpuPath::Avx2Packed,
        _ => CpuPath::Avx2,
    }
}

/// The x86 features the solver cares about, as CPUID and XCR0 report them
/// (each AVX-family bit only where the OS saves the registers it needs).
#[derive(Clone, Copy, Debug, Default)]
struct Features {
    sse3: bool,
    ssse3: bool,
    sse41: bool,
    sse42: bool,
    popcnt: bool,
    avx: bool,
    avx2: bool,
    fma: bool,
    f16c: bool,
    bmi1: bool,
    bmi2: bool,
    lzcnt: bool,
    movbe: bool,
    avx512f: bool,
    /// The vendor string is `AuthenticAMD` or `HygonGenuine` (Zen cores).
    amd: bool,
}

/// Reads the features with CPUID (and XGETBV where CPUID says the OS enabled
/// it). Compiled for the baseline: safe to call on any x86-64 CPU. Unlike
/// `is_x86_feature_detected!`, it asks the CPU even for a feature the build
/// was compiled with, so it stays truthful in a build for a higher target.
#[cfg(target_arch = "x86_64")]
fn features() -> Features {
    use core::arch::x86_64::{__cpuid, __cpuid_count, CpuidResult};
    let bit = |r: u32, b: u32| r & (1 << b) != 0;
    // SAFETY: CPUID exists on every x86-64 CPU; a leaf above the maximum the
    // CPU reports is never asked for. (`__cpuid` is a safe function in newer
    // Rust, hence the `allow`.)
    #[allow(unused_unsafe)]
    let leaf = |l: u32| -> CpuidResult { unsafe { __cpuid_count(l, 0) } };
    #[allow(unused_unsafe)]
    // SAFETY: as above.
    let max = unsafe { __cpuid(0) }.eax;
    #[allow(unused_unsafe)]
    // SAFETY: as above.
    let max_extended = unsafe { __cpuid(0x8000_0000) }.eax;
    let l0 = leaf(0);
    let mut vendor = [0u8; 12];
    for (bytes, word) in vendor.chunks_exact_mut(4).zip([l0.ebx, l0.edx, l0.ecx]) {
        bytes.copy_from_slice(&word.to_le_bytes());
    }
    let l1 = leaf(1);
    let l7 = if max >= 7 { leaf(7) } else { CpuidResult { eax: 0, ebx: 0, ecx: 0, edx: 0 } };
    let e1 = if max_extended >= 0x8000_0001 { leaf(0x8000_0001).ecx } else { 0 };
    // XCR0 bits: 1 SSE, 2 AVX (upper YMM), 5–7 the AVX-512 opmask and ZMM state.
    let xcr0 = if bit(l1.ecx, 27) {
        // SAFETY: CPUID.1:ECX.OSXSAVE[27] says the OS enabled XGETBV.
        unsafe { xcr0() }
    } else {
        0
    };
    let ymm = xcr0 & 0b110 == 0b110;
    let zmm = ymm && xcr0 & 0b1110_0000 == 0b1110_0000;
    Features {
        sse3: bit(l1.ecx, 0),
        ssse3: bit(l1.ecx, 9),
        sse41: bit(l1.ecx, 19),
        sse42: bit(l1.ecx, 20),
        popcnt: bit(l1.ecx, 23),
        avx: ymm && bit(l1.ecx, 28),
        avx2: ymm && bit(l1.ecx, 28) && bit(l7.ebx, 5),
        fma: ymm && bit(l1.ecx, 12),
        f16c: ymm && bit(l1.ecx, 29),
        bmi1: bit(l7.ebx, 3),
        bmi2: bit(l7.ebx, 8),
        lzcnt: bit(e1, 5),
        movbe: bit(l1.ecx, 22),
        avx512f: zmm && bit(l7.ebx, 16),
        amd: &vendor == b"AuthenticAMD" || &vendor == b"HygonGenuine",
    }
}

/// XCR0, the register that says which state the OS saves.
///
/// # Safety
/// Only where CPUID.1:ECX.OSXSAVE[27] is set.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "xsave")]
unsafe fn xcr0() -> u64 {
    core::arch::x86_64::_xgetbv(0)
}

#[cfg(not(target_arch = "x86_64"))]
fn features() -> Features {
    Features::default()
}

/// True when the running CPU has every feature the whole build was compiled
/// for, among the x86-64 levels v2–v4 (CPUID, never `cfg`). Always true for
/// the default build, which targets the x86-64 baseline; a build for a higher
/// level answers truthfully, but its own code may already have executed such
/// instructions before asking.
pub fn cpu_supports_build() -> bool {
    let f = features();
    let need = [
        (cfg!(target_feature = "sse3"), f.sse3),
        (cfg!(target_feature = "ssse3"), f.ssse3),
        (cfg!(target_feature = "sse4.1"), f.sse41),
        (cfg!(target_feature = "sse4.2"), f.sse42),
        (cfg!(target_feature = "popcnt"), f.popcnt),
        (cfg!(target_feature = "avx"), f.avx),
        (cfg!(target_feature = "avx2"), f.avx2),
        (cfg!(target_feature = "fma"), f.fma),
        (cfg!(target_feature = "f16c"), f.f16c),
        (cfg!(target_feature = "bmi1"), f.bmi1),
        (cfg!(target_feature = "bmi2"), f.bmi2),
        (cfg!(target_feature = "lzcnt"), f.lzcnt),
        (cfg!(target_feature = "movbe"), f.movbe),
        (cfg!(target_feature = "avx512f"), f.avx512f),
    ];
    !cfg!(target_arch = "x86_64") || need.iter().all(|&(built, present)| !built || present)
}

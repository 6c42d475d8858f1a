//! [`F32x8`]: eight `f32` lanes in one AVX register, for the wide kernels
//! selected at run time on a CPU that runs AVX2 ([`super::CpuPath::Avx2`]).
//!
//! `wide::f32x8` picks its instructions when the crate is compiled: in a
//! baseline build it is two SSE halves even inside a function compiled with
//! AVX2 enabled. This type is a bare `__m256` driven by `core::arch`
//! intrinsics, so the instructions follow the *function* it is inlined into.
//!
//! **Where it may run.** Every method is `#[inline(always)]` and executes AVX
//! (and, for [`Lanes::gather`], AVX2) instructions. The step takes these
//! lanes only where [`super::cpu_runs_avx2`] found AVX2 in CPUID and the YMM
//! state enabled in XCR0 (`step::step_probed`), and runs each of its kernels
//! in a `#[target_feature(enable = "avx2")]` function into which the kernel
//! is inlined whole (`step::avx2_entries`; the vertex update's out-of-line
//! helpers in [`with_avx2`]), so these methods compile to single instructions
//! there. That run-time check is the precondition of every `unsafe` block
//! below.
//!
//! **Bit parity.** Each method is the same IEEE-754 operation, lane by lane,
//! that `wide::f32x8` and the scalar `f32` twin perform (MINPS/MAXPS operand
//! order, a sign-bit mask for `abs`, a sign-bit flip for `neg`, ordered
//! compares): the baseline and AVX2 instantiations of a kernel produce the
//! same bits (`tests/cpu_paths.rs`, and per operation in this module's tests).

use super::Lanes;
use core::arch::x86_64::*;
use core::ops::{Add, AddAssign, Div, Mul, MulAssign, Neg, Sub, SubAssign};

/// Eight `f32` lanes in one `__m256` (see the module doc for where it may run).
#[derive(Clone, Copy, Debug)]
#[repr(transparent)]
pub struct F32x8(__m256);

macro_rules! binary {
    ($trait:ident, $f:ident, $assign_trait:ident, $assign:ident, $intrinsic:ident) => {
        impl $trait for F32x8 {
            type Output = Self;
            #[inline(always)]
            fn $f(self, o: Self) -> Self {
                // SAFETY: AVX runs here (module doc: only the AVX2 entry uses this type).
                F32x8(unsafe { $intrinsic(self.0, o.0) })
            }
        }
        impl $assign_trait for F32x8 {
            #[inline(always)]
            fn $assign(&mut self, o: Self) {
                *self = $trait::$f(*self, o);
            }
        }
    };
}

binary!(Add, add, AddAssign, add_assign, _mm256_add_ps);
binary!(Sub, sub, SubAssign, sub_assign, _mm256_sub_ps);
binary!(Mul, mul, MulAssign, mul_assign, _mm256_mul_ps);

impl Div for F32x8 {
    type Output = Self;
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        // SAFETY: AVX runs here (module doc). VDIVPS is the correctly rounded divide.
        F32x8(unsafe { _mm256_div_ps(self.0, o.0) })
    }
}

impl Neg for F32x8 {
    type Output = Self;
    /// The sign bit flipped (as `-x` in scalar code; `0 − x` would turn −0 into +0).
    #[inline(always)]
    fn neg(self) -> Self {
        // SAFETY: AVX runs here (module doc).
        F32x8(unsafe { _mm256_xor_ps(self.0, _mm256_set1_ps(-0.0)) })
    }
}

impl F32x8 {
    /// The eight lanes as an array.
    #[inline(always)]
    fn to_array(self) -> [f32; 8] {
        // SAFETY: `__m256` and `[f32; 8]` are 32 bytes, every bit pattern valid in both.
        unsafe { core::mem::transmute::<__m256, [f32; 8]>(self.0) }
    }

    /// Lanes from an array.
    #[inline(always)]
    fn from_array(a: [f32; 8]) -> Self {
        // SAFETY: as in `to_array`.
        F32x8(unsafe { core::mem::transmute::<[f32; 8], __m256>(a) })
    }

    /// Lanes compared with `o` by the AVX predicate `P` (an all-ones lane is true).
    #[inline(always)]
    fn compare<const P: i32>(self, o: Self) -> Self {
        // SAFETY: AVX runs here (module doc).
        F32x8(unsafe { _mm256_cmp_ps::<P>(self.0, o.0) })
    }
}

impl Lanes for F32x8 {
    const WIDTH: usize = 8;
    type Mask = F32x8;

    #[inline(always)]
    fn splat(v: f64) -> Self {
        // SAFETY: AVX runs here (module doc).
        F32x8(unsafe { _mm256_set1_ps(v as f32) })
    }
    #[inline(always)]
    fn load(src: &[f32], at: usize) -> Self {
        let s: &[f32; 8] = src[at..at + 8].try_into().expect("a full lane group");
        F32x8::from_array(*s)
    }
    #[inline(always)]
    fn store(self, dst: &mut [f32], at: usize) {
        let d: &mut [f32; 8] = (&mut dst[at..at + 8]).try_into().expect("a full lane group");
        *d = self.to_array();
    }
    #[inline(always)]
    fn stored(self) -> Self {
        self
    }
    /// One VPGATHERDPS. As in `super::gather`, every index is first clamped
    /// to `src.len() − 1` (one VPMINUD): a corrupted index reads a wrong value
    /// inside `src`, never outside it.
    #[inline(always)]
    fn gather(src: &[f32], idx: &[u32]) -> Self {
        let idx: &[u32; 8] = idx[..8].try_into().expect("a full lane group");
        assert!(!src.is_empty());
        let last = (src.len() - 1).min(i32::MAX as usize) as i32;
        // SAFETY: AVX2 runs here (module doc); `idx` is 8 readable u32s; after
        // the unsigned min every index is < src.len(), so each of the 8 loads
        // reads inside `src`.
        F32x8(unsafe {
            let i = _mm256_loadu_si256(idx.as_ptr() as *const __m256i);
            let i = _mm256_min_epu32(i, _mm256_set1_epi32(last));
            _mm256_i32gather_ps::<4>(src.as_ptr(), i)
        })
    }
    #[inline(always)]
    fn lane(self, k: usize) -> f64 {
        self.to_array()[k] as f64
    }
    #[inline(always)]
    fn from_lanes(v: &[f64]) -> Self {
        let v: &[f64; 8] = v[..8].try_into().expect("a full lane group");
        F32x8::from_array(v.map(|x| x as f32))
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        // SAFETY: AVX runs here (module doc). VSQRTPS is correctly rounded.
        F32x8(unsafe { _mm256_sqrt_ps(self.0) })
    }
    /// VMINPS: `self` if `self < o`, else `o` — the scalar twin's rule.
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        // SAFETY: AVX runs here (module doc).
        F32x8(unsafe { _mm256_min_ps(self.0, o.0) })
    }
    /// VMAXPS: `self` if `self > o`, else `o`.
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        // SAFETY: AVX runs here (module doc).
        F32x8(unsafe { _mm256_max_ps(self.0, o.0) })
    }
    /// The sign bit cleared.
    #[inline(always)]
    fn abs(self) -> Self {
        // SAFETY: AVX runs here (module doc).
        F32x8(unsafe { _mm256_andnot_ps(_mm256_set1_ps(-0.0), self.0) })
    }
    #[inline(always)]
    fn lt(self, o: Self) -> Self {
        self.compare::<_CMP_LT_OQ>(o)
    }
    #[inline(always)]
    fn le(self, o: Self) -> Self {
        self.compare::<_CMP_LE_OQ>(o)
    }
    #[inline(always)]
    fn gt(self, o: Self) -> Self {
        self.compare::<_CMP_GT_OQ>(o)
    }
    /// `|x| < ∞`, ordered: false for ±∞ and NaN.
    #[inline(always)]
    fn finite(self) -> Self {
        self.abs().lt(Self::splat(f64::INFINITY))
    }
    /// VBLENDVPS, which reads each mask lane's sign bit; every mask here is
    /// all-ones or all-zeros per lane (compares and their logic).
    #[inline(always)]
    fn select(m: Self, a: Self, b: Self) -> Self {
        // SAFETY: AVX runs here (module doc).
        F32x8(unsafe { _mm256_blendv_ps(b.0, a.0, m.0) })
    }
    #[inline(always)]
    fn and(a: Self, b: Self) -> Self {
        // SAFETY: AVX runs here (module doc).
        F32x8(unsafe { _mm256_and_ps(a.0, b.0) })
    }
    #[inline(always)]
    fn or(a: Self, b: Self) -> Self {
        // SAFETY: AVX runs here (module doc).
        F32x8(unsafe { _mm256_or_ps(a.0, b.0) })
    }
    #[inline(always)]
    fn not(a: Self) -> Self {
        // SAFETY: AVX runs here (module doc).
        F32x8(unsafe { _mm256_xor_ps(a.0, _mm256_castsi256_ps(_mm256_set1_epi32(-1))) })
    }
    #[inline(always)]
    fn any(m: Self) -> bool {
        Self::bits(m) != 0
    }
    #[inline(always)]
    fn bits(m: Self) -> u32 {
        // SAFETY: AVX runs here (module doc).
        unsafe { _mm256_movemask_ps(m.0) as u32 }
    }
    /// `f` inside [`with_avx2`], a function compiled with AVX2 enabled.
    #[inline(always)]
    fn out_of_line<R>(f: impl FnOnce() -> R) -> R {
        // SAFETY: AVX2 runs here (module doc: the step takes these lanes only
        // where `cpu_runs_avx2`).
        unsafe { with_avx2(f) }
    }
}

/// Calls `f` with AVX2 enabled: `f`'s lane arithmetic, inlined here, compiles
/// to single instructions.
///
/// # Safety
/// Only on a CPU that runs AVX2 ([`super::cpu_runs_avx2`]).
#[target_feature(enable = "avx2")]
#[inline(never)]
unsafe fn with_avx2<R>(f: impl FnOnce() -> R) -> R {
    f()
}

#[cfg(test)]
mod tests {
    use super::F32x8;
    use crate::lanes::Lanes;

    /// An operation's name, its lanes and its scalar twin.
    type Unary = (&'static str, fn(F32x8) -> F32x8, fn(f32) -> f32);
    type Binary = (&'static str, fn(F32x8, F32x8) -> F32x8, fn(f32, f32) -> f32);
    type Compare = (&'static str, fn(F32x8, F32x8) -> F32x8, fn(f32, f32) -> bool);

    /// Special and ordinary values, eight to a row.
    fn rows() -> Vec<[f32; 8]> {
        let special = [0.0, -0.0, 1.0, -1.5, f32::INFINITY, f32::NEG_INFINITY, f32::NAN, f32::MIN_POSITIVE / 4.0];
        let mut rng = crate::rng::SplitMix64::new(17);
        let mut v = vec![special];
        for _ in 0..64 {
            let pick = |rng: &mut crate::rng::SplitMix64| match rng.below(8) {
                0 => special[rng.below(8)],
                _ => (rng.range(-0.5, 0.5) * 10f64.powi(rng.below(9) as i32 - 4)) as f32,
            };
            v.push(core::array::from_fn(|_| pick(&mut rng)));
        }
        v
    }

    /// Same bits, except that any NaN equals any NaN (which NaN an x86
    /// instruction returns depends on the operand order the compiler picks
    /// for the scalar twin; a NaN in the state is a watchdog reset anyway).
    fn same(a: f32, b: f32) -> bool {
        a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
    }

    /// Every operation of [`F32x8`] against the scalar twin `f32`, lane by
    /// lane, over all pairs of rows.
    ///
    /// # Safety
    /// Only where the CPU runs AVX2.
    #[target_feature(enable = "avx2")]
    unsafe fn each_operation_matches_the_scalar_twin() {
        let rows = rows();
        let lanes = |v: F32x8| -> [f32; 8] { core::array::from_fn(|k| v.lane(k) as f32) };
        let src: Vec<f32> = rows.iter().flatten().copied().collect();
        for (i, a) in rows.iter().enumerate() {
            let va = F32x8::load(&src, 8 * i);
            assert!(lanes(va).iter().zip(a).all(|(x, y)| x.to_bits() == y.to_bits()), "load");
            let idx: [u32; 8] = core::array::from_fn(|k| ((i * 37 + k * 11) % src.len()) as u32);
            let g = lanes(F32x8::gather(&src, &idx));
            assert!(g.iter().zip(idx).all(|(x, j)| x.to_bits() == src[j as usize].to_bits()), "gather");
            let unary: [Unary; 4] = [
                ("neg", |x| -x, |x| -x),
                ("sqrt", Lanes::sqrt, Lanes::sqrt),
                ("abs", Lanes::abs, Lanes::abs),
                ("stored", Lanes::stored, Lanes::stored),
            ];
            for (name, wide, scalar) in unary {
                let w = lanes(wide(va));
                assert!((0..8).all(|k| same(w[k], scalar(a[k]))), "{name} of {a:?}: {w:?}");
            }
            let m = F32x8::bits(va.finite());
            assert!((0..8).all(|k| (m >> k & 1 == 1) == a[k].is_finite()), "finite of {a:?}");
            for b in &rows {
                let vb = F32x8::from_lanes(&b.map(f64::from));
                let binary: [Binary; 6] = [
                    ("add", |x, y| x + y, |x, y| x + y),
                    ("sub", |x, y| x - y, |x, y| x - y),
                    ("mul", |x, y| x * y, |x, y| x * y),
                    ("div", |x, y| x / y, |x, y| x / y),
                    ("min", Lanes::min, Lanes::min),
                    ("max", Lanes::max, Lanes::max),
                ];
                for (name, wide, scalar) in binary {
                    let w = lanes(wide(va, vb));
                    assert!((0..8).all(|k| same(w[k], scalar(a[k], b[k]))), "{name} of {a:?}, {b:?}: {w:?}");
                }
                let compares: [Compare; 3] =
                    [("lt", Lanes::lt, Lanes::lt), ("le", Lanes::le, Lanes::le), ("gt", Lanes::gt, Lanes::gt)];
                for (name, wide, scalar) in compares {
                    let m = wide(va, vb);
                    let bits = F32x8::bits(m);
                    assert!((0..8).all(|k| (bits >> k & 1 == 1) == scalar(a[k], b[k])), "{name} of {a:?}, {b:?}");
                    assert_eq!(F32x8::any(m), bits != 0);
                    let s = lanes(F32x8::select(m, va, vb));
                    let expect: [f32; 8] = core::array::from_fn(|k| f32::select(scalar(a[k], b[k]), a[k], b[k]));
                    assert!((0..8).all(|k| s[k].to_bits() == expect[k].to_bits()), "select by {name}");
                    let (lt, gt) = (va.lt(vb), va.gt(vb));
                    let and = F32x8::bits(F32x8::and(lt, m));
                    let or = F32x8::bits(F32x8::or(gt, m));
                    let not = F32x8::bits(F32x8::not(m));
                    assert_eq!((and, or, not), (F32x8::bits(lt) & bits, F32x8::bits(gt) | bits, !bits & 0xff));
                }
            }
        }
    }

    #[test]
    fn each_operation_matches_the_scalar_twin_bit_for_bit() {
        if !crate::lanes::cpu_runs_avx2() {
            println!("this CPU does not run AVX2: nothing to compare");
            return;
        }
        // SAFETY: checked just above.
        unsafe { each_operation_matches_the_scalar_twin() }
    }
}

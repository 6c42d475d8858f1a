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

use super::{Lanes, Pair, V3};
use core::arch::x86_64::*;
use core::ops::{Add, AddAssign, Div, Mul, MulAssign, Neg, Sub, SubAssign};

/// Eight `f32` lanes in one `__m256` (see the module doc for where it may run).
#[derive(Clone, Copy, Debug)]
#[repr(transparent)]
pub struct F32x8<const PACK: bool = false>(__m256);

macro_rules! binary {
    ($trait:ident, $f:ident, $assign_trait:ident, $assign:ident, $intrinsic:ident) => {
        impl<const PACK: bool> $trait for F32x8<PACK> {
            type Output = Self;
            #[inline(always)]
            fn $f(self, o: Self) -> Self {
                // SAFETY: AVX runs here (module doc: only the AVX2 entry uses this type).
                F32x8(unsafe { $intrinsic(self.0, o.0) })
            }
        }
        impl<const PACK: bool> $assign_trait for F32x8<PACK> {
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

impl<const PACK: bool> Div for F32x8<PACK> {
    type Output = Self;
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        // SAFETY: AVX runs here (module doc). VDIVPS is the correctly rounded divide.
        F32x8(unsafe { _mm256_div_ps(self.0, o.0) })
    }
}

impl<const PACK: bool> Neg for F32x8<PACK> {
    type Output = Self;
    /// The sign bit flipped (as `-x` in scalar code; `0 − x` would turn −0 into +0).
    #[inline(always)]
    fn neg(self) -> Self {
        // SAFETY: AVX runs here (module doc).
        F32x8(unsafe { _mm256_xor_ps(self.0, _mm256_set1_ps(-0.0)) })
    }
}

impl<const PACK: bool> F32x8<PACK> {
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

impl<const PACK: bool> Lanes for F32x8<PACK> {
    const WIDTH: usize = 8;
    type Mask = Self;

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
    const PACKED: bool = PACK;

    /// Eight 16-byte loads, paired into four registers and transposed
    /// (`vunpcklps`/`vunpckhps`, then `vshufps`) into x, y and z.
    #[inline(always)]
    fn gather_packed(src: &[[f32; 4]], idx: &[u32]) -> V3<Self> {
        let idx: &[u32; 8] = idx[..8].try_into().expect("a full lane group");
        let last = src.len().checked_sub(1).expect("a packed copy holds a particle");
        let at = idx.map(|i| (i as usize).min(last));
        /// Entries `a` and `b` of `p` as the low and high halves of one register.
        #[inline(always)]
        unsafe fn pair(p: *const f32, a: usize, b: usize) -> __m256 {
            // SAFETY: the caller's: `a` and `b` index whole entries of `p`'s slice.
            unsafe {
                _mm256_insertf128_ps::<1>(
                    _mm256_castps128_ps256(_mm_loadu_ps(p.add(4 * a))),
                    _mm_loadu_ps(p.add(4 * b)),
                )
            }
        }
        let p = src.as_ptr() as *const f32;
        // SAFETY: AVX runs here (module doc); every index in `at` is at most
        // `src.len() − 1`, so each load reads one whole `[f32; 4]` of `src`.
        unsafe {
            let (t0, t1) = (pair(p, at[0], at[4]), pair(p, at[1], at[5]));
            let (t2, t3) = (pair(p, at[2], at[6]), pair(p, at[3], at[7]));
            // [x0 x1 y0 y1 | x4 x5 y4 y5] and [z0 z1 · · | z4 z5 · ·], then lanes 2, 3, 6, 7.
            let (xy01, zw01) = (_mm256_unpacklo_ps(t0, t1), _mm256_unpackhi_ps(t0, t1));
            let (xy23, zw23) = (_mm256_unpacklo_ps(t2, t3), _mm256_unpackhi_ps(t2, t3));
            V3::new(
                F32x8(_mm256_shuffle_ps::<0x44>(xy01, xy23)),
                F32x8(_mm256_shuffle_ps::<0xEE>(xy01, xy23)),
                F32x8(_mm256_shuffle_ps::<0x44>(zw01, zw23)),
            )
        }
    }

    /// With `PACK`, eight 8-byte loads, paired into two registers and
    /// split by two `vshufps`; without, two `vgatherdps` over the pairs.
    #[inline(always)]
    fn gather_pairs(src: &[Pair], idx: &[u32]) -> (Self, Self) {
        let idx: &[u32; 8] = idx[..8].try_into().expect("a full lane group");
        let last = src.len().checked_sub(1).expect("a row to read");
        if !PACK {
            let last = last.min(i32::MAX as usize) as i32;
            let p = src.as_ptr() as *const f32;
            // SAFETY: AVX2 runs here (module doc); after the unsigned min
            // every index is < src.len(), so each load reads `k` (offset 0)
            // or `lambda` (offset 4) of one whole entry of `src`.
            return unsafe {
                let i = _mm256_loadu_si256(idx.as_ptr() as *const __m256i);
                let i = _mm256_min_epu32(i, _mm256_set1_epi32(last));
                (F32x8(_mm256_i32gather_ps::<8>(p, i)), F32x8(_mm256_i32gather_ps::<8>(p.add(1), i)))
            };
        }
        let at = idx.map(|i| (i as usize).min(last));
        let p = src.as_ptr() as *const f64;
        /// Entries `a` and `b` of `p` as one 128-bit register.
        #[inline(always)]
        unsafe fn two(p: *const f64, a: usize, b: usize) -> __m128 {
            // SAFETY: the caller's: `a` and `b` index whole entries of `p`'s
            // slice, each 8 bytes and 8-byte aligned (`Pair`).
            unsafe { _mm_castpd_ps(_mm_loadh_pd(_mm_load_sd(p.add(a)), p.add(b))) }
        }
        // SAFETY: AVX runs here (module doc); every index in `at` is at most
        // `src.len() − 1`, so each load reads one whole entry of `src`.
        unsafe {
            // [k0 λ0 k1 λ1 | k4 λ4 k5 λ5] and [k2 λ2 k3 λ3 | k6 λ6 k7 λ7].
            let t0 = _mm256_insertf128_ps::<1>(_mm256_castps128_ps256(two(p, at[0], at[1])), two(p, at[4], at[5]));
            let t1 = _mm256_insertf128_ps::<1>(_mm256_castps128_ps256(two(p, at[2], at[3])), two(p, at[6], at[7]));
            (F32x8(_mm256_shuffle_ps::<0x88>(t0, t1)), F32x8(_mm256_shuffle_ps::<0xDD>(t0, t1)))
        }
    }

    /// Two 32-byte loads, split by two `vshufps` and put in order by two `vpermpd`.
    #[inline(always)]
    fn load_pairs(src: &[Pair], at: usize) -> (Self, Self) {
        let s: &[Pair; 8] = src[at..at + 8].try_into().expect("a full lane group");
        let p = s.as_ptr() as *const f32;
        // SAFETY: AVX2 runs here (module doc); `s` is 8 entries, 16 floats.
        unsafe {
            let (a, b) = (_mm256_loadu_ps(p), _mm256_loadu_ps(p.add(8)));
            // [k0 k1 k4 k5 | k2 k3 k6 k7], then its 8-byte quarters in order 0, 2, 1, 3.
            let (k, lambda) = (_mm256_shuffle_ps::<0x88>(a, b), _mm256_shuffle_ps::<0xDD>(a, b));
            (
                F32x8(_mm256_castpd_ps(_mm256_permute4x64_pd::<0xD8>(_mm256_castps_pd(k)))),
                F32x8(_mm256_castpd_ps(_mm256_permute4x64_pd::<0xD8>(_mm256_castps_pd(lambda)))),
            )
        }
    }

    /// The interleave of `k` and `lambda`, written as two 32-byte stores.
    #[inline(always)]
    fn store_pairs(dst: &mut [Pair], at: usize, k: Self, lambda: Self) {
        let d: &mut [Pair; 8] = (&mut dst[at..at + 8]).try_into().expect("a full lane group");
        let out = d.as_mut_ptr() as *mut f32;
        // SAFETY: AVX runs here (module doc); `d` is 8 entries, 16 floats.
        unsafe {
            // [k0 λ0 k1 λ1 | k4 λ4 k5 λ5] and [k2 λ2 k3 λ3 | k6 λ6 k7 λ7].
            let (lo, hi) = (_mm256_unpacklo_ps(k.0, lambda.0), _mm256_unpackhi_ps(k.0, lambda.0));
            _mm256_storeu_ps(out, _mm256_permute2f128_ps::<0x20>(lo, hi));
            _mm256_storeu_ps(out.add(8), _mm256_permute2f128_ps::<0x31>(lo, hi));
        }
    }

    /// The transpose of [`Lanes::gather_packed`]'s, written as four 32-byte stores.
    #[inline(always)]
    fn store_packed(dst: &mut [[f32; 4]], at: usize, v: V3<Self>) {
        let dst: &mut [[f32; 4]; 8] = (&mut dst[at..at + 8]).try_into().expect("a full lane group");
        let out = dst.as_mut_ptr() as *mut f32;
        // SAFETY: AVX runs here (module doc); `dst` is 8 entries, 32 floats,
        // and the four stores write floats 0–7, 8–15, 16–23 and 24–31.
        unsafe {
            let zero = _mm256_setzero_ps();
            // [x0 y0 x1 y1 | x4 y4 x5 y5], [z0 0 z1 0 | z4 0 z5 0], and lanes 2, 3, 6, 7.
            let (xy01, xy23) = (_mm256_unpacklo_ps(v.x.0, v.y.0), _mm256_unpackhi_ps(v.x.0, v.y.0));
            let (zw01, zw23) = (_mm256_unpacklo_ps(v.z.0, zero), _mm256_unpackhi_ps(v.z.0, zero));
            // Particle pairs (0, 4), (1, 5), (2, 6), (3, 7).
            let p04 = _mm256_shuffle_ps::<0x44>(xy01, zw01);
            let p15 = _mm256_shuffle_ps::<0xEE>(xy01, zw01);
            let p26 = _mm256_shuffle_ps::<0x44>(xy23, zw23);
            let p37 = _mm256_shuffle_ps::<0xEE>(xy23, zw23);
            _mm256_storeu_ps(out, _mm256_permute2f128_ps::<0x20>(p04, p15));
            _mm256_storeu_ps(out.add(8), _mm256_permute2f128_ps::<0x20>(p26, p37));
            _mm256_storeu_ps(out.add(16), _mm256_permute2f128_ps::<0x31>(p04, p15));
            _mm256_storeu_ps(out.add(24), _mm256_permute2f128_ps::<0x31>(p26, p37));
        }
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
    use crate::lanes::{Lanes, Pair, V3};

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

    /// [`F32x8::store_packed`] writes what the per-lane default writes, and
    /// [`F32x8::gather_packed`] reads the same bits as three gathers of the
    /// columns, out-of-range indices clamped to the last entry alike.
    ///
    /// # Safety
    /// Only where the CPU runs AVX2.
    #[target_feature(enable = "avx2")]
    unsafe fn the_packed_copy_holds_the_columns() {
        type Packed = F32x8<true>;
        let rows = rows();
        let column = |c: usize| -> Vec<f32> {
            rows.iter().flatten().cycle().skip(c * 7).take(8 * rows.len()).copied().collect()
        };
        let (x, y, z) = (column(0), column(1), column(2));
        let mut packed = vec![[1.0f32; 4]; x.len()];
        for at in (0..x.len()).step_by(8) {
            let v = V3::new(Packed::load(&x, at), Packed::load(&y, at), Packed::load(&z, at));
            Packed::store_packed(&mut packed, at, v);
        }
        for (k, p) in packed.iter().enumerate() {
            let want = [x[k], y[k], z[k], 0.0];
            assert!(p.iter().zip(want).all(|(a, b)| a.to_bits() == b.to_bits()), "entry {k}: {p:?} against {want:?}");
        }
        for i in 0..rows.len() {
            let idx: [u32; 8] = core::array::from_fn(|k| match k {
                7 => u32::MAX,
                _ => ((i * 37 + k * 11) % (x.len() + 3)) as u32,
            });
            let g = Packed::gather_packed(&packed, &idx);
            for (got, src) in [(g.x, &x), (g.y, &y), (g.z, &z)] {
                let want = F32x8::<false>::gather(src, &idx);
                assert!((0..8).all(|k| got.lane(k).to_bits() == want.lane(k).to_bits()), "indices {idx:?}");
            }
        }
    }

    /// [`F32x8`]'s pair reads and writes (both forms of `gather_pairs`)
    /// against the per-lane defaults `f32` runs lane by lane: the same
    /// bits, out-of-range indices clamped to the last entry alike.
    ///
    /// # Safety
    /// Only where the CPU runs AVX2.
    #[target_feature(enable = "avx2")]
    unsafe fn pairs_match_lane_by_lane() {
        let values: Vec<f32> = rows().into_iter().flatten().collect();
        let pairs: Vec<Pair> = values.chunks(2).map(|c| Pair { k: c[0], lambda: c[1] }).collect();
        let bits = |v: F32x8| -> [u32; 8] { core::array::from_fn(|k| (v.lane(k) as f32).to_bits()) };
        let want = |p: Pair| (p.k.to_bits(), p.lambda.to_bits());
        let mut written = vec![Pair::default(); pairs.len()];
        for at in (0..pairs.len() - 7).step_by(8) {
            let (k, lambda) = F32x8::<false>::load_pairs(&pairs, at);
            let (k, lambda) = (bits(k), bits(lambda));
            assert!((0..8).all(|l| (k[l], lambda[l]) == want(pairs[at + l])), "load_pairs at {at}");
            let (k, lambda) = F32x8::<false>::load_pairs(&pairs, at);
            F32x8::<false>::store_pairs(&mut written, at, k, lambda);
            assert!((0..8).all(|l| want(written[at + l]) == want(pairs[at + l])), "store_pairs at {at}");
        }
        for i in 0..pairs.len() {
            let idx: [u32; 8] = core::array::from_fn(|k| match k {
                7 => u32::MAX,
                _ => ((i * 37 + k * 11) % (pairs.len() + 3)) as u32,
            });
            let clamped = idx.map(|j| pairs[(j as usize).min(pairs.len() - 1)]);
            let (gk, gl) = F32x8::<false>::gather_pairs(&pairs, &idx);
            let (pk, pl) = F32x8::<true>::gather_pairs(&pairs, &idx);
            let packed = |v: F32x8<true>| -> [u32; 8] { core::array::from_fn(|k| (v.lane(k) as f32).to_bits()) };
            for (k, lambda) in [(bits(gk), bits(gl)), (packed(pk), packed(pl))] {
                assert!((0..8).all(|l| (k[l], lambda[l]) == want(clamped[l])), "gather_pairs of {idx:?}");
            }
        }
    }

    #[test]
    fn pairs_read_and_write_bit_for_bit() {
        if !crate::lanes::cpu_runs_avx2() {
            println!("this CPU does not run AVX2: nothing to compare");
            return;
        }
        // SAFETY: checked just above.
        unsafe { pairs_match_lane_by_lane() }
    }

    #[test]
    fn the_packed_copy_holds_the_columns_bit_for_bit() {
        if !crate::lanes::cpu_runs_avx2() {
            println!("this CPU does not run AVX2: nothing to compare");
            return;
        }
        // SAFETY: checked just above.
        unsafe { the_packed_copy_holds_the_columns() }
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

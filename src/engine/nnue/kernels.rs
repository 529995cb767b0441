//! The network's inner loops: the accumulator update and the output's dot
//! product, written once as plain loops that the compiler vectorises, and
//! compiled twice on x86-64: for the build's own level (x86-64-v2, 128-bit
//! vectors) and for AVX2 (256-bit vectors), which is chosen at run time
//! when the processor has it. The dot product's AVX2 version is written
//! out in intrinsics (the compiler's own used half of each vector). All
//! give the same numbers.

/// An accumulator update: `dst` becomes `src` plus the rows `adds` less
/// the rows `subs`, in one pass over the memory for the usual moves (a
/// quiet move, a capture, a castle) and in one pass per row otherwise.
/// All slices have the same length.
#[inline]
pub(super) fn update(dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above, which is all
        // that `update_avx2` needs beyond a plain function.
        #[allow(unsafe_code)]
        unsafe {
            return update_avx2(dst, src, adds, subs);
        }
    }
    update_plain(dst, src, adds, subs);
}

/// The sum over one side's accumulator of the squared clipped activation
/// times its output weight: `clamp(a, 0, clip)² · w`. Exact while `clip`
/// is at most 255 and the output weights stay within ±128 (the trainer
/// clips them to ±127): each `clamp(a) · w` then fits 16 bits and each
/// block of 64 terms 32 bits.
#[inline]
pub(super) fn screlu_dot(acc: &[i16], weights: &[i16], clip: i16) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above, which is all
        // that `screlu_dot_avx2` needs beyond a plain function.
        #[allow(unsafe_code)]
        unsafe {
            return screlu_dot_avx2(acc, weights, clip);
        }
    }
    screlu_dot_plain(acc, weights, clip)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn update_avx2(dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
    update_body(dst, src, adds, subs);
}

/// The dot product in 256-bit vectors: 16 activations at a time are
/// clipped, multiplied by their weights in 16 bits (exact within the
/// weight clip) and, by `madd`, by themselves again into pairs summed in
/// 32 bits. A lane gains at most 2 · 255 · 32,640 per 16 activations, so
/// blocks of [`DOT_BLOCK`] stay within 32 bits before they are added in 64;
/// a length not a multiple of 16 ends on the plain loop.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn screlu_dot_avx2(acc: &[i16], weights: &[i16], clip: i16) -> i64 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi32, _mm256_loadu_si256, _mm256_madd_epi16, _mm256_max_epi16,
        _mm256_min_epi16, _mm256_mullo_epi16, _mm256_set1_epi16, _mm256_setzero_si256,
        _mm256_storeu_si256,
    };
    let n = acc.len().min(weights.len());
    let whole = n - n % 16;
    let zero = _mm256_setzero_si256();
    let top = _mm256_set1_epi16(clip);
    let mut total = 0i64;
    for (a_block, w_block) in acc[..whole]
        .chunks(DOT_BLOCK)
        .zip(weights[..whole].chunks(DOT_BLOCK))
    {
        let mut sum = _mm256_setzero_si256();
        for (a, w) in a_block.chunks_exact(16).zip(w_block.chunks_exact(16)) {
            // SAFETY: each chunk is 16 `i16`s, the 32 bytes an unaligned
            // load reads.
            #[allow(unsafe_code)]
            let (a, w) = unsafe {
                (
                    _mm256_loadu_si256(a.as_ptr().cast::<__m256i>()),
                    _mm256_loadu_si256(w.as_ptr().cast::<__m256i>()),
                )
            };
            let v = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_mullo_epi16(v, w), v));
        }
        let mut lanes = [0i32; 8];
        // SAFETY: `lanes` is 8 `i32`s, the 32 bytes an unaligned store
        // writes.
        #[allow(unsafe_code)]
        unsafe {
            _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), sum)
        };
        total += lanes.iter().map(|&x| i64::from(x)).sum::<i64>();
    }
    total + screlu_dot_body(&acc[whole..n], &weights[whole..n], clip)
}

/// Activations a vector lane sums in 32 bits before the sum is widened:
/// 64 `madd`s of at most 2 · 255 · 32,640 each stay below 2³¹.
#[cfg(target_arch = "x86_64")]
const DOT_BLOCK: usize = 1024;

fn update_plain(dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
    update_body(dst, src, adds, subs);
}

fn screlu_dot_plain(acc: &[i16], weights: &[i16], clip: i16) -> i64 {
    screlu_dot_body(acc, weights, clip)
}

#[inline(always)]
fn update_body(dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
    let n = dst.len();
    let src = &src[..n];
    match (adds, subs) {
        // A quiet move.
        ([a], [s]) => {
            let (a, s) = (&a[..n], &s[..n]);
            for i in 0..n {
                dst[i] = src[i].wrapping_add(a[i]).wrapping_sub(s[i]);
            }
        }
        // A capture.
        ([a], [s, t]) => {
            let (a, s, t) = (&a[..n], &s[..n], &t[..n]);
            for i in 0..n {
                dst[i] = src[i]
                    .wrapping_add(a[i])
                    .wrapping_sub(s[i])
                    .wrapping_sub(t[i]);
            }
        }
        // A castle.
        ([a, b], [s, t]) => {
            let (a, b, s, t) = (&a[..n], &b[..n], &s[..n], &t[..n]);
            for i in 0..n {
                dst[i] = src[i]
                    .wrapping_add(a[i])
                    .wrapping_add(b[i])
                    .wrapping_sub(s[i])
                    .wrapping_sub(t[i]);
            }
        }
        _ => {
            dst.copy_from_slice(src);
            for row in adds {
                let row = &row[..n];
                for i in 0..n {
                    dst[i] = dst[i].wrapping_add(row[i]);
                }
            }
            for row in subs {
                let row = &row[..n];
                for i in 0..n {
                    dst[i] = dst[i].wrapping_sub(row[i]);
                }
            }
        }
    }
}

#[inline(always)]
fn screlu_dot_body(acc: &[i16], weights: &[i16], clip: i16) -> i64 {
    acc.chunks(64)
        .zip(weights.chunks(64))
        .map(|(a, w)| {
            let block = a.iter().zip(w).fold(0i32, |sum, (&a, &w)| {
                let v = a.clamp(0, clip);
                sum.wrapping_add(i32::from(v.wrapping_mul(w)) * i32::from(v))
            });
            i64::from(block)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::random::XorShift;

    /// The clip of the shipped networks' activation.
    const QA: i16 = 255;

    fn numbers(rng: &mut XorShift, n: usize, range: i16) -> Vec<i16> {
        (0..n)
            .map(|_| (rng.below(2 * range as usize + 1) as i16) - range)
            .collect()
    }

    /// Every path of the update, on this processor's best kernels and on
    /// the plain ones, gives the sums one row at a time gives.
    #[test]
    fn updates_equal_row_by_row_sums() {
        let mut rng = XorShift(0x9e37_79b9);
        for n in [8, 16, 256, 264] {
            let src = numbers(&mut rng, n, 30_000);
            let rows: Vec<Vec<i16>> = (0..6).map(|_| numbers(&mut rng, n, 400)).collect();
            for (adds, subs) in [(1, 1), (1, 2), (2, 2), (0, 1), (3, 3), (2, 1)] {
                let added: Vec<&[i16]> = rows[..adds].iter().map(Vec::as_slice).collect();
                let taken: Vec<&[i16]> = rows[3..3 + subs].iter().map(Vec::as_slice).collect();
                let mut expected = src.clone();
                for row in &added {
                    for (e, &w) in expected.iter_mut().zip(row.iter()) {
                        *e = e.wrapping_add(w);
                    }
                }
                for row in &taken {
                    for (e, &w) in expected.iter_mut().zip(row.iter()) {
                        *e = e.wrapping_sub(w);
                    }
                }
                let mut best = vec![0; n];
                update(&mut best, &src, &added, &taken);
                assert_eq!(best, expected, "{n} inputs, {adds} in, {subs} out");
                let mut plain = vec![0; n];
                update_plain(&mut plain, &src, &added, &taken);
                assert_eq!(plain, expected, "{n} inputs, {adds} in, {subs} out");
            }
        }
    }

    /// The dot product equals the plain formula in 64 bits, on either
    /// kernel, for activations beyond the clip and weights up to ±128.
    #[test]
    fn the_dot_product_is_exact_within_the_weight_clip() {
        let mut rng = XorShift(0x51ed_270b);
        for n in [8, 24, 64, 256, 392, 1000, 1024] {
            let acc = numbers(&mut rng, n, 600);
            let weights = numbers(&mut rng, n, 128);
            let expected: i64 = acc
                .iter()
                .zip(&weights)
                .map(|(&a, &w)| {
                    let v = i64::from(a.clamp(0, QA));
                    v * v * i64::from(w)
                })
                .sum();
            assert_eq!(screlu_dot(&acc, &weights, QA), expected, "{n}");
            assert_eq!(screlu_dot_plain(&acc, &weights, QA), expected, "{n}");
            let full = vec![QA; n];
            let most = vec![128; n];
            let top = i64::from(QA) * i64::from(QA) * 128 * n as i64;
            assert_eq!(screlu_dot(&full, &most, QA), top, "{n}");
        }
    }
}

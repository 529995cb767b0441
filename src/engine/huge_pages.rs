//! Large tables on huge pages. The transposition table is read at random
//! places, and with the usual 4 KiB pages nearly every read of it also
//! misses the processor's cache of page addresses. On Linux, whose
//! "transparent huge pages" are by default given to memory that asks for
//! them (`madvise` mode), the table asks before its memory is first
//! written, and gets 2 MiB pages where the kernel has them. Elsewhere, or
//! where the kernel says no, it is an ordinary vector. (The history tables
//! of the search, a few MiB, measured no faster on huge pages.)

use std::collections::TryReserveError;
use std::mem::MaybeUninit;

/// A vector of `len` values made by `value`, its memory advised to huge
/// pages before they are written; an error, not an abort, where the memory
/// cannot be had.
pub fn try_vec_with<T>(len: usize, value: impl FnMut() -> T) -> Result<Vec<T>, TryReserveError> {
    let mut items = Vec::new();
    items.try_reserve_exact(len)?;
    advise(items.spare_capacity_mut());
    items.extend(std::iter::repeat_with(value).take(len));
    Ok(items)
}

/// The size of a huge page on x86-64 and most 64-bit Linux systems.
#[cfg(target_os = "linux")]
const HUGE_PAGE_BYTES: usize = 2 * 1024 * 1024;

/// Asks Linux to back the whole huge pages inside the not yet written
/// memory `spare` with huge pages. A hint: its answer is not needed.
#[cfg(target_os = "linux")]
fn advise<T>(spare: &mut [MaybeUninit<T>]) {
    use std::ffi::{c_int, c_void};
    // The C library's own declaration (`<sys/mman.h>`).
    #[allow(unsafe_code)]
    unsafe extern "C" {
        fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
    }
    /// `MADV_HUGEPAGE` of Linux's `<sys/mman.h>`.
    const MADV_HUGEPAGE: c_int = 14;
    let begin = spare.as_mut_ptr().cast::<u8>();
    let address = begin as usize;
    let first = address.next_multiple_of(HUGE_PAGE_BYTES);
    let last = (address + std::mem::size_of_val(spare)) / HUGE_PAGE_BYTES * HUGE_PAGE_BYTES;
    if last > first {
        // SAFETY: the range [first, last) lies inside `spare`, memory the
        // caller's vector owns and has not handed out; `madvise` with
        // `MADV_HUGEPAGE` changes only how the kernel pages it in, and
        // neither reads, writes nor frees it.
        #[allow(unsafe_code)]
        unsafe {
            madvise(
                begin.wrapping_add(first - address).cast(),
                last - first,
                MADV_HUGEPAGE,
            );
        }
    }
}

/// Elsewhere there is nothing to ask.
#[cfg(not(target_os = "linux"))]
fn advise<T>(_spare: &mut [MaybeUninit<T>]) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectors_hold_what_they_were_made_with_at_any_size() {
        for len in [0, 1, 1000, 3 * 1024 * 1024] {
            let mut n = 0;
            let w = try_vec_with(len, || {
                n += 1;
                n
            })
            .expect("memory");
            assert_eq!(w.len(), len);
            assert!(w.iter().enumerate().all(|(i, &x)| x == i + 1));
        }
    }
}

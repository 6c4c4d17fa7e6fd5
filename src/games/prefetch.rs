//! A hint to the memory that the games' search tables share: ask for an entry's cache
//! line before the search reads it, so that the work done meanwhile hides the miss.

/// Asks the memory for the cache line holding `at`. Changes nothing the program reads,
/// and costs one instruction on x86-64 (nothing elsewhere).
#[inline(always)]
#[allow(unsafe_code, reason = "a prefetch, an SSE instruction every x86-64 CPU has")]
pub(crate) fn prefetch<T>(at: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE is part of the x86-64 base (the intrinsic is unsafe only for its target
    // feature), and a prefetch neither reads for the program nor faults.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(at).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

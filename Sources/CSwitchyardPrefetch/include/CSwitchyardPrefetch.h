#ifndef C_SWITCHYARD_PREFETCH_H
#define C_SWITCHYARD_PREFETCH_H

/// Starts loading the cache line at `address` for reading, to be kept in every cache level: a hint with
/// no effect on results and no fault for any address. Inlined where it is called; written in C because
/// Swift has no prefetch of its own, and an LLVM intrinsic named from Swift breaks builds whose calls
/// can unwind (ThreadSanitizer's).
static inline __attribute__((always_inline)) void switchyard_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif

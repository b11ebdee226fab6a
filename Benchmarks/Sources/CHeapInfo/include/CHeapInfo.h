#ifndef CHEAPINFO_H
#define CHEAPINFO_H

#include <stddef.h>

/// Bytes the C heap currently holds for the program, from glibc's mallinfo2():
/// `uordblks` (in-use bytes in the malloc arenas) and `hblkhd` (bytes in mmapped chunks,
/// which is where glibc puts single blocks above the mmap threshold).
/// Both are 0 on platforms without mallinfo2.
typedef struct {
    size_t arenaInUse;
    size_t mmapped;
} cheapinfo_snapshot;

cheapinfo_snapshot cheapinfo_take(void);

#endif

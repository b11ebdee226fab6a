#include "CHeapInfo.h"

#if defined(__linux__)
#include <features.h>
#include <malloc.h>
#endif

cheapinfo_snapshot cheapinfo_take(void) {
    cheapinfo_snapshot s = {0, 0};
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 m = mallinfo2();
    s.arenaInUse = m.uordblks;
    s.mmapped = m.hblkhd;
#endif
    return s;
}

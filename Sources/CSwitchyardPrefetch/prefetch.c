// The prefetch hint is a static inline function in the header; this file gives the target a source.
#include "CSwitchyardPrefetch.h"

#pragma once
// The one-line reason a fallback gives: in a portable build (-DCAROUSEL_BENCH_PORTABLE) "a portable build ...",
// elsewhere the platform's own reason.
#if defined(CAROUSEL_BENCH_PORTABLE)
#define CBENCH_FALLBACK_REASON(portable, platform) "a portable build " portable " (built with -DCAROUSEL_BENCH_PORTABLE)"
#else
#define CBENCH_FALLBACK_REASON(portable, platform) platform
#endif

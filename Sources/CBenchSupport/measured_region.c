// The callgrind measured region: a stable C symbol whose entry and exit toggle instruction collection.
#include "CBenchSupport.h"

__attribute__((noinline, used))
void cbench_measured_region(void (*body)(void *ctx, int64_t iterations), void *ctx, int64_t iterations) {
    body(ctx, iterations);
    // The empty barrier after the call stops a tail call, so the region returns through its own frame.
    __asm__ volatile("" ::: "memory");
}

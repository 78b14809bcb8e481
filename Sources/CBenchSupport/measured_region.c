// The callgrind measured region: a stable C symbol whose entry and exit toggle instruction collection.
#include "CBenchSupport.h"

__attribute__((noinline, used))
void cbench_measured_region(void (*body)(void *ctx, int64_t iterations), void *ctx, int64_t iterations) {
    body(ctx, iterations);
    // The empty barrier after the call stops a tail call, so the region returns through its own frame.
    __asm__ volatile("" ::: "memory");
}

// Callgrind's client requests START_INSTRUMENTATION and STOP_INSTRUMENTATION (valgrind/callgrind.h): the magic
// instruction sequence of valgrind.h (BSD-style licence) for amd64 and arm64 Linux, copied so that building the
// package needs no valgrind headers. Outside valgrind the sequence is a few rotations that change nothing.
// Only on Linux: callgrind counts nothing elsewhere, and Apple's arm64 assembler reads `;` as a comment.
enum { cbench_callgrind_base = ('C' & 0xff) << 24 | ('T' & 0xff) << 16 };
enum { cbench_start_instrumentation = cbench_callgrind_base + 4, cbench_stop_instrumentation = cbench_callgrind_base + 5 };

static int cbench_client_request(unsigned long request) {
    volatile unsigned long args[6] = {request, 0, 0, 0, 0, 0};
    volatile unsigned long result = 0;
#if defined(__linux__) && defined(__x86_64__)
    __asm__ volatile("rolq $3,  %%rdi ; rolq $13, %%rdi\n\t"
                     "rolq $61, %%rdi ; rolq $51, %%rdi\n\t"
                     "xchgq %%rbx,%%rbx"
                     : "=d"(result)
                     : "a"(&args[0]), "0"(0UL)
                     : "cc", "memory");
    return 1;
#elif defined(__linux__) && defined(__aarch64__)
    __asm__ volatile("mov x3, %1\n\t"
                     "mov x4, %2\n\t"
                     "ror x12, x12, #3  ;  ror x12, x12, #13 \n\t"
                     "ror x12, x12, #51 ;  ror x12, x12, #61 \n\t"
                     "orr x10, x10, x10\n\t"
                     "mov %0, x3"
                     : "=r"(result)
                     : "r"(0UL), "r"(&args[0])
                     : "cc", "memory", "x3", "x4");
    return 1;
#else
    (void)args;
    (void)result;
    return 0;
#endif
}

int cbench_callgrind_instrumentation(int on) {
    return cbench_client_request(on ? cbench_start_instrumentation : cbench_stop_instrumentation);
}

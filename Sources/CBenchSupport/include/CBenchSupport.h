#pragma once
// C support for BenchKit: a per-thread allocation counter, the callgrind measured region (a stable unmangled
// symbol for --toggle-collect), re-execution without address-space randomisation and CPU pinning.
// Every platform-specific piece has a fallback, and a function that says why it is unavailable (NULL when it is
// available). A portable build (compiled with -DCAROUSEL_BENCH_PORTABLE) takes every fallback, as a platform
// without Linux's interfaces would. The declarations are the same on every platform.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Why allocations cannot be counted in this build (one line), or NULL when they can: glibc's malloc family is
/// interposed (Linux), or the malloc zone that serves malloc is wrapped (Darwin).
const char *_Nullable cbench_alloc_counting_unavailable_reason(void);

/// Resets this thread's counters and starts counting allocations made by this thread.
void cbench_alloc_counting_begin(void);

/// Stops counting on this thread; the counters keep their values until the next begin.
void cbench_alloc_counting_end(void);

/// Allocation calls (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) counted on this thread.
uint64_t cbench_alloc_count(void);

/// free calls (of non-null pointers) counted on this thread.
uint64_t cbench_free_count(void);

/// Why this build cannot choose where heap blocks are placed (one line), or NULL when it can: Linux, through the
/// malloc interposer. Darwin says its own allocator places them (nothing to switch).
const char *_Nullable cbench_block_alignment_unavailable_reason(void);

/// From now on, malloc and calloc return blocks of more than `above` and at most `through` bytes at a multiple of
/// `alignment` (a power of two, at least 16), through glibc's memalign; `alignment` 0 gives glibc's own placement
/// back.
/// realloc keeps glibc's. Returns 0, or -1 with errno EINVAL (a bad alignment) or ENOSYS (unavailable).
/// Call it before the measured threads start: it is read, not synchronised, by every allocation.
int cbench_set_block_alignment(size_t above, size_t through, size_t alignment);

/// The region callgrind collects in (`--toggle-collect=cbench_measured_region`): it only calls
/// `body(ctx, iterations)`, and is never inlined or tail-called so the toggle sees its entry and exit.
void cbench_measured_region(void (*_Nonnull body)(void *_Nullable ctx, int64_t iterations),
                            void *_Nullable ctx, int64_t iterations);

/// Switches callgrind's instrumentation on (`on` != 0) or off, so code outside the measured regions (set-up)
/// runs at plain valgrind speed. Returns 1 where the request exists (amd64, arm64), else 0 (nothing done).
/// Outside valgrind it does nothing.
int cbench_callgrind_instrumentation(int on);

/// Why this build cannot re-execute itself without address-space randomisation (one line), or NULL when it can.
const char *_Nullable cbench_fixed_address_space_unavailable_reason(void);

/// Turns address-space randomisation off and re-executes this program with `argv` (NULL-terminated).
/// Returns 0 when randomisation is already off (nothing done; Linux only), -1 when it cannot be switched off or
/// the re-execution failed (the process carries on as it was); on success it does not return.
int cbench_reexec_without_aslr(char *_Nullable const argv[_Nonnull]);

/// Why this build cannot pin a process to a CPU (one line), or NULL when it can (Linux).
const char *_Nullable cbench_cpu_pinning_unavailable_reason(void);

/// Restricts process `pid` (0: this one) to CPU `cpu`; 0 on success, -1 otherwise (errno set; ENOSYS where
/// pinning is unavailable).
int cbench_pin_to_cpu(int32_t pid, int32_t cpu);

/// The highest-numbered CPU this process may run on; -1 when unknown or pinning is unavailable.
int cbench_last_allowed_cpu(void);

/// Where a process cannot be pinned: asks for the performance cores instead (Darwin: the user-interactive
/// quality of service for the calling thread). 0 when asked, -1 where there is nothing to ask.
int cbench_prefer_performance_cores(void);

/// 1 when this package was compiled with -DCAROUSEL_BENCH_PORTABLE (the C half of the portable flag), else 0.
int cbench_portable_build(void);

/// The processor's brand string as the processor itself reports it (x86 CPUID), NUL-terminated in `buffer`;
/// 0 on success, -1 where there is none (other architectures) or `buffer` is shorter than 49 bytes.
int cbench_cpu_brand(char *_Nonnull buffer, size_t size);

#ifdef __cplusplus
}
#endif

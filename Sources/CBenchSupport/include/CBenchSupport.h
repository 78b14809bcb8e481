#pragma once
// C support for BenchKit: a per-thread allocation counter (by interposing the malloc family)
// and the callgrind measured region (a stable unmangled symbol for --toggle-collect).

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Resets this thread's counters and starts counting allocations made by this thread.
void cbench_alloc_counting_begin(void);

/// Stops counting on this thread; the counters keep their values until the next begin.
void cbench_alloc_counting_end(void);

/// Allocation calls (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) counted on this thread.
uint64_t cbench_alloc_count(void);

/// free calls (of non-null pointers) counted on this thread.
uint64_t cbench_free_count(void);

/// The region callgrind collects in (`--toggle-collect=cbench_measured_region`): it only calls
/// `body(ctx, iterations)`, and is never inlined or tail-called so the toggle sees its entry and exit.
void cbench_measured_region(void (*_Nonnull body)(void *_Nullable ctx, int64_t iterations),
                            void *_Nullable ctx, int64_t iterations);

/// Switches callgrind's instrumentation on (`on` != 0) or off, so code outside the measured regions (set-up)
/// runs at plain valgrind speed. Returns 1 where the request exists (amd64, arm64), else 0 (nothing done).
/// Outside valgrind it does nothing.
int cbench_callgrind_instrumentation(int on);

/// Turns address-space randomisation off and re-executes this program with `argv` (NULL-terminated).
/// Returns 0 when randomisation is already off (nothing done), -1 when it cannot be switched off or the
/// re-execution failed (the process carries on as it was); on success it does not return.
int cbench_reexec_without_aslr(char *_Nullable const argv[_Nonnull]);

/// Restricts process `pid` (0: this one) to CPU `cpu`; 0 on success, -1 otherwise (errno set).
int cbench_pin_to_cpu(int32_t pid, int32_t cpu);

/// The highest-numbered CPU this process may run on; -1 when unknown.
int cbench_last_allowed_cpu(void);

#ifdef __cplusplus
}
#endif

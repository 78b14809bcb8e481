// Pinning a process to one CPU: the two sides of a paired session share one, so that neither side is the one
// sitting on the core a neighbour happens to load (measured: one side 5-25% slower for seconds at a time).
// - Linux: the scheduler's affinity mask (below).
// - Darwin: no CPU affinity (the kernel offers none for a process); a worker instead asks for the
//   user-interactive quality of service, which keeps it on the performance cores of Apple silicon.
// - anywhere else, and in a portable build (CAROUSEL_BENCH_PORTABLE): no pinning; the reason says why.
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CBenchSupport.h"
#include "fallback.h"

#include <errno.h>
#include <stddef.h>

#if defined(__linux__) && !defined(CAROUSEL_BENCH_PORTABLE)

// Linux: sched_setaffinity(2) and sched_getaffinity(2).
#include <sched.h>

const char *cbench_cpu_pinning_unavailable_reason(void) { return NULL; }

int cbench_pin_to_cpu(int32_t pid, int32_t cpu) {
    if (cpu < 0 || cpu >= CPU_SETSIZE) return -1;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(pid, sizeof(set), &set);
}

int cbench_last_allowed_cpu(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) != 0) return -1;
    for (int cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--) {
        if (CPU_ISSET(cpu, &set)) return cpu;
    }
    return -1;
}

int cbench_prefer_performance_cores(void) { return -1; }

#else

const char *cbench_cpu_pinning_unavailable_reason(void) {
#if defined(__APPLE__)
    return CBENCH_FALLBACK_REASON("cannot pin a process to a CPU", "macOS has no CPU affinity for a process");
#else
    return CBENCH_FALLBACK_REASON("cannot pin a process to a CPU", "this platform has no CPU affinity known to this package");
#endif
}

int cbench_pin_to_cpu(int32_t pid, int32_t cpu) {
    (void)pid;
    (void)cpu;
    errno = ENOSYS;
    return -1;
}

int cbench_last_allowed_cpu(void) { return -1; }

#if defined(__APPLE__) && !defined(CAROUSEL_BENCH_PORTABLE)

// pthread_set_qos_class_self_np (<pthread/qos.h>; Apple's "Energy Efficiency Guide for Mac Apps", Prioritize
// Work with Quality of Service Classes): QOS_CLASS_USER_INTERACTIVE work is scheduled on the performance cores
// of Apple silicon. Written from Apple's documentation; not compiled on this project's machines.
#include <pthread.h>
#include <pthread/qos.h>

int cbench_prefer_performance_cores(void) {
    return pthread_set_qos_class_self_np(QOS_CLASS_USER_INTERACTIVE, 0) == 0 ? 0 : -1;
}

#else

int cbench_prefer_performance_cores(void) { return -1; }

#endif

#endif

// Pinning a process to one CPU: the two sides of a paired session share one, so that neither side is the one
// sitting on the core a neighbour happens to load (measured: one side 5-25% slower for seconds at a time).
#define _GNU_SOURCE
#include "CBenchSupport.h"

#include <sched.h>

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

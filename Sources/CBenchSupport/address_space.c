// Re-executing without address-space randomisation: the heap then starts at the same address on every run,
// and glibc's malloc takes the same paths, so allocating benchmarks repeat (measured: 1.45x bimodal without).
#include "CBenchSupport.h"

#include <sys/personality.h>
#include <unistd.h>

int cbench_reexec_without_aslr(char *const argv[]) {
    int current = personality(0xffffffff);
    if (current == -1) return -1;
    if (current & ADDR_NO_RANDOMIZE) return 0;
    if (personality((unsigned long)current | ADDR_NO_RANDOMIZE) == -1) return -1;
    execv("/proc/self/exe", argv);
    // execv returned: it failed; put the personality back and carry on randomised.
    personality((unsigned long)current);
    return -1;
}

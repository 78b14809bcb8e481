// What the machine fingerprint needs where no operating-system interface names the CPU (a portable build, or a
// platform other than Linux and Darwin): the processor's own brand string. And whether this is a portable build.
#include "CBenchSupport.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

int cbench_portable_build(void) {
#if defined(CAROUSEL_BENCH_PORTABLE)
    return 1;
#else
    return 0;
#endif
}

int cbench_cpu_brand(char *buffer, size_t size) {
#if defined(__x86_64__) || defined(__i386__)
    // CPUID leaves 0x80000002-0x80000004: the 48-byte brand string (Intel SDM vol. 2A, CPUID; AMD APM vol. 3).
    unsigned int registers[12];
    if (size < sizeof(registers) + 1 || __get_cpuid_max(0x80000000, NULL) < 0x80000004) return -1;
    for (unsigned int leaf = 0; leaf < 3; leaf++) {
        unsigned int *out = registers + 4 * leaf;
        if (!__get_cpuid(0x80000002 + leaf, &out[0], &out[1], &out[2], &out[3])) return -1;
    }
    memcpy(buffer, registers, sizeof(registers));
    buffer[sizeof(registers)] = '\0';
    return buffer[0] != '\0' ? 0 : -1;
#else
    (void)buffer;
    (void)size;
    return -1;
#endif
}

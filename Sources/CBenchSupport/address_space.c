// Re-executing without address-space randomisation: the heap then starts at the same address on every run,
// and glibc's malloc takes the same paths, so allocating benchmarks repeat (measured: 1.45x bimodal without).
// - Linux: see below.
// - Darwin: posix_spawn(2) of this executable with POSIX_SPAWN_SETEXEC (replace this process, like execve)
//   and _POSIX_SPAWN_DISABLE_ASLR.
// - anywhere else, and in a portable build (CAROUSEL_BENCH_PORTABLE): not possible; the run stays randomised.
#include "CBenchSupport.h"
#include "fallback.h"

#include <errno.h>
#include <stddef.h>

#if defined(__linux__) && !defined(CAROUSEL_BENCH_PORTABLE)

// Linux: personality(2) with ADDR_NO_RANDOMIZE, then execv(2) of /proc/self/exe.
#include <sys/personality.h>
#include <unistd.h>

const char *cbench_fixed_address_space_unavailable_reason(void) { return NULL; }

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

#elif defined(__APPLE__) && !defined(CAROUSEL_BENCH_PORTABLE)

// posix_spawnattr_setflags(3) documents POSIX_SPAWN_SETEXEC; _POSIX_SPAWN_DISABLE_ASLR is declared in the SDK's
// <sys/spawn.h> (the flag LLDB and Xcode's "disable ASLR" launch with), defined here with its value when an SDK
// leaves it out. The executable's path comes from _NSGetExecutablePath(3) (dyld(3)), the environment from
// _NSGetEnviron() (environ(7)). Written from Apple's documentation; not compiled on this project's machines.
#include <crt_externs.h>
#include <limits.h>
#include <mach-o/dyld.h>
#include <spawn.h>

#ifndef _POSIX_SPAWN_DISABLE_ASLR
#define _POSIX_SPAWN_DISABLE_ASLR 0x0100
#endif

const char *cbench_fixed_address_space_unavailable_reason(void) { return NULL; }

int cbench_reexec_without_aslr(char *const argv[]) {
    // Darwin cannot tell whether this process was started without randomisation: BenchKit's environment
    // variable (AddressSpace) makes sure this runs once.
    char path[PATH_MAX];
    uint32_t size = sizeof(path);
    if (_NSGetExecutablePath(path, &size) != 0) return -1;
    posix_spawnattr_t attributes;
    if (posix_spawnattr_init(&attributes) != 0) return -1;
    if (posix_spawnattr_setflags(&attributes, (short)(POSIX_SPAWN_SETEXEC | _POSIX_SPAWN_DISABLE_ASLR)) == 0) {
        // With POSIX_SPAWN_SETEXEC a successful posix_spawn does not return.
        posix_spawn(NULL, path, NULL, &attributes, argv, *_NSGetEnviron());
    }
    posix_spawnattr_destroy(&attributes);
    return -1;
}

#else

const char *cbench_fixed_address_space_unavailable_reason(void) {
    return CBENCH_FALLBACK_REASON("cannot switch it off", "this platform has no way known to this package to switch it off");
}

int cbench_reexec_without_aslr(char *const argv[]) {
    (void)argv;
    errno = ENOSYS;
    return -1;
}

#endif

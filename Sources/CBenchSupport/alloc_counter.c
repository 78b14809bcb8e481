// The per-thread allocation counter, one mechanism per platform (see cbench_alloc_counting_unavailable_reason):
// - Linux (glibc): interposes the malloc family; every call is forwarded to glibc's own allocator.
// - Darwin: wraps the functions of the malloc zone that serves malloc (a malloc zone wrapper, <malloc/malloc.h>).
// - anywhere else, and in a portable build (CAROUSEL_BENCH_PORTABLE): no counter; the reason says why.
// Counts go to thread-local counters while this thread has counting switched on.
// The Linux interposer also places blocks as Apple's allocator does when asked (cbench_set_block_alignment).
#include "CBenchSupport.h"
#include "fallback.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

#if defined(__linux__) && !defined(CAROUSEL_BENCH_PORTABLE)

// glibc's own allocator, under the names it exports for interposers (__libc_*).
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

// Initial-exec TLS never calls __tls_get_addr (which may allocate), so malloc may touch it.
static __thread int counting __attribute__((tls_model("initial-exec")));
static __thread uint64_t allocations __attribute__((tls_model("initial-exec")));
static __thread uint64_t frees __attribute__((tls_model("initial-exec")));

static inline void count_allocation(void) {
    if (counting) allocations += 1;
}

const char *cbench_alloc_counting_unavailable_reason(void) { return NULL; }

void cbench_alloc_counting_begin(void) {
    allocations = 0;
    frees = 0;
    counting = 1;
}

void cbench_alloc_counting_end(void) { counting = 0; }

uint64_t cbench_alloc_count(void) { return allocations; }

uint64_t cbench_free_count(void) { return frees; }

// Blocks of more than `aligned_above` and at most `aligned_through` bytes are taken from glibc's memalign at
// `block_alignment` (0: off). Set once, before the cases run (cbench_set_block_alignment); read on every
// allocation, so relaxed atomics.
static _Atomic size_t aligned_above;
static _Atomic size_t aligned_through;
static _Atomic size_t block_alignment;

const char *cbench_block_alignment_unavailable_reason(void) { return NULL; }

int cbench_set_block_alignment(size_t above, size_t through, size_t alignment) {
    if (alignment != 0 && (alignment < 16 || (alignment & (alignment - 1)) != 0)) {
        errno = EINVAL;
        return -1;
    }
    atomic_store_explicit(&aligned_above, above, memory_order_relaxed);
    atomic_store_explicit(&aligned_through, through, memory_order_relaxed);
    atomic_store_explicit(&block_alignment, alignment, memory_order_relaxed);
    return 0;
}

// The alignment a block of `size` bytes gets, or 0 for glibc's own placement.
static inline size_t alignment_for(size_t size) {
    size_t alignment = atomic_load_explicit(&block_alignment, memory_order_relaxed);
    return alignment != 0 && size > atomic_load_explicit(&aligned_above, memory_order_relaxed)
        && size <= atomic_load_explicit(&aligned_through, memory_order_relaxed) ? alignment : 0;
}

void *malloc(size_t size) {
    count_allocation();
    size_t alignment = alignment_for(size);
    return alignment != 0 ? __libc_memalign(alignment, size) : __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    size_t total;
    size_t alignment = __builtin_mul_overflow(count, size, &total) ? 0 : alignment_for(total);
    if (alignment == 0) return __libc_calloc(count, size);
    void *pointer = __libc_memalign(alignment, total);
    if (pointer != NULL) memset(pointer, 0, total);
    return pointer;
}

// realloc keeps glibc's placement: Swift's arrays and strings grow by allocating anew, not with realloc.
void *realloc(void *pointer, size_t size) {
    count_allocation();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // POSIX: the alignment must be a power of two multiple of sizeof(void *).
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    count_allocation();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void free(void *pointer) {
    if (pointer != NULL && counting) frees += 1;
    __libc_free(pointer);
}

#elif defined(__APPLE__) && !defined(CAROUSEL_BENCH_PORTABLE)

// Darwin has no glibc allocator to forward to, and a definition of malloc in this image would not interpose the
// system's (two-level namespace). Instead the zone that serves malloc -- malloc_zone_from_ptr(3) of a fresh
// malloc(3) block -- gets its function pointers (malloc_zone_t of <malloc/malloc.h>) replaced by counting
// wrappers that call the originals. Zones of version 8 and later are kept read-only after creation (the
// header's malloc_zone_t), so the zone's pages are made writable with mprotect(2) around the change, as
// allocation profilers do. The wrapper sees malloc, calloc, valloc, realloc, memalign and the frees of that zone;
// allocations that bypass those entry points (a zone's typed-malloc entry points, version 16) are not seen,
// so BenchKit's probe (AllocationCounter) decides whether the counts are complete enough to report.
// Thread-local counters are reached through pthread_getspecific(3): Darwin's __thread variables are created
// lazily with malloc, which must not be re-entered from inside it.
// Written from Apple's documentation (malloc_zone_malloc(3), <malloc/malloc.h>); not compiled on this project's
// machines (no Mac).
#include <malloc/malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

struct counters {
    int counting;
    uint64_t allocations;
    uint64_t frees;
};

static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static pthread_key_t counters_key;
static int installed;
static malloc_zone_t original;  // the zone's functions before wrapping

static inline struct counters *this_thread(void) { return installed ? pthread_getspecific(counters_key) : NULL; }

static inline void count_allocation(void) {
    struct counters *counters = this_thread();
    if (counters != NULL && counters->counting) counters->allocations += 1;
}

static void *counting_malloc(malloc_zone_t *zone, size_t size) {
    count_allocation();
    return original.malloc(zone, size);
}

static void *counting_calloc(malloc_zone_t *zone, size_t count, size_t size) {
    count_allocation();
    return original.calloc(zone, count, size);
}

static void *counting_valloc(malloc_zone_t *zone, size_t size) {
    count_allocation();
    return original.valloc(zone, size);
}

static void *counting_realloc(malloc_zone_t *zone, void *pointer, size_t size) {
    count_allocation();
    return original.realloc(zone, pointer, size);
}

static void *counting_memalign(malloc_zone_t *zone, size_t alignment, size_t size) {
    count_allocation();
    return original.memalign(zone, alignment, size);
}

static void counting_free(malloc_zone_t *zone, void *pointer) {
    struct counters *counters = this_thread();
    if (pointer != NULL && counters != NULL && counters->counting) counters->frees += 1;
    original.free(zone, pointer);
}

static void counting_free_definite_size(malloc_zone_t *zone, void *pointer, size_t size) {
    struct counters *counters = this_thread();
    if (pointer != NULL && counters != NULL && counters->counting) counters->frees += 1;
    original.free_definite_size(zone, pointer, size);
}

static void install(void) {
    if (pthread_key_create(&counters_key, free) != 0) return;
    void *probe = malloc(1);
    malloc_zone_t *zone = malloc_zone_from_ptr(probe);
    free(probe);
    if (zone == NULL) return;
    original = *zone;
    uintptr_t page = (uintptr_t)getpagesize();
    uintptr_t start = (uintptr_t)zone & ~(page - 1);
    size_t length = (size_t)((((uintptr_t)zone + sizeof(*zone)) - start + page - 1) & ~(page - 1));
    int protectedZone = zone->version >= 8;
    if (protectedZone && mprotect((void *)start, length, PROT_READ | PROT_WRITE) != 0) return;
    // The wrappers read `installed` and the key: both are set before any of them can run.
    installed = 1;
    zone->malloc = counting_malloc;
    zone->calloc = counting_calloc;
    zone->valloc = counting_valloc;
    zone->realloc = counting_realloc;
    zone->free = counting_free;
    if (zone->version >= 5) zone->memalign = counting_memalign;
    if (zone->version >= 6 && original.free_definite_size != NULL) zone->free_definite_size = counting_free_definite_size;
    if (protectedZone) mprotect((void *)start, length, PROT_READ);
}

const char *cbench_alloc_counting_unavailable_reason(void) {
    pthread_once(&install_once, install);
    return installed ? NULL : "the malloc zone that serves malloc could not be wrapped";
}

void cbench_alloc_counting_begin(void) {
    pthread_once(&install_once, install);
    if (!installed) return;
    struct counters *counters = pthread_getspecific(counters_key);
    if (counters == NULL) {
        // Not counting yet on this thread, so this calloc is not counted.
        counters = calloc(1, sizeof(*counters));
        if (counters == NULL || pthread_setspecific(counters_key, counters) != 0) {
            free(counters);
            return;
        }
    }
    counters->allocations = 0;
    counters->frees = 0;
    counters->counting = 1;
}

void cbench_alloc_counting_end(void) {
    struct counters *counters = this_thread();
    if (counters != NULL) counters->counting = 0;
}

uint64_t cbench_alloc_count(void) {
    struct counters *counters = this_thread();
    return counters != NULL ? counters->allocations : 0;
}

uint64_t cbench_free_count(void) {
    struct counters *counters = this_thread();
    return counters != NULL ? counters->frees : 0;
}

// Darwin's own allocator places blocks so (libmalloc's small, medium and large allocators), so there is nothing to
// switch; the wrapper changes no placement.
const char *cbench_block_alignment_unavailable_reason(void) {
    return "Darwin's allocator places blocks itself (libmalloc); nothing to switch";
}

#else

// No counter: the allocations column stays empty, with this reason (never 0).
const char *cbench_alloc_counting_unavailable_reason(void) {
    return CBENCH_FALLBACK_REASON("has no malloc interposer",
                                  "no malloc interposer for this platform (there is one for Linux with glibc and one for macOS)");
}

void cbench_alloc_counting_begin(void) {}

void cbench_alloc_counting_end(void) {}

uint64_t cbench_alloc_count(void) { return 0; }

uint64_t cbench_free_count(void) { return 0; }

const char *cbench_block_alignment_unavailable_reason(void) {
    return CBENCH_FALLBACK_REASON("has no malloc interposer",
                                  "no malloc interposer for this platform to place blocks with");
}

#endif

#if !defined(__linux__) || defined(CAROUSEL_BENCH_PORTABLE)
// Darwin and the fallback place no block (cbench_block_alignment_unavailable_reason says why).
int cbench_set_block_alignment(size_t above, size_t through, size_t alignment) {
    (void)above;
    (void)through;
    (void)alignment;
    errno = ENOSYS;
    return -1;
}
#endif

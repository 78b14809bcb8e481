// Interposes the malloc family: every call is forwarded to glibc's own allocator (__libc_*), and
// counted in thread-local counters while this thread has counting switched on.
#include "CBenchSupport.h"

#include <errno.h>
#include <stddef.h>

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

void cbench_alloc_counting_begin(void) {
    allocations = 0;
    frees = 0;
    counting = 1;
}

void cbench_alloc_counting_end(void) { counting = 0; }

uint64_t cbench_alloc_count(void) { return allocations; }

uint64_t cbench_free_count(void) { return frees; }

void *malloc(size_t size) {
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return __libc_calloc(count, size);
}

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

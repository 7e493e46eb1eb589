/*
 * wrap_alloc.c - the wrapped allocators (wrap_alloc.h).
 */
#include "wrap_alloc.h"

#include <stddef.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);
void *__wrap_realloc(void *p, size_t size);

void *__wrap_malloc(size_t size)
{
    return alloc_refused() ? NULL : __real_malloc(size);
}

void *__wrap_calloc(size_t count, size_t size)
{
    return alloc_refused() ? NULL : __real_calloc(count, size);
}

void *__wrap_realloc(void *p, size_t size)
{
    return alloc_refused() ? NULL : __real_realloc(p, size);
}

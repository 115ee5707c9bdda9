/*
 * arena.c - chunked bump allocator through the ctx allocator (so fault
 * injection reaches it).
 *
 * The contract is in catalog/arena.h. Why: loading a table decodes a dozen
 * small protobuf messages with many strings; one arena per loaded sc_table turns that malloc storm
 * into a few chunk allocations and frees everything at once. Write transactions keep the
 * before/after bytes of their change list in an arena too, and hand the chunks to the parent when a
 * nested transaction commits. A parsed DDL statement keeps every node in one (ddl/ast.h).
 */
#include <assert.h>
#include <string.h>

#include "catalog/catalog_priv.h"

void sc__arena_init(sc_arena *a, sc_ctx *ctx, size_t chunk_size)
{
    a->ctx = ctx;
    a->head = NULL;
    a->chunk_size = chunk_size ? chunk_size : 4096;
    a->failed = false;
}

#define ARENA_ALIGN 16

sc_arena *sc__arena_new(sc_ctx *ctx, size_t chunk_size)
{
    sc_arena *a = sc__malloc(ctx, sizeof(*a));

    if (a)
        sc__arena_init(a, ctx, chunk_size);
    return a;
}

void sc__arena_delete(sc_arena *a)
{
    if (!a)
        return;
    sc__arena_free(a);
    sc_free(a->ctx, a);
}

static sc_arena_chunk *chunk_add(sc_arena *a, size_t need)
{
    size_t cap = need > a->chunk_size ? need : a->chunk_size;
    sc_arena_chunk *c;

    if (cap > SIZE_MAX - sizeof(*c)) {
        sc_error_set(a->ctx, SC_ENOMEM, 0, NULL, "allocation overflow (%zu bytes)", need);
        return NULL;
    }
    c = sc__malloc(a->ctx, sizeof(*c) + cap);
    if (!c)
        return NULL;
    c->cap = cap;
    c->used = 0;
    /* A big one-off block goes behind the head so the head keeps its room. */
    if (a->head && need > a->chunk_size) {
        c->next = a->head->next;
        a->head->next = c;
    } else {
        c->next = a->head;
        a->head = c;
    }
    return c;
}

void *sc__arena_alloc(sc_arena *a, size_t n)
{
    sc_arena_chunk *c = a->head;
    size_t need = (n + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    void *p;

    if (need < n) {
        a->failed = true;
        sc_error_set(a->ctx, SC_ENOMEM, 0, NULL, "allocation overflow (%zu bytes)", n);
        return NULL;
    }
    if (!c || c->cap - c->used < need) {
        c = chunk_add(a, need);
        if (!c) {
            a->failed = true;
            return NULL;
        }
    }
    p = c->data + c->used;
    c->used += need;
    assert(c->used <= c->cap);
    assert(((uintptr_t)p & (ARENA_ALIGN - 1)) == 0);
    return p;
}

void *sc__arena_calloc(sc_arena *a, size_t n)
{
    void *p = sc__arena_alloc(a, n);

    if (p)
        memset(p, 0, n);
    return p;
}

char *sc__arena_strndup(sc_arena *a, const char *s, size_t len)
{
    return sc__strnfill(sc__arena_alloc(a, len + 1), s, len);
}

void sc__arena_free(sc_arena *a)
{
    sc_arena_chunk *c = a->head, *next;

    while (c) {
        next = c->next;
        sc_free(a->ctx, c);
        c = next;
    }
    a->head = NULL;
}

void sc__arena_reset(sc_arena *a)
{
    sc_arena_chunk *keep = a->head;

    if (!keep)
        return;
    a->head = keep->next;
    sc__arena_free(a);
    keep->next = NULL;
    keep->used = 0;
    a->head = keep;
    a->failed = false;
}

void sc__arena_splice(sc_arena *dst, sc_arena *src)
{
    sc_arena_chunk *last;

    if (!src->head)
        return;
    if (!dst->head) {
        dst->head = src->head;
    } else {
        /* Keep dst's head (it has room); put src's chunks behind it. */
        for (last = src->head; last->next; last = last->next)
            ;
        last->next = dst->head->next;
        dst->head->next = src->head;
    }
    src->head = NULL;
}

static void *arena_pb_alloc(void *data, size_t size)
{
    return sc__arena_alloc(data, size);
}

static void arena_pb_free(void *data, void *ptr)
{
    (void)data;
    (void)ptr;
}

ProtobufCAllocator sc__arena_pb(sc_arena *a)
{
    ProtobufCAllocator pa = {arena_pb_alloc, arena_pb_free, a};
    return pa;
}

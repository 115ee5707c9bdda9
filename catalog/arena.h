/*
 * arena.h - the one chunked bump allocator of syscat, catalog level so every
 * module uses it: decoded rows of a loaded table, a transaction's change
 * bytes, and every node of a parsed DDL statement (ddl/ast.h).
 *
 * Allocations are bumped from the newest chunk; a request larger than the
 * chunk size gets a chunk of its own, slotted behind the head so the head
 * keeps its room. Nothing is freed alone: the arena frees all at once.
 * Memory comes from the ctx allocator (fault injection reaches it).
 *
 * Invariants (asserted in debug builds): every chunk has used <= cap, and
 * pointers handed out are 16-byte aligned.
 */
#ifndef SC_CATALOG_ARENA_H
#define SC_CATALOG_ARENA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <protobuf-c/protobuf-c.h>

#include "syscat/common.h"

typedef struct sc_arena_chunk {
    struct sc_arena_chunk *next; /* older chunk */
    size_t used;                 /* bytes handed out from data */
    size_t cap;                  /* bytes in data */
    _Alignas(16) uint8_t data[]; /* the memory */
} sc_arena_chunk;

typedef struct sc_arena {
    sc_ctx *ctx;          /* allocator and error sink */
    sc_arena_chunk *head; /* newest chunk, NULL when empty */
    size_t chunk_size;    /* default size of a new chunk */
    bool failed;          /* an allocation failed since init/reset */
} sc_arena;

/** Start an empty arena (chunk_size 0 = 4096) living inside its owner. */
void sc__arena_init(sc_arena *a, sc_ctx *ctx, size_t chunk_size);
/** Free every chunk (the arena stays usable and empty). */
void sc__arena_free(sc_arena *a);
/** A heap-allocated arena (for owners that hand it around). NULL, SC_ENOMEM on ctx, on failure. */
sc_arena *sc__arena_new(sc_ctx *ctx, size_t chunk_size);
/** Free a heap arena from sc__arena_new and everything in it (NULL is fine). */
void sc__arena_delete(sc_arena *a);
/** n uninitialised bytes, 16-byte aligned; NULL (SC_ENOMEM on ctx, failed set) on failure. */
void *sc__arena_alloc(sc_arena *a, size_t n);
/** n zeroed bytes, 16-byte aligned; NULL on failure. */
void *sc__arena_calloc(sc_arena *a, size_t n);
/** Copy len bytes and add a NUL. */
char *sc__arena_strndup(sc_arena *a, const char *s, size_t len);
/** Forget every allocation but keep the newest chunk for reuse. */
void sc__arena_reset(sc_arena *a);
/** Move every chunk of src into dst (src becomes empty). */
void sc__arena_splice(sc_arena *dst, sc_arena *src);
/** A protobuf-c allocator backed by the arena (free is a no-op). */
ProtobufCAllocator sc__arena_pb(sc_arena *a);

#endif /* SC_CATALOG_ARENA_H */

/*
 * ast.c - the arena behind a parsed statement (ddl/ast.h) and the statement
 * free function.
 *
 * The arena is a list of chunks; allocations are bumped from the newest
 * chunk, big requests get a chunk of their own. Nothing is freed
 * individually: a statement's tree dies with its arena in one call.
 */
#include <string.h>

#include "catalog/catalog_int.h"
#include "ddl/ast.h"

#define ARENA_CHUNK 8192
#define ARENA_ALIGN 16

typedef struct arena_chunk {
    struct arena_chunk *next; /* older chunk */
    size_t size;              /* usable bytes in data */
    size_t used;              /* bytes handed out */
    _Alignas(16) unsigned char data[];
} arena_chunk;

struct sc_ast_arena {
    sc_ctx *ctx;       /* allocator and error sink */
    arena_chunk *head; /* newest chunk (allocations come from here) */
};

sc_ast_arena *sc_ast__arena_new(sc_ctx *ctx)
{
    sc_ast_arena *a = sc__calloc(ctx, 1, sizeof(*a));
    if (a)
        a->ctx = ctx;
    return a;
}

void sc_ast__arena_free(sc_ast_arena *a)
{
    arena_chunk *c, *next;

    if (!a)
        return;
    for (c = a->head; c; c = next) {
        next = c->next;
        sc_free(a->ctx, c);
    }
    sc_free(a->ctx, a);
}

static arena_chunk *chunk_new(sc_ast_arena *a, size_t need)
{
    size_t size = need > ARENA_CHUNK ? need : ARENA_CHUNK;
    arena_chunk *c = sc__malloc(a->ctx, sizeof(*c) + size);

    if (!c)
        return NULL;
    c->size = size;
    c->used = 0;
    return c;
}

void *sc_ast__alloc(sc_ast_arena *a, size_t size)
{
    arena_chunk *c = a->head;
    size_t rounded = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    void *p;

    if (rounded < size) {
        sc_error_set(a->ctx, SC_ENOMEM, 0, NULL, "allocation overflow");
        return NULL;
    }
    if (!c || c->size - c->used < rounded) {
        c = chunk_new(a, rounded);
        if (!c)
            return NULL;
        if (a->head && rounded > ARENA_CHUNK) {
            /* keep bumping from the current chunk: slot the big one behind it */
            c->next = a->head->next;
            a->head->next = c;
        } else {
            c->next = a->head;
            a->head = c;
        }
    }
    p = c->data + c->used;
    c->used += rounded;
    memset(p, 0, size);
    return p;
}

char *sc_ast__strndup(sc_ast_arena *a, const char *s, size_t len)
{
    char *p = sc_ast__alloc(a, len + 1);

    if (p && len)
        memcpy(p, s, len);
    return p;
}

void sc_ast__stmt_free(sc_ast_stmt *stmt)
{
    if (!stmt)
        return;
    /* the statement itself lives in its arena */
    sc_ast__arena_free(stmt->arena);
}

const char *sc_ast__stmt_kind_name(sc_ast_stmt_kind kind)
{
    static const char *const names[] = {
        [SC_AST_STMT_EMPTY] = "EMPTY",
        [SC_AST_STMT_CREATE_DATABASE] = "CREATE DATABASE",
        [SC_AST_STMT_ALTER_DATABASE] = "ALTER DATABASE",
        [SC_AST_STMT_DROP_DATABASE] = "DROP DATABASE",
        [SC_AST_STMT_CREATE_TABLE] = "CREATE TABLE",
        [SC_AST_STMT_ALTER_TABLE] = "ALTER TABLE",
        [SC_AST_STMT_DROP_TABLE] = "DROP TABLE",
        [SC_AST_STMT_RENAME_TABLE] = "RENAME TABLE",
        [SC_AST_STMT_TRUNCATE_TABLE] = "TRUNCATE TABLE",
        [SC_AST_STMT_CREATE_INDEX] = "CREATE INDEX",
        [SC_AST_STMT_DROP_INDEX] = "DROP INDEX",
        [SC_AST_STMT_USE] = "USE",
        [SC_AST_STMT_SET] = "SET",
        [SC_AST_STMT_SHOW] = "SHOW",
        [SC_AST_STMT_BEGIN] = "BEGIN",
        [SC_AST_STMT_COMMIT] = "COMMIT",
        [SC_AST_STMT_ROLLBACK] = "ROLLBACK",
        [SC_AST_STMT_UNSUPPORTED] = "UNSUPPORTED",
    };
    if ((unsigned)kind < sizeof(names) / sizeof(names[0]) && names[kind])
        return names[kind];
    return "?";
}

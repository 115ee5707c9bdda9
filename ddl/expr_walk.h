/*
 * expr_walk.h - stored expressions as trees. The catalog keeps CHECK,
 * DEFAULT (expr) and generated column bodies as the text ddl/expr.c printed;
 * ALTER TABLE reads that text back into an sc_expr tree (the parser of
 * ddl/parse_expr.c) to find the columns it uses and to rename them, then
 * prints it again, as MariaDB re-prints its Item trees. Scanning the text
 * for backquotes instead cannot tell `x` from `x``y` or from a string.
 *
 * Trees live in a caller's arena (the statement's), like every AST node.
 */
#ifndef SC_DDL_EXPR_WALK_H
#define SC_DDL_EXPR_WALK_H

#include <stdbool.h>

#include "syscat/common.h"
#include "ddl/ast.h"

/**
 * Parse stored expression text (as printed by sc_ddl__expr_print(), possibly
 * in parentheses) into a tree. The text is read with the printer's
 * conventions, whatever the session's sql_mode: backquoted identifiers,
 * backslash escapes in strings, `||` never used.
 * @param[out] out   the tree, nodes in arena
 * @param[in]  ctx   error sink (1064 for text the parser does not accept)
 * @param[in]  arena where nodes and strings are allocated
 * @param[in]  text  NUL-terminated stored text
 * @return SC_OK; SC_ESYNTAX; SC_ENOMEM
 */
int sc_ddl__expr_parse_stored(sc_expr **out, sc_ctx *ctx, sc_arena *arena, const char *text);

/**
 * Call fn for every column reference (SC_AST_EXPR_COLUMN) of e, depth
 * first in source order; stops at and returns the first non-zero result.
 * @param[in] e       tree or NULL
 * @param[in] fn      callback; may change the node's name
 * @param[in] payload passed through
 */
int sc_ddl__expr_foreach_column(sc_expr *e, int (*fn)(sc_expr *col, void *payload), void *payload);

/** Whether e names column col (ASCII case-insensitive, as column lookup is). */
bool sc_ddl__expr_uses_column(const sc_expr *e, const char *col);

/**
 * Rename every reference to column from (ASCII case-insensitive) to to.
 * @return the number of references renamed
 */
size_t sc_ddl__expr_rename_column(sc_expr *e, const char *from, const char *to);

/* What a node is, for the contexts that refuse some (MariaDB's VCOL_* flags,
 * the partitioning grammar's constant test). */
#define SC_EXPR_TIME 0x1      /* now(), curdate()... */
#define SC_EXPR_NONDET 0x2    /* rand(), uuid() */
#define SC_EXPR_SESSION 0x4   /* user(), connection_id()... and variables */
#define SC_EXPR_STATEMENT 0x8 /* last_insert_id(), found_rows(), row_count(): not even DEFAULT */
#define SC_EXPR_STORED 0x10   /* a call of no built-in function (db.f() too): a stored function */

/** The SC_EXPR_* class of one node (its arguments not looked at); 0 for none. */
unsigned sc_ddl__expr_func_class(const sc_expr *e);

/** Whether name (any case) is a function MariaDB 10.11 has built in (ddl/builtin_funcs.h). */
bool sc_ddl__func_is_builtin(const char *name);

#endif /* SC_DDL_EXPR_WALK_H */

/*
 * parse_int.h - internals shared by the parser's files: parse.c (driver,
 * token helpers, errors, small statements), parse_expr.c (expressions),
 * parse_table.c (types, column/index definitions, table options, CREATE and
 * ALTER TABLE). Not used outside ddl/parse*.c.
 *
 * Conventions: every parse_* function returns SC_OK or an error code that
 * has already been set on the ctx (1064 via sc_parse__syntax_error() at the
 * offending token, which is the first token that cannot continue a valid
 * statement, like bison's lookahead). Nodes come from the statement arena.
 */
#ifndef SC_DDL_PARSE_INT_H
#define SC_DDL_PARSE_INT_H

#include "syscat/common.h"
#include "syscat/error.h"
#include "ddl/ast.h"
#include "ddl/lex.h"
#include "ddl/parse.h"
#include "catalog/try.h"

struct sc_parser;
/* A trigger body's SELECT ... INTO target (ddl/parse_body.c). user: @name;
 * at_end: INTO after FROM ... (the deprecated form). */
typedef int (*sc_parse_into_fn)(struct sc_parser *p, const char *name, bool user, bool at_end);

typedef struct sc_parser {
    sc_ctx *ctx;              /* allocation + errors */
    sc_arena *arena;          /* the statement's arena */
    const char *sql;          /* statement text (arena copy) */
    size_t len;               /* bytes of sql */
    unsigned flags;           /* SC_PARSE_* */
    sc_token *toks;           /* all tokens, ending with SC_TOK_EOF */
    size_t n_toks;            /* including the EOF token */
    size_t pos;               /* current token index */
    unsigned depth;           /* expression nesting being parsed (<= SC_PARSE_MAX_DEPTH) */
    bool full_select;         /* subqueries, windows and GROUP_CONCAT parsed in full (views) */
    unsigned select_nest;     /* query expressions being parsed (1: a statement's own) */
    sc_parse_into_fn into_fn; /* NULL: INTO ends a block (views, subqueries) */
    void *into_arg;
    bool into_union; /* the block being read is not a union's first: INTO is the end form */
} sc_parser;

/*
 * The deepest expression the parser builds or recurses into. MariaDB's bison
 * stack stops at 32000 entries with 1064 "memory exhausted" (about 32000
 * parentheses, fewer levels of calls or CASE), and its item tree walkers
 * crash well before that (abs() nested 3000 deep kills 10.11.19). Every tree
 * walker here (normaliser, printer, executor checks) recurses once per
 * level, so this bound keeps their stack use within a few MB in the
 * sanitizer build; deeper input gets MariaDB's "memory exhausted" error.
 */
#define SC_PARSE_MAX_DEPTH 1000

/* ---- token access (inline: the grammar tries words in long chains) ---- */
static inline const sc_token *sc_parse__tok(const sc_parser *p, size_t ahead)
{
    size_t i = p->pos + ahead;
    return &p->toks[i < p->n_toks ? i : p->n_toks - 1];
}

static inline void sc_parse__skip(sc_parser *p)
{
    if (p->pos + 1 < p->n_toks)
        p->pos++;
}

static inline bool sc_parse__is_word(const sc_parser *p, size_t ahead, const char *word)
{
    return sc_lex__is_word(p->sql, sc_parse__tok(p, ahead), word);
}

static inline bool sc_parse__is_op(const sc_parser *p, size_t ahead, const char *op)
{
    return sc_lex__is_op(p->sql, sc_parse__tok(p, ahead), op);
}

static inline bool sc_parse__accept_word(sc_parser *p, const char *word)
{
    if (!sc_parse__is_word(p, 0, word))
        return false;
    sc_parse__skip(p);
    return true;
}

static inline bool sc_parse__accept_op(sc_parser *p, const char *op)
{
    if (!sc_parse__is_op(p, 0, op))
        return false;
    sc_parse__skip(p);
    return true;
}

int sc_parse__expect_word(sc_parser *p, const char *word);
int sc_parse__expect_op(sc_parser *p, const char *op);
bool sc_parse__at_end(const sc_parser *p);
/* An identifier token usable as a name: QIDENT or a non-reserved IDENT. */
bool sc_parse__is_ident(const sc_parser *p, size_t ahead);
/* The grammar's IDENT_sys: QIDENT or an IDENT that is no keyword at all. */
bool sc_parse__is_ident_sys(const sc_parser *p, size_t ahead);

/* ---- errors ---- */
/** 1064 at the current token. */
int sc_parse__syntax_error(sc_parser *p);
/** 1064 at token index i. */
int sc_parse__syntax_error_at(sc_parser *p, size_t i);
/* 1064 whose near text starts right after token i (MariaDB, when the token
 * it stopped at is a comma that no alternative may follow). */
int sc_parse__syntax_error_after(sc_parser *p, size_t i);
/** 1064 with the grammar's own text ("Wrong number of partitions defined, ...") at token i. */
int sc_parse__error_text_at(sc_parser *p, size_t i, const char *text);
int sc_parse__nomem(sc_parser *p);
/** Fill p->toks from p->sql (lexer flags from p->flags: ANSI_QUOTES, NO_BACKSLASH_ESCAPES). */
int sc_parse__tokenize(sc_parser *p);
/** 1064 "memory exhausted near ..." (bison's stack overflow) at the current token. */
int sc_parse__too_deep(sc_parser *p);

/* ---- allocation ---- */
void *sc_parse__alloc(sc_parser *p, size_t size);
/* Append one element of size sz to a growable array (*arr, *n); returns the new slot or NULL. */
void *sc_parse__push(sc_parser *p, void **arr, size_t *n, size_t sz);
/* item, list: one item(p, slot) per element pushed on (*arr, *n) while a ',' follows. */
int sc_parse__list(
    sc_parser *p, void **arr, size_t *n, size_t sz, int (*item)(sc_parser *p, void *slot));
/* qname [, qname]... appended to (*arr, *n). */
int sc_parse__qname_list(sc_parser *p, sc_ast_qname **arr, size_t *n);
/* '(' ident {, ident} ')': column lists (REFERENCES, PARTITION BY, view and CTE columns). */
int sc_parse__ident_list(sc_parser *p, const char ***names, size_t *n);
char *sc_parse__text(sc_parser *p, size_t start, size_t end);

/* ---- terminals ---- */
int sc_parse__ident(sc_parser *p, const char **out);
/* After '.', any word is a name (MariaDB's lexer does not look keywords up there). */
int sc_parse__ident_after_dot(sc_parser *p, const char **out);
int sc_parse__qname(sc_parser *p, sc_ast_qname *out);
int sc_parse__number(sc_parser *p, sc_ast_num *out);
int sc_parse__string(sc_parser *p, sc_ast_str *out);
/* A COMMENT or ENUM/SET value: a string whose bytes that are not UTF-8 become '?', and
   that may not hold a NUL (1235). */
int sc_parse__text_string(sc_parser *p, sc_ast_str *out);
/* ident_or_text: an identifier or a quoted string (charset, engine names). */
int sc_parse__ident_or_text(sc_parser *p, const char **out);
/* The current token's text read as an identifier (a word, a number) into out; skips it. */
int sc_parse__token_value(sc_parser *p, sc_ast_str *out);
/* charset_name: ident_or_text or BINARY; "default" accepted when allow_default. */
int sc_parse__charset_name(sc_parser *p, const char **out, bool allow_default);
/* [=] */
void sc_parse__opt_equal(sc_parser *p);
/* IF NOT EXISTS / IF EXISTS */
int sc_parse__if_not_exists(sc_parser *p, bool *out);
int sc_parse__if_exists(sc_parser *p, bool *out);

/* ---- expressions (parse_expr.c) ---- */
int sc_parse__expr(sc_parser *p, sc_expr **out);
/* simple_expr without operators: the DEFAULT value forms that need no parentheses. */
int sc_parse__default_value(sc_parser *p, sc_expr **out);
/* virtual_column_func: '(' expr ')' or a (subquery) - bodies of DEFAULT (...), AS, CHECK. */
int sc_parse__paren_expr(sc_parser *p, sc_expr **out);
/* ON UPDATE CURRENT_TIMESTAMP[(n)] and synonyms. */
int sc_parse__on_update_value(sc_parser *p, sc_expr **out);
/* Skip a parenthesised group starting at '(' (subqueries and other refused parts). */
int sc_parse__skip_balanced(sc_parser *p);

/* ---- SELECT parts (parse_select.c) ---- */
struct sc_window;
/* ORDER BY list after ORDER BY (expr [ASC|DESC], ...). */
int sc_parse__order_list(sc_parser *p, sc_order_item **out, size_t *n);
/* table_reference {, table_reference} (FROM lists, UPDATE and DELETE tables). */
struct sc_tref;
int sc_parse__table_refs(sc_parser *p, struct sc_tref ***out, size_t *n);
/* After OVER: a window name or ( [name] [PARTITION BY ..] [ORDER BY ..] [frame] ). */
int sc_parse__window_spec(sc_parser *p, struct sc_window **out);

/* ---- types and tables (parse_table.c) ---- */
int sc_parse__type(sc_parser *p, sc_ast_type *t, bool *serial, bool cast);
int sc_parse__create_table(sc_parser *p, sc_ast_stmt *st, bool or_replace, bool temporary);
int sc_parse__alter_table(sc_parser *p, sc_ast_stmt *st);
int sc_parse__create_index(sc_parser *p, sc_ast_stmt *st, bool or_replace);
/* parse_body.c: a trigger body (one statement, compound ones included) into t. */
struct sc_ast_trigger;
int sc_parse__trigger_body(sc_parser *p, struct sc_ast_trigger *t);
int sc_parse__table_options(sc_parser *p, sc_ast_table_option **opts, size_t *n, bool in_alter);
/* [WAIT n | NOWAIT] */
int sc_parse__opt_lock_wait(sc_parser *p);
/* parse_show.c: statements answered with rows; `unsupported` marks a form
 * this subset does not read (parse.c's helper). */
typedef int (*sc_parse_unsupported_fn)(sc_parser *p, sc_ast_stmt *st, const char *what);
int sc_parse__show(sc_parser *p, sc_ast_stmt *st, sc_parse_unsupported_fn unsupported);
int sc_parse__describe(sc_parser *p, sc_ast_stmt *st);
int sc_parse__show_select(sc_parser *p, sc_ast_stmt *st, sc_parse_unsupported_fn unsupported);

#endif /* SC_DDL_PARSE_INT_H */

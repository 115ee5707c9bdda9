/*
 * parse.c - the parser driver: tokenising, token helpers, MariaDB-exact
 * error reporting, statement dispatch and the small statements (database
 * DDL, DROP/RENAME/TRUNCATE TABLE, DROP INDEX, USE, SET, SHOW, transaction
 * control). CREATE/ALTER TABLE and CREATE INDEX live in parse_table.c,
 * expressions in parse_expr.c. Design notes: docs/ddl-parser.md.
 *
 * Statements outside our dialect (views, routines, DML...) are recognised by
 * their first words and returned as SC_AST_STMT_UNSUPPORTED without checking
 * the rest of their syntax; the executor refuses them with 1235.
 */
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "ddl/parse_int.h"
#include "ddl/sequence.h"
#include "ddl/select.h"

#define NEAR_MAX 80 /* MariaDB prints the rest of the query with %-.80s */
#define NEAR_CUT 77 /* a longer rest: whole characters within 77 bytes, then "..." */

/* ------------------------------------------------------------------ */
/* Token helpers                                                        */

int sc_parse__expect_word(sc_parser *p, const char *word)
{
    return sc_parse__accept_word(p, word) ? SC_OK : sc_parse__syntax_error(p);
}

int sc_parse__expect_op(sc_parser *p, const char *op)
{
    return sc_parse__accept_op(p, op) ? SC_OK : sc_parse__syntax_error(p);
}

bool sc_parse__at_end(const sc_parser *p)
{
    return sc_parse__tok(p, 0)->kind == SC_TOK_EOF;
}

bool sc_parse__is_ident(const sc_parser *p, size_t ahead)
{
    const sc_token *t = sc_parse__tok(p, ahead);

    if (t->kind == SC_TOK_QIDENT)
        return true;
    return t->kind == SC_TOK_IDENT && !sc_lex__is_reserved(p->sql + t->start, t->len);
}

bool sc_parse__is_ident_sys(const sc_parser *p, size_t ahead)
{
    const sc_token *t = sc_parse__tok(p, ahead);

    if (t->kind == SC_TOK_QIDENT)
        return true;
    return t->kind == SC_TOK_IDENT && !sc_lex__is_keyword(p->sql + t->start, t->len);
}

/* ------------------------------------------------------------------ */
/* Errors                                                               */

/* Length of the well-formed utf8mb3 character at s (1-3 bytes), or 0. */
static size_t utf8mb3_char(const unsigned char *s, size_t avail)
{
    size_t n = sc_charset__utf8_lead_len(s[0]), i;

    if (n == 4 || n > avail)
        return 0; /* a 4-byte lead (not utf8mb3) or too few bytes; n == 0 stays 0 */
    for (i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

/* Length of a well-formed 4-byte UTF-8 sequence at s, or 0. */
static size_t utf8_4byte(const unsigned char *s, size_t avail)
{
    if (avail < 4 || s[0] < 0xF0 || s[0] > 0xF4)
        return 0;
    if ((s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80 || (s[3] & 0xC0) != 0x80)
        return 0;
    return 4;
}

/*
 * The near text MariaDB 10.11 prints for the rest s[0..len) of a statement
 * (observed on 10.11.19): a rest of up to NEAR_MAX bytes whole, a longer one
 * cut to NEAR_CUT bytes of whole characters followed by "...". The message is
 * utf8mb3, so a 4-byte character prints as '?', and so does each byte that
 * does not start a well-formed character (10.11.19: the rest "\xE2\x82y more"
 * prints as '??y more'). out must hold NEAR_MAX + 4 bytes; returns the length
 * written.
 */
static size_t near_text(char *out, const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    bool cut = len > NEAR_MAX;
    size_t max = cut ? NEAR_CUT : len, i = 0, o = 0, c;

    while (i < max && u[i] != '\0') { /* MariaDB prints the rest with %s: a NUL ends it */
        if ((c = utf8mb3_char(u + i, max - i)) > 0) {
            memcpy(out + o, s + i, c);
            o += c;
        } else {
            if ((c = utf8_4byte(u + i, max - i)) == 0)
                c = 1;
            out[o++] = '?';
        }
        i += c;
    }
    if (cut) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    return o;
}

int sc_parse__syntax_error_at(sc_parser *p, size_t i)
{
    const sc_token *t = &p->toks[i < p->n_toks ? i : p->n_toks - 1];
    size_t start = t->start <= p->len ? t->start : p->len;
    char near[NEAR_MAX + 4];
    size_t n = near_text(near, p->sql + start, p->len - start);

    return sc_error_set_er(
        p->ctx, SC_ESYNTAX, SC_ER_PARSE_ERROR,
        "You have an error in your SQL syntax; check the manual that corresponds "
        "to your MariaDB server version for the right syntax to use",
        (int)n, near, t->line);
}

int sc_parse__syntax_error_after(sc_parser *p, size_t i)
{
    const sc_token *t = &p->toks[i < p->n_toks ? i : p->n_toks - 1];
    size_t start = t->start + t->len <= p->len ? t->start + t->len : p->len;
    char near[NEAR_MAX + 4];
    size_t n = near_text(near, p->sql + start, p->len - start);

    return sc_error_set_er(
        p->ctx, SC_ESYNTAX, SC_ER_PARSE_ERROR,
        "You have an error in your SQL syntax; check the manual that corresponds "
        "to your MariaDB server version for the right syntax to use",
        (int)n, near, t->line);
}

int sc_parse__error_text_at(sc_parser *p, size_t i, const char *text)
{
    const sc_token *t = &p->toks[i < p->n_toks ? i : p->n_toks - 1];
    size_t start = t->start <= p->len ? t->start : p->len;
    char near[NEAR_MAX + 4];
    size_t n = near_text(near, p->sql + start, p->len - start);

    return sc_error_set_er(p->ctx, SC_ESYNTAX, SC_ER_PARSE_ERROR, text, (int)n, near, t->line);
}

int sc_parse__syntax_error(sc_parser *p)
{
    return sc_parse__syntax_error_at(p, p->pos);
}

int sc_parse__too_deep(sc_parser *p)
{
    const sc_token *t = &p->toks[p->pos < p->n_toks ? p->pos : p->n_toks - 1];
    size_t start = t->start <= p->len ? t->start : p->len;
    char near[NEAR_MAX + 4];
    size_t n = near_text(near, p->sql + start, p->len - start);

    return sc_error_set_er(p->ctx, SC_ESYNTAX, SC_ER_PARSE_ERROR, "memory exhausted", (int)n, near,
                           t->line);
}

int sc_parse__nomem(sc_parser *p)
{
    return sc_error_set(p->ctx, SC_ENOMEM, 0, NULL, "out of memory while parsing");
}

/*
 * 1300 for an identifier that is not valid utf8mb3: a 4-byte UTF-8 character
 * (MariaDB keeps names in utf8mb3) or bytes that are not UTF-8 at all.
 */
static int check_ident_chars(sc_parser *p, const char *name)
{
    char buf[256];
    size_t i, n = 0, len = strlen(name), step;
    bool bad = false;

    for (i = 0; i < len && !bad; i += step) {
        step = utf8mb3_char((const unsigned char *)name + i, len - i);
        bad = step == 0;
    }
    if (!bad)
        return SC_OK;
    for (i = 0; name[i] && n + 5 < sizeof(buf); i++) {
        unsigned char c = (unsigned char)name[i];
        if (c >= 0x20 && c < 0x7F) {
            buf[n++] = (char)c;
        } else {
            static const char hex[] = "0123456789ABCDEF";
            buf[n++] = '\\';
            buf[n++] = 'x';
            buf[n++] = hex[c >> 4];
            buf[n++] = hex[c & 15];
        }
    }
    buf[n] = '\0';
    return sc_error_set_er(p->ctx, SC_ESYNTAX, SC_ER_INVALID_CHARACTER_STRING, "utf8mb4", buf);
}

/* ------------------------------------------------------------------ */
/* Allocation                                                           */

void *sc_parse__alloc(sc_parser *p, size_t size)
{
    return sc__arena_calloc(p->arena, size);
}

void *sc_parse__push(sc_parser *p, void **arr, size_t *n, size_t sz)
{
    /* capacity doubles at powers of two; old blocks stay in the arena */
    size_t cap = 1;
    char *a = *arr;

    while (cap < *n)
        cap *= 2;
    if (*n == 0 || *n == cap) {
        char *b = sc__arena_calloc(p->arena, sz * (*n ? cap * 2 : 1));
        if (!b)
            return NULL;
        if (*n)
            memcpy(b, a, sz * *n);
        a = b;
        *arr = a;
    }
    return a + sz * (*n)++;
}

int sc_parse__list(
    sc_parser *p, void **arr, size_t *n, size_t sz, int (*item)(sc_parser *p, void *slot))
{
    do {
        void *slot = sc_parse__push(p, arr, n, sz);
        if (!slot)
            return sc_parse__nomem(p);
        SC_TRY(item(p, slot));
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

char *sc_parse__text(sc_parser *p, size_t start, size_t end)
{
    return sc__arena_strndup(p->arena, p->sql + start, end > start ? end - start : 0);
}

/* ------------------------------------------------------------------ */
/* Terminals                                                            */

int sc_parse__ident(sc_parser *p, const char **out)
{
    char *s;

    if (!sc_parse__is_ident(p, 0))
        return sc_parse__syntax_error(p);
    s = sc_lex__ident(p->arena, p->sql, sc_parse__tok(p, 0), p->flags);
    if (!s)
        return sc_parse__nomem(p);
    SC_TRY(check_ident_chars(p, s));
    sc_parse__skip(p);
    *out = s;
    return SC_OK;
}

int sc_parse__ident_after_dot(sc_parser *p, const char **out)
{
    const sc_token *t = sc_parse__tok(p, 0);
    char *s;

    if (t->kind != SC_TOK_IDENT && t->kind != SC_TOK_QIDENT)
        return sc_parse__syntax_error(p);
    s = sc_lex__ident(p->arena, p->sql, t, p->flags);
    if (!s)
        return sc_parse__nomem(p);
    SC_TRY(check_ident_chars(p, s));
    sc_parse__skip(p);
    *out = s;
    return SC_OK;
}

int sc_parse__qname(sc_parser *p, sc_ast_qname *out)
{
    const char *a;

    memset(out, 0, sizeof(*out));
    SC_TRY(sc_parse__ident(p, &a));
    if (sc_parse__accept_op(p, ".")) {
        out->db = a;
        return sc_parse__ident_after_dot(p, &out->name);
    }
    out->name = a;
    return SC_OK;
}

int sc_parse__token_value(sc_parser *p, sc_ast_str *out)
{
    out->s = sc_lex__ident(p->arena, p->sql, sc_parse__tok(p, 0), p->flags);
    if (!out->s)
        return sc_parse__nomem(p);
    out->len = strlen(out->s);
    sc_parse__skip(p);
    return SC_OK;
}

static int qname_item(sc_parser *p, void *slot)
{
    return sc_parse__qname(p, slot);
}

static int ident_item(sc_parser *p, void *slot)
{
    return sc_parse__ident(p, slot);
}

int sc_parse__ident_list(sc_parser *p, const char ***names, size_t *n)
{
    SC_TRY(sc_parse__expect_op(p, "("));
    SC_TRY(sc_parse__list(p, (void **)names, n, sizeof(**names), ident_item));
    return sc_parse__expect_op(p, ")");
}

int sc_parse__qname_list(sc_parser *p, sc_ast_qname **arr, size_t *n)
{
    return sc_parse__list(p, (void **)arr, n, sizeof(**arr), qname_item);
}

int sc_parse__number(sc_parser *p, sc_ast_num *out)
{
    const sc_token *t = sc_parse__tok(p, 0);
    size_t i;

    if (t->kind != SC_TOK_INT)
        return sc_parse__syntax_error(p);
    memset(out, 0, sizeof(*out));
    out->present = true;
    for (i = 0; i < t->len; i++) {
        unsigned d = (unsigned)(p->sql[t->start + i] - '0');
        if (out->value > (UINT64_MAX - d) / 10) {
            out->overflow = true;
            out->value = UINT64_MAX;
        } else if (!out->overflow) {
            out->value = out->value * 10 + d;
        }
    }
    out->text = sc_parse__text(p, t->start, t->start + t->len);
    if (!out->text)
        return sc_parse__nomem(p);
    sc_parse__skip(p);
    return SC_OK;
}

/*
 * A COMMENT or ENUM/SET value (s was just parsed). MariaDB converts the text
 * from the (pinned utf8mb4) client character set, which turns every byte
 * that does not start a well-formed UTF-8 character into '?' (10.11.19:
 * COMMENT 'abc\xE2\x82' is stored as 'abc??'); done in place, the length
 * stays. A NUL byte MariaDB keeps, but our rows hold these as C strings, so
 * it is refused rather than silently cut off.
 */
static int text_value(sc_parser *p, sc_ast_str *s)
{
    unsigned char *u = (unsigned char *)(uintptr_t)s->s;
    size_t i = 0, c;

    if (memchr(s->s, '\0', s->len))
        return sc_error_set_er(p->ctx, SC_ERROR, SC_ER_NOT_SUPPORTED_YET,
                               "NUL bytes in a COMMENT, ENUM or SET value");
    while (i < s->len) {
        c = utf8mb3_char(u + i, s->len - i);
        if (c == 0)
            c = utf8_4byte(u + i, s->len - i);
        if (c == 0) {
            u[i] = '?';
            c = 1;
        }
        i += c;
    }
    return SC_OK;
}

int sc_parse__text_string(sc_parser *p, sc_ast_str *out)
{
    SC_TRY(sc_parse__string(p, out));
    return text_value(p, out);
}

int sc_parse__string(sc_parser *p, sc_ast_str *out)
{
    const sc_token *t = sc_parse__tok(p, 0);

    if (t->kind != SC_TOK_STRING)
        return sc_parse__syntax_error(p);
    if (sc_lex__string(out, p->arena, p->sql, t, p->flags) != SC_OK)
        return sc_parse__nomem(p);
    sc_parse__skip(p);
    return SC_OK;
}

int sc_parse__ident_or_text(sc_parser *p, const char **out)
{
    sc_ast_str s;

    if (sc_parse__tok(p, 0)->kind == SC_TOK_STRING) {
        SC_TRY(sc_parse__string(p, &s));
        *out = s.s;
        return SC_OK;
    }
    return sc_parse__ident(p, out);
}

int sc_parse__charset_name(sc_parser *p, const char **out, bool allow_default)
{
    if (sc_parse__is_word(p, 0, "BINARY") ||
        (allow_default && sc_parse__is_word(p, 0, "DEFAULT"))) {
        const sc_token *t = sc_parse__tok(p, 0);
        char *s = sc_parse__text(p, t->start, t->start + t->len);
        size_t i;
        if (!s)
            return sc_parse__nomem(p);
        for (i = 0; s[i]; i++)
            if (s[i] >= 'A' && s[i] <= 'Z')
                s[i] = (char)(s[i] - 'A' + 'a');
        sc_parse__skip(p);
        *out = s;
        return SC_OK;
    }
    return sc_parse__ident_or_text(p, out);
}

void sc_parse__opt_equal(sc_parser *p)
{
    if (!sc_parse__accept_op(p, "="))
        (void)sc_parse__accept_op(p, ":=");
}

int sc_parse__if_not_exists(sc_parser *p, bool *out)
{
    *out = false;
    if (!sc_parse__accept_word(p, "IF"))
        return SC_OK;
    SC_TRY(sc_parse__expect_word(p, "NOT"));
    SC_TRY(sc_parse__expect_word(p, "EXISTS"));
    *out = true;
    return SC_OK;
}

int sc_parse__if_exists(sc_parser *p, bool *out)
{
    *out = false;
    if (!sc_parse__accept_word(p, "IF"))
        return SC_OK;
    SC_TRY(sc_parse__expect_word(p, "EXISTS"));
    *out = true;
    return SC_OK;
}

/* Skip a parenthesised group starting at '(' (used for refused sub-parts). */
int sc_parse__skip_balanced(sc_parser *p)
{
    int depth = 0;

    do {
        const sc_token *t = sc_parse__tok(p, 0);
        if (t->kind == SC_TOK_EOF || t->kind == SC_TOK_ERROR)
            return sc_parse__syntax_error(p);
        if (sc_parse__is_op(p, 0, "("))
            depth++;
        else if (sc_parse__is_op(p, 0, ")"))
            depth--;
        sc_parse__skip(p);
    } while (depth > 0);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Statements                                                           */

static int unsupported(sc_parser *p, sc_ast_stmt *st, const char *what)
{
    st->kind = SC_AST_STMT_UNSUPPORTED;
    st->unsupported_what = what;
    /* the rest is not checked: skip to the end */
    while (!sc_parse__at_end(p))
        sc_parse__skip(p);
    return SC_OK;
}

/* database option list of CREATE/ALTER DATABASE; at least `min` options. */
static int db_options(sc_parser *p, sc_ast_database *db, size_t min)
{
    for (;;) {
        bool dflt = sc_parse__accept_word(p, "DEFAULT");
        sc_ast_db_option *o;

        if (sc_parse__is_word(p, 0, "CHARACTER") || sc_parse__is_word(p, 0, "CHARSET") ||
            sc_parse__is_word(p, 0, "COLLATE") || (!dflt && sc_parse__is_word(p, 0, "COMMENT"))) {
            o = sc_parse__push(p, (void **)&db->options, &db->n_options, sizeof(*o));
            if (!o)
                return sc_parse__nomem(p);
            o->default_prefix = dflt;
        } else {
            if (dflt || db->n_options < min)
                return sc_parse__syntax_error(p);
            return SC_OK;
        }
        if (sc_parse__accept_word(p, "COMMENT")) {
            o->kind = SC_AST_TOPT_COMMENT;
            sc_parse__opt_equal(p);
            SC_TRY(sc_parse__text_string(p, &o->value));
            continue;
        }
        o->kind = sc_parse__is_word(p, 0, "COLLATE") ? SC_AST_TOPT_COLLATE : SC_AST_TOPT_CHARSET;
        if (sc_parse__accept_word(p, "CHARACTER"))
            SC_TRY(sc_parse__expect_word(p, "SET"));
        else
            sc_parse__skip(p);
        sc_parse__opt_equal(p);
        SC_TRY(sc_parse__charset_name(p, &o->value.s, true));
        o->value.len = strlen(o->value.s);
    }
}

static sc_ast_database *new_db(sc_parser *p, sc_ast_stmt *st, sc_ast_stmt_kind kind)
{
    st->kind = kind;
    st->database = sc_parse__alloc(p, sizeof(*st->database));
    return st->database;
}

static int create_database(sc_parser *p, sc_ast_stmt *st, bool or_replace)
{
    sc_ast_database *db = new_db(p, st, SC_AST_STMT_CREATE_DATABASE);

    if (!db)
        return sc_parse__nomem(p);
    db->or_replace = or_replace;
    SC_TRY(sc_parse__if_not_exists(p, &db->if_not_exists));
    SC_TRY(sc_parse__ident(p, &db->name));
    return db_options(p, db, 0);
}

/* ALTER DATABASE: is the current token the optional database name? */
static bool alter_db_has_name(const sc_parser *p)
{
    const sc_token *next = sc_parse__tok(p, 1);

    if (!sc_parse__is_ident(p, 0))
        return false;
    if (sc_parse__is_word(p, 0, "COMMENT"))
        return !(sc_parse__is_op(p, 1, "=") || next->kind == SC_TOK_STRING);
    if (sc_parse__is_word(p, 0, "CHARSET"))
        return !(sc_parse__is_op(p, 1, "=") || next->kind == SC_TOK_STRING ||
                 sc_parse__is_ident(p, 1) || sc_parse__is_word(p, 1, "BINARY"));
    return true;
}

static int alter_database(sc_parser *p, sc_ast_stmt *st)
{
    sc_ast_database *db = new_db(p, st, SC_AST_STMT_ALTER_DATABASE);

    if (!db)
        return sc_parse__nomem(p);
    if (alter_db_has_name(p)) {
        SC_TRY(sc_parse__ident(p, &db->name));
        if (sc_parse__accept_word(p, "UPGRADE")) {
            SC_TRY(sc_parse__expect_word(p, "DATA"));
            SC_TRY(sc_parse__expect_word(p, "DIRECTORY"));
            SC_TRY(sc_parse__expect_word(p, "NAME"));
            db->upgrade_data_dir_name = true;
            return SC_OK;
        }
    }
    return db_options(p, db, 1);
}

static int drop_database(sc_parser *p, sc_ast_stmt *st)
{
    sc_ast_database *db = new_db(p, st, SC_AST_STMT_DROP_DATABASE);

    if (!db)
        return sc_parse__nomem(p);
    SC_TRY(sc_parse__if_exists(p, &db->if_exists));
    return sc_parse__ident(p, &db->name);
}

int sc_parse__opt_lock_wait(sc_parser *p)
{
    sc_ast_num n;

    if (sc_parse__accept_word(p, "NOWAIT"))
        return SC_OK;
    if (sc_parse__accept_word(p, "WAIT"))
        return sc_parse__number(p, &n);
    return SC_OK;
}

static int drop_table(sc_parser *p, sc_ast_stmt *st, bool temporary)
{
    sc_ast_drop_table *d = sc_parse__alloc(p, sizeof(*d));

    if (!d)
        return sc_parse__nomem(p);
    st->kind = SC_AST_STMT_DROP_TABLE;
    st->drop_table = d;
    d->temporary = temporary;
    SC_TRY(sc_parse__if_exists(p, &d->if_exists));
    SC_TRY(sc_parse__qname_list(p, &d->tables, &d->n_tables));
    SC_TRY(sc_parse__opt_lock_wait(p));
    if (sc_parse__accept_word(p, "CASCADE"))
        d->cascade = true;
    else
        (void)sc_parse__accept_word(p, "RESTRICT");
    return SC_OK;
}

static int drop_index(sc_parser *p, sc_ast_stmt *st)
{
    sc_ast_index_stmt *d = sc_parse__alloc(p, sizeof(*d));

    if (!d || !(d->index = sc_parse__alloc(p, sizeof(*d->index))))
        return sc_parse__nomem(p);
    st->kind = SC_AST_STMT_DROP_INDEX;
    st->index_stmt = d;
    SC_TRY(sc_parse__if_exists(p, &d->if_exists));
    SC_TRY(sc_parse__ident(p, &d->index->name));
    SC_TRY(sc_parse__expect_word(p, "ON"));
    SC_TRY(sc_parse__qname(p, &d->table));
    for (;;) {
        const char **slot;
        if (sc_parse__is_word(p, 0, "ALGORITHM"))
            slot = &d->algorithm;
        else if (sc_parse__is_word(p, 0, "LOCK"))
            slot = &d->lock;
        else
            return sc_parse__opt_lock_wait(p);
        sc_parse__skip(p);
        sc_parse__opt_equal(p);
        SC_TRY(sc_parse__charset_name(p, slot, true));
    }
}

static const char *const unsupported_objects[] = {
    "VIEW",   "TRIGGER", "PROCEDURE",  "FUNCTION", "EVENT",     "USER",    "ROLE",      "SEQUENCE",
    "SERVER", "PACKAGE", "TABLESPACE", "LOGFILE",  "AGGREGATE", "DEFINER", "ALGORITHM", "SQL",
};

/* CREATE|ALTER|DROP <object we refuse>: the object word, or NULL. */
static const char *unsupported_object(const sc_parser *p)
{
    size_t i;

    for (i = 0; i < sizeof(unsupported_objects) / sizeof(unsupported_objects[0]); i++)
        if (sc_parse__is_word(p, 0, unsupported_objects[i]))
            return unsupported_objects[i];
    return NULL;
}

/* The object word at token k when it names a stored procedure, function or
 * event (AGGREGATE FUNCTION included), else NULL. */
static const char *stored_word(const sc_parser *p, size_t k)
{
    if (sc_parse__is_word(p, k, "PROCEDURE"))
        return "PROCEDURE";
    if (sc_parse__is_word(p, k, "FUNCTION") ||
        (sc_parse__is_word(p, k, "AGGREGATE") && sc_parse__is_word(p, k + 1, "FUNCTION")))
        return "FUNCTION";
    if (sc_parse__is_word(p, k, "EVENT"))
        return "EVENT";
    return NULL;
}

/* CREATE DEFINER = user ... : the token after the user (mysqldump writes
 * routines with it), so that the object word can be looked at. */
static size_t after_definer(const sc_parser *p)
{
    size_t k = 1; /* DEFINER */

    if (sc_parse__is_op(p, k, "="))
        k++;
    if (sc_parse__is_word(p, k, "CURRENT_USER"))
        return sc_parse__is_op(p, k + 1, "(") ? k + 3 : k + 1;
    k++; /* the user */
    if (sc_parse__is_op(p, k, "@"))
        k += 2;
    return k;
}

/*
 * CREATE [DEFINER = u] [AGGREGATE] PROCEDURE|FUNCTION|EVENT [IF NOT EXISTS]
 * name ..., ALTER ... name ..., DROP ... [IF EXISTS] name: the name is what
 * the executor needs; the rest (parameters, body, schedule) is skipped.
 */
static int stmt_stored(sc_parser *p, sc_ast_stmt *st, const char *verb)
{
    sc_ast_stored_object *o = sc_parse__alloc(p, sizeof(*o));
    bool ine = false;

    if (!o)
        return sc_parse__nomem(p);
    if (sc_parse__is_word(p, 0, "DEFINER")) {
        size_t k = after_definer(p);
        while (k-- > 0)
            sc_parse__skip(p);
    }
    o->verb = verb;
    o->object = stored_word(p, 0);
    (void)sc_parse__accept_word(p, "AGGREGATE");
    sc_parse__skip(p); /* the object word */
    if (strcmp(verb, "DROP") == 0)
        SC_TRY(sc_parse__if_exists(p, &o->if_exists));
    else if (strcmp(verb, "CREATE") == 0)
        SC_TRY(sc_parse__if_not_exists(p, &ine));
    SC_TRY(sc_parse__qname(p, &o->name));
    st->kind = SC_AST_STMT_STORED_OBJECT;
    st->stored = o;
    while (!sc_parse__at_end(p)) { /* the definition is not kept: not checked */
        if (strcmp(verb, "ALTER") == 0 && sc_parse__is_word(p, 0, "RENAME") &&
            sc_parse__is_word(p, 1, "TO")) {
            sc_parse__skip(p);
            sc_parse__skip(p);
            SC_TRY(sc_parse__qname(p, &o->rename));
            continue;
        }
        sc_parse__skip(p);
    }
    return SC_OK;
}

static const char *object_stmt_name(const char *verb, const char *obj)
{
    static const char *const names[][3] = {
        {"CREATE", "VIEW", "CREATE VIEW"},
        {"CREATE", "TRIGGER", "CREATE TRIGGER"},
        {"CREATE", "USER", "CREATE USER"},
        {"CREATE", "ROLE", "CREATE ROLE"},
        {"CREATE", "SEQUENCE", "CREATE SEQUENCE"},
        {"ALTER", "VIEW", "ALTER VIEW"},
        {"ALTER", "SEQUENCE", "ALTER SEQUENCE"},
        {"DROP", "VIEW", "DROP VIEW"},
        {"DROP", "TRIGGER", "DROP TRIGGER"},
        {"DROP", "USER", "DROP USER"},
        {"DROP", "ROLE", "DROP ROLE"},
        {"DROP", "SEQUENCE", "DROP SEQUENCE"},
    };
    size_t i;

    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (strcmp(names[i][0], verb) == 0 && strcmp(names[i][1], obj) == 0)
            return names[i][2];
    if (strcmp(obj, "DEFINER") == 0 || strcmp(obj, "ALGORITHM") == 0 || strcmp(obj, "SQL") == 0)
        return strcmp(verb, "CREATE") == 0 ? "CREATE VIEW" : "ALTER VIEW";
    return strcmp(verb, "CREATE") == 0 ? "CREATE" : strcmp(verb, "ALTER") == 0 ? "ALTER" : "DROP";
}

static int stmt_create(sc_parser *p, sc_ast_stmt *st)
{
    bool or_replace = false, temporary = false;
    const char *obj;

    if (sc_parse__accept_word(p, "OR")) {
        SC_TRY(sc_parse__expect_word(p, "REPLACE"));
        or_replace = true;
    }
    if (sc_parse__accept_word(p, "TEMPORARY"))
        temporary = true;
    if (sc_parse__accept_word(p, "TABLE"))
        return sc_parse__create_table(p, st, or_replace, temporary);
    if (sc_parse__is_word(p, 0, "SEQUENCE"))
        return sc_parse__create_sequence(p, st, or_replace, temporary);
    if (temporary)
        return sc_parse__syntax_error(p);
    if (sc_parse__accept_word(p, "DATABASE") || sc_parse__accept_word(p, "SCHEMA"))
        return create_database(p, st, or_replace);
    if (sc_parse__is_word(p, 0, "INDEX") || sc_parse__is_word(p, 0, "UNIQUE") ||
        sc_parse__is_word(p, 0, "FULLTEXT") || sc_parse__is_word(p, 0, "SPATIAL"))
        return sc_parse__create_index(p, st, or_replace);
    if (stored_word(p, 0) ||
        (sc_parse__is_word(p, 0, "DEFINER") && stored_word(p, after_definer(p))))
        return stmt_stored(p, st, "CREATE");
    if (sc_parse__is_word(p, 0, "VIEW") || sc_parse__is_word(p, 0, "TRIGGER") ||
        sc_parse__is_word(p, 0, "DEFINER") || sc_parse__is_word(p, 0, "ALGORITHM") ||
        (sc_parse__is_word(p, 0, "SQL") && sc_parse__is_word(p, 1, "SECURITY")))
        return sc_parse__create_view_or_trigger(p, st, or_replace);
    obj = unsupported_object(p);
    if (obj)
        return unsupported(p, st, object_stmt_name("CREATE", obj));
    return sc_parse__syntax_error(p);
}

static int stmt_alter(sc_parser *p, sc_ast_stmt *st)
{
    const char *obj;

    if (sc_parse__is_word(p, 0, "ONLINE") || sc_parse__is_word(p, 0, "IGNORE") ||
        sc_parse__is_word(p, 0, "TABLE"))
        return sc_parse__alter_table(p, st);
    if (sc_parse__accept_word(p, "DATABASE") || sc_parse__accept_word(p, "SCHEMA"))
        return alter_database(p, st);
    if (sc_parse__is_word(p, 0, "SEQUENCE"))
        return sc_parse__alter_sequence(p, st);
    if (sc_parse__is_word(p, 0, "VIEW") || sc_parse__is_word(p, 0, "DEFINER") ||
        sc_parse__is_word(p, 0, "ALGORITHM") ||
        (sc_parse__is_word(p, 0, "SQL") && sc_parse__is_word(p, 1, "SECURITY")))
        return sc_parse__alter_view(p, st);
    if (stored_word(p, 0) && !sc_parse__is_word(p, 0, "AGGREGATE"))
        return stmt_stored(p, st, "ALTER");
    obj = unsupported_object(p);
    if (obj)
        return unsupported(p, st, object_stmt_name("ALTER", obj));
    return sc_parse__syntax_error(p);
}

static int stmt_drop(sc_parser *p, sc_ast_stmt *st)
{
    bool temporary = sc_parse__accept_word(p, "TEMPORARY");
    const char *obj;

    if (sc_parse__accept_word(p, "TABLE") || sc_parse__accept_word(p, "TABLES"))
        return drop_table(p, st, temporary);
    if (sc_parse__is_word(p, 0, "SEQUENCE"))
        return sc_parse__drop_sequence(p, st, temporary);
    if (temporary)
        return sc_parse__syntax_error(p);
    if (sc_parse__accept_word(p, "DATABASE") || sc_parse__accept_word(p, "SCHEMA"))
        return drop_database(p, st);
    if (sc_parse__accept_word(p, "INDEX"))
        return drop_index(p, st);
    if (sc_parse__accept_word(p, "VIEW"))
        return sc_parse__drop_view(p, st);
    if (sc_parse__accept_word(p, "TRIGGER"))
        return sc_parse__drop_trigger(p, st);
    if (stored_word(p, 0) && !sc_parse__is_word(p, 0, "AGGREGATE"))
        return stmt_stored(p, st, "DROP");
    obj = unsupported_object(p);
    if (obj)
        return unsupported(p, st, object_stmt_name("DROP", obj));
    return sc_parse__syntax_error(p);
}

static int stmt_rename(sc_parser *p, sc_ast_stmt *st)
{
    sc_ast_rename_table *r;

    if (sc_parse__is_word(p, 0, "USER"))
        return unsupported(p, st, "RENAME USER");
    if (!sc_parse__accept_word(p, "TABLE") && !sc_parse__accept_word(p, "TABLES"))
        return sc_parse__syntax_error(p);
    r = sc_parse__alloc(p, sizeof(*r));
    if (!r)
        return sc_parse__nomem(p);
    st->kind = SC_AST_STMT_RENAME_TABLE;
    st->rename_table = r;
    SC_TRY(sc_parse__if_exists(p, &r->if_exists));
    do {
        sc_ast_rename_pair *pr = sc_parse__push(p, (void **)&r->pairs, &r->n_pairs, sizeof(*pr));
        if (!pr)
            return sc_parse__nomem(p);
        SC_TRY(sc_parse__qname(p, &pr->from));
        SC_TRY(sc_parse__opt_lock_wait(p));
        SC_TRY(sc_parse__expect_word(p, "TO"));
        SC_TRY(sc_parse__qname(p, &pr->to));
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

static int stmt_truncate(sc_parser *p, sc_ast_stmt *st)
{
    (void)sc_parse__accept_word(p, "TABLE");
    st->kind = SC_AST_STMT_TRUNCATE_TABLE;
    SC_TRY(sc_parse__qname(p, &st->truncate_table));
    return sc_parse__opt_lock_wait(p);
}

static int stmt_use(sc_parser *p, sc_ast_stmt *st)
{
    st->kind = SC_AST_STMT_USE;
    return sc_parse__ident(p, &st->use_db);
}

/* ---- SET ---- */

static sc_ast_var_scope scope_word(sc_parser *p)
{
    if (sc_parse__accept_word(p, "GLOBAL"))
        return SC_AST_VAR_GLOBAL;
    if (sc_parse__accept_word(p, "SESSION") || sc_parse__accept_word(p, "LOCAL"))
        return SC_AST_VAR_SESSION;
    return SC_AST_VAR_DEFAULT;
}

static int set_names(sc_parser *p, sc_ast_set_item *it)
{
    it->kind = SC_AST_SET_NAMES;
    if (sc_parse__accept_word(p, "DEFAULT"))
        return SC_OK;
    SC_TRY(sc_parse__charset_name(p, &it->charset, false));
    if (sc_parse__accept_word(p, "COLLATE")) {
        if (sc_parse__accept_word(p, "DEFAULT"))
            return SC_OK;
        SC_TRY(sc_parse__ident_or_text(p, &it->collate));
    }
    return SC_OK;
}

static int set_value(sc_parser *p, sc_ast_set_item *it)
{
    static const char *const words[] = {"DEFAULT", "ON", "ALL", "BINARY"};
    size_t i;

    if (!sc_parse__accept_op(p, "=") && !sc_parse__accept_op(p, ":="))
        return sc_parse__syntax_error(p);
    for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
        const sc_token *t = sc_parse__tok(p, 0);
        if (sc_parse__is_word(p, 0, words[i]) && !sc_parse__is_op(p, 1, "(")) {
            sc_expr *e = sc_parse__alloc(p, sizeof(*e));
            if (!e)
                return sc_parse__nomem(p);
            e->kind = i == 0 ? SC_AST_EXPR_DEFAULT : SC_AST_EXPR_WORD;
            e->name = words[i];
            e->start = t->start;
            e->end = t->start + t->len;
            sc_parse__skip(p);
            it->value = e;
            return SC_OK;
        }
    }
    return sc_parse__expr(p, &it->value);
}

/* @@[scope.]name: the '@@' is consumed already. */
static int set_sysvar_name(sc_parser *p, sc_ast_set_item *it)
{
    if ((sc_parse__is_word(p, 0, "GLOBAL") || sc_parse__is_word(p, 0, "SESSION") ||
         sc_parse__is_word(p, 0, "LOCAL")) &&
        sc_parse__is_op(p, 1, ".")) {
        it->scope = scope_word(p);
        sc_parse__skip(p);
    } else {
        it->scope = SC_AST_VAR_DEFAULT;
    }
    return sc_parse__ident_after_dot(p, &it->name);
}

static int set_item(sc_parser *p, sc_ast_set_item *it, sc_ast_var_scope scope)
{
    it->kind = SC_AST_SET_VAR;
    it->scope = scope;
    if (sc_parse__accept_op(p, "@")) {
        it->scope = SC_AST_VAR_USER;
        if (sc_parse__tok(p, 0)->kind == SC_TOK_STRING) {
            sc_ast_str s;
            SC_TRY(sc_parse__string(p, &s));
            it->name = s.s;
        } else {
            SC_TRY(sc_parse__ident_after_dot(p, &it->name));
        }
        return set_value(p, it);
    }
    if (sc_parse__accept_op(p, "@@")) {
        SC_TRY(set_sysvar_name(p, it));
    } else {
        if (sc_parse__is_word(p, 0, "GLOBAL") || sc_parse__is_word(p, 0, "SESSION") ||
            sc_parse__is_word(p, 0, "LOCAL"))
            it->scope = scope_word(p);
        if (sc_parse__accept_word(p, "NAMES"))
            return set_names(p, it);
        if (sc_parse__is_word(p, 0, "CHARSET") ||
            (sc_parse__is_word(p, 0, "CHARACTER") && sc_parse__is_word(p, 1, "SET"))) {
            it->kind = SC_AST_SET_CHARSET;
            if (sc_parse__accept_word(p, "CHARACTER"))
                sc_parse__skip(p);
            else
                sc_parse__skip(p);
            if (sc_parse__accept_word(p, "DEFAULT"))
                return SC_OK;
            return sc_parse__charset_name(p, &it->charset, false);
        }
        SC_TRY(sc_parse__ident(p, &it->name));
    }
    if (sc_parse__accept_op(p, ".")) {
        it->component = it->name;
        SC_TRY(sc_parse__ident_after_dot(p, &it->name));
    }
    return set_value(p, it);
}

static int dispatch(sc_parser *p, sc_ast_stmt *st);

/*
 * SET STATEMENT name = value [, ...] FOR statement: only plain session
 * variable names (no @@, scope or user variables: 1064 in MariaDB). The
 * assignments go to st->set_statement (a nested SET STATEMENT appends its
 * own, so they apply after the outer ones); the statement after FOR fills
 * the rest of st.
 */
static int stmt_set_statement(sc_parser *p, sc_ast_stmt *st)
{
    sc_ast_set *s = st->set_statement;

    if (!s) {
        s = sc_parse__alloc(p, sizeof(*s));
        if (!s)
            return sc_parse__nomem(p);
        st->set_statement = s;
    }
    do {
        sc_ast_set_item *it = sc_parse__push(p, (void **)&s->items, &s->n_items, sizeof(*it));
        if (!it)
            return sc_parse__nomem(p);
        it->kind = SC_AST_SET_VAR;
        it->scope = SC_AST_VAR_SESSION;
        if (sc_parse__is_op(p, 0, "@") || sc_parse__is_op(p, 0, "@@") ||
            sc_parse__is_word(p, 0, "FOR"))
            return sc_parse__syntax_error(p);
        if (scope_word(p) != SC_AST_VAR_DEFAULT) /* the grammar takes the word, not what follows */
            return sc_parse__syntax_error(p);
        SC_TRY(sc_parse__ident(p, &it->name));
        SC_TRY(set_value(p, it));
    } while (sc_parse__accept_op(p, ","));
    SC_TRY(sc_parse__expect_word(p, "FOR"));
    if (sc_parse__at_end(p) || sc_parse__is_op(p, 0, ";"))
        return sc_parse__syntax_error(p);
    return dispatch(p, st);
}

static int stmt_set(sc_parser *p, sc_ast_stmt *st)
{
    sc_ast_var_scope scope = SC_AST_VAR_DEFAULT;
    sc_ast_set *s;

    if (sc_parse__accept_word(p, "STATEMENT"))
        return stmt_set_statement(p, st);
    if (sc_parse__is_word(p, 0, "PASSWORD") || sc_parse__is_word(p, 0, "ROLE") ||
        sc_parse__is_word(p, 0, "TRANSACTION") ||
        (sc_parse__is_word(p, 0, "DEFAULT") && sc_parse__is_word(p, 1, "ROLE")))
        return unsupported(p, st, "SET");
    s = sc_parse__alloc(p, sizeof(*s));
    if (!s)
        return sc_parse__nomem(p);
    st->kind = SC_AST_STMT_SET;
    st->set = s;
    if ((sc_parse__is_word(p, 0, "GLOBAL") || sc_parse__is_word(p, 0, "SESSION") ||
         sc_parse__is_word(p, 0, "LOCAL")) &&
        !sc_parse__is_op(p, 1, "=") && !sc_parse__is_op(p, 1, "."))
        scope = scope_word(p);
    if (sc_parse__is_word(p, 0, "TRANSACTION"))
        return unsupported(p, st, "SET TRANSACTION");
    do {
        sc_ast_set_item *it = sc_parse__push(p, (void **)&s->items, &s->n_items, sizeof(*it));
        if (!it)
            return sc_parse__nomem(p);
        SC_TRY(set_item(p, it, scope));
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

/* ---- SHOW, DESCRIBE, SELECT: ddl/parse_show.c ---- */

static bool explain_statement(const sc_parser *p)
{
    static const char *const words[] = {"SELECT", "INSERT",   "UPDATE",     "DELETE",  "REPLACE",
                                        "FORMAT", "EXTENDED", "PARTITIONS", "ANALYZE", "WITH"};
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (sc_parse__is_word(p, 0, words[i]))
            return true;
    return sc_parse__is_op(p, 0, "(");
}

/* ---- transactions ---- */

static int stmt_transaction(sc_parser *p, sc_ast_stmt *st, sc_ast_stmt_kind kind)
{
    st->kind = kind;
    if (kind == SC_AST_STMT_BEGIN) {
        (void)sc_parse__accept_word(p, "WORK");
        return SC_OK;
    }
    (void)sc_parse__accept_word(p, "WORK");
    if (sc_parse__accept_word(p, "AND")) {
        (void)sc_parse__accept_word(p, "NO");
        SC_TRY(sc_parse__expect_word(p, "CHAIN"));
    }
    if (sc_parse__accept_word(p, "NO")) {
        SC_TRY(sc_parse__expect_word(p, "RELEASE"));
    } else {
        (void)sc_parse__accept_word(p, "RELEASE");
    }
    return SC_OK;
}

static int stmt_start(sc_parser *p, sc_ast_stmt *st)
{
    if (!sc_parse__accept_word(p, "TRANSACTION"))
        return unsupported(p, st, "START");
    st->kind = SC_AST_STMT_BEGIN;
    do {
        if (sc_parse__accept_word(p, "WITH")) {
            SC_TRY(sc_parse__expect_word(p, "CONSISTENT"));
            SC_TRY(sc_parse__expect_word(p, "SNAPSHOT"));
        } else if (sc_parse__accept_word(p, "READ")) {
            if (!sc_parse__accept_word(p, "ONLY"))
                SC_TRY(sc_parse__expect_word(p, "WRITE"));
        } else {
            break;
        }
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

/* First words of statements we recognise only to refuse them. */
static const char *const other_statements[] = {
    "SELECT",   "INSERT",    "UPDATE",  "DELETE",     "REPLACE", "LOAD",     "CALL",      "DO",
    "HANDLER",  "WITH",      "VALUES",  "TABLE",      "GRANT",   "REVOKE",   "ANALYZE",   "CHECK",
    "CHECKSUM", "OPTIMIZE",  "REPAIR",  "FLUSH",      "RESET",   "PURGE",    "KILL",      "LOCK",
    "UNLOCK",   "PREPARE",   "EXECUTE", "DEALLOCATE", "EXPLAIN", "DESCRIBE", "DESC",      "HELP",
    "INSTALL",  "UNINSTALL", "BINLOG",  "CHANGE",     "STOP",    "XA",       "SAVEPOINT", "RELEASE",
    "SIGNAL",   "RESIGNAL",  "GET",     "BACKUP",     "CACHE",   "SHUTDOWN", "DECLARE",
};

static int dispatch(sc_parser *p, sc_ast_stmt *st)
{
    size_t i;

    if (sc_parse__at_end(p)) {
        st->kind = SC_AST_STMT_EMPTY;
        return SC_OK;
    }
    if (sc_parse__accept_word(p, "CREATE"))
        return stmt_create(p, st);
    if (sc_parse__accept_word(p, "ALTER"))
        return stmt_alter(p, st);
    if (sc_parse__accept_word(p, "DROP"))
        return stmt_drop(p, st);
    if (sc_parse__accept_word(p, "RENAME"))
        return stmt_rename(p, st);
    if (sc_parse__accept_word(p, "TRUNCATE"))
        return stmt_truncate(p, st);
    if (sc_parse__accept_word(p, "USE"))
        return stmt_use(p, st);
    if (sc_parse__accept_word(p, "SET"))
        return stmt_set(p, st);
    if (sc_parse__accept_word(p, "SHOW"))
        return sc_parse__show(p, st, unsupported);
    if (sc_parse__is_word(p, 0, "DESCRIBE") || sc_parse__is_word(p, 0, "DESC") ||
        sc_parse__is_word(p, 0, "EXPLAIN")) {
        const char *what = sc_parse__is_word(p, 0, "EXPLAIN") ? "EXPLAIN" : "DESCRIBE";
        sc_parse__skip(p);
        return explain_statement(p) ? unsupported(p, st, what) : sc_parse__describe(p, st);
    }
    if (sc_parse__accept_word(p, "SELECT"))
        return sc_parse__show_select(p, st, unsupported);
    if (sc_parse__accept_word(p, "BEGIN"))
        return stmt_transaction(p, st, SC_AST_STMT_BEGIN);
    if (sc_parse__accept_word(p, "START"))
        return stmt_start(p, st);
    if (sc_parse__accept_word(p, "COMMIT"))
        return stmt_transaction(p, st, SC_AST_STMT_COMMIT);
    if (sc_parse__accept_word(p, "ROLLBACK"))
        return stmt_transaction(p, st, SC_AST_STMT_ROLLBACK);
    for (i = 0; i < sizeof(other_statements) / sizeof(other_statements[0]); i++)
        if (sc_parse__is_word(p, 0, other_statements[i]))
            return unsupported(p, st, other_statements[i]);
    if (sc_parse__is_op(p, 0, "("))
        return unsupported(p, st, "SELECT");
    return sc_parse__syntax_error(p);
}

/* ------------------------------------------------------------------ */
/* Entry point                                                          */

int sc_parse__tokenize(sc_parser *p)
{
    sc_lexer lx;
    unsigned lflags = 0;

    if (p->flags & SC_PARSE_ANSI_QUOTES)
        lflags |= SC_LEX_ANSI_QUOTES;
    if (p->flags & SC_PARSE_NO_BACKSLASH_ESCAPES)
        lflags |= SC_LEX_NO_BACKSLASH_ESCAPES;
    sc_lex__init(&lx, p->sql, p->len, lflags);
    /* room for a token per 4 bytes to begin with (DDL averages one per 4-6),
     * doubled when short: no capacity search per token */
    for (size_t cap = 0;;) {
        sc_token t = sc_lex__next(&lx);
        if (p->n_toks == cap) {
            size_t ncap = cap ? 2 * cap : p->len / 4 + 8;
            sc_token *a = sc__arena_alloc(p->arena, ncap * sizeof(*a));
            if (!a)
                return sc_parse__nomem(p);
            if (cap)
                memcpy(a, p->toks, cap * sizeof(*a));
            p->toks = a;
            cap = ncap;
        }
        p->toks[p->n_toks++] = t;
        if (t.kind == SC_TOK_EOF)
            return SC_OK;
    }
}

static int parse_all(sc_parser *p, sc_ast_stmt *st)
{
    SC_TRY(sc_parse__tokenize(p));
    SC_TRY(dispatch(p, st));
    (void)sc_parse__accept_op(p, ";");
    if (!sc_parse__at_end(p))
        return sc_parse__syntax_error(p);
    return SC_OK;
}

int sc_ddl__parse(
    sc_ast_stmt **out, sc_ctx *ctx, const char *sql, size_t len, const sc_ddl_parse_options *opts)
{
    sc_parser p;
    sc_ast_stmt *st = NULL;
    sc_arena *arena;
    int rc;

    *out = NULL;
    if (opts && opts->version != SC_DDL_PARSE_OPTIONS_VERSION)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "unknown parse options version %u",
                            opts->version);
    arena = sc__arena_new(ctx, SC_AST_ARENA_CHUNK);
    if (!arena)
        return SC_ENOMEM;
    memset(&p, 0, sizeof(p));
    p.ctx = ctx;
    p.arena = arena;
    p.flags = opts ? opts->flags : 0;
    p.len = len;
    p.sql = sc__arena_strndup(arena, sql, len);
    st = sc__arena_calloc(arena, sizeof(*st));
    if (!p.sql || !st) {
        rc = SC_ENOMEM;
        goto out;
    }
    st->arena = arena;
    st->text = p.sql;
    st->text_len = len;
    rc = parse_all(&p, st);
out:
    if (rc != SC_OK) {
        sc__arena_delete(arena);
        return rc;
    }
    *out = st;
    return SC_OK;
}

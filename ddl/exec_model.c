/*
 * exec_model.c - the executor's mutable table model (sc_xtable, exec.h):
 * arena helpers, growing arrays, lookups, loading a stored definition and
 * turning the model back into an sc_table_def with its options string.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"
#include "ddl/expr.h"
#include "ddl/expr_walk.h"
#include "ddl/partition.h"

void *sc_exec__alloc(sc_exec *x, size_t size)
{
    return sc__arena_calloc(x->arena, size ? size : 1);
}

char *sc_exec__strdup(sc_exec *x, const char *s)
{
    return s ? sc__arena_strndup(x->arena, s, strlen(s)) : NULL;
}

int sc_exec__stored_expr(sc_exec *x, sc_expr **out, const char *text)
{
    *out = NULL;
    return text ? sc_ddl__expr_parse_stored(out, x->ctx, x->arena, text) : SC_OK;
}

int sc_exec__rename_in_expr(
    sc_exec *x, const char **text, const char *from, const char *to, bool is_default)
{
    sc_expr *e;
    const char *printed;
    int rc = sc_exec__stored_expr(x, &e, *text);

    if (rc != SC_OK || sc_ddl__expr_rename_column(e, from, to) == 0)
        return rc; /* text without the column stays exactly as it was */
    printed = sc_exec__expr_text(x, e);
    if (printed && is_default && sc_ddl__expr_default_needs_parens(e))
        printed = sc_exec__printf(x, "(%s)", printed);
    if (!printed)
        return SC_ENOMEM;
    *text = printed;
    return SC_OK;
}

char *sc_exec__printf(sc_exec *x, const char *fmt, ...)
{
    sc_buf b = SC_BUF_INIT(x->ctx);
    va_list ap;
    char *p = NULL;

    va_start(ap, fmt);
    if (sc__buf_vprintf(&b, fmt, ap) == SC_OK)
        p = sc__arena_strndup(x->arena, b.text, b.len);
    va_end(ap);
    sc__buf_free(&b);
    return p;
}

/* Grow an arena array to hold one more element. */
static bool grow(sc_exec *x, void **arr, size_t *cap, size_t n, size_t elem)
{
    void *p;
    size_t ncap;

    if (n < *cap)
        return true;
    ncap = *cap ? *cap * 2 : 8;
    p = sc_exec__alloc(x, ncap * elem);
    if (!p)
        return false;
    if (n)
        memcpy(p, *arr, n * elem);
    *arr = p;
    *cap = ncap;
    return true;
}

sc_xcol *sc_xtable__add_col(sc_exec *x, sc_xtable *t, size_t pos)
{
    if (!grow(x, (void **)&t->cols, &t->cap_cols, t->n_cols, sizeof(sc_xcol)))
        return NULL;
    if (pos > t->n_cols)
        pos = t->n_cols;
    memmove(&t->cols[pos + 1], &t->cols[pos], (t->n_cols - pos) * sizeof(sc_xcol));
    memset(&t->cols[pos], 0, sizeof(sc_xcol));
    t->n_cols++;
    return &t->cols[pos];
}

sc_xindex *sc_xtable__add_index(sc_exec *x, sc_xtable *t, size_t n_parts)
{
    sc_xindex *ix;

    if (!grow(x, (void **)&t->idx, &t->cap_idx, t->n_idx, sizeof(sc_xindex)))
        return NULL;
    ix = &t->idx[t->n_idx];
    memset(ix, 0, sizeof(*ix));
    ix->parts = sc_exec__alloc(x, (n_parts ? n_parts : 1) * sizeof(sc_index_part));
    if (!ix->parts)
        return NULL;
    ix->d.parts = ix->parts;
    ix->d.n_parts = n_parts;
    ix->order = t->n_idx;
    t->n_idx++;
    return ix;
}

sc_fk_def *sc_xtable__add_fk(sc_exec *x, sc_xtable *t)
{
    if (!grow(x, (void **)&t->fks, &t->cap_fks, t->n_fks, sizeof(sc_fk_def)))
        return NULL;
    memset(&t->fks[t->n_fks], 0, sizeof(sc_fk_def));
    return &t->fks[t->n_fks++];
}

sc_check_def *sc_xtable__add_check(sc_exec *x, sc_xtable *t)
{
    if (!grow(x, (void **)&t->checks, &t->cap_checks, t->n_checks, sizeof(sc_check_def)))
        return NULL;
    memset(&t->checks[t->n_checks], 0, sizeof(sc_check_def));
    return &t->checks[t->n_checks++];
}

long sc_xtable__col_pos(const sc_xtable *t, const char *name)
{
    for (size_t i = 0; i < t->n_cols; i++)
        if (strcasecmp(t->cols[i].d.name, name) == 0)
            return (long)i;
    return -1;
}

sc_xcol *sc_xtable__find_col(const sc_xtable *t, const char *name)
{
    long i = sc_xtable__col_pos(t, name);
    return i < 0 ? NULL : &t->cols[i];
}

sc_xindex *sc_xtable__find_index(const sc_xtable *t, const char *name)
{
    for (size_t i = 0; i < t->n_idx; i++)
        if (strcasecmp(t->idx[i].d.name, name) == 0)
            return &t->idx[i];
    return NULL;
}

void sc_xtable__remove_index(sc_xtable *t, size_t i)
{
    memmove(&t->idx[i], &t->idx[i + 1], (t->n_idx - i - 1) * sizeof(sc_xindex));
    t->n_idx--;
}

/* ------------------------------------------------------------------ */
/* Options string                                                       */

static const char *const xopt_names[SC_XOPT__COUNT] = {
    "MIN_ROWS",         "MAX_ROWS",          "AVG_ROW_LENGTH",     "PACK_KEYS",
    "STATS_PERSISTENT", "STATS_AUTO_RECALC", "STATS_SAMPLE_PAGES", "CHECKSUM",
    "PAGE_CHECKSUM",    "DELAY_KEY_WRITE",   "ROW_FORMAT",         "INSERT_METHOD",
    "TRANSACTIONAL",    "KEY_BLOCK_SIZE",
};

static const char *const dir_names[2] = {"DATA", "INDEX"};

const char *sc_xtable__options_text(sc_exec *x, const sc_xtable *t)
{
    sc_buf b;
    char *out = NULL;

    sc__buf_init(&b, x->ctx);
    for (int i = 0; i < SC_XOPT__COUNT; i++) {
        if (!t->opts[i])
            continue;
        if (b.len)
            sc__buf_putc(&b, ' ');
        sc__buf_printf(&b, "%s=%s", xopt_names[i], t->opts[i]);
    }
    if (t->engine_opts && *t->engine_opts) {
        if (b.len)
            sc__buf_putc(&b, ' ');
        sc__buf_puts(&b, t->engine_opts);
    }
    for (int i = 0; i < 2; i++) /* last, as SHOW CREATE prints them */
        if (t->dirs[i])
            sc__buf_printf(&b, "%s%s DIRECTORY='%s'", b.len ? " " : "", dir_names[i], t->dirs[i]);
    if (b.len == 0) {
        sc__buf_free(&b);
        return NULL;
    }
    if (sc__buf_finish(&out, &b) != SC_OK)
        return NULL;
    {
        char *copy = sc_exec__strdup(x, out);
        sc_free(x->ctx, out);
        return copy;
    }
}

/* DATA/INDEX DIRECTORY='...' at s (its value backslash-escaped): the value
 * kept in t->dirs[], the text after it returned; s itself when none is there. */
static const char *parse_dir_option(sc_exec *x, sc_xtable *t, const char *s)
{
    for (int i = 0; i < 2; i++) {
        size_t n = strlen(dir_names[i]);
        const char *v = s + n + sizeof(" DIRECTORY='") - 1, *e;
        if (strncmp(s, dir_names[i], n) != 0 || strncmp(s + n, " DIRECTORY='", 12) != 0)
            continue;
        for (e = v; *e && *e != '\''; e++)
            if (*e == '\\' && e[1])
                e++;
        t->dirs[i] = sc__arena_strndup(x->arena, v, (size_t)(e - v));
        s = *e ? e + 1 : e;
        while (*s == ' ')
            s++;
        return s;
    }
    return s;
}

/* Split a stored options string back into opts[], engine_opts and dirs[]. */
static void parse_options(sc_exec *x, sc_xtable *t, const char *s)
{
    sc_buf eng;
    char *eng_text = NULL;

    sc__buf_init(&eng, x->ctx);
    while (s && *s) {
        const char *start = s, *eq;
        bool quoted = false;
        size_t len;
        int i;

        if ((s = parse_dir_option(x, t, start)) != start)
            continue;
        while (*s && (*s != ' ' || quoted)) {
            if (*s == '\'')
                quoted = !quoted;
            s++;
        }
        len = (size_t)(s - start);
        while (*s == ' ')
            s++;
        eq = memchr(start, '=', len);
        for (i = 0; eq && i < SC_XOPT__COUNT; i++) {
            if (strlen(xopt_names[i]) == (size_t)(eq - start) &&
                strncmp(xopt_names[i], start, (size_t)(eq - start)) == 0) {
                t->opts[i] = sc__arena_strndup(x->arena, eq + 1, len - (size_t)(eq - start) - 1);
                break;
            }
        }
        if (!eq || i == SC_XOPT__COUNT) {
            if (eng.len)
                sc__buf_putc(&eng, ' ');
            sc__buf_put(&eng, start, len);
        }
    }
    if (eng.len && sc__buf_finish(&eng_text, &eng) == SC_OK) {
        t->engine_opts = sc_exec__strdup(x, eng_text);
        sc_free(x->ctx, eng_text);
    } else {
        sc__buf_free(&eng);
    }
}

/* ------------------------------------------------------------------ */
/* Load / store                                                         */

#define DUP(field) ((field) = sc_exec__strdup(x, (field)))

/* Deep copy of a column's strings into the arena (the loaded table may go). */
int sc_xtable__copy_column(sc_exec *x, sc_column_def *c)
{
    DUP(c->name);
    DUP(c->charset);
    DUP(c->collation);
    DUP(c->default_value);
    DUP(c->on_update);
    DUP(c->generation_expr);
    DUP(c->check_expr);
    DUP(c->comment);
    if (c->n_elements) {
        const char **els = sc_exec__alloc(x, c->n_elements * sizeof(char *));
        if (!els)
            return SC_ENOMEM;
        for (size_t i = 0; i < c->n_elements; i++)
            els[i] = sc_exec__strdup(x, c->elements[i]);
        c->elements = els;
    }
    return c->name ? SC_OK : SC_ENOMEM;
}

static int copy_fk(sc_exec *x, sc_fk_def *fk)
{
    const char **cols = sc_exec__alloc(x, (fk->n_columns + 1) * sizeof(char *));
    const char **pcols = sc_exec__alloc(x, (fk->n_columns + 1) * sizeof(char *));

    if (!cols || !pcols)
        return SC_ENOMEM;
    for (size_t k = 0; k < fk->n_columns; k++) {
        cols[k] = sc_exec__strdup(x, fk->columns[k]);
        pcols[k] = sc_exec__strdup(x, fk->parent_columns[k]);
    }
    fk->columns = cols;
    fk->parent_columns = pcols;
    DUP(fk->name);
    DUP(fk->parent_schema);
    DUP(fk->parent_table);
    return SC_OK;
}

int sc_xtable__load(sc_exec *x, sc_xtable *t, const sc_table_def *def, const char *schema)
{
    int rc;

    memset(t, 0, sizeof(*t));
    t->schema = sc_exec__strdup(x, schema);
    t->name = sc_exec__strdup(x, def->name);
    t->engine = sc_exec__strdup(x, def->engine);
    t->charset = sc_exec__strdup(x, def->charset);
    t->collation = sc_exec__strdup(x, def->collation);
    t->comment = sc_exec__strdup(x, def->comment);
    t->auto_increment = def->auto_increment;
    parse_options(x, t, def->options);
    for (size_t i = 0; i < def->n_columns; i++) {
        sc_xcol *c = sc_xtable__add_col(x, t, t->n_cols);
        if (!c)
            return SC_ENOMEM;
        c->d = def->columns[i];
        if ((rc = sc_xtable__copy_column(x, &c->d)) != SC_OK)
            return rc;
        c->orig_name = c->d.name;
    }
    for (size_t i = 0; i < def->n_indexes; i++) {
        const sc_index_def *src = &def->indexes[i];
        sc_xindex *ix = sc_xtable__add_index(x, t, src->n_parts);
        if (!ix)
            return SC_ENOMEM;
        ix->d = *src;
        ix->d.parts = ix->parts;
        for (size_t k = 0; k < src->n_parts; k++) {
            ix->parts[k] = src->parts[k];
            ix->parts[k].column = sc_exec__strdup(x, src->parts[k].column);
        }
        DUP(ix->d.name);
        DUP(ix->d.comment);
        DUP(ix->d.parser);
        ix->long_hash = (src->flags & SC_INDEX_LONG_HASH) != 0;
        ix->loaded = true;
        ix->generated = (src->flags & SC_INDEX_GENERATED) != 0;
    }
    for (size_t i = 0; i < def->n_foreign_keys; i++) {
        sc_fk_def *fk = sc_xtable__add_fk(x, t);
        if (!fk)
            return SC_ENOMEM;
        *fk = def->foreign_keys[i];
        if ((rc = copy_fk(x, fk)) != SC_OK)
            return rc;
    }
    for (size_t i = 0; i < def->n_checks; i++) {
        sc_check_def *ck = sc_xtable__add_check(x, t);
        if (!ck)
            return SC_ENOMEM;
        *ck = def->checks[i];
        DUP(ck->name);
        DUP(ck->expr);
    }
    t->tflags = def->flags;
    t->period_name = sc_exec__strdup(x, def->period_name);
    t->period_start = sc_exec__strdup(x, def->period_start);
    t->period_end = sc_exec__strdup(x, def->period_end);
    t->sys_start = sc_exec__strdup(x, def->sys_start);
    t->sys_end = sc_exec__strdup(x, def->sys_end);
    if (def->partitioning && !(t->part = sc_exec__partition_copy(x, def->partitioning)))
        return SC_ENOMEM;
    if (def->sequence) {
        if (!(t->seq = sc_exec__alloc(x, sizeof(*t->seq))))
            return SC_ENOMEM;
        *t->seq = *def->sequence;
    }
    return SC_OK;
}

void sc_xtable__to_def(sc_exec *x, const sc_xtable *t, sc_table_def *def)
{
    sc_column_def *cols = sc_exec__alloc(x, (t->n_cols + 1) * sizeof(*cols));
    sc_index_def *idx = sc_exec__alloc(x, (t->n_idx + 1) * sizeof(*idx));

    memset(def, 0, sizeof(*def));
    def->name = t->name;
    def->engine = t->engine;
    def->charset = t->charset;
    def->collation = t->collation;
    def->comment = t->comment;
    def->auto_increment = t->auto_increment;
    def->options = sc_xtable__options_text(x, t);
    if (cols)
        for (size_t i = 0; i < t->n_cols; i++)
            cols[i] = t->cols[i].d;
    if (idx)
        for (size_t i = 0; i < t->n_idx; i++) {
            idx[i] = t->idx[i].d;
            idx[i].flags &= ~(unsigned)(SC_INDEX_GENERATED | SC_INDEX_LONG_HASH);
            if (t->idx[i].generated)
                idx[i].flags |= SC_INDEX_GENERATED;
            if (t->idx[i].long_hash)
                idx[i].flags |= SC_INDEX_LONG_HASH;
        }
    def->columns = cols;
    def->n_columns = cols ? t->n_cols : 0;
    def->indexes = idx;
    def->n_indexes = idx ? t->n_idx : 0;
    def->foreign_keys = t->fks;
    def->n_foreign_keys = t->n_fks;
    def->checks = t->checks;
    def->n_checks = t->n_checks;
    def->flags = t->tflags;
    def->period_name = t->period_name;
    def->period_start = t->period_start;
    def->period_end = t->period_end;
    def->sys_start = t->sys_start;
    def->sys_end = t->sys_end;
    def->partitioning = t->part;
    def->sequence = t->seq;
}

/*
 * show.c - SHOW CREATE TABLE / DATABASE, byte-identical to MariaDB 10.11
 * (sql_show.cc store_create_info), and the growable text buffer.
 *
 * The renderer reads only an sc_table_def: the executor stores everything
 * in the form SHOW CREATE prints it (index order, canonical defaults,
 * expression text, the table options string), so rendering is a walk.
 * Column order: type, CHARACTER SET/COLLATE (when the collation differs
 * from the table's), GENERATED or NULL-ness, INVISIBLE, DEFAULT, ON UPDATE,
 * AUTO_INCREMENT, COMMENT, CHECK.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/show.h"
#include "ddl/types.h"
#include "syscat/ddl.h"

/* ------------------------------------------------------------------ */
/* Buffer                                                               */

void sc_sbuf__init(sc_sbuf *b, sc_ctx *ctx)
{
    memset(b, 0, sizeof(*b));
    b->ctx = ctx;
}

void sc_sbuf__free(sc_sbuf *b)
{
    if (b->data)
        sc_free(b->ctx, b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

static bool reserve(sc_sbuf *b, size_t extra)
{
    size_t need, cap;
    char *p;

    if (b->err)
        return false;
    need = b->len + extra + 1;
    if (need <= b->cap)
        return true;
    cap = b->cap ? b->cap * 2 : 256;
    while (cap < need)
        cap *= 2;
    p = sc__realloc(b->ctx, b->data, cap);
    if (!p) {
        b->err = SC_ENOMEM;
        return false;
    }
    b->data = p;
    b->cap = cap;
    return true;
}

void sc_sbuf__put(sc_sbuf *b, const char *s, size_t n)
{
    if (!reserve(b, n))
        return;
    if (n)
        memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void sc_sbuf__puts(sc_sbuf *b, const char *s)
{
    sc_sbuf__put(b, s, strlen(s));
}

void sc_sbuf__putc(sc_sbuf *b, char c)
{
    sc_sbuf__put(b, &c, 1);
}

void sc_sbuf__printf(sc_sbuf *b, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !reserve(b, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void sc_sbuf__ident(sc_sbuf *b, const char *name)
{
    sc_sbuf__putc(b, '`');
    for (const char *p = name; *p; p++) {
        if (*p == '`')
            sc_sbuf__putc(b, '`');
        sc_sbuf__putc(b, *p);
    }
    sc_sbuf__putc(b, '`');
}

void sc_sbuf__quoted(sc_sbuf *b, const char *s)
{
    sc_sbuf__putc(b, '\'');
    for (const char *p = s; *p; p++) {
        switch (*p) {
        case '\'':
            sc_sbuf__puts(b, "''");
            break;
        case '\\':
            sc_sbuf__puts(b, "\\\\");
            break;
        case '\n':
            sc_sbuf__puts(b, "\\n");
            break;
        case '\r':
            sc_sbuf__puts(b, "\\r");
            break;
        case '\xC0':
            if (p[1] == '\x80') { /* a NUL byte (see ddl/exec_table.c encode_nul) */
                sc_sbuf__puts(b, "\\0");
                p++;
            } else {
                sc_sbuf__putc(b, *p);
            }
            break;
        default:
            sc_sbuf__putc(b, *p);
        }
    }
    sc_sbuf__putc(b, '\'');
}

int sc_sbuf__finish(char **out, sc_sbuf *b)
{
    *out = NULL;
    if (b->err) {
        sc_sbuf__free(b);
        return sc_error_set(b->ctx, SC_ENOMEM, 0, NULL, "out of memory");
    }
    if (!b->data && !reserve(b, 0))
        return sc_error_set(b->ctx, SC_ENOMEM, 0, NULL, "out of memory");
    *out = b->data;
    b->data = NULL;
    b->len = b->cap = 0;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Columns                                                              */

static bool streq_ci(const char *a, const char *b)
{
    return a && b && strcasecmp(a, b) == 0;
}

static void render_charset(sc_sbuf *b, const sc_column_def *col, const sc_table_def *def)
{
    if (!sc_type__has_charset(col->type) || !col->collation)
        return;
    if (streq_ci(col->collation, def->collation) ||
        (!def->collation && streq_ci(col->charset, def->charset)))
        return;
    sc_sbuf__puts(b, " CHARACTER SET ");
    sc_sbuf__puts(b, col->charset ? col->charset : "");
    sc_sbuf__puts(b, " COLLATE ");
    sc_sbuf__puts(b, col->collation);
}

static void render_default(sc_sbuf *b, const sc_column_def *col)
{
    switch (col->default_kind) {
    case SC_DEFAULT_NULL:
        sc_sbuf__puts(b, " DEFAULT NULL");
        break;
    case SC_DEFAULT_LITERAL:
        sc_sbuf__puts(b, " DEFAULT ");
        if (col->type == SC_TYPE_BIT) {
            sc_sbuf__printf(b, "b'%s'", col->default_value ? col->default_value : "0");
        } else if (sc_type__default_unquoted(col->type)) {
            sc_sbuf__puts(b, col->default_value ? col->default_value : "");
        } else {
            sc_sbuf__quoted(b, col->default_value ? col->default_value : "");
        }
        break;
    case SC_DEFAULT_EXPR:
        sc_sbuf__puts(b, " DEFAULT ");
        sc_sbuf__puts(b, col->default_value ? col->default_value : "");
        break;
    default:
        break;
    }
}

void sc_show__column(sc_sbuf *b, const sc_column_def *col, const sc_table_def *def)
{
    sc_sbuf__ident(b, col->name);
    sc_sbuf__putc(b, ' ');
    sc_type__render(b, col);
    render_charset(b, col, def);
    if (col->generated != SC_GEN_NONE) {
        sc_sbuf__puts(b, " GENERATED ALWAYS AS (");
        sc_sbuf__puts(b, col->generation_expr ? col->generation_expr : "");
        sc_sbuf__puts(b, col->generated == SC_GEN_STORED ? ") STORED" : ") VIRTUAL");
    } else if (col->flags & SC_COL_NOT_NULL) {
        sc_sbuf__puts(b, " NOT NULL");
    } else if (col->type == SC_TYPE_TIMESTAMP) {
        sc_sbuf__puts(b, " NULL");
    }
    if (col->flags & SC_COL_INVISIBLE)
        sc_sbuf__puts(b, " INVISIBLE");
    if (col->generated == SC_GEN_NONE)
        render_default(b, col);
    if (col->on_update) {
        sc_sbuf__puts(b, " ON UPDATE ");
        sc_sbuf__puts(b, col->on_update);
    }
    if (col->flags & SC_COL_AUTO_INCREMENT)
        sc_sbuf__puts(b, " AUTO_INCREMENT");
    if (col->comment) {
        sc_sbuf__puts(b, " COMMENT ");
        sc_sbuf__quoted(b, col->comment);
    }
    if (col->check_expr) {
        sc_sbuf__puts(b, " CHECK (");
        sc_sbuf__puts(b, col->check_expr);
        sc_sbuf__putc(b, ')');
    }
}

/* ------------------------------------------------------------------ */
/* Indexes, foreign keys, checks                                        */

static const sc_column_def *find_column(const sc_table_def *def, const char *name)
{
    for (size_t i = 0; i < def->n_columns; i++)
        if (strcasecmp(def->columns[i].name, name) == 0)
            return &def->columns[i];
    return NULL;
}

static uint32_t table_key_block_size(const sc_table_def *def)
{
    const char *p = def->options ? strstr(def->options, "KEY_BLOCK_SIZE=") : NULL;
    return p ? (uint32_t)strtoul(p + 15, NULL, 10) : 0;
}

static void render_index_parts(sc_sbuf *b, const sc_index_def *ix)
{
    sc_sbuf__putc(b, '(');
    for (size_t i = 0; i < ix->n_parts; i++) {
        if (i)
            sc_sbuf__putc(b, ',');
        sc_sbuf__ident(b, ix->parts[i].column);
        if (ix->parts[i].prefix_len)
            sc_sbuf__printf(b, "(%u)", (unsigned)ix->parts[i].prefix_len);
        if (ix->parts[i].descending)
            sc_sbuf__puts(b, " DESC");
    }
    sc_sbuf__putc(b, ')');
}

static void render_index(sc_sbuf *b, const sc_index_def *ix, const sc_table_def *def)
{
    switch (ix->kind) {
    case SC_INDEX_PRIMARY:
        sc_sbuf__puts(b, "PRIMARY KEY ");
        break;
    case SC_INDEX_UNIQUE:
        sc_sbuf__puts(b, "UNIQUE KEY ");
        break;
    case SC_INDEX_FULLTEXT:
        sc_sbuf__puts(b, "FULLTEXT KEY ");
        break;
    case SC_INDEX_SPATIAL:
        sc_sbuf__puts(b, "SPATIAL KEY ");
        break;
    default:
        sc_sbuf__puts(b, "KEY ");
        break;
    }
    if (ix->kind != SC_INDEX_PRIMARY) {
        sc_sbuf__ident(b, ix->name);
        sc_sbuf__putc(b, ' ');
    }
    render_index_parts(b, ix);
    if (ix->algorithm == SC_ALGO_BTREE)
        sc_sbuf__puts(b, " USING BTREE");
    else if (ix->algorithm == SC_ALGO_HASH)
        sc_sbuf__puts(b, " USING HASH");
    else if (ix->algorithm == SC_ALGO_RTREE && ix->kind != SC_INDEX_SPATIAL)
        sc_sbuf__puts(b, " USING RTREE");
    if (ix->key_block_size && ix->key_block_size != table_key_block_size(def))
        sc_sbuf__printf(b, " KEY_BLOCK_SIZE=%u", (unsigned)ix->key_block_size);
    if (ix->parser) {
        sc_sbuf__puts(b, " /*!50100 WITH PARSER ");
        sc_sbuf__ident(b, ix->parser);
        sc_sbuf__puts(b, " */");
    }
    if (ix->comment) {
        sc_sbuf__puts(b, " COMMENT ");
        sc_sbuf__quoted(b, ix->comment);
    }
    if (ix->flags & SC_INDEX_IGNORED)
        sc_sbuf__puts(b, " IGNORED");
}

static const char *fk_action_text(sc_fk_action a)
{
    switch (a) {
    case SC_FK_CASCADE:
        return "CASCADE";
    case SC_FK_SET_NULL:
        return "SET NULL";
    case SC_FK_NO_ACTION:
        return "NO ACTION";
    default:         /* RESTRICT, and SET DEFAULT which InnoDB ignores */
        return NULL; /* RESTRICT is the default and is not printed */
    }
}

static void render_name_list(sc_sbuf *b, const char *const *names, size_t n)
{
    sc_sbuf__putc(b, '(');
    for (size_t i = 0; i < n; i++) {
        if (i)
            sc_sbuf__puts(b, ", ");
        sc_sbuf__ident(b, names[i]);
    }
    sc_sbuf__putc(b, ')');
}

static void render_fk(sc_sbuf *b, const sc_fk_def *fk, const char *schema)
{
    const char *a;

    sc_sbuf__puts(b, "CONSTRAINT ");
    sc_sbuf__ident(b, fk->name);
    sc_sbuf__puts(b, " FOREIGN KEY ");
    render_name_list(b, fk->columns, fk->n_columns);
    sc_sbuf__puts(b, " REFERENCES ");
    if (fk->parent_schema && (!schema || strcmp(fk->parent_schema, schema) != 0)) {
        sc_sbuf__ident(b, fk->parent_schema);
        sc_sbuf__putc(b, '.');
    }
    sc_sbuf__ident(b, fk->parent_table);
    sc_sbuf__putc(b, ' ');
    render_name_list(b, fk->parent_columns, fk->n_columns);
    if ((a = fk_action_text(fk->on_delete)) != NULL)
        sc_sbuf__printf(b, " ON DELETE %s", a);
    if ((a = fk_action_text(fk->on_update)) != NULL)
        sc_sbuf__printf(b, " ON UPDATE %s", a);
}

/* ------------------------------------------------------------------ */
/* Table and database                                                   */

static void render_table_options(sc_sbuf *b, const sc_table_def *def)
{
    sc_sbuf__printf(b, " ENGINE=%s", def->engine ? def->engine : "InnoDB");
    if (def->auto_increment)
        sc_sbuf__printf(b, " AUTO_INCREMENT=%llu", (unsigned long long)def->auto_increment);
    if (def->charset) {
        sc_sbuf__printf(b, " DEFAULT CHARSET=%s", def->charset);
        if (def->collation && strcasecmp(def->charset, "binary") != 0)
            sc_sbuf__printf(b, " COLLATE=%s", def->collation);
    }
    /* the options string ends with the engine-defined options (`NAME`=...),
     * which MariaDB prints after COMMENT */
    size_t std_len = 0, len = def->options ? strlen(def->options) : 0;
    {
        bool quoted = false;
        for (std_len = 0; std_len < len; std_len++) {
            char ch = def->options[std_len];
            if (ch == '\'' && !quoted)
                quoted = true;
            else if (ch == '\'' && quoted && def->options[std_len + 1] == '\'')
                std_len++;
            else if (ch == '\'')
                quoted = false;
            else if (!quoted && ch == '`' && (std_len == 0 || def->options[std_len - 1] == ' '))
                break;
        }
    }
    while (std_len > 0 && def->options[std_len - 1] == ' ')
        std_len--;
    if (std_len) {
        sc_sbuf__putc(b, ' ');
        sc_sbuf__printf(b, "%.*s", (int)std_len, def->options);
    }
    if (def->comment) {
        sc_sbuf__puts(b, " COMMENT=");
        sc_sbuf__quoted(b, def->comment);
    }
    {
        size_t rest = std_len;
        while (rest < len && def->options[rest] == ' ')
            rest++;
        if (rest < len) {
            sc_sbuf__putc(b, ' ');
            sc_sbuf__puts(b, def->options + rest);
        }
    }
}

int sc_show__table(sc_sbuf *b, const sc_table_def *def, const char *schema)
{
    bool first = true;

    sc_sbuf__puts(b, "CREATE TABLE ");
    sc_sbuf__ident(b, def->name);
    sc_sbuf__puts(b, " (\n");
    for (size_t i = 0; i < def->n_columns; i++) {
        sc_sbuf__puts(b, first ? "  " : ",\n  ");
        first = false;
        sc_show__column(b, &def->columns[i], def);
    }
    for (size_t i = 0; i < def->n_indexes; i++) {
        sc_sbuf__puts(b, first ? "  " : ",\n  ");
        first = false;
        render_index(b, &def->indexes[i], def);
    }
    for (size_t i = 0; i < def->n_foreign_keys; i++) {
        sc_sbuf__puts(b, first ? "  " : ",\n  ");
        first = false;
        render_fk(b, &def->foreign_keys[i], schema);
    }
    for (size_t i = 0; i < def->n_checks; i++) {
        sc_sbuf__puts(b, first ? "  " : ",\n  ");
        first = false;
        sc_sbuf__puts(b, "CONSTRAINT ");
        sc_sbuf__ident(b, def->checks[i].name);
        sc_sbuf__puts(b, " CHECK (");
        sc_sbuf__puts(b, def->checks[i].expr);
        sc_sbuf__putc(b, ')');
    }
    sc_sbuf__puts(b, "\n)");
    render_table_options(b, def);
    (void)find_column;
    return b->err;
}

void sc_show__database(sc_sbuf *b, const sc_schema_def *def)
{
    sc_sbuf__puts(b, "CREATE DATABASE ");
    sc_sbuf__ident(b, def->name);
    sc_sbuf__puts(b, " /*!40100");
    if (def->charset)
        sc_sbuf__printf(b, " DEFAULT CHARACTER SET %s", def->charset);
    if (def->collation && !(def->charset && strcasecmp(def->charset, "binary") == 0))
        sc_sbuf__printf(b, " COLLATE %s", def->collation);
    sc_sbuf__puts(b, " */");
    if (def->comment) {
        sc_sbuf__puts(b, " COMMENT ");
        sc_sbuf__quoted(b, def->comment);
    }
}

/* ------------------------------------------------------------------ */
/* Public entry points                                                  */

int sc_show_create_table(char **out, sc_txn *txn, const char *schema, const char *table)
{
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));
    sc_table *t = NULL;
    sc_sbuf b;
    int rc;

    *out = NULL;
    rc = sc_table_lookup(&t, txn, schema, table);
    if (rc != SC_OK) {
        if (rc == SC_ENOTFOUND)
            rc = sc_error_set(ctx, SC_ESQL, 1146, "42S02", "Table '%s.%s' doesn't exist", schema,
                              table);
        return rc;
    }
    sc_sbuf__init(&b, ctx);
    sc_show__table(&b, sc_table_definition(t), sc_table_schema_name(t));
    rc = sc_sbuf__finish(out, &b);
    sc_table_free(t);
    return rc;
}

int sc_show_create_database(char **out, sc_txn *txn, const char *schema)
{
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));
    sc_schema *s = NULL;
    sc_sbuf b;
    int rc;

    *out = NULL;
    rc = sc_schema_lookup(&s, txn, schema);
    if (rc != SC_OK) {
        if (rc == SC_ENOTFOUND)
            rc = sc_error_set(ctx, SC_ESQL, 1049, "42000", "Unknown database '%s'", schema);
        return rc;
    }
    sc_sbuf__init(&b, ctx);
    sc_show__database(&b, sc_schema_definition(s));
    rc = sc_sbuf__finish(out, &b);
    sc_schema_free(s);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Whole-catalog dump in the oracle's schema.sql format                 */

typedef struct dump_state {
    sc_txn *txn;
    sc_sbuf *b;
    const char *schema; /* current schema name */
    int rc;
} dump_state;

static int dump_table(const sc_table_info *info, void *payload)
{
    dump_state *st = payload;
    sc_table *t = NULL;
    int rc = sc_table_get(&t, st->txn, info->id);

    if (rc != SC_OK)
        return st->rc = rc;
    sc_show__table(st->b, sc_table_definition(t), st->schema);
    sc_sbuf__puts(st->b, ";\n\n");
    sc_table_free(t);
    return 0;
}

static int dump_schema(const sc_schema *s, void *payload)
{
    dump_state *st = payload;
    const sc_schema_def *def = sc_schema_definition(s);

    if (strcmp(def->name, SC_SYSCAT_SCHEMA) == 0)
        return 0;
    sc_show__database(st->b, def);
    sc_sbuf__puts(st->b, ";\n\n");
    st->schema = def->name;
    return sc_table_foreach(st->txn, sc_schema_id(s), dump_table, st);
}

int sc_dump_show_create(char **out, sc_txn *txn)
{
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));
    sc_sbuf b;
    dump_state st = {txn, &b, NULL, SC_OK};
    int rc;

    *out = NULL;
    sc_sbuf__init(&b, ctx);
    sc_sbuf__puts(&b, "");
    rc = sc_schema_foreach(txn, dump_schema, &st);
    if (rc != SC_OK) {
        sc_sbuf__free(&b);
        return st.rc != SC_OK ? st.rc : rc;
    }
    return sc_sbuf__finish(out, &b);
}

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
#include <time.h>

#include "catalog/catalog_int.h"
#include "ddl/partition.h"
#include "ddl/period.h"
#include "ddl/sequence.h"
#include "ddl/show.h"
#include "ddl/select.h"
#include "ddl/types.h"
#include "syscat/ddl.h"

/* ------------------------------------------------------------------ */
/* Quoting                                                              */

void sc_show__quoted(sc_buf *b, const char *s)
{
    sc__buf_putc(b, '\'');
    for (const char *p = s; *p; p++) {
        switch (*p) {
        case '\'':
            sc__buf_puts(b, "''");
            break;
        case '\\':
            sc__buf_puts(b, "\\\\");
            break;
        case '\n':
            sc__buf_puts(b, "\\n");
            break;
        case '\r':
            sc__buf_puts(b, "\\r");
            break;
        case '\xC0':
            if (p[1] == '\x80') { /* a NUL byte (see ddl/exec_table.c encode_nul) */
                sc__buf_puts(b, "\\0");
                p++;
            } else {
                sc__buf_putc(b, *p);
            }
            break;
        default:
            sc__buf_putc(b, *p);
        }
    }
    sc__buf_putc(b, '\'');
}

/* ------------------------------------------------------------------ */
/* Columns                                                              */

static bool streq_ci(const char *a, const char *b)
{
    return a && b && strcasecmp(a, b) == 0;
}

static void render_charset(sc_buf *b, const sc_column_def *col, const sc_table_def *def)
{
    if (!sc_type__has_charset(col->type) || !col->collation)
        return;
    if (streq_ci(col->collation, def->collation) ||
        (!def->collation && streq_ci(col->charset, def->charset)))
        return;
    sc__buf_puts(b, " CHARACTER SET ");
    sc__buf_puts(b, col->charset ? col->charset : "");
    sc__buf_puts(b, " COLLATE ");
    sc__buf_puts(b, col->collation);
}

const char *sc_show__timestamp_shift(char *out, const char *v, int minutes)
{
    struct tm tm;
    int frac_at = 0;
    time_t t;

    memset(&tm, 0, sizeof(tm));
    if (!minutes || !v || strncmp(v, "0000-00-00", 10) == 0 ||
        sscanf(v, "%4d-%2d-%2d %2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
               &tm.tm_min, &tm.tm_sec, &frac_at) != 6 ||
        strlen(v + frac_at) > 8)
        return v;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    t = timegm(&tm) + (time_t)minutes * 60;
    if (!gmtime_r(&t, &tm))
        return v;
    snprintf(out, 40, "%04d-%02d-%02d %02d:%02d:%02d%s", tm.tm_year + 1900, tm.tm_mon + 1,
             tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, v + frac_at);
    return out;
}

/* tz_min: the session's time zone, in which a TIMESTAMP literal (UTC) is shown */
static void render_default(sc_buf *b, const sc_column_def *col, int tz_min)
{
    char shifted[40];

    switch (col->default_kind) {
    case SC_DEFAULT_NULL:
        sc__buf_puts(b, " DEFAULT NULL");
        break;
    case SC_DEFAULT_LITERAL:
        sc__buf_puts(b, " DEFAULT ");
        if (col->type == SC_TYPE_BIT) {
            sc__buf_printf(b, "b'%s'", col->default_value ? col->default_value : "0");
        } else if (sc_type__default_unquoted(col->type)) {
            sc__buf_puts(b, col->default_value ? col->default_value : "");
        } else if (col->type == SC_TYPE_TIMESTAMP) {
            sc_show__quoted(b, sc_show__timestamp_shift(shifted, col->default_value, tz_min));
        } else {
            sc_show__quoted(b, col->default_value ? col->default_value : "");
        }
        break;
    case SC_DEFAULT_EXPR:
        sc__buf_puts(b, " DEFAULT ");
        sc__buf_puts(b, col->default_value ? col->default_value : "");
        break;
    default:
        break;
    }
}

static void column_in_zone(sc_buf *b, const sc_column_def *col, const sc_table_def *def, int tz_min)
{
    sc_ddl__quote_ident(b, col->name);
    sc__buf_putc(b, ' ');
    sc_type__render(b, col);
    render_charset(b, col, def);
    if (col->generated == SC_GEN_ROW_START || col->generated == SC_GEN_ROW_END) {
        sc__buf_puts(b, col->generated == SC_GEN_ROW_START ? " GENERATED ALWAYS AS ROW START"
                                                           : " GENERATED ALWAYS AS ROW END");
    } else if (col->generated != SC_GEN_NONE) {
        sc__buf_puts(b, " GENERATED ALWAYS AS (");
        sc__buf_puts(b, col->generation_expr ? col->generation_expr : "");
        sc__buf_puts(b, col->generated == SC_GEN_STORED ? ") STORED" : ") VIRTUAL");
    } else if (col->flags & SC_COL_NOT_NULL) {
        sc__buf_puts(b, " NOT NULL");
    } else if (col->type == SC_TYPE_TIMESTAMP) {
        sc__buf_puts(b, " NULL");
    }
    if (col->flags & SC_COL_INVISIBLE)
        sc__buf_puts(b, " INVISIBLE");
    if (col->generated == SC_GEN_NONE)
        render_default(b, col, tz_min);
    if (col->on_update) {
        sc__buf_puts(b, " ON UPDATE ");
        sc__buf_puts(b, col->on_update);
    }
    if (col->flags & SC_COL_AUTO_INCREMENT)
        sc__buf_puts(b, " AUTO_INCREMENT");
    if (col->comment) {
        sc__buf_puts(b, " COMMENT ");
        sc_show__quoted(b, col->comment);
    }
    if (col->check_expr) {
        sc__buf_puts(b, " CHECK (");
        sc__buf_puts(b, col->check_expr);
        sc__buf_putc(b, ')');
    }
    if (col->flags & SC_COL_WITHOUT_VERSIONING)
        sc__buf_puts(b, " WITHOUT SYSTEM VERSIONING");
}

void sc_show__column(sc_buf *b, const sc_column_def *col, const sc_table_def *def)
{
    column_in_zone(b, col, def, 0);
}

/* ------------------------------------------------------------------ */
/* Indexes, foreign keys, checks                                        */

static uint32_t table_key_block_size(const sc_table_def *def)
{
    const char *p = def->options ? strstr(def->options, "KEY_BLOCK_SIZE=") : NULL;
    return p ? (uint32_t)strtoul(p + 15, NULL, 10) : 0;
}

static void render_index_parts(sc_buf *b, const sc_index_def *ix, const sc_table_def *def)
{
    sc__buf_putc(b, '(');
    for (size_t i = 0; i < ix->n_parts; i++) {
        if (i)
            sc__buf_putc(b, ',');
        sc_ddl__quote_ident(b, ix->parts[i].column);
        if (ix->parts[i].prefix_len)
            sc__buf_printf(b, "(%u)", (unsigned)ix->parts[i].prefix_len);
        if (ix->parts[i].descending)
            sc__buf_puts(b, " DESC");
    }
    if ((ix->flags & SC_INDEX_WITHOUT_OVERLAPS) && def->period_name) {
        sc__buf_putc(b, ',');
        sc_ddl__quote_ident(b, def->period_name);
        sc__buf_puts(b, " WITHOUT OVERLAPS");
    }
    sc__buf_putc(b, ')');
}

static void render_index(sc_buf *b, const sc_index_def *ix, const sc_table_def *def)
{
    switch (ix->kind) {
    case SC_INDEX_PRIMARY:
        sc__buf_puts(b, "PRIMARY KEY ");
        break;
    case SC_INDEX_UNIQUE:
        sc__buf_puts(b, "UNIQUE KEY ");
        break;
    case SC_INDEX_FULLTEXT:
        sc__buf_puts(b, "FULLTEXT KEY ");
        break;
    case SC_INDEX_SPATIAL:
        sc__buf_puts(b, "SPATIAL KEY ");
        break;
    default:
        sc__buf_puts(b, "KEY ");
        break;
    }
    if (ix->kind != SC_INDEX_PRIMARY) {
        sc_ddl__quote_ident(b, ix->name);
        sc__buf_putc(b, ' ');
    }
    render_index_parts(b, ix, def);
    if (ix->algorithm == SC_ALGO_BTREE)
        sc__buf_puts(b, " USING BTREE");
    else if (ix->algorithm == SC_ALGO_HASH)
        sc__buf_puts(b, " USING HASH");
    else if (ix->algorithm == SC_ALGO_RTREE && ix->kind != SC_INDEX_SPATIAL)
        sc__buf_puts(b, " USING RTREE");
    if (ix->key_block_size && ix->key_block_size != table_key_block_size(def))
        sc__buf_printf(b, " KEY_BLOCK_SIZE=%u", (unsigned)ix->key_block_size);
    if (ix->parser) {
        sc__buf_puts(b, " /*!50100 WITH PARSER ");
        sc_ddl__quote_ident(b, ix->parser);
        sc__buf_puts(b, " */");
    }
    if (ix->comment) {
        sc__buf_puts(b, " COMMENT ");
        sc_show__quoted(b, ix->comment);
    }
    if (ix->flags & SC_INDEX_IGNORED)
        sc__buf_puts(b, " IGNORED");
}

const char *sc_show__fk_action(sc_fk_action a)
{
    switch (a) {
    case SC_FK_CASCADE:
        return "CASCADE";
    case SC_FK_SET_NULL:
        return "SET NULL";
    case SC_FK_NO_ACTION:
        return "NO ACTION";
    default: /* RESTRICT, and SET DEFAULT which InnoDB ignores */
        return "RESTRICT";
    }
}

/* " ON DELETE CASCADE": RESTRICT is the default and is not printed. */
static void put_fk_action(sc_buf *b, const char *event, sc_fk_action a)
{
    const char *name = sc_show__fk_action(a);

    if (strcmp(name, "RESTRICT") != 0)
        sc__buf_printf(b, " ON %s %s", event, name);
}

void sc_show__name_list(sc_buf *b, const char *const *names, size_t n)
{
    sc__buf_putc(b, '(');
    for (size_t i = 0; i < n; i++) {
        if (i)
            sc__buf_puts(b, ", ");
        sc_ddl__quote_ident(b, names[i]);
    }
    sc__buf_putc(b, ')');
}

static void render_fk(sc_buf *b, const sc_fk_def *fk, const char *schema)
{
    sc__buf_puts(b, "CONSTRAINT ");
    sc_ddl__quote_ident(b, fk->name);
    sc__buf_puts(b, " FOREIGN KEY ");
    sc_show__name_list(b, fk->columns, fk->n_columns);
    sc__buf_puts(b, " REFERENCES ");
    if (fk->parent_schema && (!schema || strcmp(fk->parent_schema, schema) != 0)) {
        sc_ddl__quote_ident(b, fk->parent_schema);
        sc__buf_putc(b, '.');
    }
    sc_ddl__quote_ident(b, fk->parent_table);
    sc__buf_putc(b, ' ');
    sc_show__name_list(b, fk->parent_columns, fk->n_columns);
    put_fk_action(b, "DELETE", fk->on_delete);
    put_fk_action(b, "UPDATE", fk->on_update);
}

/* ------------------------------------------------------------------ */
/* Table and database                                                   */

/* Aria shows every row format but FIXED and DYNAMIC as its block format,
 * PAGE (ha_maria::update_create_info); the stored value stays, so a later
 * ALTER to InnoDB shows it again (verified against 10.11.19). */
static bool aria_shows_page(const sc_table_def *def, const char *tok, size_t n)
{
    static const char *const as_page[] = {"ROW_FORMAT=COMPACT", "ROW_FORMAT=REDUNDANT",
                                          "ROW_FORMAT=COMPRESSED"};

    if (!def->engine || strcasecmp(def->engine, "Aria") != 0)
        return false;
    for (size_t i = 0; i < sizeof as_page / sizeof as_page[0]; i++)
        if (strlen(as_page[i]) == n && strncasecmp(tok, as_page[i], n) == 0)
            return true;
    return false;
}

/* TRANSACTIONAL kept from an Aria table moved to an engine without the
 * option (not Aria, not InnoDB) prints as a comment (10.11.19's
 * has_transactional_option(); under sql_mode IGNORE_BAD_TABLE_OPTIONS MariaDB
 * prints it bare, which a SHOW here does not know). */
static bool transactional_in_comment(const sc_table_def *def, const char *tok, size_t n)
{
    const char *e = def->engine ? def->engine : "InnoDB";

    return n > 14 && strncasecmp(tok, "TRANSACTIONAL=", 14) == 0 && strcasecmp(e, "Aria") != 0 &&
           strcasecmp(e, "InnoDB") != 0;
}

/* The standard options (the first len bytes of def->options), as shown. */
static void render_std_options(sc_buf *b, const sc_table_def *def, size_t len)
{
    const char *s = def->options;
    size_t i = 0;

    while (i < len) {
        size_t n = 0;
        while (i + n < len && s[i + n] != ' ')
            n++;
        if (aria_shows_page(def, s + i, n))
            sc__buf_puts(b, "ROW_FORMAT=PAGE");
        else if (transactional_in_comment(def, s + i, n))
            sc__buf_printf(b, "/* %.*s */", (int)n, s + i);
        else
            sc__buf_printf(b, "%.*s", (int)n, s + i);
        i += n;
        if (i < len)
            sc__buf_putc(b, s[i++]);
    }
}

/* DATA/INDEX DIRECTORY='...' ends the options string, after the engine's own. */
static bool is_dir_option(const char *s)
{
    return strncmp(s, "DATA DIRECTORY='", 16) == 0 || strncmp(s, "INDEX DIRECTORY='", 17) == 0;
}

static void render_table_options(sc_buf *b, const sc_table_def *def)
{
    sc__buf_printf(b, " ENGINE=%s", def->engine ? def->engine : "InnoDB");
    if (def->auto_increment)
        sc__buf_printf(b, " AUTO_INCREMENT=%llu", (unsigned long long)def->auto_increment);
    if (def->charset) {
        sc__buf_printf(b, " DEFAULT CHARSET=%s", def->charset);
        if (def->collation && strcasecmp(def->charset, "binary") != 0)
            sc__buf_printf(b, " COLLATE=%s", def->collation);
    }
    /* the options string ends with the engine-defined options (`NAME`=...)
     * and DATA/INDEX DIRECTORY, which MariaDB prints after COMMENT */
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
            else if (!quoted && (std_len == 0 || def->options[std_len - 1] == ' ') &&
                     (ch == '`' || is_dir_option(def->options + std_len)))
                break;
        }
    }
    while (std_len > 0 && def->options[std_len - 1] == ' ')
        std_len--;
    if (std_len) {
        sc__buf_putc(b, ' ');
        render_std_options(b, def, std_len);
    }
    if (def->comment) {
        sc__buf_puts(b, " COMMENT=");
        sc_show__quoted(b, def->comment);
    }
    {
        size_t rest = std_len;
        while (rest < len && def->options[rest] == ' ')
            rest++;
        if (rest < len) {
            sc__buf_putc(b, ' ');
            sc__buf_puts(b, def->options + rest);
        }
    }
}

int sc_show__table(sc_buf *b, const sc_table_def *def, const char *schema)
{
    return sc_show__table_in_zone(b, def, schema, 0);
}

int sc_show__table_in_zone(sc_buf *b, const sc_table_def *def, const char *schema, int tz_min)
{
    bool first = true;

    if ((def->flags & SC_TABLE_SEQUENCE) && def->sequence) {
        sc_show__sequence_table(b, def);
        return b->failed ? SC_ENOMEM : SC_OK;
    }

    sc__buf_puts(b, "CREATE TABLE ");
    sc_ddl__quote_ident(b, def->name);
    sc__buf_puts(b, " (\n");
    for (size_t i = 0; i < def->n_columns; i++) {
        sc__buf_puts(b, first ? "  " : ",\n  ");
        first = false;
        column_in_zone(b, &def->columns[i], def, tz_min);
    }
    sc_show__app_period(b, def, &first);
    for (size_t i = 0; i < def->n_indexes; i++) {
        sc__buf_puts(b, first ? "  " : ",\n  ");
        first = false;
        render_index(b, &def->indexes[i], def);
    }
    sc_show__system_period(b, def, &first);
    for (size_t i = 0; i < def->n_foreign_keys; i++) {
        sc__buf_puts(b, first ? "  " : ",\n  ");
        first = false;
        render_fk(b, &def->foreign_keys[i], schema);
    }
    for (size_t i = 0; i < def->n_checks; i++) {
        sc__buf_puts(b, first ? "  " : ",\n  ");
        first = false;
        sc__buf_puts(b, "CONSTRAINT ");
        sc_ddl__quote_ident(b, def->checks[i].name);
        sc__buf_puts(b, " CHECK (");
        sc__buf_puts(b, def->checks[i].expr);
        sc__buf_putc(b, ')');
    }
    sc__buf_puts(b, "\n)");
    render_table_options(b, def);
    if (def->flags & SC_TABLE_SYSTEM_VERSIONING)
        sc__buf_puts(b, " WITH SYSTEM VERSIONING");
    if (def->partitioning)
        sc_show__partitioning(b, def->partitioning, def->engine);
    return b->failed ? SC_ENOMEM : SC_OK;
}

void sc_show__database(sc_buf *b, const sc_schema_def *def)
{
    sc__buf_puts(b, "CREATE DATABASE ");
    sc_ddl__quote_ident(b, def->name);
    sc__buf_puts(b, " /*!40100");
    if (def->charset)
        sc__buf_printf(b, " DEFAULT CHARACTER SET %s", def->charset);
    if (def->collation && !(def->charset && strcasecmp(def->charset, "binary") == 0))
        sc__buf_printf(b, " COLLATE %s", def->collation);
    sc__buf_puts(b, " */");
    if (def->comment) {
        sc__buf_puts(b, " COMMENT ");
        sc_show__quoted(b, def->comment);
    }
}

/* ------------------------------------------------------------------ */
/* Public entry points                                                  */

int sc_show_create_table(char **out, sc_txn *txn, const char *schema, const char *table)
{
    return sc_show__create_table_in_zone(out, txn, schema, table, 0);
}

int sc_show__create_table_in_zone(
    char **out, sc_txn *txn, const char *schema, const char *table, int tz_min)
{
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));
    sc_table *t = NULL;
    sc_buf b;
    int rc;

    *out = NULL;
    rc = sc_table_lookup(&t, txn, schema, table);
    if (rc != SC_OK) {
        if (rc == SC_ENOTFOUND)
            rc = sc_error_set_er(ctx, SC_ESQL, SC_ER_NO_SUCH_TABLE, schema, table);
        return rc;
    }
    sc__buf_init(&b, ctx);
    rc = SC_OK;
    if (sc_ddl__is_view(txn, sc_table_id(t)))
        rc = sc_ddl__view_create_text(&b, txn, sc_table_id(t), schema, table, NULL);
    else
        sc_show__table_in_zone(&b, sc_table_definition(t), sc_table_schema_name(t), tz_min);
    rc = rc != SC_OK ? rc : sc__buf_finish(out, &b);
    if (rc != SC_OK)
        sc__buf_free(&b);
    sc_table_free(t);
    return rc;
}

int sc_show_create_database(char **out, sc_txn *txn, const char *schema)
{
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));
    sc_schema *s = NULL;
    sc_buf b;
    int rc;

    *out = NULL;
    rc = sc_schema_lookup(&s, txn, schema);
    if (rc != SC_OK) {
        if (rc == SC_ENOTFOUND)
            rc = sc_error_set_er(ctx, SC_ESQL, SC_ER_BAD_DB_ERROR, schema);
        return rc;
    }
    sc__buf_init(&b, ctx);
    sc_show__database(&b, sc_schema_definition(s));
    rc = sc__buf_finish(out, &b);
    sc_schema_free(s);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Whole-catalog dump in the oracle's schema.sql format                 */

typedef struct dump_state {
    sc_txn *txn;
    sc_buf *b;
    const char *schema; /* current schema name */
    int rc;
} dump_state;

static int dump_table(const sc_table_info *info, void *payload)
{
    dump_state *st = payload;
    sc_table *t = NULL;
    int rc;

    if (sc_ddl__is_view(st->txn, info->id))
        return 0; /* views come after the base tables */
    rc = sc_table_get(&t, st->txn, info->id);
    if (rc != SC_OK)
        return st->rc = rc;
    if (!(sc_table_definition(t)->flags & SC_TABLE_SEQUENCE)) { /* sequences come next */
        sc_show__table(st->b, sc_table_definition(t), st->schema);
        sc__buf_puts(st->b, ";\n\n");
    }
    sc_table_free(t);
    return 0;
}

/* The sequences part of the oracle's extended schema.sql: SHOW CREATE SEQUENCE. */
static int dump_sequence(const sc_table_info *info, void *payload)
{
    dump_state *st = payload;
    sc_table *t = NULL;
    int rc;

    if (sc_ddl__is_view(st->txn, info->id))
        return 0;
    rc = sc_table_get(&t, st->txn, info->id);
    if (rc != SC_OK)
        return st->rc = rc;
    if ((sc_table_definition(t)->flags & SC_TABLE_SEQUENCE) && sc_table_definition(t)->sequence) {
        sc_show__sequence(st->b, sc_table_definition(t));
        sc__buf_puts(st->b, ";\n\n");
    }
    sc_table_free(t);
    return 0;
}

/* The views part of the oracle's extended schema.sql (names qualified: no current database). */
static int dump_view(const sc_table_info *info, void *payload)
{
    dump_state *st = payload;
    int rc;

    if (!sc_ddl__is_view(st->txn, info->id))
        return 0;
    rc = sc_ddl__view_create_text(st->b, st->txn, info->id, st->schema, info->name, NULL);
    if (rc != SC_OK)
        return st->rc = rc;
    sc__buf_puts(st->b, ";\n\n");
    return 0;
}

/* One schema: the database, its tables, sequences, views and triggers. */
static int dump_one_schema(dump_state *st, const sc_schema *s)
{
    const sc_schema_def *def = sc_schema_definition(s);
    int rc;

    sc_show__database(st->b, def);
    sc__buf_puts(st->b, ";\n\n");
    st->schema = def->name;
    rc = sc_table_foreach(st->txn, sc_schema_id(s), dump_table, st);
    if (rc == SC_OK)
        rc = sc_table_foreach(st->txn, sc_schema_id(s), dump_sequence, st);
    if (rc == SC_OK)
        rc = sc_table_foreach(st->txn, sc_schema_id(s), dump_view, st);
    if (rc == SC_OK)
        rc = st->rc = sc_ddl__dump_triggers(st->b, st->txn, sc_schema_id(s));
    return rc;
}

static int dump_schema(const sc_schema *s, void *payload)
{
    if (strcmp(sc_schema_definition(s)->name, SC_SYSCAT_SCHEMA) == 0)
        return 0;
    return dump_one_schema(payload, s);
}

int sc_dump_show_create(char **out, sc_txn *txn)
{
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));
    sc_buf b;
    dump_state st = {txn, &b, NULL, SC_OK};
    int rc;

    *out = NULL;
    sc__buf_init(&b, ctx);
    sc__buf_puts(&b, "");
    rc = sc_schema_foreach(txn, dump_schema, &st);
    if (rc != SC_OK) {
        sc__buf_free(&b);
        return st.rc != SC_OK ? st.rc : rc;
    }
    return sc__buf_finish(out, &b);
}

int sc_dump_show_create_schema(char **out, sc_txn *txn, const char *schema)
{
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));
    sc_schema *s = NULL;
    sc_buf b;
    dump_state st = {txn, &b, NULL, SC_OK};
    int rc;

    *out = NULL;
    rc = sc_schema_lookup(&s, txn, schema);
    if (rc != SC_OK)
        return rc;
    sc__buf_init(&b, ctx);
    sc__buf_puts(&b, "");
    rc = dump_one_schema(&st, s);
    sc_schema_free(s);
    if (rc != SC_OK) {
        sc__buf_free(&b);
        return st.rc != SC_OK ? st.rc : rc;
    }
    return sc__buf_finish(out, &b);
}

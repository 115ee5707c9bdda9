/*
 * infoschema_tables.c - the information_schema tables with a row per
 * table, column, index part or constraint: TABLES, COLUMNS, STATISTICS,
 * KEY_COLUMN_USAGE, REFERENTIAL_CONSTRAINTS, TABLE_CONSTRAINTS,
 * CHECK_CONSTRAINTS, with the values MariaDB 10.11 gives for the same
 * definitions (recorded cases: ../shared/oracle/show, tests/data/show-extra).
 *
 * Tables are visited database by database, each sorted by name (binary),
 * within the query's scope. Sizes are those of an empty table (the catalog
 * holds no rows): InnoDB's one 16 KiB page per index, MariaDB's figures for
 * the other engines where they do not depend on the record layout.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "ddl/infoschema_int.h"
#include "ddl/show.h"
#include "ddl/types.h"

/* A view in TABLES: type VIEW, comment VIEW, every other column NULL. */
static int
view_table_row(sc_rs *b, sc_exec *x, const char *db, const sc_table *t, const sc_is_scope *scope)
{
    const sc_table_def *def = sc_table_definition(t);
    (void)x;
    (void)scope;
    sc_rs__str(b, "def");
    sc_rs__str(b, db);
    sc_rs__str(b, def->name);
    sc_rs__str(b, "VIEW");
    for (int i = 0; i < 16; i++) /* ENGINE .. CREATE_OPTIONS */
        sc_rs__null(b);
    sc_rs__str(b, "VIEW");
    sc_rs__null(b);
    return sc_rs__null(b);
}

static const sc_column_def *find_column(const sc_table_def *def, const char *name)
{
    for (size_t i = 0; i < def->n_columns; i++)
        if (strcasecmp(def->columns[i].name, name) == 0)
            return &def->columns[i];
    return NULL;
}

static bool engine_is(const sc_table_def *def, const char *engine)
{
    return def->engine && strcasecmp(def->engine, engine) == 0;
}

/*
 * The key MariaDB treats as the primary key: PRIMARY, else the first
 * UNIQUE key whose parts are all NOT NULL whole columns (not a long hash).
 * -1 when none.
 */
static long primary_key(const sc_table_def *def)
{
    for (size_t k = 0; k < def->n_indexes; k++)
        if (def->indexes[k].kind == SC_INDEX_PRIMARY)
            return (long)k;
    for (size_t k = 0; k < def->n_indexes; k++) {
        const sc_index_def *ix = &def->indexes[k];
        bool ok = ix->kind == SC_INDEX_UNIQUE && !(ix->flags & SC_INDEX_LONG_HASH);
        for (size_t p = 0; ok && p < ix->n_parts; p++) {
            const sc_column_def *c = find_column(def, ix->parts[p].column);
            ok = c && (c->flags & SC_COL_NOT_NULL) && ix->parts[p].prefix_len == 0;
        }
        if (ok)
            return (long)k;
    }
    return -1;
}

static bool blob_like(sc_coltype t);

static bool is_unique(const sc_index_def *ix)
{
    return ix->kind == SC_INDEX_PRIMARY || ix->kind == SC_INDEX_UNIQUE;
}

/* ------------------------------------------------------------------ */
/* TABLES                                                               */

/* MariaDB writes frm version 11 when a table has expressions beyond literal defaults. */
static unsigned frm_version(const sc_table_def *def)
{
    if (def->n_checks)
        return 11;
    for (size_t i = 0; i < def->n_columns; i++) {
        const sc_column_def *c = &def->columns[i];
        if (c->generated != SC_GEN_NONE || c->check_expr)
            return 11;
        if (c->default_kind == SC_DEFAULT_EXPR && c->default_value &&
            strncasecmp(c->default_value, "current_timestamp", 17) != 0)
            return 11;
        if (c->default_kind == SC_DEFAULT_LITERAL && blob_like(c->type))
            return 11; /* a BLOB/TEXT default is an expression to MariaDB */
    }
    for (size_t k = 0; k < def->n_indexes; k++)
        if ((def->indexes[k].flags & SC_INDEX_LONG_HASH) ||
            (def->indexes[k].kind == SC_INDEX_UNIQUE && def->indexes[k].algorithm == SC_ALGO_HASH &&
             !engine_is(def, "MEMORY")))
            return 11;
    return 10;
}

/* The value of option name (upper case) in the options string, or NULL (arena copy). */
static const char *option_value(sc_exec *x, const sc_table_def *def, const char *name)
{
    size_t n = strlen(name);

    for (const char *p = def->options; p && *p;) {
        const char *end = strchr(p, ' ');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len > n && strncasecmp(p, name, n) == 0 && p[n] == '=')
            return sc_exec__printf(x, "%.*s", (int)(len - n - 1), p + n + 1);
        p = end ? end + 1 : p + len;
    }
    return NULL;
}

static bool has_variable_length(const sc_table_def *def)
{
    for (size_t i = 0; i < def->n_columns; i++) {
        sc_coltype t = def->columns[i].type;
        if (t == SC_TYPE_VARCHAR || t == SC_TYPE_VARBINARY || sc_type__max_chars(t) > 65535 ||
            t == SC_TYPE_TINYBLOB || t == SC_TYPE_BLOB || t == SC_TYPE_TINYTEXT ||
            t == SC_TYPE_TEXT || sc_type__is_spatial(t))
            return true;
    }
    return false;
}

static const char *row_format(sc_exec *x, const sc_table_def *def)
{
    const char *rf = option_value(x, def, "ROW_FORMAT");

    if (engine_is(def, "InnoDB")) {
        if (rf && strcasecmp(rf, "DEFAULT") != 0)
            return strcasecmp(rf, "COMPACT") == 0      ? "Compact"
                   : strcasecmp(rf, "REDUNDANT") == 0  ? "Redundant"
                   : strcasecmp(rf, "COMPRESSED") == 0 ? "Compressed"
                                                       : "Dynamic";
        return option_value(x, def, "KEY_BLOCK_SIZE") ? "Compressed" : "Dynamic";
    }
    if (engine_is(def, "Aria"))
        return rf && strcasecmp(rf, "FIXED") == 0     ? "Fixed"
               : rf && strcasecmp(rf, "DYNAMIC") == 0 ? "Dynamic"
                                                      : "Page";
    if (engine_is(def, "MEMORY"))
        return "Fixed";
    if (engine_is(def, "MyISAM") || engine_is(def, "MRG_MyISAM"))
        return rf && strcasecmp(rf, "FIXED") == 0 && !has_variable_length(def) ? "Fixed"
               : rf && strcasecmp(rf, "DYNAMIC") == 0                          ? "Dynamic"
               : has_variable_length(def)                                      ? "Dynamic"
                                                                               : "Fixed";
    return NULL;
}

/*
 * CREATE_OPTIONS: the options string with lower-case names (row_format=DYNAMIC),
 * engine-defined ones (`PAGE_COMPRESSED`='1') and DATA/INDEX DIRECTORY as they are.
 * Aria: MariaDB lists TRANSACTIONAL always (1 unless given) and PAGE_CHECKSUM
 * only when it was given, while SHOW CREATE prints the PAGE_CHECKSUM=1 Aria
 * sets by itself; the catalog keeps the SHOW CREATE form, so a PAGE_CHECKSUM=1
 * without a TRANSACTIONAL option is taken as Aria's own.
 */
static const char *create_options(sc_exec *x, const sc_table_def *def)
{
    bool aria_own = engine_is(def, "Aria") && !option_value(x, def, "TRANSACTIONAL");
    const char *dirs = NULL;
    sc_buf b = SC_BUF_INIT(x->ctx);
    char *out;

    for (const char *p = def->options; p && *p;) {
        size_t len = strcspn(p, " ");
        if (strncmp(p, "DATA DIRECTORY='", 16) == 0 || strncmp(p, "INDEX DIRECTORY='", 17) == 0) {
            dirs = p; /* the last options, printed as they are */
            break;
        }
        bool skip = aria_own && len == 15 && strncmp(p, "PAGE_CHECKSUM=1", 15) == 0;
        /* engine-defined options and DATA/INDEX DIRECTORY (last) as SHOW CREATE prints them */
        bool name = *p != '`';
        for (size_t i = 0; !skip && i < len; i++) {
            if (i == 0 && b.len)
                sc__buf_putc(&b, ' ');
            name = name && p[i] != '=';
            sc__buf_putc(&b, name && p[i] >= 'A' && p[i] <= 'Z' ? (char)(p[i] - 'A' + 'a') : p[i]);
        }
        p += len + (p[len] == ' ');
    }
    if (aria_own)
        sc__buf_puts(&b, b.len ? " transactional=1" : "transactional=1");
    if (dirs)
        sc__buf_printf(&b, "%s%s", b.len ? " " : "", dirs);
    out = b.failed ? NULL : sc_exec__strdup(x, b.text ? b.text : "");
    sc__buf_free(&b);
    return out;
}

static bool has_auto_increment(const sc_table_def *def)
{
    for (size_t i = 0; i < def->n_columns; i++)
        if (def->columns[i].flags & SC_COL_AUTO_INCREMENT)
            return true;
    return false;
}

/* InnoDB's page: 16 KiB, or the compressed page size (KEY_BLOCK_SIZE KiB, default 8). */
static uint64_t innodb_page(sc_exec *x, const sc_table_def *def)
{
    const char *kbs = option_value(x, def, "KEY_BLOCK_SIZE");
    const char *rf = option_value(x, def, "ROW_FORMAT");

    if (kbs && strtoul(kbs, NULL, 10) > 0)
        return strtoul(kbs, NULL, 10) * 1024;
    return rf && strcasecmp(rf, "COMPRESSED") == 0 ? 8192 : 16384;
}

/* InnoDB: one page per secondary index, a FULLTEXT one adds the FTS_DOC_ID index. */
static uint64_t innodb_index_length(const sc_table_def *def, uint64_t page)
{
    uint64_t n = 0;
    bool fts = false;

    for (size_t k = 0; k < def->n_indexes; k++) {
        if ((long)k == primary_key(def))
            continue;
        n++;
        fts = fts || def->indexes[k].kind == SC_INDEX_FULLTEXT;
    }
    return (n + fts) * page;
}

static void put_opt_u64(sc_rs *b, bool known, uint64_t v)
{
    if (known)
        sc_rs__u64(b, v);
    else
        sc_rs__null(b);
}

/* DATA_LENGTH, MAX_DATA_LENGTH, INDEX_LENGTH, DATA_FREE for an empty table. */
static void sizes(sc_rs *b, sc_exec *x, const sc_table_def *def)
{
    uint64_t page = innodb_page(x, def);
    bool innodb = engine_is(def, "InnoDB"), myisam = engine_is(def, "MyISAM");
    bool aria = engine_is(def, "Aria"), memory = engine_is(def, "MEMORY");

    put_opt_u64(b, innodb || myisam || aria || memory, innodb ? page : aria ? 8192 : 0);
    put_opt_u64(b, innodb || (myisam && has_variable_length(def)), innodb ? 0 : 281474976710655u);
    put_opt_u64(b, innodb || myisam || aria || memory,
                innodb   ? innodb_index_length(def, page)
                : myisam ? 1024
                : aria   ? 8192
                         : 0);
    put_opt_u64(b, innodb || myisam || aria || memory, 0);
}

static int
table_row(sc_rs *b, sc_exec *x, const char *db, const sc_table *t, const sc_is_scope *scope)
{
    const sc_table_def *def = sc_table_definition(t);
    const char *checksum = option_value(x, def, "CHECKSUM");

    (void)scope;
    sc_rs__str(b, "def");
    sc_rs__str(b, db);
    sc_rs__str(b, def->name);
    sc_rs__str(b, "BASE TABLE");
    sc_rs__str(b, def->engine);
    sc_rs__u64(b, frm_version(def));
    sc_rs__str(b, row_format(x, def));
    sc_rs__u64(b, 0);                                /* TABLE_ROWS */
    sc_rs__u64(b, engine_is(def, "MEMORY") ? 9 : 0); /* AVG_ROW_LENGTH */
    sizes(b, x, def);
    if (has_auto_increment(def))
        sc_rs__u64(b, def->auto_increment ? def->auto_increment : 1);
    else
        sc_rs__null(b);
    sc_rs__null(b); /* CREATE_TIME: the catalog keeps none */
    sc_rs__null(b); /* UPDATE_TIME */
    sc_rs__null(b); /* CHECK_TIME */
    sc_rs__str(b, def->collation);
    if (checksum && strcmp(checksum, "1") == 0)
        sc_rs__u64(b, 0);
    else
        sc_rs__null(b);
    sc_rs__str(b, create_options(x, def));
    sc_rs__str(b, def->comment ? def->comment : "");
    sc_rs__u64(b, 0); /* MAX_INDEX_LENGTH (InnoDB) */
    return sc_rs__str(b, "N");
}

/* ------------------------------------------------------------------ */
/* COLUMNS                                                              */

static bool is_int(sc_coltype t)
{
    return t == SC_TYPE_TINYINT || t == SC_TYPE_SMALLINT || t == SC_TYPE_MEDIUMINT ||
           t == SC_TYPE_INT || t == SC_TYPE_BIGINT;
}

static bool is_temporal_fsp(sc_coltype t)
{
    return t == SC_TYPE_TIME || t == SC_TYPE_DATETIME || t == SC_TYPE_TIMESTAMP;
}

/* NUMERIC_PRECISION and NUMERIC_SCALE (-1: NULL). */
static void numeric(const sc_column_def *c, long long *prec, long long *scale)
{
    bool uns = c->flags & SC_COL_UNSIGNED;

    *prec = *scale = -1;
    switch (c->type) {
    case SC_TYPE_TINYINT:
        *prec = 3;
        break;
    case SC_TYPE_SMALLINT:
        *prec = 5;
        break;
    case SC_TYPE_MEDIUMINT:
        *prec = uns ? 8 : 7;
        break;
    case SC_TYPE_INT:
        *prec = 10;
        break;
    case SC_TYPE_BIGINT:
        *prec = uns ? 20 : 19;
        break;
    case SC_TYPE_DECIMAL:
        *prec = c->length ? c->length : 10;
        *scale = c->scale;
        return;
    case SC_TYPE_FLOAT:
    case SC_TYPE_DOUBLE:
        if (c->flags & SC_COL_HAS_SCALE) {
            *prec = c->length;
            *scale = c->scale;
        } else {
            *prec = c->type == SC_TYPE_FLOAT ? 12 : 22;
        }
        return;
    case SC_TYPE_BIT:
        *prec = c->length ? c->length : 1;
        return;
    default:
        return;
    }
    *scale = 0;
}

/* CHARACTER_MAXIMUM_LENGTH / CHARACTER_OCTET_LENGTH (-1: NULL). */
static void char_lengths(const sc_column_def *c, long long *chars, long long *octets)
{
    unsigned maxlen = sc_type__has_charset(c->type) ? sc_charset__maxlen(c->charset) : 1;
    uint64_t n = 0;

    *chars = *octets = -1;
    switch (c->type) {
    case SC_TYPE_CHAR:
    case SC_TYPE_VARCHAR:
    case SC_TYPE_BINARY:
    case SC_TYPE_VARBINARY:
        n = c->length; /* CHAR(0) is a real width */
        *chars = (long long)n;
        *octets = (long long)(n * maxlen);
        return;
    case SC_TYPE_ENUM:
    case SC_TYPE_SET:
        for (size_t i = 0; i < c->n_elements; i++) {
            size_t len = 0;
            for (const char *s = c->elements[i]; *s;) {
                size_t k = sc_utf8_char_len((const unsigned char *)s, strlen(s));
                s += k ? k : 1;
                len++;
            }
            if (c->type == SC_TYPE_SET)
                n += len + (i > 0);
            else if (len > n)
                n = len;
        }
        *chars = (long long)n;
        *octets = (long long)(n * maxlen);
        return;
    default:
        if (sc_type__max_chars(c->type) && !is_int(c->type) && c->type != SC_TYPE_YEAR) {
            *chars = *octets = (long long)sc_type__max_chars(c->type);
        }
        return;
    }
}

static void put_ll(sc_rs *b, long long v)
{
    if (v < 0)
        sc_rs__null(b);
    else
        sc_rs__u64(b, (uint64_t)v);
}

static bool blob_like(sc_coltype t)
{
    return t == SC_TYPE_TINYBLOB || t == SC_TYPE_BLOB || t == SC_TYPE_MEDIUMBLOB ||
           t == SC_TYPE_LONGBLOB || t == SC_TYPE_TINYTEXT || t == SC_TYPE_TEXT ||
           t == SC_TYPE_MEDIUMTEXT || t == SC_TYPE_LONGTEXT;
}

/* A stored default as its bytes: the catalog keeps a NUL byte as C0 80 (docs/ddl.md). */
static void put_raw_default(sc_buf *b, const char *v)
{
    for (; *v; v++) {
        if ((unsigned char)v[0] == 0xC0 && (unsigned char)v[1] == 0x80) {
            sc__buf_putc(b, '\0');
            v++;
        } else {
            sc__buf_putc(b, *v);
        }
    }
}

/* COLUMN_DEFAULT: SHOW prints literal values bare and NULL as NULL; information_schema
 * prints them as SHOW CREATE does after DEFAULT ('quoted', NULL as the word). */
static int column_default(sc_rs *b, sc_exec *x, const sc_column_def *c, bool show)
{
    sc_buf buf = SC_BUF_INIT(x->ctx);
    char shifted[40];
    const char *v = c->default_value ? c->default_value : "";
    int rc;

    switch (c->default_kind) {
    case SC_DEFAULT_NULL:
        return show ? sc_rs__null(b) : sc_rs__str(b, "NULL");
    case SC_DEFAULT_EXPR:
        return sc_rs__str(b, c->default_value ? c->default_value : "");
    case SC_DEFAULT_LITERAL:
        break;
    default:
        return sc_rs__null(b);
    }
    if (c->type == SC_TYPE_TIMESTAMP) /* kept in UTC, shown in the session's time zone */
        v = sc_show__timestamp_shift(shifted, v, x->s->time_zone_min);
    if (c->type == SC_TYPE_BIT)
        sc__buf_printf(&buf, "b'%s'", c->default_value ? c->default_value : "0");
    else if ((show && !blob_like(c->type)) || sc_type__default_unquoted(c->type))
        put_raw_default(&buf, v);
    else /* BLOB/TEXT defaults are expressions in MariaDB: quoted in SHOW as well */
        sc_show__quoted(&buf, v);
    rc = buf.failed ? SC_ENOMEM : sc_rs__cell(b, buf.text ? buf.text : "", buf.len);
    sc__buf_free(&buf);
    return rc;
}

/* COLUMN_KEY: PRI, UNI, MUL or "" as MariaDB derives it from the keys. */
static const char *column_key(const sc_table_def *def, const sc_column_def *c, long pk)
{
    bool uni = false, mul = false;

    for (size_t k = 0; k < def->n_indexes; k++) {
        const sc_index_def *ix = &def->indexes[k];
        for (size_t p = 0; p < ix->n_parts; p++) {
            if (strcasecmp(ix->parts[p].column, c->name) != 0)
                continue;
            if ((long)k == pk)
                return "PRI";
            if (ix->kind == SC_INDEX_UNIQUE && ix->n_parts == 1)
                uni = true;
            else if (p == 0)
                mul = true;
        }
    }
    return uni ? "UNI" : mul ? "MUL" : "";
}

static const char *column_extra(sc_exec *x, const sc_column_def *c)
{
    const char *e = "";

    if (c->flags & SC_COL_AUTO_INCREMENT)
        e = "auto_increment";
    else if (c->on_update)
        e = sc_exec__printf(x, "on update %s", c->on_update);
    if (e && c->generated != SC_GEN_NONE)
        e = c->generated == SC_GEN_STORED ? "STORED GENERATED" : "VIRTUAL GENERATED";
    if (e && (c->flags & SC_COL_INVISIBLE))
        e = *e ? sc_exec__printf(x, "%s, INVISIBLE", e) : "INVISIBLE";
    return e;
}

static const char *data_type(const sc_column_def *c)
{
    return sc_coltype_name(c->type);
}

static int column_row(sc_rs *b,
                      sc_exec *x,
                      const char *db,
                      const sc_table_def *def,
                      size_t i,
                      const sc_is_scope *scope,
                      long pk)
{
    const sc_column_def *c = &def->columns[i];
    long long prec, scale, chars, octets;
    sc_buf type = SC_BUF_INIT(x->ctx);
    bool cs = sc_type__has_charset(c->type);
    int rc;

    sc_column_def wide = *c; /* an API-built number may leave its width to the default */
    if (!wide.length &&
        (is_int(wide.type) || wide.type == SC_TYPE_DECIMAL || wide.type == SC_TYPE_YEAR))
        wide.length = sc_type__default_length(
            wide.type, (wide.flags & (SC_COL_UNSIGNED | SC_COL_ZEROFILL)) != 0);
    numeric(c, &prec, &scale);
    char_lengths(c, &chars, &octets);
    sc_type__render(&type, &wide);
    sc_rs__str(b, "def");
    sc_rs__str(b, db);
    sc_rs__str(b, def->name);
    sc_rs__str(b, c->name);
    sc_rs__u64(b, i + 1);
    column_default(b, x, c, scope->show);
    sc_rs__str(b, (c->flags & SC_COL_NOT_NULL) ? "NO" : "YES");
    sc_rs__str(b, data_type(c));
    put_ll(b, chars);
    put_ll(b, octets);
    put_ll(b, prec);
    put_ll(b, scale);
    put_ll(b, is_temporal_fsp(c->type) ? (long long)c->scale : -1);
    sc_rs__str(b, cs ? c->charset : NULL);
    sc_rs__str(b, cs ? c->collation : NULL);
    sc_rs__cell(b, type.text ? type.text : "", type.len);
    sc_rs__str(b, column_key(def, c, pk));
    sc_rs__str(b, column_extra(x, c));
    sc_rs__str(b, "select,insert,update,references");
    sc_rs__str(b, c->comment ? c->comment : "");
    sc_rs__str(b, c->generated != SC_GEN_NONE ? "ALWAYS" : "NEVER");
    rc = sc_rs__str(b, c->generated != SC_GEN_NONE ? c->generation_expr : NULL);
    if (type.failed)
        rc = SC_ENOMEM;
    sc__buf_free(&type);
    return rc;
}

static int
columns_of(sc_rs *b, sc_exec *x, const char *db, const sc_table *t, const sc_is_scope *scope)
{
    const sc_table_def *def = sc_table_definition(t);
    long pk = primary_key(def);
    int rc = SC_OK;

    for (size_t i = 0; rc == SC_OK && i < def->n_columns; i++)
        rc = column_row(b, x, db, def, i, scope, pk);
    return rc;
}

/* ------------------------------------------------------------------ */
/* STATISTICS                                                           */

static const char *index_type(const sc_table_def *def, const sc_index_def *ix)
{
    if (ix->kind == SC_INDEX_FULLTEXT)
        return "FULLTEXT";
    if (ix->kind == SC_INDEX_SPATIAL)
        return "SPATIAL";
    if (engine_is(def, "MEMORY"))
        return ix->algorithm == SC_ALGO_BTREE ? "BTREE" : "HASH";
    /* a long UNIQUE, or UNIQUE ... USING HASH, is MariaDB's hash of the key */
    if ((ix->flags & SC_INDEX_LONG_HASH) ||
        (ix->kind == SC_INDEX_UNIQUE && ix->algorithm == SC_ALGO_HASH))
        return "HASH";
    return "BTREE";
}

/*
 * CARDINALITY of an empty table: InnoDB counts 0 for its B-trees; MyISAM
 * and Aria know it only for the last part of a unique key without NULL
 * parts (it equals the row count); MEMORY for its hash keys.
 */
static bool
cardinality_known(const sc_table_def *def, const sc_index_def *ix, size_t p, const char *type)
{
    if (engine_is(def, "InnoDB"))
        return strcmp(type, "BTREE") == 0;
    if (engine_is(def, "MEMORY"))
        return strcmp(type, "HASH") == 0;
    if (!is_unique(ix) || p + 1 != ix->n_parts || (ix->flags & SC_INDEX_LONG_HASH))
        return false;
    for (size_t i = 0; i < ix->n_parts; i++) {
        const sc_column_def *c = find_column(def, ix->parts[i].column);
        if (!c || !(c->flags & SC_COL_NOT_NULL))
            return false;
    }
    return true;
}

static int
index_part_row(sc_rs *b, const char *db, const sc_table_def *def, const sc_index_def *ix, size_t p)
{
    const sc_index_part *part = &ix->parts[p];
    const sc_column_def *c = find_column(def, part->column);
    const char *type = index_type(def, ix);
    bool hash_mem = strcmp(type, "HASH") == 0 && engine_is(def, "MEMORY");

    sc_rs__str(b, "def");
    sc_rs__str(b, db);
    sc_rs__str(b, def->name);
    sc_rs__u64(b, is_unique(ix) ? 0 : 1);
    sc_rs__str(b, db);
    sc_rs__str(b, ix->name);
    sc_rs__u64(b, p + 1);
    sc_rs__str(b, part->column);
    sc_rs__str(b, ix->kind == SC_INDEX_FULLTEXT || hash_mem ? NULL : part->descending ? "D" : "A");
    if (cardinality_known(def, ix, p, type))
        sc_rs__u64(b, 0);
    else
        sc_rs__null(b);
    if (ix->kind == SC_INDEX_SPATIAL)
        sc_rs__u64(b, 32);
    else if (part->prefix_len)
        sc_rs__u64(b, part->prefix_len);
    else
        sc_rs__null(b);
    sc_rs__null(b); /* PACKED */
    sc_rs__str(b, c && !(c->flags & SC_COL_NOT_NULL) ? "YES" : "");
    sc_rs__str(b, type);
    sc_rs__str(b, "");
    sc_rs__str(b, ix->comment ? ix->comment : "");
    return sc_rs__str(b, (ix->flags & SC_INDEX_IGNORED) ? "YES" : "NO");
}

static int
statistics_of(sc_rs *b, sc_exec *x, const char *db, const sc_table *t, const sc_is_scope *scope)
{
    const sc_table_def *def = sc_table_definition(t);
    int rc = SC_OK;

    (void)x;
    (void)scope;
    for (size_t k = 0; rc == SC_OK && k < def->n_indexes; k++)
        for (size_t p = 0; rc == SC_OK && p < def->indexes[k].n_parts; p++)
            rc = index_part_row(b, db, def, &def->indexes[k], p);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Constraints                                                          */

/* Foreign keys in InnoDB's order: by name, bytes compared. */
static int cmp_fk(const void *a, const void *b)
{
    return strcmp((*(const sc_fk_def *const *)a)->name, (*(const sc_fk_def *const *)b)->name);
}

static const sc_fk_def **sorted_fks(sc_exec *x, const sc_table_def *def)
{
    const sc_fk_def **v = sc_exec__alloc(x, (def->n_foreign_keys + 1) * sizeof(*v));

    if (!v)
        return NULL;
    for (size_t i = 0; i < def->n_foreign_keys; i++)
        v[i] = &def->foreign_keys[i];
    if (def->n_foreign_keys > 1)
        qsort(v, def->n_foreign_keys, sizeof(*v), cmp_fk);
    return v;
}

static bool constraint_key(const sc_index_def *ix)
{
    return is_unique(ix);
}

/* The first eight KEY_COLUMN_USAGE columns: the constraint, the table, a column and its place. */
static void key_usage_head(sc_rs *b,
                           const char *db,
                           const sc_table_def *def,
                           const char *constraint,
                           const char *column,
                           size_t ordinal)
{
    sc_rs__str(b, "def");
    sc_rs__str(b, db);
    sc_rs__str(b, constraint);
    sc_rs__str(b, "def");
    sc_rs__str(b, db);
    sc_rs__str(b, def->name);
    sc_rs__str(b, column);
    sc_rs__u64(b, ordinal);
}

/* The rows of the PRIMARY and UNIQUE keys: they reference nothing. */
static int key_usage_rows(sc_rs *b, const char *db, const sc_table_def *def)
{
    int rc = SC_OK;

    for (size_t k = 0; rc == SC_OK && k < def->n_indexes; k++) {
        const sc_index_def *ix = &def->indexes[k];
        for (size_t p = 0; constraint_key(ix) && rc == SC_OK && p < ix->n_parts; p++) {
            key_usage_head(b, db, def, ix->name, ix->parts[p].column, p + 1);
            sc_rs__null(b); /* POSITION_IN_UNIQUE_CONSTRAINT */
            sc_rs__null(b); /* REFERENCED_TABLE_SCHEMA */
            sc_rs__null(b); /* REFERENCED_TABLE_NAME */
            rc = sc_rs__null(b);
        }
    }
    return rc;
}

static int key_column_usage_of(
    sc_rs *b, sc_exec *x, const char *db, const sc_table *t, const sc_is_scope *scope)
{
    const sc_table_def *def = sc_table_definition(t);
    const sc_fk_def **fks = sorted_fks(x, def);
    int rc;

    (void)scope;
    if (!fks)
        return SC_ENOMEM;
    rc = key_usage_rows(b, db, def);
    for (size_t f = 0; rc == SC_OK && f < def->n_foreign_keys; f++)
        for (size_t p = 0; rc == SC_OK && p < fks[f]->n_columns; p++) {
            key_usage_head(b, db, def, fks[f]->name, fks[f]->columns[p], p + 1);
            sc_rs__u64(b, p + 1);
            sc_rs__str(b, fks[f]->parent_schema);
            sc_rs__str(b, fks[f]->parent_table);
            rc = sc_rs__str(b, fks[f]->parent_columns[p]);
        }
    return rc;
}

/* The parent index InnoDB uses for fk: the first whose leading parts are its columns. */
static const char *referenced_index(sc_exec *x, const sc_fk_def *fk)
{
    sc_table *t = NULL;
    const char *name = NULL;

    if (sc_table_lookup(&t, x->txn, fk->parent_schema, fk->parent_table) != SC_OK)
        return NULL;
    const sc_table_def *def = sc_table_definition(t);
    for (size_t k = 0; !name && k < def->n_indexes; k++) {
        const sc_index_def *ix = &def->indexes[k];
        bool ok = ix->n_parts >= fk->n_columns && ix->kind != SC_INDEX_FULLTEXT &&
                  ix->kind != SC_INDEX_SPATIAL;
        for (size_t p = 0; ok && p < fk->n_columns; p++)
            ok = strcasecmp(ix->parts[p].column, fk->parent_columns[p]) == 0 &&
                 ix->parts[p].prefix_len == 0;
        if (ok)
            name = sc_exec__strdup(x, ix->name);
    }
    sc_table_free(t);
    return name;
}

static int
referential_of(sc_rs *b, sc_exec *x, const char *db, const sc_table *t, const sc_is_scope *scope)
{
    const sc_table_def *def = sc_table_definition(t);
    const sc_fk_def **fks = sorted_fks(x, def);
    int rc = SC_OK;

    (void)scope;
    if (!fks)
        return SC_ENOMEM;
    for (size_t f = 0; rc == SC_OK && f < def->n_foreign_keys; f++) {
        sc_rs__str(b, "def");
        sc_rs__str(b, db);
        sc_rs__str(b, fks[f]->name);
        sc_rs__str(b, "def");
        sc_rs__str(b, fks[f]->parent_schema);
        sc_rs__str(b, referenced_index(x, fks[f]));
        sc_rs__str(b, "NONE");
        sc_rs__str(b, sc_show__fk_action(fks[f]->on_update));
        sc_rs__str(b, sc_show__fk_action(fks[f]->on_delete));
        sc_rs__str(b, def->name);
        rc = sc_rs__str(b, fks[f]->parent_table);
    }
    return rc;
}

static int constraint_row(
    sc_rs *b, const char *db, const sc_table_def *def, const char *name, const char *type)
{
    sc_rs__str(b, "def");
    sc_rs__str(b, db);
    sc_rs__str(b, name);
    sc_rs__str(b, db);
    sc_rs__str(b, def->name);
    return sc_rs__str(b, type);
}

static int table_constraints_of(
    sc_rs *b, sc_exec *x, const char *db, const sc_table *t, const sc_is_scope *scope)
{
    const sc_table_def *def = sc_table_definition(t);
    const sc_fk_def **fks = sorted_fks(x, def);
    int rc = SC_OK;

    (void)scope;
    if (!fks)
        return SC_ENOMEM;
    for (size_t k = 0; rc == SC_OK && k < def->n_indexes; k++)
        if (constraint_key(&def->indexes[k]))
            rc =
                constraint_row(b, db, def, def->indexes[k].name,
                               def->indexes[k].kind == SC_INDEX_PRIMARY ? "PRIMARY KEY" : "UNIQUE");
    for (size_t i = 0; rc == SC_OK && i < def->n_columns; i++)
        if (def->columns[i].check_expr)
            rc = constraint_row(b, db, def, def->columns[i].name, "CHECK");
    for (size_t i = 0; rc == SC_OK && i < def->n_checks; i++)
        rc = constraint_row(b, db, def, def->checks[i].name, "CHECK");
    for (size_t f = 0; rc == SC_OK && f < def->n_foreign_keys; f++)
        rc = constraint_row(b, db, def, fks[f]->name, "FOREIGN KEY");
    return rc;
}

static int check_row(sc_rs *b,
                     const char *db,
                     const sc_table_def *def,
                     const char *name,
                     const char *level,
                     const char *expr)
{
    sc_rs__str(b, "def");
    sc_rs__str(b, db);
    sc_rs__str(b, def->name);
    sc_rs__str(b, name);
    sc_rs__str(b, level);
    return sc_rs__str(b, expr ? expr : "");
}

static int check_constraints_of(
    sc_rs *b, sc_exec *x, const char *db, const sc_table *t, const sc_is_scope *scope)
{
    const sc_table_def *def = sc_table_definition(t);
    int rc = SC_OK;

    (void)x;
    (void)scope;
    for (size_t i = 0; rc == SC_OK && i < def->n_columns; i++)
        if (def->columns[i].check_expr)
            rc = check_row(b, db, def, def->columns[i].name, "Column", def->columns[i].check_expr);
    for (size_t i = 0; rc == SC_OK && i < def->n_checks; i++)
        rc = check_row(b, db, def, def->checks[i].name, "Table", def->checks[i].expr);
    return rc;
}

int sc_is__fill_tables(sc_rs *b, sc_exec *x, sc_is_table t, const sc_is_scope *scope)
{
    /* the per-table fill of each table, and of its views (NULL: views have no rows) */
    static const struct {
        sc_is_table t;
        sc_is_table_fn fn, view_fn;
    } fills[] = {
        {SC_IS_TABLES, table_row, view_table_row},
        {SC_IS_COLUMNS, columns_of, columns_of},
        {SC_IS_STATISTICS, statistics_of, NULL},
        {SC_IS_KEY_COLUMN_USAGE, key_column_usage_of, NULL},
        {SC_IS_REFERENTIAL_CONSTRAINTS, referential_of, NULL},
        {SC_IS_TABLE_CONSTRAINTS, table_constraints_of, NULL},
        {SC_IS_CHECK_CONSTRAINTS, check_constraints_of, NULL},
    };

    for (size_t i = 0; i < sizeof(fills) / sizeof(fills[0]); i++)
        if (fills[i].t == t)
            return sc_is__each_table(b, x, scope, fills[i].fn, fills[i].view_fn);
    return sc_is__fill_server(b, x, t, scope);
}

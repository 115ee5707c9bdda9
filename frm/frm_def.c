/*
 * frm_def.c - a decoded .frm image (frm_read.c) as the catalog's table
 * definition: column types from the stored type, length, pack flags and
 * collation; defaults from the default record (canonicalised by the DDL
 * module like a typed-in literal) or the expression block; indexes, CHECK
 * constraints, periods and the table options string in the order SHOW
 * CREATE TABLE prints them (the order sc_xtable__options_text keeps).
 *
 * Anything the catalog cannot represent is an error naming the file and
 * the column or field, never a silent drop (docs/frm.md lists them).
 */
#include <stdio.h>
#include <string.h>

#include "catalog/charset.h"
#include "ddl/ast.h"
#include "ddl/expr.h"
#include "ddl/parse.h"
#include "ddl/types.h"
#include "frm/frm_int.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */

static int unsupported(const frm_rd *rd, const char *what, const char *name)
{
    return sc_error_set(rd->ctx, SC_EINVAL, 0, NULL, "%s: %s%s%s%s (not supported)", rd->file, what,
                        name ? " '" : "", name ? name : "", name ? "'" : "");
}

static char *now_with_scale(sc_arena *a, unsigned scale)
{
    char buf[64];

    snprintf(buf, sizeof buf, "current_timestamp(%u)", scale);
    return sc__arena_strndup(a, buf, strlen(buf));
}

/* ------------------------------------------------------------------ */
/* Types                                                                */

static const sc_coltype geom_types[8] = {
    SC_TYPE_GEOMETRY,   SC_TYPE_POINT,           SC_TYPE_LINESTRING,   SC_TYPE_POLYGON,
    SC_TYPE_MULTIPOINT, SC_TYPE_MULTILINESTRING, SC_TYPE_MULTIPOLYGON, SC_TYPE_GEOMETRYCOLLECTION};

static sc_coltype blob_type(unsigned t, bool binary)
{
    switch (t) {
    case FRM_T_TINY_BLOB:
        return binary ? SC_TYPE_TINYBLOB : SC_TYPE_TINYTEXT;
    case FRM_T_MEDIUM_BLOB:
        return binary ? SC_TYPE_MEDIUMBLOB : SC_TYPE_MEDIUMTEXT;
    case FRM_T_LONG_BLOB:
        return binary ? SC_TYPE_LONGBLOB : SC_TYPE_LONGTEXT;
    default:
        return binary ? SC_TYPE_BLOB : SC_TYPE_TEXT;
    }
}

static sc_coltype int_type(unsigned t)
{
    switch (t) {
    case FRM_T_TINY:
        return SC_TYPE_TINYINT;
    case FRM_T_SHORT:
        return SC_TYPE_SMALLINT;
    case FRM_T_INT24:
        return SC_TYPE_MEDIUMINT;
    case FRM_T_LONG:
        return SC_TYPE_INT;
    default:
        return SC_TYPE_BIGINT;
    }
}

/* Numbers: signedness, zerofill, display width, precision and scale. */
static void numeric_type(sc_column_def *c, const frm_field *f)
{
    unsigned dec = (f->pack_flag & FRM_PF_DEC_MASK) >> FRM_PF_DEC_SHIFT;
    bool is_signed = f->pack_flag & FRM_PF_DECIMAL;

    if (!is_signed)
        c->flags |= SC_COL_UNSIGNED;
    if (f->pack_flag & FRM_PF_ZEROFILL)
        c->flags |= SC_COL_ZEROFILL;
    c->length = f->length;
    if (f->type == FRM_T_NEWDECIMAL) {
        c->type = SC_TYPE_DECIMAL;
        c->scale = dec;
        c->length = f->length - (dec > 0) - is_signed;
    } else if (f->type == FRM_T_FLOAT || f->type == FRM_T_DOUBLE) {
        c->type = f->type == FRM_T_FLOAT ? SC_TYPE_FLOAT : SC_TYPE_DOUBLE;
        if (dec < FRM_NOT_FIXED_DEC) {
            c->scale = dec;
            c->flags |= SC_COL_HAS_LENGTH | SC_COL_HAS_SCALE;
        } else {
            c->length = 0;
        }
    } else {
        c->type = int_type(f->type);
    }
}

/* Temporal types: fractional-second precision from the field length (0-6). */
static int temporal_type(sc_column_def *c, const frm_field *f, const frm_rd *rd)
{
    unsigned width = f->type == FRM_T_TIME2 ? 10 : 19;

    if (f->length > width + 7)
        return sc_frm__corrupt(rd, f->off + 3,
                               "column '%s': length %u gives a fractional precision above 6",
                               f->name, f->length);

    c->type = f->type == FRM_T_TIME2       ? SC_TYPE_TIME
              : f->type == FRM_T_DATETIME2 ? SC_TYPE_DATETIME
                                           : SC_TYPE_TIMESTAMP;
    c->scale = f->length > width ? f->length - width - 1 : 0;
    return SC_OK;
}

static int charset_of(sc_column_def *c, const frm_field *f, const frm_rd *rd)
{
    const sc_collation_info *co = sc_charset__collation_by_id(f->cs_id);
    const sc_charset_info *cs;

    if (!co)
        return sc_frm__corrupt(rd, f->off + 14, "column '%s': unknown collation #%u", f->name,
                               f->cs_id);
    cs = sc_charset__find(co->charset);
    c->charset = co->charset;
    c->collation = co->name;
    if (cs && cs->maxlen > 1)
        c->length = f->length / cs->maxlen;
    return SC_OK;
}

static int string_type(sc_column_def *c, const frm_field *f, const frm_rd *rd)
{
    bool binary = f->cs_id == 63;
    int rc;

    c->length = f->length;
    switch (f->type) {
    case FRM_T_STRING:
        c->type = binary ? SC_TYPE_BINARY : SC_TYPE_CHAR;
        break;
    case FRM_T_VARCHAR:
        c->type = binary ? SC_TYPE_VARBINARY : SC_TYPE_VARCHAR;
        break;
    default:
        c->type = blob_type(f->type, binary);
        c->length = 0;
        break;
    }
    if ((rc = charset_of(c, f, rd)) != SC_OK)
        return rc;
    if (binary) {
        c->charset = NULL;
        c->collation = NULL;
    }
    if (sc_type__is_blob(c->type))
        c->length = 0;
    return SC_OK;
}

static int enum_type(sc_column_def *c, const frm_image *im, const frm_field *f, const frm_rd *rd)
{
    if (f->interval == 0 || f->interval > im->n_intervals)
        return sc_frm__corrupt(rd, f->off + 12, "column '%s': value list %u of %zu", f->name,
                               f->interval, im->n_intervals);
    c->type = f->type == FRM_T_ENUM ? SC_TYPE_ENUM : SC_TYPE_SET;
    c->elements = im->intervals[f->interval - 1];
    c->n_elements = im->interval_counts[f->interval - 1];
    return charset_of(c, f, rd);
}

static int column_type(sc_column_def *c, const frm_image *im, const frm_field *f, const frm_rd *rd)
{
    if (f->type_name)
        return unsupported(rd, "data type", f->type_name);
    switch (f->type) {
    case FRM_T_TINY:
    case FRM_T_SHORT:
    case FRM_T_INT24:
    case FRM_T_LONG:
    case FRM_T_LONGLONG:
    case FRM_T_FLOAT:
    case FRM_T_DOUBLE:
    case FRM_T_NEWDECIMAL:
        numeric_type(c, f);
        return SC_OK;
    case FRM_T_BIT:
        if (f->length == 0 || f->length > 64)
            return sc_frm__corrupt(rd, f->off + 3, "column '%s': BIT(%u) (1 to 64 bits)", f->name,
                                   f->length);
        c->type = SC_TYPE_BIT;
        c->length = f->length;
        return SC_OK;
    case FRM_T_NEWDATE:
        c->type = SC_TYPE_DATE;
        return SC_OK;
    case FRM_T_YEAR:
        c->type = SC_TYPE_YEAR;
        c->length = f->length;
        return SC_OK;
    case FRM_T_TIME2:
    case FRM_T_DATETIME2:
    case FRM_T_TIMESTAMP2:
        return temporal_type(c, f, rd);
    case FRM_T_ENUM:
    case FRM_T_SET:
        return enum_type(c, im, f, rd);
    case FRM_T_STRING:
    case FRM_T_VARCHAR:
    case FRM_T_TINY_BLOB:
    case FRM_T_MEDIUM_BLOB:
    case FRM_T_LONG_BLOB:
    case FRM_T_BLOB:
        return string_type(c, f, rd);
    case FRM_T_GEOMETRY:
        if (f->srid > 7)
            return sc_frm__corrupt(rd, f->off + 14, "column '%s': unknown geometry type %u",
                                   f->name, f->srid);
        c->type = geom_types[f->srid];
        return SC_OK;
    default:
        return sc_frm__corrupt(rd, f->off + 13, "column '%s': unknown field type %u", f->name,
                               f->type);
    }
}

/* ------------------------------------------------------------------ */
/* Defaults                                                             */

/* Whether DEFAULT (expr) keeps its parentheses: the DDL module's rule on the parsed text. */
int sc_frm__expr_default_text(const char **out, sc_arena *a, const frm_rd *rd, const char *expr)
{
    static const char head[] = "CREATE TABLE t (c INT DEFAULT (";
    size_t n = strlen(head) + strlen(expr) + 3;
    char *sql = sc__arena_alloc(a, n);
    sc_ast_stmt *st = NULL;
    sc_ddl_parse_options opts = SC_DDL_PARSE_OPTIONS_INIT;
    bool parens = true;

    if (!sql)
        return SC_ENOMEM;
    snprintf(sql, n, "%s%s))", head, expr);
    if (sc_ddl__parse(&st, rd->ctx, sql, strlen(sql), &opts) == SC_OK && st &&
        st->kind == SC_AST_STMT_CREATE_TABLE && st->create_table->n_defs == 1 &&
        st->create_table->defs[0].column && st->create_table->defs[0].column->default_expr)
        parens = sc_ddl__expr_default_needs_parens(st->create_table->defs[0].column->default_expr);
    sc_ast__stmt_free(st);
    sc_ctx_clear_error(rd->ctx);
    if (!parens) {
        *out = expr;
        return SC_OK;
    }
    snprintf(sql, n, "(%s)", expr);
    *out = sql;
    return SC_OK;
}

static const char *now_text(sc_arena *a, unsigned scale)
{
    return scale ? now_with_scale(a, scale) : sc__arena_strndup(a, "current_timestamp()", 19);
}

static bool record_null(const frm_image *im, const frm_field *f)
{
    return (f->pack_flag & FRM_PF_MAYBE_NULL) && f->null_byte < im->reclength &&
           ((im->record[f->null_byte] >> f->null_bit) & 1);
}

static int literal_default(
    sc_column_def *c, sc_arena *a, const frm_image *im, const frm_field *f, const frm_rd *rd)
{
    char *text = NULL, *canon = NULL;
    bool is_string = false;
    int rc = sc_frm__default_text(&text, &is_string, a, im, f, c, rd);

    if (rc != SC_OK)
        return rc;
    rc = sc_type__canon_default(&canon, rd->ctx, c, text, is_string);
    if (rc == SC_EINVAL)
        return sc_frm__corrupt(rd, (size_t)(im->record - rd->p) + f->recpos - 1,
                               "column '%s': default value '%s' is invalid for its type", c->name,
                               text);
    if (rc != SC_OK)
        return rc;
    c->default_value = sc__arena_strndup(a, canon, strlen(canon));
    sc_free(rd->ctx, canon);
    c->default_kind = SC_DEFAULT_LITERAL;
    return c->default_value ? SC_OK : SC_ENOMEM;
}

static int column_default(
    sc_column_def *c, sc_arena *a, const frm_image *im, const frm_field *f, const frm_rd *rd)
{
    if (f->unireg == FRM_UNIREG_TS_UN || f->unireg == FRM_UNIREG_TS_DNUN)
        if (!(c->on_update = now_text(a, c->scale)))
            return SC_ENOMEM;
    if (f->gen_expr || f->unireg == FRM_UNIREG_NEXT_NUMBER)
        return SC_OK;
    if (f->default_expr) {
        c->default_kind = SC_DEFAULT_EXPR;
        return sc_frm__expr_default_text(&c->default_value, a, rd, f->default_expr);
    }
    if (f->unireg == FRM_UNIREG_TS_DN || f->unireg == FRM_UNIREG_TS_DNUN) {
        c->default_kind = SC_DEFAULT_EXPR;
        return (c->default_value = now_text(a, c->scale)) ? SC_OK : SC_ENOMEM;
    }
    if (record_null(im, f)) {
        c->default_kind = SC_DEFAULT_NULL;
        return SC_OK;
    }
    if ((f->pack_flag & FRM_PF_NO_DEFAULT) || sc_type__is_blob(c->type) ||
        sc_type__is_spatial(c->type))
        return SC_OK;
    return literal_default(c, a, im, f, rd);
}

/* ------------------------------------------------------------------ */
/* Columns                                                              */

#define FRM_INVISIBLE_MASK 3u /* extra2 field flags: visibility */
#define FRM_INVISIBLE_USER 1u
#define FRM_VERS_OPTIMIZED 8u /* WITHOUT SYSTEM VERSIONING */

static int build_column(
    sc_column_def *c, sc_arena *a, const frm_image *im, const frm_field *f, const frm_rd *rd)
{
    int rc;

    memset(c, 0, sizeof *c);
    c->name = f->name;
    if ((rc = column_type(c, im, f, rd)) != SC_OK)
        return rc;
    if (!(f->pack_flag & FRM_PF_MAYBE_NULL))
        c->flags |= SC_COL_NOT_NULL;
    if (f->unireg == FRM_UNIREG_NEXT_NUMBER)
        c->flags |= SC_COL_AUTO_INCREMENT;
    if ((f->e2_flags & FRM_INVISIBLE_MASK) == FRM_INVISIBLE_USER)
        c->flags |= SC_COL_INVISIBLE;
    if (f->e2_flags & FRM_VERS_OPTIMIZED)
        c->flags |= SC_COL_WITHOUT_VERSIONING;
    if (f->gen_expr) {
        c->generated = f->gen_stored ? SC_GEN_STORED : SC_GEN_VIRTUAL;
        c->generation_expr = f->gen_expr;
    }
    c->check_expr = f->check_expr;
    c->comment = f->comment;
    return column_default(c, a, im, f, rd);
}

/* ------------------------------------------------------------------ */
/* Indexes                                                              */

static sc_index_kind index_kind(const frm_key *k)
{
    if (strcmp(k->name, "PRIMARY") == 0)
        return SC_INDEX_PRIMARY;
    if (k->flags & FRM_KEY_FULLTEXT)
        return SC_INDEX_FULLTEXT;
    if (k->flags & FRM_KEY_SPATIAL)
        return SC_INDEX_SPATIAL;
    if ((k->flags & FRM_KEY_NOSAME) || k->algorithm == FRM_ALG_LONG_HASH)
        return SC_INDEX_UNIQUE;
    return SC_INDEX_KEY;
}

/* The key prefix SHOW CREATE prints: characters of a part shorter than its column. */
static uint32_t
part_prefix(const frm_keypart *kp, const frm_field *f, const sc_column_def *c, const frm_key *k)
{
    const sc_charset_info *cs = c->charset ? sc_charset__find(c->charset) : NULL;
    unsigned maxlen = cs ? cs->maxlen : 1;
    bool stringy = c->type == SC_TYPE_CHAR || c->type == SC_TYPE_VARCHAR ||
                   c->type == SC_TYPE_BINARY || c->type == SC_TYPE_VARBINARY ||
                   sc_type__is_blob(c->type);

    if (!stringy || (k->flags & (FRM_KEY_FULLTEXT | FRM_KEY_SPATIAL)))
        return 0;
    if (sc_type__is_blob(c->type) ? kp->length == 0 : kp->length == f->length)
        return 0;
    return kp->length / maxlen;
}

/* MyISAM and Aria round a key's block size up to a power of two in 1-16 KiB
 * when they open the table, and SHOW CREATE prints what they use (the DDL
 * module stores it the same way). */
static uint32_t shown_block_size(uint32_t v, const char *engine)
{
    uint32_t p = 1024;

    if (v == 0 || (strcmp(engine, "MyISAM") != 0 && strcmp(engine, "Aria") != 0))
        return v;
    while (p < v && p < 16384)
        p *= 2;
    return p;
}

static int build_index(sc_index_def *ix,
                       sc_arena *a,
                       const char *engine,
                       const frm_image *im,
                       const frm_key *k,
                       const sc_column_def *cols,
                       const frm_rd *rd)
{
    sc_index_part *parts = sc__arena_calloc(a, (k->n_parts + 1) * sizeof *parts);

    if (!parts)
        return SC_ENOMEM;
    memset(ix, 0, sizeof *ix);
    ix->name = k->name;
    ix->kind = index_kind(k);
    ix->algorithm = k->algorithm == FRM_ALG_BTREE   ? SC_ALGO_BTREE
                    : k->algorithm == FRM_ALG_HASH  ? SC_ALGO_HASH
                    : k->algorithm == FRM_ALG_RTREE ? SC_ALGO_RTREE
                                                    : SC_ALGO_DEFAULT;
    if (k->algorithm == FRM_ALG_LONG_HASH) {
        ix->algorithm = SC_ALGO_HASH;
        ix->flags |= SC_INDEX_LONG_HASH;
    }
    if (k->ignored)
        ix->flags |= SC_INDEX_IGNORED;
    if (k->flags & FRM_KEY_GENERATED)
        ix->flags |= SC_INDEX_GENERATED;
    if (k->without_overlaps)
        ix->flags |= SC_INDEX_WITHOUT_OVERLAPS;
    for (unsigned j = 0; j < k->n_parts; j++) {
        const frm_keypart *kp = &k->parts[j];
        if (kp->fieldnr == 0 || kp->fieldnr > im->n_fields)
            return sc_frm__corrupt(rd, kp->off, "index '%s' names column %u of %zu", k->name,
                                   kp->fieldnr, im->n_fields);
        parts[j].column = im->fields[kp->fieldnr - 1].name;
        parts[j].descending = kp->flag & FRM_KEYPART_REVERSE;
        parts[j].prefix_len =
            part_prefix(kp, &im->fields[kp->fieldnr - 1], &cols[kp->fieldnr - 1], k);
    }
    ix->parts = parts;
    ix->n_parts = k->n_parts;
    if (k->without_overlaps) { /* the period's end and start columns close the key */
        if (k->n_parts < 3)
            return sc_frm__corrupt(rd, k->parts ? k->parts[0].off : 0,
                                   "WITHOUT OVERLAPS key '%s' has %u parts", k->name, k->n_parts);
        ix->n_parts -= 2;
    }
    ix->comment = k->comment;
    ix->parser = k->parser;
    if (k->flags & FRM_KEY_USES_BLOCK_SIZE)
        ix->key_block_size = shown_block_size(k->block_size, engine);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Table options                                                        */

static const char *const row_formats[] = {"",          "FIXED",   "DYNAMIC", "COMPRESSED",
                                          "REDUNDANT", "COMPACT", "PAGE"};

static void opt(sc_buf *b, const char *name, const char *value)
{
    if (b->len)
        sc__buf_putc(b, ' ');
    sc__buf_printf(b, "%s=%s", name, value);
}

static void opt_u(sc_buf *b, const char *name, unsigned long long v)
{
    char buf[32];

    snprintf(buf, sizeof buf, "%llu", v);
    opt(b, name, buf);
}

static int table_options(
    const char **out, sc_arena *a, const frm_image *im, const char *engine, const frm_rd *rd)
{
    sc_buf b;
    bool aria = strcmp(engine, "Aria") == 0;

    if (im->row_type >= sizeof row_formats / sizeof row_formats[0])
        return sc_frm__corrupt(rd, 40, "unknown row format %u", im->row_type);
    sc__buf_init(&b, rd->ctx);
    if (im->min_rows)
        opt_u(&b, "MIN_ROWS", im->min_rows);
    if (im->max_rows)
        opt_u(&b, "MAX_ROWS", im->max_rows);
    if (im->avg_row_length)
        opt_u(&b, "AVG_ROW_LENGTH", im->avg_row_length);
    if (im->table_options & (FRM_OPT_PACK_KEYS | FRM_OPT_NO_PACK_KEYS))
        opt(&b, "PACK_KEYS", im->table_options & FRM_OPT_PACK_KEYS ? "1" : "0");
    if (im->table_options & (FRM_OPT_STATS_PERSISTENT | FRM_OPT_NO_STATS_PERSISTENT))
        opt(&b, "STATS_PERSISTENT", im->table_options & FRM_OPT_STATS_PERSISTENT ? "1" : "0");
    if (im->stats_auto_recalc == 1 || im->stats_auto_recalc == 2)
        opt(&b, "STATS_AUTO_RECALC", im->stats_auto_recalc == 1 ? "1" : "0");
    if (im->stats_sample_pages)
        opt_u(&b, "STATS_SAMPLE_PAGES", im->stats_sample_pages);
    if (im->table_options & FRM_OPT_CHECKSUM)
        opt(&b, "CHECKSUM", "1");
    if (im->page_checksum)
        opt(&b, "PAGE_CHECKSUM", im->page_checksum == 2 ? "1" : "0");
    else if (aria && !im->partition)
        opt(&b, "PAGE_CHECKSUM", "1");
    if (im->table_options & FRM_OPT_DELAY_KEY_WRITE)
        opt(&b, "DELAY_KEY_WRITE", "1");
    if (im->row_type)
        opt(&b, "ROW_FORMAT", row_formats[im->row_type]);
    if (im->transactional)
        opt(&b, "TRANSACTIONAL", im->transactional == 2 ? "1" : "0");
    if (im->key_block_size)
        opt_u(&b, "KEY_BLOCK_SIZE", im->key_block_size);
    if (b.failed) {
        sc__buf_free(&b);
        return SC_ENOMEM;
    }
    *out = b.len ? sc__arena_strndup(a, (const char *)b.data, b.len) : NULL;
    sc__buf_free(&b);
    return b.len && !*out ? SC_ENOMEM : SC_OK;
}

static const char *legacy_engine(unsigned db)
{
    switch (db) {
    case 6:
        return "MEMORY";
    case 9:
        return "MyISAM";
    case 12:
        return "InnoDB";
    case 42:
        return "Aria";
    default:
        return NULL;
    }
}

static int table_charset(sc_table_def *def, const frm_image *im, const frm_rd *rd)
{
    const sc_collation_info *co = sc_charset__collation_by_id(im->table_cs_id);

    if (!co)
        return sc_frm__corrupt(rd, 38, "unknown table collation #%u", im->table_cs_id);
    def->charset = co->charset;
    def->collation = co->name;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Entry point                                                          */

static int unsupported_table(const frm_image *im, const frm_rd *rd)
{
    if (im->connection)
        return unsupported(rd, "CONNECTION option", NULL);
    if (im->engine_opts)
        return unsupported(rd, "engine-defined table options", NULL);
    return SC_OK;
}

static int build_columns(sc_table_def *def, sc_arena *a, const frm_image *im, const frm_rd *rd)
{
    sc_column_def *cols = sc__arena_calloc(a, (im->n_fields + 1) * sizeof *cols);
    int rc;

    if (!cols)
        return SC_ENOMEM;
    for (size_t i = 0; i < im->n_fields; i++) {
        if ((im->fields[i].e2_flags & FRM_INVISIBLE_MASK) > FRM_INVISIBLE_USER) {
            cols[i].name = im->fields[i].name; /* hidden (long UNIQUE hash): not shown */
            continue;
        }
        if ((rc = build_column(&cols[i], a, im, &im->fields[i], rd)) != SC_OK)
            return rc;
    }
    def->columns = cols;
    def->n_columns = im->n_fields;
    return SC_OK;
}

/* Drop the hidden columns from the column array (indexes were built against all). */
static void drop_hidden(sc_table_def *def, const frm_image *im)
{
    sc_column_def *cols = (sc_column_def *)def->columns;
    size_t k = 0;

    for (size_t i = 0; i < im->n_fields; i++)
        if ((im->fields[i].e2_flags & FRM_INVISIBLE_MASK) <= FRM_INVISIBLE_USER)
            cols[k++] = cols[i];
    def->n_columns = k;
}

static int
build_indexes_checks(sc_table_def *def, sc_arena *a, const frm_image *im, const frm_rd *rd)
{
    sc_index_def *ix = sc__arena_calloc(a, (im->n_keys + 1) * sizeof *ix);
    sc_check_def *ck = sc__arena_calloc(a, (im->n_checks + 1) * sizeof *ck);
    int rc;

    if (!ix || !ck)
        return SC_ENOMEM;
    for (size_t i = 0; i < im->n_keys; i++)
        if ((rc = build_index(&ix[i], a, def->engine, im, &im->keys[i], def->columns, rd)) != SC_OK)
            return rc;
    size_t nc = 0;
    for (size_t i = 0; i < im->n_checks; i++) {
        if (im->app_period_constraint && strcmp(im->checks[i].name, im->app_period_constraint) == 0)
            continue; /* the period's own CHECK (start < end): not printed */
        ck[nc].name = im->checks[i].name;
        ck[nc++].expr = im->checks[i].expr;
    }
    def->indexes = ix;
    def->n_indexes = im->n_keys;
    def->checks = ck;
    def->n_checks = nc;
    return SC_OK;
}

/* WITH SYSTEM VERSIONING (explicit ROW START/END columns, or hidden ones: implicit) and
 * PERIOD FOR name (start, end). Runs before the hidden columns are dropped. */
static void periods(sc_table_def *def, const frm_image *im)
{
    sc_column_def *cols = (sc_column_def *)def->columns;

    if (im->has_sys_period) {
        def->flags |= SC_TABLE_SYSTEM_VERSIONING;
        cols[im->sys_start].generated = SC_GEN_ROW_START;
        cols[im->sys_end].generated = SC_GEN_ROW_END;
        if ((im->fields[im->sys_start].e2_flags & FRM_INVISIBLE_MASK) <= FRM_INVISIBLE_USER) {
            def->sys_start = cols[im->sys_start].name;
            def->sys_end = cols[im->sys_end].name;
        }
    }
    if (im->has_app_period) {
        def->period_name = im->app_period_name;
        def->period_start = cols[im->app_start].name;
        def->period_end = cols[im->app_end].name;
    }
}

int sc_frm__to_def(
    sc_table_def *def, sc_arena *a, const frm_image *im, const frm_rd *rd, const char *name)
{
    int rc;

    memset(def, 0, sizeof *def);
    def->name = name;
    if ((rc = unsupported_table(im, rd)) != SC_OK)
        return rc;
    def->engine = im->engine ? im->engine : legacy_engine(im->legacy_db);
    if (im->partition && im->part_engine &&
        !(def->engine = sc__arena_strndup(a, im->part_engine, im->part_engine_len)))
        return SC_ENOMEM;
    if (!def->engine)
        return sc_frm__corrupt(rd, 3, "unknown storage engine code %u", im->legacy_db);
    def->comment = im->comment && *im->comment ? im->comment : NULL;
    if ((rc = table_charset(def, im, rd)) != SC_OK ||
        (rc = table_options(&def->options, a, im, def->engine, rd)) != SC_OK ||
        (rc = build_columns(def, a, im, rd)) != SC_OK ||
        (rc = build_indexes_checks(def, a, im, rd)) != SC_OK)
        return rc;
    periods(def, im);
    drop_hidden(def, im);
    return SC_OK;
}

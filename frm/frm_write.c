/*
 * frm_write.c - the .frm writer: a catalog table definition as the binary
 * .frm image MariaDB 10.11 writes for it (sql/unireg.cc build_frm_image:
 * fileinfo header, extra2 section, key block, default record, extra block,
 * forminfo, column block, names, ENUM/SET lists, comments, expressions).
 * The layout is the reader's (frm_read.c), described in docs/frm.md; the
 * per-type rules (pack flags, lengths, record sizes) follow MariaDB's
 * Column_definition preparation and were checked byte for byte against the
 * DDL oracle corpus (tests/oracle/run-frm-export.py).
 *
 * Anything a .frm cannot hold or we cannot lay out exactly (partitioning,
 * sequences, system versioning, engine-defined options, long UNIQUE hash
 * keys, types without a .frm mapping) is an SC_EINVAL error naming the
 * table and the feature, never a file that differs silently.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/charset.h"
#include "catalog/filename.h"
#include "ddl/types.h"
#include "frm/frm_write_int.h"

#define FRM_DB_PARTITION 20       /* DB_TYPE_PARTITION_DB: header byte 3 of a partitioned table */
#define FRM_MYSQL_VERSION 101119u /* the server version the corpus files carry */
#define FRM_KEY_PER_KEY (8 + 32 * 9 + 64 * 3 + 1) /* key header, MAX_REF_PARTS parts, name */
#define FRM_OPT_LONG_BLOB_PTR 0x0008u
#define FRM_NUMERIC_CS 8u /* numbers carry latin1's id (my_charset_numeric) */
#define FRM_FIELD_NAME_USED 0x8000u
#define FRM_KEY_VAR_LENGTH 0x0008u
#define FRM_KEY_BINARY_PACK 0x0020u
#define FRM_KEY_PACK 0x0002u
#define FRM_KEY_NULL_PART 0x0040u

typedef struct wtable {
    sc_ctx *ctx;
    const sc_table_def *def;
    frm_wcol *cols;
    size_t n_cols;
    unsigned table_options; /* FRM_OPT_* */
    unsigned row_type, transactional, page_checksum, stats_auto_recalc;
    uint32_t max_rows, min_rows, avg_row_length, stats_sample_pages, key_block_size;
    unsigned legacy_db;
    bool bit_as_char;
    size_t data_offset, reclength;
    unsigned n_intervals;
    sc_buf vcols; /* the expression entries */
    unsigned n_checks;
} wtable;

static int unsupported(const wtable *t, const char *what)
{
    return sc_error_set(t->ctx, SC_EINVAL, 0, NULL,
                        "table '%s': %s cannot be written as a .frm file (not supported)",
                        t->def->name, what);
}

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static void put24(uint8_t *p, uint32_t v)
{
    put16(p, v);
    p[2] = (uint8_t)(v >> 16);
}

static void put32(uint8_t *p, uint32_t v)
{
    put16(p, v);
    put16(p + 2, v >> 16);
}

static int buf_u16(sc_buf *b, uint32_t v)
{
    uint8_t t[2];

    put16(t, v);
    return sc__buf_put(b, t, 2);
}

static int buf_u32(sc_buf *b, uint32_t v)
{
    uint8_t t[4];

    put32(t, v);
    return sc__buf_put(b, t, 4);
}

/* ------------------------------------------------------------------ */
/* Table options                                                        */

static const char *const row_formats[] = {"",          "FIXED",   "DYNAMIC", "COMPRESSED",
                                          "REDUNDANT", "COMPACT", "PAGE"};

static int one_option(wtable *t, const char *name, size_t nlen, const char *val)
{
    unsigned long v = strtoul(val, NULL, 10);

#define IS(s) (nlen == strlen(s) && memcmp(name, s, nlen) == 0)
    if (IS("MIN_ROWS"))
        t->min_rows = (uint32_t)v;
    else if (IS("MAX_ROWS"))
        t->max_rows = (uint32_t)v;
    else if (IS("AVG_ROW_LENGTH"))
        t->avg_row_length = (uint32_t)v;
    else if (IS("PACK_KEYS"))
        t->table_options |= v ? FRM_OPT_PACK_KEYS : FRM_OPT_NO_PACK_KEYS;
    else if (IS("STATS_PERSISTENT"))
        t->table_options |= v ? FRM_OPT_STATS_PERSISTENT : FRM_OPT_NO_STATS_PERSISTENT;
    else if (IS("STATS_AUTO_RECALC"))
        t->stats_auto_recalc = v ? 1 : 2;
    else if (IS("STATS_SAMPLE_PAGES"))
        t->stats_sample_pages = (uint32_t)v;
    else if (IS("CHECKSUM"))
        t->table_options |= v ? FRM_OPT_CHECKSUM : 0;
    else if (IS("PAGE_CHECKSUM"))
        t->page_checksum = v ? 2 : 1;
    /* Aria shows PAGE_CHECKSUM=1 when none was given (frm_def.c): read it as unset */
    else if (IS("DELAY_KEY_WRITE"))
        t->table_options |= v ? FRM_OPT_DELAY_KEY_WRITE : 0;
    else if (IS("TRANSACTIONAL"))
        t->transactional = v ? 2 : 1;
    else if (IS("KEY_BLOCK_SIZE"))
        t->key_block_size = (uint32_t)v;
    else if (IS("ROW_FORMAT")) {
        for (unsigned i = 1; i < sizeof row_formats / sizeof row_formats[0]; i++)
            if (strcmp(val, row_formats[i]) == 0)
                t->row_type = i;
        if (!t->row_type)
            return unsupported(t, "this ROW_FORMAT");
    } else
        return unsupported(t, "a table option other than MariaDB's standard ones");
#undef IS
    return SC_OK;
}

/*
 * DATA DIRECTORY='...' or INDEX DIRECTORY='...' at s (ddl/exec_dirs.c: the
 * value backslash-escaped, the options last): the text after it, or NULL when
 * s is not one. A .frm keeps neither (MariaDB keeps the paths in the engine:
 * InnoDB's .isl file, MyISAM's and Aria's symlinks), so the writer skips them
 * and a table re-created from the .frm has none.
 */
static const char *skip_dir_option(const char *s)
{
    static const char *const names[] = {"DATA DIRECTORY='", "INDEX DIRECTORY='"};

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i]);
        if (strncmp(s, names[i], n) != 0)
            continue;
        for (s += n; *s && *s != '\''; s++)
            if (*s == '\\' && s[1])
                s++;
        if (*s)
            s++;
        while (*s == ' ')
            s++;
        return s;
    }
    return NULL;
}

static int parse_options(wtable *t)
{
    const char *s = t->def->options;
    char val[64];

    while (s && *s) {
        const char *eq = strchr(s, '='), *end, *next;
        size_t vlen;
        if ((next = skip_dir_option(s))) {
            s = next;
            continue;
        }
        if (*s == '`' || !eq)
            return unsupported(t, "engine-defined table options");
        end = strchr(eq, ' ');
        vlen = end ? (size_t)(end - eq - 1) : strlen(eq + 1);
        if (vlen >= sizeof val)
            return unsupported(t, "a table option value this long");
        memcpy(val, eq + 1, vlen);
        val[vlen] = 0;
        int rc = one_option(t, s, (size_t)(eq - s), val);
        if (rc != SC_OK)
            return rc;
        s = end ? end + 1 : eq + 1 + vlen;
    }
    return SC_OK;
}

/* Aria prints PAGE_CHECKSUM=1 when none was given; that is not a stored choice. */
unsigned sc_frm__legacy_engine(const char *e)
{
    return strcmp(e, "InnoDB") == 0   ? 12
           : strcmp(e, "MyISAM") == 0 ? 9
           : strcmp(e, "Aria") == 0   ? 42
           : strcmp(e, "MEMORY") == 0 ? 6
                                      : 0;
}

static void engine_defaults(wtable *t)
{
    const char *e = t->def->engine;

    t->legacy_db = sc_frm__legacy_engine(e);
    t->bit_as_char = strcmp(e, "MyISAM") != 0 && strcmp(e, "Aria") != 0;
}

static int aria_checksum(wtable *t)
{
    if (t->legacy_db == 42 && t->page_checksum == 2)
        t->page_checksum = 0;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Columns                                                              */

static unsigned int_code(sc_coltype ty)
{
    switch (ty) {
    case SC_TYPE_TINYINT:
        return FRM_T_TINY;
    case SC_TYPE_SMALLINT:
        return FRM_T_SHORT;
    case SC_TYPE_MEDIUMINT:
        return FRM_T_INT24;
    case SC_TYPE_INT:
        return FRM_T_LONG;
    default:
        return FRM_T_LONGLONG;
    }
}

/* MariaDB's pack_length_to_packflag(): a length as the type code of an integer that size. */
static unsigned pl_flag(unsigned n)
{
    switch (n) {
    case 1:
        return FRM_T_TINY << 3;
    case 2:
        return FRM_T_SHORT << 3;
    case 3:
        return FRM_T_INT24 << 3;
    case 4:
        return FRM_T_LONG << 3;
    default:
        return FRM_T_LONGLONG << 3;
    }
}

static void numeric_col(frm_wcol *w)
{
    const sc_column_def *c = w->col;
    static const unsigned sizes[] = {0, 1, 2, 3, 4, 8};
    unsigned sign = (c->flags & SC_COL_UNSIGNED) ? 0 : FRM_PF_DECIMAL;
    unsigned zf = (c->flags & SC_COL_ZEROFILL) ? FRM_PF_ZEROFILL : 0;

    w->cs_id = FRM_NUMERIC_CS;
    if (c->type == SC_TYPE_DECIMAL || c->type == SC_TYPE_FLOAT || c->type == SC_TYPE_DOUBLE)
        w->cs_id = 0; /* frm_pack_numeric_with_dec stores no charset */
    if (c->type == SC_TYPE_DECIMAL) {
        w->type = FRM_T_NEWDECIMAL;
        w->length = c->length + (c->scale > 0) + (sign ? 1 : 0);
        w->dec = c->scale;
        w->pack_flag = FRM_PF_NUMBER | sign | zf | c->scale << FRM_PF_DEC_SHIFT;
        w->pack_length = (uint32_t)sc_frm__decimal_size(c->length, c->scale);
        return;
    }
    if (c->type == SC_TYPE_FLOAT || c->type == SC_TYPE_DOUBLE) {
        bool dbl = c->type == SC_TYPE_DOUBLE;
        unsigned dec = (c->flags & SC_COL_HAS_SCALE) ? c->scale : FRM_NOT_FIXED_DEC;
        w->type = dbl ? FRM_T_DOUBLE : FRM_T_FLOAT;
        w->length = (c->flags & SC_COL_HAS_LENGTH) ? c->length : dbl ? 22 : 12;
        w->dec = dec;
        w->pack_flag = w->type << 3 | FRM_PF_NUMBER | sign | zf | dec << FRM_PF_DEC_SHIFT;
        w->pack_length = dbl ? 8 : 4;
        return;
    }
    w->type = int_code(c->type);
    w->length = c->length;
    w->pack_flag = w->type << 3 | FRM_PF_NUMBER | sign | zf;
    w->pack_length = sizes[c->type - SC_TYPE_TINYINT + 1];
}

static void temporal_col(frm_wcol *w)
{
    const sc_column_def *c = w->col;
    unsigned frac = c->scale ? c->scale + 1 : 0, fb = (c->scale + 1) / 2;

    w->cs_id = FRM_NUMERIC_CS;
    switch (c->type) {
    case SC_TYPE_DATE:
        w->type = FRM_T_NEWDATE;
        w->length = 10;
        w->pack_length = 3;
        break;
    case SC_TYPE_YEAR:
        w->type = FRM_T_YEAR;
        w->length = c->length ? c->length : 4;
        w->pack_length = 1;
        w->pack_flag = FRM_PF_NUMBER | FRM_PF_ZEROFILL;
        break;
    case SC_TYPE_TIME:
        w->type = FRM_T_TIME2;
        w->length = 10 + frac;
        w->pack_length = 3 + fb;
        break;
    case SC_TYPE_DATETIME:
        w->type = FRM_T_DATETIME2;
        w->length = 19 + frac;
        w->pack_length = 5 + fb;
        break;
    default:
        w->type = FRM_T_TIMESTAMP2;
        w->length = 19 + frac;
        w->pack_length = 4 + fb;
        w->pack_flag = FRM_PF_NUMBER;
        break;
    }
    w->pack_flag |= w->type << 3;
}

static bool binary_collation(const sc_column_def *c)
{
    size_t n = c->collation ? strlen(c->collation) : 0;

    return !c->charset || (n > 4 && strcmp(c->collation + n - 4, "_bin") == 0);
}

static int collation_id(unsigned *out, const wtable *t, const sc_column_def *c)
{
    const sc_collation_info *co;

    if (!c->charset) {
        *out = 63;
        return SC_OK;
    }
    co = sc_charset__collation_find(c->collation ? c->collation : "");
    if (!co)
        return sc_error_set(t->ctx, SC_EINVAL, 0, NULL, "table '%s': column '%s': collation '%s'",
                            t->def->name, c->name, c->collation ? c->collation : "");
    *out = co->id;
    return SC_OK;
}

static unsigned blob_size(sc_coltype ty)
{
    switch (ty) {
    case SC_TYPE_TINYBLOB:
    case SC_TYPE_TINYTEXT:
        return 1;
    case SC_TYPE_MEDIUMBLOB:
    case SC_TYPE_MEDIUMTEXT:
        return 3;
    case SC_TYPE_LONGBLOB:
    case SC_TYPE_LONGTEXT:
        return 4;
    default:
        return 2;
    }
}

static unsigned blob_code(unsigned size)
{
    return size == 1   ? FRM_T_TINY_BLOB
           : size == 3 ? FRM_T_MEDIUM_BLOB
           : size == 4 ? FRM_T_LONG_BLOB
                       : FRM_T_BLOB;
}

static uint32_t utf8_chars(const char *s)
{
    uint32_t n = 0;

    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

static void enum_col(frm_wcol *w)
{
    const sc_column_def *c = w->col;
    uint32_t len = 0;

    if (c->type == SC_TYPE_ENUM) {
        for (size_t i = 0; i < c->n_elements; i++)
            if (utf8_chars(c->elements[i]) > len)
                len = utf8_chars(c->elements[i]);
        w->type = FRM_T_ENUM;
        w->pack_length = c->n_elements > 255 ? 2 : 1;
        w->pack_flag = FRM_PF_INTERVAL | pl_flag(w->pack_length);
    } else {
        for (size_t i = 0; i < c->n_elements; i++)
            len += utf8_chars(c->elements[i]) + (i > 0);
        w->type = FRM_T_SET;
        w->pack_length = (uint32_t)((c->n_elements + 7) / 8);
        if (w->pack_length > 4)
            w->pack_length = 8;
        w->pack_flag = FRM_PF_BITFIELD | pl_flag(w->pack_length);
    }
    w->length = len * w->maxlen;
}

static int string_col(frm_wcol *w, const wtable *t)
{
    const sc_column_def *c = w->col;
    unsigned bin = binary_collation(c) ? FRM_PF_DECIMAL : 0;
    int rc = collation_id(&w->cs_id, t, c);

    if (rc != SC_OK)
        return rc;
    switch (c->type) {
    case SC_TYPE_CHAR:
    case SC_TYPE_BINARY:
        w->type = FRM_T_STRING;
        w->length = c->length * w->maxlen;
        w->pack_length = w->length;
        w->pack_flag = bin;
        return SC_OK;
    case SC_TYPE_VARCHAR:
    case SC_TYPE_VARBINARY:
        w->type = FRM_T_VARCHAR;
        w->length = c->length * w->maxlen;
        w->pack_length = w->length + (w->length > 255 ? 2 : 1);
        w->pack_flag = bin;
        return SC_OK;
    case SC_TYPE_ENUM:
    case SC_TYPE_SET:
        enum_col(w);
        return SC_OK;
    default: {
        unsigned n = blob_size(c->type);
        w->type = blob_code(n);
        w->length = 8;
        w->pack_length = n + 8;
        w->pack_flag = FRM_PF_BLOB | pl_flag(n) | bin;
        return SC_OK;
    }
    }
}

static int column_type(frm_wcol *w, const wtable *t)
{
    const sc_column_def *c = w->col;

    w->maxlen = c->charset ? sc_charset__maxlen(c->charset) : 1;
    switch (c->type) {
    case SC_TYPE_TINYINT:
    case SC_TYPE_SMALLINT:
    case SC_TYPE_MEDIUMINT:
    case SC_TYPE_INT:
    case SC_TYPE_BIGINT:
    case SC_TYPE_DECIMAL:
    case SC_TYPE_FLOAT:
    case SC_TYPE_DOUBLE:
        numeric_col(w);
        return SC_OK;
    case SC_TYPE_BIT:
        w->type = FRM_T_BIT;
        w->length = c->length;
        w->cs_id = FRM_NUMERIC_CS;
        w->bit_as_char = t->bit_as_char;
        w->pack_flag = FRM_PF_NUMBER | (t->bit_as_char ? FRM_PF_BIT_AS_CHAR : 0);
        w->pack_length = t->bit_as_char ? (c->length + 7) / 8 : c->length / 8;
        return SC_OK;
    case SC_TYPE_DATE:
    case SC_TYPE_TIME:
    case SC_TYPE_DATETIME:
    case SC_TYPE_TIMESTAMP:
    case SC_TYPE_YEAR:
        temporal_col(w);
        return SC_OK;
    case SC_TYPE_GEOMETRY:
    case SC_TYPE_POINT:
    case SC_TYPE_LINESTRING:
    case SC_TYPE_POLYGON:
    case SC_TYPE_MULTIPOINT:
    case SC_TYPE_MULTILINESTRING:
    case SC_TYPE_MULTIPOLYGON:
    case SC_TYPE_GEOMETRYCOLLECTION:
        w->type = FRM_T_GEOMETRY;
        w->length = 8;
        w->pack_length = 12;
        w->cs_id = (unsigned)(c->type - SC_TYPE_GEOMETRY);
        w->pack_flag = FRM_PF_GEOM | pl_flag(4) | FRM_PF_DECIMAL;
        return SC_OK;
    case SC_TYPE_INET4:
    case SC_TYPE_INET6:
    case SC_TYPE_UUID:
        return unsupported(t, "a column of a plugin data type (INET4, INET6, UUID)");
    default:
        return string_col(w, t);
    }
}

static bool is_now(const char *s)
{
    return s && strncmp(s, "current_timestamp(", 18) == 0;
}

static void column_flags(frm_wcol *w)
{
    const sc_column_def *c = w->col;
    bool temporal = c->type == SC_TYPE_TIMESTAMP || c->type == SC_TYPE_DATETIME;
    bool dn = temporal && c->default_kind == SC_DEFAULT_EXPR && is_now(c->default_value);
    bool un = temporal && c->on_update != NULL;

    /* ROW START / ROW END are NOT NULL, which SHOW CREATE does not print */
    w->nullable = !(c->flags & SC_COL_NOT_NULL) && c->generated != SC_GEN_ROW_START &&
                  c->generated != SC_GEN_ROW_END;
    if (w->nullable)
        w->pack_flag |= FRM_PF_MAYBE_NULL;
    if (c->flags & SC_COL_AUTO_INCREMENT)
        w->unireg = FRM_UNIREG_NEXT_NUMBER;
    else if (dn || un)
        w->unireg = dn && un ? FRM_UNIREG_TS_DNUN : dn ? FRM_UNIREG_TS_DN : FRM_UNIREG_TS_UN;
    if (c->default_kind == SC_DEFAULT_NONE && !(c->flags & SC_COL_AUTO_INCREMENT) &&
        (c->generated == SC_GEN_NONE || c->generated == SC_GEN_ROW_START ||
         c->generated == SC_GEN_ROW_END) &&
        !w->unireg)
        w->pack_flag |= FRM_PF_NO_DEFAULT;
}

/* ENUM/SET lists: a list equal to an earlier column's is shared (get_interval_id). */
static unsigned interval_id(const wtable *t, size_t i)
{
    const sc_column_def *c = t->cols[i].col;

    for (size_t j = 0; j < i; j++) {
        const frm_wcol *o = &t->cols[j];
        bool same = o->interval && o->col->n_elements == c->n_elements;
        for (size_t k = 0; same && k < c->n_elements; k++)
            same = strcmp(o->col->elements[k], c->elements[k]) == 0;
        if (same)
            return o->interval;
    }
    return 0;
}

/* Bounds MariaDB enforces on a definition; a catalog row outside them is refused. */
static int check_column(const wtable *t, const sc_column_def *c)
{
    bool bad = false;

    switch (c->type) {
    case SC_TYPE_DECIMAL:
        bad = c->length > 65 || c->scale > 38 || c->scale > c->length;
        break;
    case SC_TYPE_FLOAT:
    case SC_TYPE_DOUBLE:
        bad = c->length > 255 || c->scale > 30;
        break;
    case SC_TYPE_BIT:
        bad = c->length == 0 || c->length > 64;
        break;
    case SC_TYPE_TIME:
    case SC_TYPE_DATETIME:
    case SC_TYPE_TIMESTAMP:
        bad = c->scale > 6;
        break;
    case SC_TYPE_CHAR:
    case SC_TYPE_BINARY:
        bad = c->length > 255;
        break;
    case SC_TYPE_VARCHAR:
    case SC_TYPE_VARBINARY:
        bad = c->length > 65535;
        break;
    case SC_TYPE_ENUM:
        bad = c->n_elements > 65535;
        break;
    case SC_TYPE_SET:
        bad = c->n_elements > 64;
        break;
    default:
        bad = c->length > 65535 && c->type <= SC_TYPE_BIGINT;
        break;
    }
    if (!bad)
        return SC_OK;
    return sc_error_set(t->ctx, SC_EINVAL, 0, NULL,
                        "table '%s': column '%s': type size outside MariaDB's limits", t->def->name,
                        c->name);
}

static int build_columns(wtable *t)
{
    int rc;

    t->n_cols = t->def->n_columns;
    t->cols = sc__malloc(t->ctx, (t->n_cols + 1) * sizeof *t->cols);
    if (!t->cols)
        return SC_ENOMEM;
    memset(t->cols, 0, (t->n_cols + 1) * sizeof *t->cols);
    for (size_t i = 0; i < t->n_cols; i++) {
        frm_wcol *w = &t->cols[i];
        w->col = &t->def->columns[i];
        if (w->col->flags & SC_COL_COMPRESSED)
            return unsupported(t, "a COMPRESSED column");
        if ((rc = check_column(t, w->col)) != SC_OK)
            return rc;
        if ((rc = column_type(w, t)) != SC_OK)
            return rc;
        column_flags(w);
        if (w->type == FRM_T_ENUM || w->type == FRM_T_SET) {
            w->interval = interval_id(t, i);
            if (!w->interval)
                w->interval = ++t->n_intervals;
        }
        if (w->type == FRM_T_VARCHAR || w->type == FRM_T_GEOMETRY || sc_type__is_blob(w->col->type))
            t->table_options |= FRM_OPT_PACK_RECORD;
    }
    if (t->row_type == 2 /* DYNAMIC */ || t->row_type == 6 /* PAGE */)
        t->table_options |= FRM_OPT_PACK_RECORD;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* The record                                                           */

static void layout_record(wtable *t)
{
    size_t nulls = (t->table_options & FRM_OPT_PACK_RECORD) ? 0 : 1, pos;

    for (size_t i = 0; i < t->n_cols; i++) {
        frm_wcol *w = &t->cols[i];
        if (w->nullable) {
            w->null_byte = nulls / 8;
            w->null_bit = nulls % 8;
            nulls++;
        }
        if (w->type == FRM_T_BIT && !w->bit_as_char) {
            w->bit_byte = nulls / 8;
            w->bit_ofs = nulls % 8;
            nulls += w->length & 7;
        }
    }
    t->data_offset = (nulls + 7) / 8;
    pos = t->data_offset;
    /* stored columns first, then the virtual ones (mysql_prepare_create_table) */
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < t->n_cols; i++) {
            if ((t->cols[i].col->generated == SC_GEN_VIRTUAL) != (pass == 1))
                continue;
            t->cols[i].offset = (uint32_t)pos;
            pos += t->cols[i].pack_length;
        }
    t->reclength = pos;
    if ((t->legacy_db == 9 || t->legacy_db == 42) && !(t->table_options & FRM_OPT_PACK_RECORD) &&
        t->reclength < 5)
        t->reclength = 5;
    if (t->reclength == 0)
        t->reclength = 1;
}

static int make_record(uint8_t *rec, const wtable *t)
{
    size_t nulls = (t->table_options & FRM_OPT_PACK_RECORD) ? 0 : 1;
    int rc;

    memset(rec, 0, t->reclength);
    if (nulls)
        rec[0] |= 1;
    for (size_t i = 0; i < t->n_cols; i++) {
        const frm_wcol *w = &t->cols[i];
        if (w->nullable) {
            rec[w->null_byte] |= (uint8_t)(1u << w->null_bit);
            nulls++;
        }
        if (w->type == FRM_T_BIT && !w->bit_as_char)
            nulls += w->length & 7;
        if ((rc = sc_frm__store_default(t->ctx, rec, w)) != SC_OK)
            return sc_error_set(t->ctx, rc, 0, NULL, "table '%s': %s", t->def->name,
                                sc_ctx_last_error(t->ctx)->message);
    }
    if (nulls & 7)
        rec[nulls / 8] |= (uint8_t) ~((1u << (nulls & 7)) - 1);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Expressions                                                          */

/* The expression text a DEFAULT is stored with: SHOW CREATE's text without
 * the parentheses it adds (the reader puts them back by the same rule). */
static const char *default_expr_text(const wtable *t, const char *shown, sc_arena *a)
{
    size_t n = strlen(shown);
    const char *back = NULL;
    char *inner;

    if (n < 2 || shown[0] != '(' || shown[n - 1] != ')')
        return shown;
    if (!(inner = sc__arena_strndup(a, shown + 1, n - 2)))
        return shown;
    frm_rd rd = {NULL, 0, t->def->name, t->ctx};
    if (sc_frm__expr_default_text(&back, a, &rd, inner) == SC_OK && back &&
        strcmp(back, shown) == 0)
        return inner;
    return shown;
}

static int vcol_entry(wtable *t, unsigned kind, unsigned field, const char *name, const char *expr)
{
    size_t nlen = name ? strlen(name) : 0, elen = strlen(expr);
    uint8_t h[FRM_VCOL_HEADER];

    if (elen > 0xFFFF || nlen > 255)
        return unsupported(t, "an expression this long");
    h[0] = (uint8_t)kind;
    put16(h + 1, field);
    put16(h + 3, (uint32_t)elen);
    h[5] = (uint8_t)nlen;
    sc__buf_put(&t->vcols, h, sizeof h);
    sc__buf_put(&t->vcols, name ? name : "", nlen);
    return sc__buf_put(&t->vcols, expr, elen);
}

static int build_vcols(wtable *t, sc_arena *a)
{
    int rc = SC_OK;

    for (size_t i = 0; i < t->n_cols && rc == SC_OK; i++) {
        const frm_wcol *w = &t->cols[i];
        const sc_column_def *c = w->col;
        if (c->generated == SC_GEN_VIRTUAL || c->generated == SC_GEN_STORED)
            rc = vcol_entry(t, c->generated == SC_GEN_STORED ? FRM_VCOL_STORED : FRM_VCOL_VIRTUAL,
                            (unsigned)i, c->name, c->generation_expr);
        if (rc == SC_OK && c->default_kind == SC_DEFAULT_EXPR && !c->generated &&
            w->unireg != FRM_UNIREG_TS_DN && w->unireg != FRM_UNIREG_TS_DNUN)
            rc = vcol_entry(t, FRM_VCOL_DEFAULT, (unsigned)i, c->name,
                            default_expr_text(t, c->default_value, a));
        if (rc == SC_OK && c->check_expr) {
            rc = vcol_entry(t, FRM_VCOL_CHECK_FIELD, (unsigned)i, c->name, c->check_expr);
            t->n_checks++;
        }
    }
    if (t->def->period_name && rc == SC_OK) { /* the period's own CHECK, named as it, first */
        sc_buf e;
        sc__buf_init(&e, t->ctx);
        sc_ddl__quote_ident(&e, t->def->period_start);
        sc__buf_puts(&e, " < ");
        sc_ddl__quote_ident(&e, t->def->period_end);
        sc__buf_putc(&e, '\0');
        rc = e.failed ? SC_ENOMEM
                      : vcol_entry(t, FRM_VCOL_CHECK_TABLE, FRM_NO_FIELD, t->def->period_name,
                                   (const char *)e.data);
        sc__buf_free(&e);
        t->n_checks++;
    }
    for (size_t i = 0; i < t->def->n_checks && rc == SC_OK; i++) {
        rc = vcol_entry(t, FRM_VCOL_CHECK_TABLE, FRM_NO_FIELD, t->def->checks[i].name,
                        t->def->checks[i].expr);
        t->n_checks++;
    }
    return rc == SC_OK && t->vcols.failed ? SC_ENOMEM : rc;
}

/* ------------------------------------------------------------------ */
/* Keys                                                                 */

static int col_index(const wtable *t, const char *name)
{
    for (size_t i = 0; i < t->n_cols; i++)
        if (strcasecmp(t->cols[i].col->name, name) == 0)
            return (int)i;
    return -1;
}

static bool stringy(unsigned type)
{
    return type == FRM_T_STRING || type == FRM_T_VARCHAR ||
           (type >= FRM_T_TINY_BLOB && type <= FRM_T_BLOB);
}

static uint32_t part_length(const frm_wcol *w, const sc_index_part *p, const sc_index_def *ix)
{
    if (ix->kind == SC_INDEX_SPATIAL)
        return 32; /* 4 doubles: the minimum bounding rectangle */
    if (ix->kind == SC_INDEX_FULLTEXT && w->type != FRM_T_VARCHAR && w->type != FRM_T_STRING)
        return 1; /* a TEXT part of a FULLTEXT key */
    if (p->prefix_len && stringy(w->type))
        return p->prefix_len * w->maxlen;
    if (w->type == FRM_T_STRING || w->type == FRM_T_VARCHAR)
        return w->length;
    return w->pack_length;
}

static unsigned key_flags(const wtable *t, const sc_index_def *ix, const uint32_t *lens)
{
    unsigned f = 0;

    if (ix->kind == SC_INDEX_PRIMARY || ix->kind == SC_INDEX_UNIQUE)
        f |= FRM_KEY_NOSAME;
    if (ix->kind == SC_INDEX_FULLTEXT)
        f |= FRM_KEY_FULLTEXT;
    if (ix->kind == SC_INDEX_SPATIAL)
        f |= FRM_KEY_SPATIAL;
    if (ix->flags & SC_INDEX_GENERATED)
        f |= FRM_KEY_GENERATED;
    if (ix->comment && *ix->comment)
        f |= FRM_KEY_USES_COMMENT;
    if (ix->parser)
        f |= FRM_KEY_USES_PARSER;
    if (ix->key_block_size)
        f |= FRM_KEY_USES_BLOCK_SIZE;
    for (size_t j = 0; j < ix->n_parts; j++) {
        const frm_wcol *w = &t->cols[col_index(t, ix->parts[j].column)];
        if (w->nullable && ix->kind != SC_INDEX_FULLTEXT)
            f |= FRM_KEY_NULL_PART;
        if (ix->kind == SC_INDEX_SPATIAL || (t->table_options & FRM_OPT_NO_PACK_KEYS) ||
            lens[j] < 8 || !stringy(w->type))
            continue;
        if (j == 0 && (w->type == FRM_T_VARCHAR || w->type != FRM_T_STRING))
            f |= FRM_KEY_BINARY_PACK | FRM_KEY_VAR_LENGTH;
        else
            f |= FRM_KEY_PACK;
    }
    return f;
}

static unsigned algorithm_code(const sc_index_def *ix)
{
    switch (ix->algorithm) {
    case SC_ALGO_BTREE:
        return FRM_ALG_BTREE;
    case SC_ALGO_HASH:
        return FRM_ALG_HASH;
    case SC_ALGO_RTREE:
        return FRM_ALG_RTREE;
    default:
        return FRM_ALG_UNDEF;
    }
}

static int one_key(sc_buf *b, const wtable *t, const sc_index_def *ix)
{
    uint32_t lens[64], key_len = 0;
    uint8_t h[8];
    sc_index_part all[64];
    sc_index_def full = *ix;

    if (ix->n_parts > 62 || ix->n_parts == 0)
        return unsupported(t, "an index with this many parts");
    if (ix->flags & SC_INDEX_WITHOUT_OVERLAPS) {
        /* the period's end and start columns close the key (not printed) */
        if (!t->def->period_name)
            return unsupported(t, "a WITHOUT OVERLAPS index without a period");
        memcpy(all, ix->parts, ix->n_parts * sizeof *all);
        all[ix->n_parts] = (sc_index_part){.column = t->def->period_end};
        all[ix->n_parts + 1] = (sc_index_part){.column = t->def->period_start};
        full.parts = all;
        full.n_parts = ix->n_parts + 2;
        ix = &full;
    }
    for (size_t j = 0; j < ix->n_parts; j++) {
        int ci = col_index(t, ix->parts[j].column);
        if (ci < 0)
            return unsupported(t, "an index on a column the table does not have");
        lens[j] = part_length(&t->cols[ci], &ix->parts[j], ix);
        key_len += lens[j];
    }
    put16(h, key_flags(t, ix, lens) ^ FRM_KEY_NOSAME);
    put16(h + 2, key_len);
    h[4] = (uint8_t)ix->n_parts;
    h[5] = (uint8_t)algorithm_code(ix);
    put16(h + 6, ix->key_block_size ? ix->key_block_size : t->key_block_size);
    sc__buf_put(b, h, 8);
    for (size_t j = 0; j < ix->n_parts; j++) {
        int ci = col_index(t, ix->parts[j].column);
        const frm_wcol *w = &t->cols[ci];
        uint8_t p[9];
        put16(p, (uint32_t)(ci + 1) | FRM_FIELD_NAME_USED);
        put16(p + 2, w->offset + 1);
        p[4] = ix->parts[j].descending ? FRM_KEYPART_REVERSE : 0;
        put16(p + 5, w->pack_flag - (w->dec << FRM_PF_DEC_SHIFT));
        put16(p + 7, lens[j]);
        sc__buf_put(b, p, 9);
    }
    return SC_OK;
}

static int pack_keys(sc_buf *b, const wtable *t)
{
    const sc_table_def *d = t->def;
    size_t parts = 0, names_start;
    uint8_t h[6] = {0};
    int rc;

    for (size_t i = 0; i < d->n_indexes; i++) {
        if (d->indexes[i].flags & SC_INDEX_LONG_HASH)
            return unsupported(t, "a long UNIQUE (hash) index");
        parts +=
            d->indexes[i].n_parts + ((d->indexes[i].flags & SC_INDEX_WITHOUT_OVERLAPS) ? 2 : 0);
    }
    if (d->n_indexes > 127 || parts > 127) {
        h[0] = (uint8_t)((d->n_indexes & 0x7F) | 0x80);
        h[1] = (uint8_t)(d->n_indexes >> 7);
        put16(h + 2, (uint32_t)parts);
    } else {
        h[0] = (uint8_t)d->n_indexes;
        h[1] = (uint8_t)parts;
    }
    sc__buf_put(b, h, 6);
    for (size_t i = 0; i < d->n_indexes; i++)
        if ((rc = one_key(b, t, &d->indexes[i])) != SC_OK)
            return rc;
    names_start = b->len;
    sc__buf_putc(b, (char)0xFF);
    for (size_t i = 0; i < d->n_indexes; i++) {
        sc__buf_puts(b, d->indexes[i].name);
        sc__buf_putc(b, (char)0xFF);
    }
    sc__buf_putc(b, 0);
    for (size_t i = 0; i < d->n_indexes; i++)
        if (d->indexes[i].comment && *d->indexes[i].comment) {
            buf_u16(b, (uint32_t)strlen(d->indexes[i].comment));
            sc__buf_puts(b, d->indexes[i].comment);
        }
    if (b->failed)
        return SC_ENOMEM;
    put16(b->data + 4, (uint32_t)(b->len - names_start));
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* The column block                                                     */

static void names_list(sc_buf *b, const char *const *v, size_t n)
{
    unsigned char sep = 0xFF;
    bool used[256] = {false};

    for (size_t i = 0; i < n; i++)
        for (const unsigned char *s = (const unsigned char *)v[i]; *s; s++)
            used[*s] = true;
    if (used[0xFF])
        sep = used[','] ? 0 : ',';
    for (unsigned c = 1; sep == 0 && c < 256; c++)
        if (!used[c])
            sep = (unsigned char)c;
    sc__buf_putc(b, (char)sep);
    for (size_t i = 0; i < n; i++) {
        sc__buf_puts(b, v[i]);
        sc__buf_putc(b, (char)sep);
    }
    sc__buf_putc(b, 0);
}

static void pack_fields(sc_buf *b, const wtable *t)
{
    unsigned done = 0;

    for (size_t i = 0; i < t->n_cols; i++) {
        const frm_wcol *w = &t->cols[i];
        uint8_t e[FRM_FIELD_PACK] = {0};
        size_t clen = w->col->comment ? strlen(w->col->comment) : 0;
        put16(e + 3, w->length);
        put24(e + 5, w->offset + 1);
        put16(e + 8, w->pack_flag);
        e[10] = (uint8_t)w->unireg;
        e[11] = w->type == FRM_T_GEOMETRY ? 0 : (uint8_t)(w->cs_id >> 8);
        e[12] = (uint8_t)w->interval;
        e[13] = (uint8_t)w->type;
        e[14] = (uint8_t)w->cs_id;
        put16(e + 15, (uint32_t)clen);
        sc__buf_put(b, e, sizeof e);
    }
    sc__buf_putc(b, (char)0xFF);
    for (size_t i = 0; i < t->n_cols; i++) {
        sc__buf_puts(b, t->cols[i].col->name);
        sc__buf_putc(b, (char)0xFF);
    }
    sc__buf_putc(b, 0);
    for (size_t i = 0; i < t->n_cols; i++)
        if (t->cols[i].interval > done) {
            done = t->cols[i].interval;
            names_list(b, t->cols[i].col->elements, t->cols[i].col->n_elements);
        }
    for (size_t i = 0; i < t->n_cols; i++)
        if (t->cols[i].col->comment)
            sc__buf_puts(b, t->cols[i].col->comment);
}

static size_t names_len(const wtable *t)
{
    size_t n = 2;

    for (size_t i = 0; i < t->n_cols; i++)
        n += strlen(t->cols[i].col->name) + 1;
    return n;
}

/* ENUM/SET lists: (count, parts, bytes) as forminfo 270-275 hold them. */
static void interval_sizes(const wtable *t, unsigned *parts, size_t *bytes)
{
    unsigned done = 0;

    *parts = 0;
    *bytes = 0;
    for (size_t i = 0; i < t->n_cols; i++)
        if (t->cols[i].interval > done) {
            const sc_column_def *c = t->cols[i].col;
            done = t->cols[i].interval;
            *parts += (unsigned)c->n_elements + 1;
            *bytes += 2;
            for (size_t k = 0; k < c->n_elements; k++)
                *bytes += strlen(c->elements[k]) + 1;
        }
}

static void forminfo(uint8_t *fi, const wtable *t, size_t fields_len, size_t expr_len)
{
    const sc_table_def *d = t->def;
    size_t clen = d->comment ? strlen(d->comment) : 0, com = 0, total = 0, ibytes;
    unsigned nulls = 0, iparts;

    memset(fi, 0, FRM_FORMINFO_SIZE);
    interval_sizes(t, &iparts, &ibytes);
    for (size_t i = 0; i < t->n_cols; i++) {
        com += t->cols[i].col->comment ? strlen(t->cols[i].col->comment) : 0;
        total += t->cols[i].length;
        nulls += t->cols[i].nullable;
    }
    put16(fi, (uint32_t)(names_len(t) + t->n_cols * FRM_FIELD_PACK + FRM_FORMINFO_SIZE + ibytes +
                         com + expr_len));
    put16(fi + 2, (uint32_t)(FRM_FORMINFO_SIZE + fields_len + expr_len));
    if (clen > 60) {
        fi[46] = 255;
    } else {
        fi[46] = (uint8_t)clen;
        if (clen)
            memcpy(fi + 47, d->comment, clen);
    }
    put16(fi + 258, (uint32_t)t->n_cols);
    put16(fi + 262, (uint32_t)total);
    put16(fi + 266, (uint32_t)t->reclength);
    put16(fi + 268, (uint32_t)names_len(t));
    put16(fi + 270, t->n_intervals);
    put16(fi + 272, iparts);
    put16(fi + 274, (uint32_t)ibytes);
    /* 276: the first auto-set TIMESTAMP of the old type 7; never one we write */
    put16(fi + 278, 80);
    put16(fi + 280, 22);
    put16(fi + 282, nulls);
    put16(fi + 284, (uint32_t)com);
    put16(fi + 286, (uint32_t)expr_len);
}

/* ------------------------------------------------------------------ */
/* Assembly                                                             */

static void field_flags(sc_buf *b, const wtable *t);

/* Spatial columns: storage model, precision, scale and SRID, 12 bytes each
 * (Type_handler_geometry's extra2 GIS image). */
static void gis_options(sc_buf *b, const wtable *t)
{
    size_t n = 0;

    for (size_t i = 0; i < t->n_cols; i++)
        n += t->cols[i].type == FRM_T_GEOMETRY;
    if (!n)
        return;
    sc__buf_putc(b, FRM_E2_GIS);
    if (n * 12 > 255) {
        sc__buf_putc(b, 0);
        buf_u16(b, (uint32_t)(n * 12));
    } else {
        sc__buf_putc(b, (char)(n * 12));
    }
    for (size_t i = 0; i < t->n_cols; i++) {
        uint8_t g[12] = {1, 0, 2, 0, 3, 0, 81, 0, 0, 0, 0, 0};
        if (t->cols[i].type != FRM_T_GEOMETRY)
            continue;
        g[3] = (uint8_t)t->cols[i].length;
        put32(g + 7, (t->cols[i].col->flags & SC_COL_HAS_SRID) ? t->cols[i].col->srid : 0);
        sc__buf_put(b, g, sizeof g);
    }
}

/* PERIOD FOR SYSTEM_TIME: the ROW START and ROW END column numbers. */
static void system_period(sc_buf *b, const wtable *t)
{
    size_t start = t->n_cols, end = t->n_cols;

    if (!(t->def->flags & SC_TABLE_SYSTEM_VERSIONING))
        return;
    for (size_t i = 0; i < t->n_cols; i++) {
        if (t->cols[i].col->generated == SC_GEN_ROW_START)
            start = i;
        else if (t->cols[i].col->generated == SC_GEN_ROW_END)
            end = i;
    }
    sc__buf_putc(b, FRM_E2_PERIOD_FOR_SYSTEM_TIME);
    sc__buf_putc(b, 4);
    buf_u16(b, (uint32_t)start);
    buf_u16(b, (uint32_t)end);
}

/* extra2_write_len: one byte, or 0 and two bytes. */
static void e2_len(sc_buf *b, size_t n)
{
    if (n > 255) {
        sc__buf_putc(b, 0);
        buf_u16(b, (uint32_t)n);
    } else {
        sc__buf_putc(b, (char)n);
    }
}

/* PERIOD FOR name (start, end): entry 3 (name, constraint name = name, column numbers),
 * then entry 131 (the WITHOUT OVERLAPS keys). */
static void app_period(sc_buf *b, const wtable *t)
{
    const sc_table_def *d = t->def;
    size_t n = strlen(d->period_name ? d->period_name : ""), k = 0;

    if (!d->period_name)
        return;
    sc__buf_putc(b, FRM_E2_APPLICATION_PERIOD);
    e2_len(b, 2 * (1 + n + (n > 255 ? 2 : 0)) + 4);
    for (int i = 0; i < 2; i++) {
        e2_len(b, n);
        sc__buf_puts(b, d->period_name);
    }
    buf_u16(b, (uint32_t)col_index(t, d->period_start));
    buf_u16(b, (uint32_t)col_index(t, d->period_end));
    for (size_t i = 0; i < d->n_indexes; i++)
        k += (d->indexes[i].flags & SC_INDEX_WITHOUT_OVERLAPS) != 0;
    sc__buf_putc(b, (char)FRM_E2_PERIOD_WITHOUT_OVERLAPS); /* also with no such key */
    e2_len(b, 2 + 2 * k);
    buf_u16(b, (uint32_t)k);
    for (size_t i = 0; i < d->n_indexes; i++)
        if (d->indexes[i].flags & SC_INDEX_WITHOUT_OVERLAPS)
            buf_u16(b, (uint32_t)i);
}

static void extra2(sc_buf *b, const wtable *t, const uint8_t *version)
{
    bool flags = false;

    sc__buf_putc(b, FRM_E2_TABLEDEF_VERSION);
    sc__buf_putc(b, 16);
    sc__buf_put(b, version, 16);
    if (t->def->partitioning) { /* the partitions' default engine */
        sc__buf_putc(b, FRM_E2_DEFAULT_PART_ENGINE);
        sc__buf_putc(b, (char)strlen(t->def->engine));
        sc__buf_puts(b, t->def->engine);
    }
    gis_options(b, t);
    system_period(b, t);
    app_period(b, t);
    for (size_t i = 0; i < t->n_cols; i++)
        flags |= (t->cols[i].col->flags &
                  (SC_COL_INVISIBLE | SC_COL_WITHOUT_VERSIONING | FRM_COL_HIDDEN_SYSTEM)) != 0;
    if (flags)
        field_flags(b, t);
    if (!t->def->n_indexes)
        return;
    sc__buf_putc(b, FRM_E2_INDEX_FLAGS);
    if (t->def->n_indexes > 255) {
        sc__buf_putc(b, 0);
        buf_u16(b, (uint32_t)t->def->n_indexes);
    } else {
        sc__buf_putc(b, (char)t->def->n_indexes);
    }
    for (size_t i = 0; i < t->def->n_indexes; i++)
        sc__buf_putc(b, (t->def->indexes[i].flags & SC_INDEX_IGNORED) ? 1 : 0);
}

static void field_flags(sc_buf *b, const wtable *t)
{
    sc__buf_putc(b, (char)FRM_E2_FIELD_FLAGS);
    if (t->n_cols > 255) {
        sc__buf_putc(b, 0);
        buf_u16(b, (uint32_t)t->n_cols);
    } else {
        sc__buf_putc(b, (char)t->n_cols);
    }
    for (size_t i = 0; i < t->n_cols; i++) {
        unsigned f = t->cols[i].col->flags;
        sc__buf_putc(b, (char)(((f & FRM_COL_HIDDEN_SYSTEM) ? 2
                                : (f & SC_COL_INVISIBLE)    ? 1
                                                            : 0) |
                               ((f & SC_COL_WITHOUT_VERSIONING) ? 8 : 0)));
    }
}

static void extra_block(sc_buf *b, const wtable *t)
{
    const sc_table_def *d = t->def;
    uint8_t zero[6] = {0};

    buf_u16(b, 0); /* CONNECTION */
    if (d->partitioning) {
        sc_buf clause;
        sc__buf_init(&clause, b->ctx);
        sc_frm__partition_stored(&clause, d);
        buf_u16(b, 9);
        sc__buf_puts(b, "partition");
        buf_u32(b, (uint32_t)clause.len);
        sc__buf_put(b, clause.data, clause.len);
        sc__buf_put(b, zero, 2); /* its NUL, auto_partitioned */
        if (clause.failed)
            b->failed = true;
        sc__buf_free(&clause);
    } else {
        buf_u16(b, (uint32_t)strlen(d->engine));
        sc__buf_puts(b, d->engine);
        sc__buf_put(b, zero, 6); /* no partitioning */
    }
    for (size_t i = 0; i < d->n_indexes; i++)
        if (d->indexes[i].parser)
            sc__buf_put(b, d->indexes[i].parser, strlen(d->indexes[i].parser) + 1);
    if (d->comment && strlen(d->comment) > 60) {
        buf_u16(b, (uint32_t)strlen(d->comment));
        sc__buf_puts(b, d->comment);
    }
}

static int table_collation(unsigned *out, const wtable *t)
{
    /* a sequence keeps no collation of its own; MariaDB writes the server default */
    const char *name = t->def->collation                   ? t->def->collation
                       : t->def->flags & SC_TABLE_SEQUENCE ? "utf8mb4_general_ci"
                                                           : "";
    const sc_collation_info *co = sc_charset__collation_find(name);

    if (!co)
        return unsupported(t, "a table without a known collation");
    *out = co->id;
    return SC_OK;
}

static void header(uint8_t *h, const wtable *t, const size_t *sizes, unsigned cs)
{
    /* sizes: extra2, key block, extra block, total, key info length */
    size_t nkeys = t->def->n_indexes, key_buff = nkeys * FRM_KEY_PER_KEY + 16;

    for (size_t i = 0; i < nkeys; i++)
        if (t->def->indexes[i].comment && *t->def->indexes[i].comment)
            key_buff += 2 + strlen(t->def->indexes[i].comment);
    memset(h, 0, FRM_HEADER_SIZE);
    h[0] = 0xFE;
    h[1] = 1;
    h[2] = t->vcols.len ? 11 : 10;
    h[3] = (uint8_t)(t->def->partitioning ? FRM_DB_PARTITION : t->legacy_db);
    if (t->def->partitioning) /* the partitions' default engine (sql/unireg.cc) */
        h[61] = (uint8_t)t->legacy_db;
    put16(h + 4, (uint32_t)sizes[0]);
    put16(h + 6, (uint32_t)(FRM_HEADER_SIZE + sizes[0] + 4));
    put16(h + 8, 1);
    put32(h + 10, (uint32_t)sizes[3]);
    put16(h + 14, key_buff < 0xFFFF ? (uint32_t)key_buff : 0xFFFF);
    put16(h + 16, (uint32_t)t->reclength);
    put32(h + 18, t->max_rows);
    put32(h + 22, t->min_rows);
    h[26] = t->max_rows == 1 && t->min_rows == 1 && nkeys == 0;
    h[27] = 2;
    put16(h + 28, (uint32_t)sizes[4]);
    put16(h + 30, t->table_options | FRM_OPT_LONG_BLOB_PTR);
    h[33] = 5;
    put32(h + 34, t->avg_row_length);
    h[38] = (uint8_t)cs;
    h[39] = (uint8_t)(t->transactional | t->page_checksum << 2 |
                      ((t->def->flags & SC_TABLE_SEQUENCE) ? 2 << 4 : 0));
    h[40] = (uint8_t)t->row_type;
    h[41] = (uint8_t)(cs >> 8);
    put16(h + 42, t->stats_sample_pages);
    h[44] = (uint8_t)t->stats_auto_recalc;
    put16(h + 45, t->n_checks);
    put32(h + 47, (uint32_t)key_buff);
    put32(h + 51, FRM_MYSQL_VERSION);
    put32(h + 55, (uint32_t)sizes[2]);
    put16(h + 62, t->key_block_size);
}

static int check_table(const wtable *t)
{
    const sc_table_def *d = t->def;

    if ((d->flags & SC_TABLE_SYSTEM_VERSIONING) && !d->sys_start)
        return unsupported(t, "a system-versioned table without ROW START/END columns");
    if (d->period_name && (!d->period_start || !d->period_end))
        return unsupported(t, "an application-time period without its columns");
    if (!t->legacy_db)
        return unsupported(t, "this storage engine");
    return SC_OK;
}

static int assemble(sc_buf *out, wtable *t, const uint8_t *version, unsigned cs)
{
    sc_buf e2, keys, extra, fields;
    uint8_t h[FRM_HEADER_SIZE], fi[FRM_FORMINFO_SIZE], *rec = NULL;
    size_t sizes[5], key_buff, filepos, expr_len = t->vcols.len ? t->vcols.len + FRM_VCOL_BASE : 0;
    int rc;

    sc__buf_init(&e2, t->ctx);
    sc__buf_init(&keys, t->ctx);
    sc__buf_init(&extra, t->ctx);
    sc__buf_init(&fields, t->ctx);
    extra2(&e2, t, version);
    rc = pack_keys(&keys, t);
    extra_block(&extra, t);
    pack_fields(&fields, t);
    if (rc == SC_OK && (e2.failed || keys.failed || extra.failed || fields.failed))
        rc = SC_ENOMEM;
    if (rc == SC_OK && !(rec = sc__malloc(t->ctx, t->reclength)))
        rc = SC_ENOMEM;
    if (rc == SC_OK)
        rc = make_record(rec, t);
    if (rc == SC_OK) {
        header(h, t, (size_t[]){e2.len, 0, extra.len, 0, keys.len}, cs);
        key_buff = sc_frm__u32(h + 47);
        filepos = FRM_HEADER_SIZE + e2.len + 4 + key_buff + t->reclength + extra.len;
        sizes[0] = e2.len;
        sizes[1] = key_buff;
        sizes[2] = extra.len;
        sizes[3] = filepos + FRM_FORMINFO_SIZE + fields.len + expr_len;
        sizes[4] = keys.len;
        header(h, t, sizes, cs);
        forminfo(fi, t, fields.len, expr_len);
        uint8_t fp[4], base[FRM_VCOL_BASE] = {0};
        put32(fp, (uint32_t)filepos);
        sc__buf_put(out, h, sizeof h);
        sc__buf_put(out, e2.data, e2.len);
        sc__buf_put(out, fp, 4);
        sc__buf_put(out, keys.data, keys.len);
        for (size_t i = keys.len; i < key_buff; i++)
            sc__buf_putc(out, 0);
        sc__buf_put(out, rec, t->reclength);
        sc__buf_put(out, extra.data, extra.len);
        sc__buf_put(out, fi, sizeof fi);
        sc__buf_put(out, fields.data, fields.len);
        if (expr_len) {
            sc__buf_put(out, base, sizeof base);
            sc__buf_put(out, t->vcols.data, t->vcols.len);
        }
        rc = out->failed ? SC_ENOMEM : SC_OK;
    }
    sc_free(t->ctx, rec);
    sc__buf_free(&e2);
    sc__buf_free(&keys);
    sc__buf_free(&extra);
    sc__buf_free(&fields);
    return rc;
}

/* WITH SYSTEM VERSIONING without ROW START/END columns: MariaDB adds them, hidden
 * (INVISIBLE_SYSTEM), at the end: row_start and row_end TIMESTAMP(6). */
static const sc_table_def *implicit_period(sc_table_def *copy, sc_arena *a, const sc_table_def *def)
{
    sc_column_def *cols;

    if (!(def->flags & SC_TABLE_SYSTEM_VERSIONING) || def->sys_start)
        return def;
    if (!(cols = sc__arena_calloc(a, (def->n_columns + 2) * sizeof *cols)))
        return NULL;
    memcpy(cols, def->columns, def->n_columns * sizeof *cols);
    for (size_t k = 0; k < 2; k++) {
        sc_column_def *c = &cols[def->n_columns + k];
        c->name = k ? "row_end" : "row_start";
        c->type = SC_TYPE_TIMESTAMP;
        c->scale = 6;
        c->generated = k ? SC_GEN_ROW_END : SC_GEN_ROW_START;
        c->flags = FRM_COL_HIDDEN_SYSTEM;
    }
    *copy = *def;
    copy->columns = cols;
    copy->n_columns = def->n_columns + 2;
    copy->sys_start = "row_start";
    copy->sys_end = "row_end";
    return copy;
}

int sc_frm_write(
    uint8_t **out, size_t *len_out, sc_ctx *ctx, const sc_table_def *def, const uint8_t version[16])
{
    wtable t;
    sc_arena a;
    sc_buf b;
    sc_table_def copy;
    unsigned cs = 0;
    int rc;

    *out = NULL;
    *len_out = 0;
    memset(&t, 0, sizeof t);
    t.ctx = ctx;
    sc__arena_init(&a, ctx, 0);
    if (!(def = implicit_period(&copy, &a, def))) {
        sc__arena_free(&a);
        return SC_ENOMEM;
    }
    t.def = def;
    sc__buf_init(&t.vcols, ctx);
    sc__buf_init(&b, ctx);
    engine_defaults(&t);
    if ((rc = check_table(&t)) == SC_OK && (rc = parse_options(&t)) == SC_OK &&
        (rc = aria_checksum(&t)) == SC_OK && (rc = table_collation(&cs, &t)) == SC_OK &&
        (rc = build_columns(&t)) == SC_OK && (rc = build_vcols(&t, &a)) == SC_OK) {
        layout_record(&t);
        rc = t.reclength > 0xFFFF ? unsupported(&t, "a record longer than 65535 bytes")
                                  : assemble(&b, &t, version, cs);
    }
    if (rc == SC_OK) {
        *len_out = b.len;
        *out = b.data;
        b.data = NULL;
    }
    sc__buf_free(&b);
    sc__buf_free(&t.vcols);
    sc_free(ctx, t.cols);
    sc__arena_free(&a);
    return rc;
}

/* ------------------------------------------------------------------ */
/* File names                                                           */

int sc_frm_encode_filename(char **out, sc_ctx *ctx, const char *name)
{
    return sc_filename_encode(out, ctx, name);
}

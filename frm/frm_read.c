/*
 * frm_read.c - the structural decoder of binary .frm files (MariaDB 10.x):
 * fileinfo header, extra2 section, key block, default record, extra block
 * (connection, engine, partition clause, parsers, long comment), forminfo,
 * column block, names, ENUM/SET value lists, comments and the expression
 * block. The layout was learnt from MariaDB's sql/table.cc
 * (init_from_binary_frm_image, create_key_infos, read_extra2) and
 * sql/unireg.cc (the writer); docs/frm.md describes it field by field.
 *
 * Every length and offset read from the file is checked against the image
 * before use; a failed check names the file and the offset. The result is
 * an frm_image whose strings live in the caller's arena.
 */
#include <stdio.h>
#include <string.h>

#include "frm/frm_int.h"

/* ------------------------------------------------------------------ */
/* Bytes                                                                */

uint32_t sc_frm__u16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

uint32_t sc_frm__u24(const uint8_t *p)
{
    return sc_frm__u16(p) | (uint32_t)p[2] << 16;
}

uint32_t sc_frm__u32(const uint8_t *p)
{
    return sc_frm__u24(p) | (uint32_t)p[3] << 24;
}

int sc_frm__corrupt(const frm_rd *rd, size_t off, const char *fmt, ...)
{
    char what[256];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return sc_error_set(rd->ctx, SC_ECORRUPT, 0, NULL, "%s: offset %zu: %s", rd->file, off, what);
}

int sc_frm__need(const frm_rd *rd, size_t off, size_t n, const char *what)
{
    if (off > rd->len || n > rd->len - off)
        return sc_frm__corrupt(rd, off, "%s (%zu bytes) runs past the end of the file (%zu bytes)",
                               what, n, rd->len);
    return SC_OK;
}

static char *arena_str(sc_arena *a, const uint8_t *p, size_t n)
{
    return sc__arena_strndup(a, (const char *)p, n);
}

/* ------------------------------------------------------------------ */
/* Fileinfo header                                                      */

static int read_header(frm_image *im, const frm_rd *rd)
{
    const uint8_t *h = rd->p;

    if (rd->len < FRM_HEADER_SIZE + FRM_FORMINFO_SIZE)
        return sc_frm__corrupt(rd, 0, "file too short for a .frm (%zu bytes, at least %d)", rd->len,
                               FRM_HEADER_SIZE + FRM_FORMINFO_SIZE);
    if (h[0] != 0xFE || h[1] != 0x01)
        return sc_frm__corrupt(rd, 0, "not a binary .frm file (magic %02x %02x, expected fe 01)",
                               h[0], h[1]);
    im->frm_version = h[2];
    if (im->frm_version < 9 || im->frm_version > 11)
        return sc_frm__corrupt(rd, 2, "unsupported .frm version %u (MariaDB 5.0+ writes 9-11)",
                               im->frm_version);
    if (h[32] != 0)
        return sc_frm__corrupt(rd, 32, "pre-4.1 .frm file (not supported)");
    im->legacy_db = h[3];
    im->max_rows = sc_frm__u32(h + 18);
    im->min_rows = sc_frm__u32(h + 22);
    im->table_options = sc_frm__u16(h + 30);
    im->avg_row_length = sc_frm__u32(h + 34);
    im->table_cs_id = h[38] | (unsigned)h[41] << 8;
    im->transactional = h[39] & 3;
    im->page_checksum = (h[39] >> 2) & 3;
    im->sequence = ((h[39] >> 4) & 3) == 2;
    im->row_type = h[40];
    im->stats_sample_pages = sc_frm__u16(h + 42);
    im->stats_auto_recalc = h[44];
    im->mysql_version = sc_frm__u32(h + 51);
    im->key_block_size = sc_frm__u16(h + 62);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* extra2                                                               */

typedef struct extra2 {
    const uint8_t *index_flags, *field_flags, *sys_period, *app_period, *overlaps, *gis;
    size_t index_flags_len, field_flags_len, sys_period_len, app_period_len, overlaps_len, gis_len;
} extra2;

static int e2_once(const frm_rd *rd,
                   size_t off,
                   const uint8_t **slot,
                   size_t *slot_len,
                   const uint8_t *p,
                   size_t n)
{
    if (*slot)
        return sc_frm__corrupt(rd, off, "extra2 entry repeated");
    *slot = p;
    *slot_len = n;
    return SC_OK;
}

static int
e2_entry(frm_image *im, extra2 *e2, const frm_rd *rd, unsigned type, size_t off, size_t n)
{
    const uint8_t *p = rd->p + off;

    switch (type) {
    case FRM_E2_TABLEDEF_VERSION:
        return SC_OK;
    case FRM_E2_DEFAULT_PART_ENGINE:
        im->part_engine = (const char *)p;
        im->part_engine_len = n;
        return SC_OK;
    case FRM_E2_GIS:
        return e2_once(rd, off, &e2->gis, &e2->gis_len, p, n);
    case FRM_E2_APPLICATION_PERIOD:
        return e2_once(rd, off, &e2->app_period, &e2->app_period_len, p, n);
    case FRM_E2_PERIOD_FOR_SYSTEM_TIME:
        if (n != 4)
            return sc_frm__corrupt(rd, off, "system period entry of %zu bytes (expected 4)", n);
        return e2_once(rd, off, &e2->sys_period, &e2->sys_period_len, p, n);
    case FRM_E2_INDEX_FLAGS:
        return e2_once(rd, off, &e2->index_flags, &e2->index_flags_len, p, n);
    case FRM_E2_ENGINE_TABLEOPTS:
        im->engine_opts = p;
        im->engine_opts_len = n;
        return SC_OK;
    case FRM_E2_FIELD_FLAGS:
        return e2_once(rd, off, &e2->field_flags, &e2->field_flags_len, p, n);
    case FRM_E2_PERIOD_WITHOUT_OVERLAPS:
        return e2_once(rd, off, &e2->overlaps, &e2->overlaps_len, p, n);
    default:
        if (type >= FRM_E2_ENGINE_IMPORTANT)
            return sc_frm__corrupt(rd, off - 2, "unknown extra2 entry type %u", type);
        return SC_OK; /* unknown but skippable, as MariaDB does */
    }
}

static int read_extra2(frm_image *im, extra2 *e2, const frm_rd *rd, size_t len)
{
    size_t pos = FRM_HEADER_SIZE, end = FRM_HEADER_SIZE + len;
    int rc;

    if ((rc = sc_frm__need(rd, pos, len, "extra2 section")) != SC_OK)
        return rc;
    if (len && rd->p[pos] == '/')
        return SC_OK; /* old files kept a path here */
    while (pos + 3 <= end) {
        unsigned type = rd->p[pos++];
        size_t n = rd->p[pos++];
        if (n == 0) {
            n = sc_frm__u16(rd->p + pos);
            pos += 2;
        }
        if (n == 0 || n > end - pos)
            return sc_frm__corrupt(
                rd, pos, "extra2 entry type %u of length %zu outside the section", type, n);
        if ((rc = e2_entry(im, e2, rd, type, pos, n)) != SC_OK)
            return rc;
        pos += n;
    }
    if (pos != end)
        return sc_frm__corrupt(rd, pos, "extra2 section does not end on an entry");
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Names: MariaDB's TYPELIB image, `<sep>a<sep>b<sep>\0`               */

/* Split one list starting at *pos (inside [0, end)); advances *pos past its NUL. */
static int split_names(const char ***out,
                       size_t *count,
                       sc_arena *a,
                       const frm_rd *rd,
                       size_t *pos,
                       size_t end,
                       const char *what)
{
    size_t p = *pos, n = 0;
    uint8_t sep;
    const char **v;

    if (p >= end)
        return sc_frm__corrupt(rd, p, "%s: list missing", what);
    sep = rd->p[p++];
    for (size_t q = p; q < end && rd->p[q] != 0; q++)
        n += rd->p[q] == sep;
    if (!(v = sc__arena_calloc(a, (n + 1) * sizeof *v)))
        return SC_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        size_t q = p;
        while (rd->p[q] != sep)
            q++;
        if (!(v[i] = arena_str(a, rd->p + p, q - p)))
            return SC_ENOMEM;
        p = q + 1;
    }
    if (p >= end || rd->p[p] != 0)
        return sc_frm__corrupt(rd, p, "%s: list not terminated", what);
    *pos = p + 1;
    *out = v;
    *count = n;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Key block                                                            */

static int read_key_head(frm_key *k, sc_arena *a, const frm_rd *rd, size_t *pos)
{
    int rc = sc_frm__need(rd, *pos, 8, "key header");
    const uint8_t *p = rd->p + *pos;

    if (rc != SC_OK)
        return rc;
    k->flags = sc_frm__u16(p) ^ FRM_KEY_NOSAME;
    k->n_parts = p[4];
    k->algorithm = p[5];
    k->block_size = sc_frm__u16(p + 6);
    if (k->algorithm > FRM_ALG_LONG_HASH)
        return sc_frm__corrupt(rd, *pos + 5, "unknown key algorithm %u", k->algorithm);
    *pos += 8;
    k->parts = sc__arena_calloc(a, (k->n_parts + 1) * sizeof *k->parts);
    if (!k->parts)
        return SC_ENOMEM;
    for (unsigned j = 0; j < k->n_parts; j++) {
        if ((rc = sc_frm__need(rd, *pos, 9, "key part")) != SC_OK)
            return rc;
        p = rd->p + *pos;
        k->parts[j].off = *pos;
        k->parts[j].fieldnr = sc_frm__u16(p) & FRM_FIELD_NR_MASK;
        k->parts[j].flag = p[4];
        k->parts[j].length = sc_frm__u16(p + 7);
        *pos += 9;
    }
    return SC_OK;
}

static int read_key_comments(frm_image *im, sc_arena *a, const frm_rd *rd, size_t pos)
{
    for (size_t i = 0; i < im->n_keys; i++) {
        size_t n;
        int rc;
        if (!(im->keys[i].flags & FRM_KEY_USES_COMMENT))
            continue;
        if ((rc = sc_frm__need(rd, pos, 2, "index comment length")) != SC_OK)
            return rc;
        n = sc_frm__u16(rd->p + pos);
        if ((rc = sc_frm__need(rd, pos + 2, n, "index comment")) != SC_OK)
            return rc;
        if (!(im->keys[i].comment = arena_str(a, rd->p + pos + 2, n)))
            return SC_ENOMEM;
        pos += 2 + n;
    }
    return SC_OK;
}

static int read_keys(frm_image *im, sc_arena *a, const frm_rd *rd, size_t pos, size_t block_len)
{
    size_t end = pos + block_len, count;
    const char **names = NULL;
    int rc;

    if ((rc = sc_frm__need(rd, pos, block_len < 6 ? 6 : block_len, "key block")) != SC_OK)
        return rc;
    if (rd->p[pos] & 0x80)
        im->n_keys = (size_t)rd->p[pos + 1] << 7 | (rd->p[pos] & 0x7F);
    else
        im->n_keys = rd->p[pos];
    if (!(im->keys = sc__arena_calloc(a, (im->n_keys + 1) * sizeof *im->keys)))
        return SC_ENOMEM;
    pos += 6;
    for (size_t i = 0; i < im->n_keys; i++)
        if ((rc = read_key_head(&im->keys[i], a, rd, &pos)) != SC_OK)
            return rc;
    if (end < pos)
        return sc_frm__corrupt(rd, pos, "key block longer than its stated length %zu", block_len);
    if (im->n_keys == 0)
        return SC_OK;
    if ((rc = split_names(&names, &count, a, rd, &pos, end, "index names")) != SC_OK)
        return rc;
    if (count != im->n_keys)
        return sc_frm__corrupt(rd, pos, "%zu index names for %zu indexes", count, im->n_keys);
    for (size_t i = 0; i < im->n_keys; i++)
        im->keys[i].name = names[i];
    return read_key_comments(im, a, rd, pos);
}

/* ------------------------------------------------------------------ */
/* Extra block after the default record                                */

static int read_lenstr(const char **out,
                       sc_arena *a,
                       const frm_rd *rd,
                       size_t *pos,
                       size_t end,
                       size_t width,
                       const char *what)
{
    size_t n;

    if (*pos + width > end)
        return sc_frm__corrupt(rd, *pos, "%s: length outside the extra block", what);
    n = width == 2 ? sc_frm__u16(rd->p + *pos) : sc_frm__u32(rd->p + *pos);
    if (n > end - *pos - width)
        return sc_frm__corrupt(rd, *pos, "%s: %zu bytes outside the extra block", what, n);
    if (!(*out = arena_str(a, rd->p + *pos + width, n)))
        return SC_ENOMEM;
    *pos += width + n;
    return SC_OK;
}

static int read_parsers(frm_image *im, sc_arena *a, const frm_rd *rd, size_t *pos, size_t end)
{
    for (size_t i = 0; i < im->n_keys; i++) {
        size_t q = *pos;
        if (!(im->keys[i].flags & FRM_KEY_USES_PARSER))
            continue;
        while (q < end && rd->p[q])
            q++;
        if (q >= end)
            return sc_frm__corrupt(rd, *pos, "fulltext parser name outside the extra block");
        if (!(im->keys[i].parser = arena_str(a, rd->p + *pos, q - *pos)))
            return SC_ENOMEM;
        *pos = q + 1;
    }
    return SC_OK;
}

static int
read_extra_block(frm_image *im, sc_arena *a, const frm_rd *rd, size_t pos, size_t n, bool long_cmt)
{
    size_t end = pos + n;
    const char *s = NULL;
    int rc;

    if ((rc = sc_frm__need(rd, pos, n, "extra block")) != SC_OK)
        return rc;
    if ((rc = read_lenstr(&s, a, rd, &pos, end, 2, "CONNECTION string")) != SC_OK)
        return rc;
    im->connection = *s ? s : NULL;
    if (pos + 2 < end &&
        (rc = read_lenstr(&im->engine, a, rd, &pos, end, 2, "engine name")) != SC_OK)
        return rc;
    if (pos + 5 < end) {
        if ((rc = read_lenstr(&s, a, rd, &pos, end, 4, "partition clause")) != SC_OK)
            return rc;
        im->partition = *s ? s : NULL;
        pos++; /* the clause's NUL */
    }
    if (im->mysql_version >= 50110 && pos < end)
        pos++; /* auto_partitioned */
    if ((rc = read_parsers(im, a, rd, &pos, end)) != SC_OK)
        return rc;
    if (long_cmt && (rc = read_lenstr(&im->comment, a, rd, &pos, end, 2, "table comment")))
        return rc;
    if (im->table_options & FRM_OPT_TEXT_CREATE_OPTIONS)
        return sc_frm__corrupt(rd, pos, "legacy text create options (not supported)");
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Columns                                                              */

static int read_field(frm_field *f, const frm_rd *rd, size_t off)
{
    const uint8_t *p = rd->p + off;

    f->off = off;
    f->length = sc_frm__u16(p + 3);
    f->recpos = sc_frm__u24(p + 5);
    f->pack_flag = sc_frm__u16(p + 8);
    f->unireg = p[10] & 0x7F;
    if (p[10] & 0x80)
        return sc_frm__corrupt(rd, off + 10, "MySQL 5.7 generated column (not supported)");
    f->interval = p[12];
    f->type = p[13];
    f->cs_id = f->type == FRM_T_GEOMETRY ? 63 : (unsigned)p[14] | (unsigned)p[11] << 8;
    if (f->type == FRM_T_GEOMETRY)
        f->srid = p[14]; /* geometry type, kept until the type mapping */
    return SC_OK;
}

/* Null bit and BIT bits of each column, in MariaDB's allocation order. */
static void place_null_bits(frm_image *im)
{
    size_t byte = 0;
    unsigned bit = (im->table_options & FRM_OPT_PACK_RECORD) ? 0 : 1;

    for (size_t i = 0; i < im->n_fields; i++) {
        frm_field *f = &im->fields[i];
        bool nullable = f->pack_flag & FRM_PF_MAYBE_NULL;
        f->null_byte = byte;
        f->null_bit = bit;
        f->bit_byte = byte + (bit + nullable) / 8;
        f->bit_ofs = (bit + nullable) & 7;
        if (f->type == FRM_T_BIT && !(f->pack_flag & FRM_PF_BIT_AS_CHAR)) {
            bit += f->length & 7;
            byte += bit / 8;
            bit &= 7;
        }
        if (nullable && !(bit = (bit + 1) & 7))
            byte++;
    }
}

static int read_field_names(frm_image *im, sc_arena *a, const frm_rd *rd, size_t pos, size_t n)
{
    const char **names = NULL;
    size_t count = 0, p = pos;
    int rc;

    if ((rc = split_names(&names, &count, a, rd, &p, pos + n, "column names")) != SC_OK)
        return rc;
    if (count != im->n_fields)
        return sc_frm__corrupt(rd, pos, "%zu column names for %zu columns", count, im->n_fields);
    for (size_t i = 0; i < count; i++)
        im->fields[i].name = names[i];
    return SC_OK;
}

static int read_intervals(frm_image *im, sc_arena *a, const frm_rd *rd, size_t pos, size_t n)
{
    const char *const **lists;
    size_t *counts, p = pos;
    int rc;

    if (!im->n_intervals)
        return SC_OK;
    lists = sc__arena_calloc(a, im->n_intervals * sizeof *lists);
    counts = sc__arena_calloc(a, im->n_intervals * sizeof *counts);
    if (!lists || !counts)
        return SC_ENOMEM;
    for (size_t i = 0; i < im->n_intervals; i++) {
        const char **v = NULL;
        if ((rc = split_names(&v, &counts[i], a, rd, &p, pos + n, "ENUM/SET values")) != SC_OK)
            return rc;
        ((const char *const **)lists)[i] = v;
    }
    im->intervals = lists;
    im->interval_counts = counts;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Expression block (pack_expression in sql/unireg.cc)                  */

static int attach_expr(frm_image *im,
                       const frm_rd *rd,
                       size_t off,
                       unsigned type,
                       unsigned fieldnr,
                       const char *name,
                       const char *expr)
{
    frm_field *f = fieldnr < im->n_fields ? &im->fields[fieldnr] : NULL;

    if (type == FRM_VCOL_CHECK_TABLE) {
        frm_check *c = &im->checks[im->n_checks++];
        c->name = name;
        c->expr = expr;
        return SC_OK;
    }
    if (!f)
        return sc_frm__corrupt(rd, off, "expression for column %u of %zu", fieldnr, im->n_fields);
    switch (type) {
    case FRM_VCOL_VIRTUAL:
    case FRM_VCOL_STORED:
        f->gen_expr = expr;
        f->gen_stored = type == FRM_VCOL_STORED;
        return SC_OK;
    case FRM_VCOL_DEFAULT:
        f->default_expr = expr;
        return SC_OK;
    case FRM_VCOL_CHECK_FIELD:
        f->check_expr = expr;
        return SC_OK;
    default:
        return sc_frm__corrupt(rd, off, "unknown expression kind %u", type);
    }
}

static int read_vcols(frm_image *im, sc_arena *a, const frm_rd *rd, size_t pos, size_t n)
{
    size_t end = pos + n;

    if (!(im->checks = sc__arena_calloc(a, (n / FRM_VCOL_HEADER + 1) * sizeof *im->checks)))
        return SC_ENOMEM;
    if (n == 0)
        return SC_OK;
    if (n < FRM_VCOL_BASE)
        return sc_frm__corrupt(rd, pos, "expression block of %zu bytes", n);
    pos += FRM_VCOL_BASE;
    while (pos < end) {
        const uint8_t *p = rd->p + pos;
        unsigned type, fieldnr;
        size_t elen, nlen;
        char *name, *expr;
        int rc;
        if (end - pos < FRM_VCOL_HEADER)
            return sc_frm__corrupt(rd, pos, "expression header outside the block");
        type = p[0];
        fieldnr = sc_frm__u16(p + 1);
        elen = sc_frm__u16(p + 3);
        nlen = p[5];
        if (elen + nlen > end - pos - FRM_VCOL_HEADER)
            return sc_frm__corrupt(rd, pos, "expression of %zu bytes outside the block", elen);
        name = arena_str(a, p + FRM_VCOL_HEADER, nlen);
        expr = arena_str(a, p + FRM_VCOL_HEADER + nlen, elen);
        if (!name || !expr)
            return SC_ENOMEM;
        if ((rc = attach_expr(im, rd, pos, type, fieldnr, name, expr)) != SC_OK)
            return rc;
        pos += FRM_VCOL_HEADER + nlen + elen;
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Forminfo and the column block                                        */

typedef struct forminfo {
    size_t pos;           /* offset of forminfo */
    size_t screens;       /* bytes of the legacy screen block */
    size_t names_len;     /* column names */
    size_t int_len;       /* ENUM/SET value lists */
    size_t com_len;       /* column comments */
    size_t vcol_len;      /* expressions */
    unsigned comment_len; /* inline table comment length, 255 = in the extra block */
} forminfo;

static int read_forminfo(frm_image *im, forminfo *fi, sc_arena *a, const frm_rd *rd)
{
    const uint8_t *p = rd->p + fi->pos;

    im->n_fields = sc_frm__u16(p + 258);
    fi->screens = sc_frm__u16(p + 260);
    fi->names_len = sc_frm__u16(p + 268);
    im->n_intervals = sc_frm__u16(p + 270);
    fi->int_len = sc_frm__u16(p + 274);
    fi->com_len = sc_frm__u16(p + 284);
    fi->vcol_len = sc_frm__u16(p + 286);
    fi->comment_len = p[46];
    if (fi->comment_len != 255 && fi->comment_len > 0) {
        if (fi->comment_len > 211)
            return sc_frm__corrupt(rd, fi->pos + 46, "inline table comment of %u bytes",
                                   fi->comment_len);
        if (!(im->comment = arena_str(a, p + 47, fi->comment_len)))
            return SC_ENOMEM;
    }
    if (im->n_fields == 0)
        return sc_frm__corrupt(rd, fi->pos + 258, "table without columns");
    return SC_OK;
}

static int read_columns(frm_image *im, const forminfo *fi, sc_arena *a, const frm_rd *rd)
{
    size_t base = fi->pos + FRM_FORMINFO_SIZE + fi->screens;
    size_t fields_len = im->n_fields * FRM_FIELD_PACK;
    size_t names = base + fields_len, total;
    int rc;

    total = fields_len + fi->names_len + fi->int_len + fi->com_len + fi->vcol_len;
    if ((rc = sc_frm__need(rd, base, total, "column block")) != SC_OK)
        return rc;
    if (!(im->fields = sc__arena_calloc(a, im->n_fields * sizeof *im->fields)))
        return SC_ENOMEM;
    for (size_t i = 0; i < im->n_fields; i++)
        if ((rc = read_field(&im->fields[i], rd, base + i * FRM_FIELD_PACK)) != SC_OK)
            return rc;
    if ((rc = read_field_names(im, a, rd, names, fi->names_len)) != SC_OK ||
        (rc = read_intervals(im, a, rd, names + fi->names_len, fi->int_len)) != SC_OK)
        return rc;
    size_t cpos = names + fi->names_len + fi->int_len;
    for (size_t i = 0; i < im->n_fields; i++) {
        size_t n = sc_frm__u16(rd->p + base + i * FRM_FIELD_PACK + 15);
        if (n > names + fi->names_len + fi->int_len + fi->com_len - cpos)
            return sc_frm__corrupt(rd, base + i * FRM_FIELD_PACK + 15,
                                   "column comment of %zu bytes outside the comment block", n);
        if (n && !(im->fields[i].comment = arena_str(a, rd->p + cpos, n)))
            return SC_ENOMEM;
        cpos += n;
    }
    place_null_bits(im);
    return read_vcols(im, a, rd, names + fi->names_len + fi->int_len + fi->com_len, fi->vcol_len);
}

/* ------------------------------------------------------------------ */
/* extra2 pieces that need the columns and keys                        */

/* extra2_read_len (sql/table.cc): one byte, or 0 and two more bytes. */
static int e2_len(size_t *n, const uint8_t **p, const uint8_t *end, const frm_rd *rd)
{
    if (*p >= end)
        return sc_frm__corrupt(rd, (size_t)(*p - rd->p), "application period runs short");
    *n = *(*p)++;
    if (*n == 0) {
        if (end - *p < 2)
            return sc_frm__corrupt(rd, (size_t)(*p - rd->p), "application period runs short");
        *n = sc_frm__u16(*p);
        *p += 2;
    }
    if ((size_t)(end - *p) < *n)
        return sc_frm__corrupt(rd, (size_t)(*p - rd->p), "name of %zu bytes runs past its entry",
                               *n);
    return SC_OK;
}

/* PERIOD FOR name (start, end): name, constraint name, two 2-byte column numbers. */
static int read_app_period(frm_image *im, sc_arena *a, const extra2 *e2, const frm_rd *rd)
{
    const uint8_t *p = e2->app_period, *end = p + e2->app_period_len;
    size_t n;
    int rc;

    if ((rc = e2_len(&n, &p, end, rd)) != SC_OK)
        return rc;
    if (!(im->app_period_name = sc__arena_strndup(a, (const char *)p, n)))
        return SC_ENOMEM;
    p += n;
    if ((rc = e2_len(&n, &p, end, rd)) != SC_OK)
        return rc;
    if (!(im->app_period_constraint = sc__arena_strndup(a, (const char *)p, n)))
        return SC_ENOMEM;
    p += n; /* the constraint name: the period's implicit CHECK (start < end), not printed */
    if (end - p != 4)
        return sc_frm__corrupt(rd, (size_t)(p - rd->p),
                               "application period: %zd bytes for two column numbers (expected 4)",
                               (ptrdiff_t)(end - p));
    im->app_start = sc_frm__u16(p);
    im->app_end = sc_frm__u16(p + 2);
    if (im->app_start >= im->n_fields || im->app_end >= im->n_fields)
        return sc_frm__corrupt(rd, (size_t)(p - rd->p),
                               "application period names column %u/%u of %zu", im->app_start,
                               im->app_end, im->n_fields);
    im->has_app_period = true;
    return SC_OK;
}

/* WITHOUT OVERLAPS: a 2-byte count, then that many 2-byte key numbers. */
static int read_overlaps(frm_image *im, const extra2 *e2, const frm_rd *rd)
{
    size_t off = (size_t)(e2->overlaps - rd->p), n;

    if (!im->has_app_period)
        return sc_frm__corrupt(rd, off, "WITHOUT OVERLAPS keys but no application period");
    if (e2->overlaps_len < 2 || e2->overlaps_len != 2 + 2 * (n = sc_frm__u16(e2->overlaps)))
        return sc_frm__corrupt(rd, off, "WITHOUT OVERLAPS entry of %zu bytes", e2->overlaps_len);
    for (size_t i = 0; i < n; i++) {
        unsigned k = sc_frm__u16(e2->overlaps + 2 + 2 * i);
        if (k >= im->n_keys)
            return sc_frm__corrupt(rd, off + 2 + 2 * i, "WITHOUT OVERLAPS names key %u of %zu", k,
                                   im->n_keys);
        im->keys[k].without_overlaps = true;
    }
    return SC_OK;
}

static int apply_extra2(frm_image *im, sc_arena *a, const extra2 *e2, const frm_rd *rd)
{
    int rc;

    if (e2->index_flags) {
        if (e2->index_flags_len != im->n_keys)
            return sc_frm__corrupt(rd, (size_t)(e2->index_flags - rd->p),
                                   "%zu index flags for %zu indexes", e2->index_flags_len,
                                   im->n_keys);
        for (size_t i = 0; i < im->n_keys; i++)
            im->keys[i].ignored = e2->index_flags[i] & 1;
    }
    if (e2->field_flags) {
        if (e2->field_flags_len != im->n_fields)
            return sc_frm__corrupt(rd, (size_t)(e2->field_flags - rd->p),
                                   "%zu column flags for %zu columns", e2->field_flags_len,
                                   im->n_fields);
        for (size_t i = 0; i < im->n_fields; i++)
            im->fields[i].e2_flags = e2->field_flags[i];
    }
    if (e2->sys_period) {
        im->has_sys_period = true;
        im->sys_start = sc_frm__u16(e2->sys_period);
        im->sys_end = sc_frm__u16(e2->sys_period + 2);
        if (im->sys_start >= im->n_fields || im->sys_end >= im->n_fields)
            return sc_frm__corrupt(rd, (size_t)(e2->sys_period - rd->p),
                                   "system period names column %u/%u of %zu", im->sys_start,
                                   im->sys_end, im->n_fields);
    }
    if (e2->app_period && (rc = read_app_period(im, a, e2, rd)) != SC_OK)
        return rc;
    if (e2->overlaps)
        return read_overlaps(im, e2, rd);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Entry point                                                          */

int sc_frm__decode(frm_image *im, sc_arena *a, const frm_rd *rd)
{
    extra2 e2;
    forminfo fi;
    size_t e2len, keypos, keylen, recpos, extra_len;
    int rc;

    memset(im, 0, sizeof *im);
    memset(&e2, 0, sizeof e2);
    memset(&fi, 0, sizeof fi);
    if ((rc = read_header(im, rd)) != SC_OK)
        return rc;
    e2len = sc_frm__u16(rd->p + 4);
    if ((rc = read_extra2(im, &e2, rd, e2len)) != SC_OK)
        return rc;
    if ((rc = sc_frm__need(rd, FRM_HEADER_SIZE + e2len, 4, "forminfo position")) != SC_OK)
        return rc;
    fi.pos = sc_frm__u32(rd->p + FRM_HEADER_SIZE + e2len);
    if ((rc = sc_frm__need(rd, fi.pos, FRM_FORMINFO_SIZE, "forminfo")) != SC_OK)
        return rc;
    keypos = sc_frm__u16(rd->p + 6);
    keylen = sc_frm__u16(rd->p + 14);
    if (keylen == 0xFFFF)
        keylen = sc_frm__u32(rd->p + 47);
    recpos = keypos + keylen;
    im->reclength = sc_frm__u16(rd->p + 16);
    if ((rc = sc_frm__need(rd, recpos, im->reclength, "default record")) != SC_OK)
        return rc;
    im->record = rd->p + recpos;
    if ((rc = read_keys(im, a, rd, keypos, keylen)) != SC_OK ||
        (rc = read_forminfo(im, &fi, a, rd)) != SC_OK)
        return rc;
    extra_len = sc_frm__u32(rd->p + 55);
    if (extra_len && (rc = read_extra_block(im, a, rd, recpos + im->reclength, extra_len,
                                            fi.comment_len == 255)) != SC_OK)
        return rc;
    if ((rc = read_columns(im, &fi, a, rd)) != SC_OK)
        return rc;
    return apply_extra2(im, a, &e2, rd);
}

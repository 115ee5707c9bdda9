/*
 * sysmap.c - system tables as binlog columns and row values (see sysmap.h;
 * the type mapping is the one catalog/selfdesc.c uses for the catalog's own
 * description, documented in docs/log-format.md "System tables").
 */
#include <limits.h>
#include <string.h>

#include "replicate/bytes.h"
#include "replicate/sysmap.h"

static void *pb_alloc(void *payload, size_t size)
{
    return sc__malloc(payload, size ? size : 1);
}

static void pb_free(void *payload, void *ptr)
{
    sc_free(payload, ptr);
}

static ProtobufCAllocator pb_allocator(sc_ctx *ctx)
{
    ProtobufCAllocator a = {pb_alloc, pb_free, ctx};
    return a;
}

static int
map_field(sc_binlog_column *c, bool *blob, uint8_t *kind, const ProtobufCFieldDescriptor *f)
{
    memset(c, 0, sizeof(*c));
    c->name.data = (const uint8_t *)f->name;
    c->name.len = strlen(f->name);
    c->has_unsigned = true;
    *blob = false;
    if (f->label == PROTOBUF_C_LABEL_REPEATED || f->id < 1 || f->id > SC_SYSMAP_MAX_FIELDNO)
        return SC_EINVAL;
    switch (f->type) {
    case PROTOBUF_C_TYPE_UINT64:
        c->type = SC_MT_LONGLONG;
        c->is_unsigned = true;
        *kind = SC_SYSMAP_U64;
        return SC_OK;
    case PROTOBUF_C_TYPE_UINT32:
        c->type = SC_MT_LONG;
        c->is_unsigned = true;
        *kind = SC_SYSMAP_U32;
        return SC_OK;
    case PROTOBUF_C_TYPE_INT32:
    case PROTOBUF_C_TYPE_ENUM:
        c->type = SC_MT_LONG;
        *kind = SC_SYSMAP_I32;
        return SC_OK;
    case PROTOBUF_C_TYPE_BOOL:
        c->type = SC_MT_TINY;
        *kind = SC_SYSMAP_BOOL;
        return SC_OK;
    case PROTOBUF_C_TYPE_STRING:
        c->type = SC_MT_VARCHAR;
        c->meta = 255 * 4;
        c->charset = SC_SYSMAP_COLLATION;
        *kind = SC_SYSMAP_STR;
        return SC_OK;
    case PROTOBUF_C_TYPE_BYTES:
        c->type = SC_MT_BLOB;
        c->meta = 3;
        c->charset = SC_SYSMAP_COLLATION;
        *blob = true;
        *kind = SC_SYSMAP_BYTES;
        return SC_OK;
    default:
        return SC_EINVAL;
    }
}

static int map_key(sc_sysmap *m, sc_ctx *ctx)
{
    const char *p = m->st->key;

    m->npk = 0;
    while (*p) {
        size_t len = strcspn(p, ",");
        size_t i;
        for (i = 0; i < m->ncols; i++)
            if (m->cols[i].name.len == len && memcmp(m->cols[i].name.data, p, len) == 0)
                break;
        if (i == m->ncols || m->npk == SC_SYSMAP_MAX_PK)
            return sc_error_set(ctx, SC_EINVAL, 0, NULL, "system table %s: bad key '%s'",
                                m->st->name, m->st->key);
        m->pk[m->npk++] = (unsigned)i;
        p += len + (p[len] == ',');
    }
    return SC_OK;
}

static void bit_put(uint8_t *bm, size_t i)
{
    bm[i / 8] |= (uint8_t)(1u << (i % 8));
}

/* The present bitmaps of the images that do not depend on the values. */
static void plan_bits(sc_sysmap *m)
{
    for (size_t i = 0; i < m->ncols; i++) {
        bool key = false;
        for (size_t k = 0; k < m->npk; k++)
            key = key || m->pk[k] == i;
        static const int8_t decode[] = {8, 4, 4, 1, -2, -3}; /* by sc_sysmap_kind */
        m->decode[i] = decode[m->kind[i]];
        bit_put(m->all_bits, i);
        if (key)
            bit_put(m->pk_bits, i);
        if (key || !m->blob[i])
            bit_put(m->noblob_bits, i);
    }
}

int sc_sysmap__init(sc_sysmap *out, sc_ctx *ctx, unsigned systable)
{
    const sc_systable *st = sc_catalog__systable(systable);
    int rc;

    memset(out, 0, sizeof(*out));
    if (!st || st->desc->n_fields > SC_SYSMAP_MAX_COLS)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "no binlog mapping for system table %u",
                            systable);
    out->st = st;
    out->ncols = st->desc->n_fields;
    memset(out->col_of, -1, sizeof(out->col_of));
    for (size_t i = 0; i < out->ncols; i++) {
        const ProtobufCFieldDescriptor *f = &st->desc->fields[i];
        if (map_field(&out->cols[i], &out->blob[i], &out->kind[i], f))
            return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                                "system table %s: field %s has no binlog type", st->name, f->name);
        out->col_of[f->id] = (int8_t)i;
    }
    rc = map_key(out, ctx);
    if (!rc)
        plan_bits(out);
    return rc;
}

static void
field_value(sc_binlog_value *v, const ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f)
{
    const char *at = (const char *)msg + f->offset;

    v->kind = SC_VAL_INT;
    switch (f->type) {
    case PROTOBUF_C_TYPE_UINT64: {
        uint64_t u;
        memcpy(&u, at, sizeof(u));
        v->v.i = (int64_t)u;
        break;
    }
    case PROTOBUF_C_TYPE_UINT32: {
        uint32_t u;
        memcpy(&u, at, sizeof(u));
        v->v.i = u;
        break;
    }
    case PROTOBUF_C_TYPE_INT32:
    case PROTOBUF_C_TYPE_ENUM: {
        int32_t s;
        memcpy(&s, at, sizeof(s));
        v->v.i = s;
        break;
    }
    case PROTOBUF_C_TYPE_BOOL: {
        protobuf_c_boolean b;
        memcpy(&b, at, sizeof(b));
        v->v.i = b ? 1 : 0;
        break;
    }
    case PROTOBUF_C_TYPE_STRING: {
        const char *s;
        memcpy(&s, at, sizeof(s));
        v->kind = SC_VAL_BYTES;
        v->v.str.data = (const uint8_t *)(s ? s : "");
        v->v.str.len = s ? strlen(s) : 0;
        break;
    }
    default: { /* bytes (map_field admits nothing else) */
        ProtobufCBinaryData d;
        memcpy(&d, at, sizeof(d));
        v->kind = SC_VAL_BYTES;
        v->v.str.data = d.data;
        v->v.str.len = d.len;
        break;
    }
    }
}

int sc_sysmap__row(sc_binlog_value *vals,
                   ProtobufCMessage **msg_out,
                   sc_ctx *ctx,
                   const sc_sysmap *m,
                   sc_slice packed)
{
    ProtobufCAllocator a = pb_allocator(ctx);
    ProtobufCMessage *msg;

    *msg_out = NULL;
    msg = protobuf_c_message_unpack(m->st->desc, &a, packed.len, packed.data);
    if (!msg)
        return sc_error_set(ctx, SC_ECORRUPT, 0, NULL, "undecodable row of syscat.%s (%zu bytes)",
                            m->st->name, packed.len);
    for (size_t i = 0; i < m->ncols; i++)
        field_value(&vals[i], msg, &m->st->desc->fields[i]);
    *msg_out = msg;
    return SC_OK;
}

void sc_sysmap__free_row(sc_ctx *ctx, ProtobufCMessage *msg)
{
    ProtobufCAllocator a = pb_allocator(ctx);

    if (msg)
        protobuf_c_message_free_unpacked(msg, &a);
}

/* ------------------------------------------------------------------ */
/* Packed row -> values, straight from the wire format                 */

/* A varint of at most max bytes at *p (< end); false when cut short or longer. */
static bool wire_varint_n(uint64_t *out, const uint8_t **p, const uint8_t *end, unsigned max)
{
    uint64_t v = 0;

    for (unsigned shift = 0; shift < 7 * max && *p < end; shift += 7) {
        uint8_t byte = *(*p)++;
        v |= (uint64_t)(byte & 0x7F) << shift;
        if (!(byte & 0x80)) {
            *out = v;
            return true;
        }
    }
    return false;
}

/* A value's varint: at most 10 bytes. */
static bool wire_varint(uint64_t *out, const uint8_t **p, const uint8_t *end)
{
    return wire_varint_n(out, p, end, 10);
}

/* A length prefix: at most 5 bytes, at most INT_MAX, and that many bytes must follow. */
static bool wire_len(uint64_t *out, const uint8_t **p, const uint8_t *end)
{
    return wire_varint_n(out, p, end, 5) && *out <= INT_MAX && *out <= (uint64_t)(end - *p);
}

/* Skip the value of a field of wire type wt; false when malformed. */
static bool wire_skip(unsigned wt, const uint8_t **p, const uint8_t *end)
{
    uint64_t v;

    switch (wt) {
    case 0:
        return wire_varint(&v, p, end);
    case 1:
    case 5: {
        size_t n = wt == 1 ? 8 : 4;
        if ((size_t)(end - *p) < n)
            return false;
        *p += n;
        return true;
    }
    case 2:
        if (!wire_len(&v, p, end))
            return false;
        *p += v;
        return true;
    default: /* groups (3, 4) and 6, 7: protobuf-c refuses them too */
        return false;
    }
}

/* The value of column i of kind k from the wire (wire type checked by the caller). */
static void wire_value(sc_binlog_value *v, uint8_t k, uint64_t u, const uint8_t *at)
{
    switch (k) {
    case SC_SYSMAP_U64:
        v->v.i = (int64_t)u;
        return;
    case SC_SYSMAP_U32:
        v->v.i = (uint32_t)u;
        return;
    case SC_SYSMAP_I32:
        v->v.i = (int32_t)(uint32_t)u;
        return;
    case SC_SYSMAP_STR: { /* the unpacked C string ends at its first NUL */
        const uint8_t *nul = u ? memchr(at, 0, u) : NULL;
        v->v.str.data = at;
        v->v.str.len = nul ? (size_t)(nul - at) : u;
        return;
    }
    default:
        v->v.str.data = at;
        v->v.str.len = u;
        return;
    }
}

/* A bool takes any wire type in protobuf-c: true when a byte of the field's value
 * (length prefix included) has one of its low 7 bits set. */
static bool wire_bool(sc_binlog_value *v, unsigned wt, const uint8_t **p, const uint8_t *end)
{
    const uint8_t *at = *p;

    if (!wire_skip(wt, p, end))
        return false;
    v->v.i = 0;
    for (; at < *p && !v->v.i; at++)
        v->v.i = (*at & 0x7F) != 0;
    return true;
}

static void values_init(sc_binlog_value *vals, const sc_sysmap *m)
{
    for (size_t i = 0; i < m->ncols; i++) {
        bool text = m->kind[i] == SC_SYSMAP_STR || m->kind[i] == SC_SYSMAP_BYTES;
        vals[i].kind = text ? SC_VAL_BYTES : SC_VAL_INT;
        if (text) {
            vals[i].v.str.data = (const uint8_t *)"";
            vals[i].v.str.len = 0;
        } else {
            vals[i].v.i = 0;
        }
    }
}

int sc_sysmap__values(sc_binlog_value *vals, sc_ctx *ctx, const sc_sysmap *m, sc_slice packed)
{
    const uint8_t *p = packed.data, *end = packed.data + packed.len;

    values_init(vals, m);
    while (p < end) {
        uint64_t tag, u;
        unsigned wt, fn;
        int col;
        /* a tag is at most 5 bytes, and field number 0 is invalid (as protobuf-c reads it) */
        if (!wire_varint_n(&tag, &p, end, 5) || (tag & 0xFFFFFFFF) >> 3 == 0)
            goto bad;
        wt = (unsigned)(tag & 7);
        fn = (unsigned)((tag & 0xFFFFFFFF) >> 3);
        col = fn <= SC_SYSMAP_MAX_FIELDNO ? m->col_of[fn] : -1;
        if (col < 0) {
            if (!wire_skip(wt, &p, end))
                goto bad;
            continue;
        }
        if (m->kind[col] == SC_SYSMAP_BOOL) {
            if (!wire_bool(&vals[col], wt, &p, end))
                goto bad;
            continue;
        }
        bool text = m->kind[col] == SC_SYSMAP_STR || m->kind[col] == SC_SYSMAP_BYTES;
        if (wt != (text ? 2u : 0u) || !(text ? wire_len(&u, &p, end) : wire_varint(&u, &p, end)))
            goto bad;
        wire_value(&vals[col], m->kind[col], u, p);
        if (text)
            p += u;
    }
    return SC_OK;
bad:
    return sc_error_set(ctx, SC_ECORRUPT, 0, NULL, "undecodable row of syscat.%s (%zu bytes)",
                        m->st->name, packed.len);
}

/* ------------------------------------------------------------------ */
/* Values -> row image, by the plan                                    */

static const uint8_t kind_fixed[] = {8, 4, 4, 1, 2, 3}; /* value bytes, or length bytes */

/* n (one of kind_fixed) bytes of v little-endian at p: fixed-size stores on a
 * little-endian host, where a memcpy of a variable size is a call. */
static inline void put_le(uint8_t *p, uint64_t v, unsigned n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t w = (uint32_t)v;
    uint16_t h = (uint16_t)v;

    switch (n) {
    case 8:
        memcpy(p, &v, 8);
        return;
    case 4:
        memcpy(p, &w, 4);
        return;
    case 3:
        memcpy(p, &h, 2);
        p[2] = (uint8_t)(v >> 16);
        return;
    case 2:
        memcpy(p, &h, 2);
        return;
    default:
        break;
    }
#endif
    sc_put_uintle(p, v, n);
}

static bool is_text(uint8_t kind)
{
    return kind == SC_SYSMAP_STR || kind == SC_SYSMAP_BYTES;
}

/* Count the present columns and the bytes of their values; false when a value cannot
 * be written (a kind its column does not take, a text too long for its length bytes). */
static bool image_size(size_t *npresent,
                       size_t *need,
                       const sc_sysmap *m,
                       const uint8_t *present,
                       const sc_binlog_value *vals)
{
    for (size_t i = 0; i < m->ncols; i++) {
        const sc_binlog_value *v = &vals[i];
        uint8_t k = m->kind[i];
        if (!((present[i / 8] >> (i % 8)) & 1))
            continue;
        ++*npresent;
        if (v->kind == SC_VAL_NULL)
            continue;
        if (is_text(k)) {
            if (v->kind != SC_VAL_BYTES || v->v.str.len >> (8 * kind_fixed[k]))
                return false;
            *need += v->v.str.len;
        } else if (v->kind != SC_VAL_INT && v->kind != SC_VAL_UINT) {
            return false;
        }
        *need += kind_fixed[k];
    }
    return true;
}

int sc_sysmap__encode_image(sc_buf *b,
                            const sc_sysmap *m,
                            const uint8_t *present,
                            const sc_binlog_value *vals)
{
    size_t npresent = 0, need = 0, k = 0, nb;
    uint8_t *nulls, *p;

    if (!image_size(&npresent, &need, m, present, vals))
        return SC_EINVAL;
    nb = (npresent + 7) / 8;
    if (!(nulls = sc__buf_append(b, nb + need)))
        return SC_ENOMEM;
    /* MariaDB starts from all ones and clears a bit per non-NULL column. */
    memset(nulls, 0xFF, nb);
    p = nulls + nb;
    for (size_t i = 0; i < m->ncols; i++) {
        const sc_binlog_value *v = &vals[i];
        uint8_t kd = m->kind[i];
        if (!((present[i / 8] >> (i % 8)) & 1))
            continue;
        if (v->kind != SC_VAL_NULL) {
            nulls[k / 8] &= (uint8_t) ~(1u << (k % 8));
            if (is_text(kd)) {
                put_le(p, v->v.str.len, kind_fixed[kd]);
                p += kind_fixed[kd];
                if (v->v.str.len)
                    memcpy(p, v->v.str.data, v->v.str.len);
                p += v->v.str.len;
            } else {
                put_le(p, (uint64_t)v->v.i, kind_fixed[kd]);
                p += kind_fixed[kd];
            }
        }
        k++;
    }
    return SC_OK;
}

bool sc_sysmap__value_eq(const sc_binlog_value *a, const sc_binlog_value *b)
{
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case SC_VAL_NULL:
        return true;
    case SC_VAL_INT:
        return a->v.i == b->v.i;
    case SC_VAL_UINT:
        return a->v.u == b->v.u;
    case SC_VAL_FLOAT:
        return memcmp(&a->v.f, &b->v.f, sizeof(a->v.f)) == 0;
    case SC_VAL_DOUBLE:
        return memcmp(&a->v.d, &b->v.d, sizeof(a->v.d)) == 0;
    case SC_VAL_TIMESTAMP:
        return a->v.ts.sec == b->v.ts.sec && a->v.ts.usec == b->v.ts.usec;
    case SC_VAL_DATE:
    case SC_VAL_DATETIME:
    case SC_VAL_TIME:
        return a->v.tm.neg == b->v.tm.neg && a->v.tm.year == b->v.tm.year &&
               a->v.tm.month == b->v.tm.month && a->v.tm.day == b->v.tm.day &&
               a->v.tm.hour == b->v.tm.hour && a->v.tm.minute == b->v.tm.minute &&
               a->v.tm.second == b->v.tm.second && a->v.tm.usec == b->v.tm.usec;
    default: /* DECIMAL, BYTES */
        return a->v.str.len == b->v.str.len &&
               (a->v.str.len == 0 || memcmp(a->v.str.data, b->v.str.data, a->v.str.len) == 0);
    }
}

/* ------------------------------------------------------------------ */
/* Values -> packed protobuf row (the inverse of sc_sysmap__row)      */

static void set_field(ProtobufCMessage *msg,
                      const ProtobufCFieldDescriptor *f,
                      const sc_binlog_value *v,
                      char **str)
{
    char *at = (char *)msg + f->offset;

    switch (f->type) {
    case PROTOBUF_C_TYPE_UINT64: {
        uint64_t u = (uint64_t)v->v.i;
        memcpy(at, &u, sizeof(u));
        break;
    }
    case PROTOBUF_C_TYPE_UINT32: {
        uint32_t u = (uint32_t)v->v.i;
        memcpy(at, &u, sizeof(u));
        break;
    }
    case PROTOBUF_C_TYPE_INT32:
    case PROTOBUF_C_TYPE_ENUM: {
        int32_t s = (int32_t)v->v.i;
        memcpy(at, &s, sizeof(s));
        break;
    }
    case PROTOBUF_C_TYPE_BOOL: {
        protobuf_c_boolean b = v->v.i != 0;
        memcpy(at, &b, sizeof(b));
        break;
    }
    case PROTOBUF_C_TYPE_STRING:
        memcpy(at, str, sizeof(*str));
        break;
    default: {
        ProtobufCBinaryData d = {v->v.str.len, (uint8_t *)(uintptr_t)v->v.str.data};
        memcpy(at, &d, sizeof(d));
        break;
    }
    }
}

int sc_sysmap__msg(ProtobufCMessage **out,
                   sc_arena *ar,
                   const sc_sysmap *m,
                   const sc_binlog_value *vals,
                   const bool *absent)
{
    const ProtobufCMessageDescriptor *d = m->st->desc;
    ProtobufCMessage *msg = sc__arena_alloc(ar, d->sizeof_message);

    *out = NULL;
    if (!msg)
        return SC_ENOMEM;
    d->message_init(msg);
    for (size_t i = 0; i < m->ncols; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        bool want_str = f->type == PROTOBUF_C_TYPE_STRING || f->type == PROTOBUF_C_TYPE_BYTES;
        char *str = NULL;
        if (absent && absent[i])
            continue;
        if ((want_str && vals[i].kind != SC_VAL_BYTES) || (!want_str && vals[i].kind != SC_VAL_INT))
            return sc_error_set(ar->ctx, SC_ECORRUPT, 0, NULL,
                                "syscat.%s: column %s has the wrong type", m->st->name, f->name);
        if (f->type == PROTOBUF_C_TYPE_STRING &&
            !(str = sc__arena_strndup(ar, (const char *)vals[i].v.str.data, vals[i].v.str.len)))
            return SC_ENOMEM;
        set_field(msg, f, &vals[i], &str);
    }
    *out = msg;
    return SC_OK;
}

int sc_sysmap__pack(
    sc_buf *out, sc_ctx *ctx, const sc_sysmap *m, const sc_binlog_value *vals, const bool *absent)
{
    ProtobufCMessage *msg = NULL;
    sc_arena ar;
    int rc;

    sc__arena_init(&ar, ctx, 1024);
    rc = sc_sysmap__msg(&msg, &ar, m, vals, absent);
    out->len = 0;
    if (!rc) {
        uint8_t *p = sc__buf_append(out, protobuf_c_message_get_packed_size(msg));
        if (p)
            protobuf_c_message_pack(msg, p);
        rc = out->failed ? SC_ENOMEM : SC_OK;
    }
    sc__arena_free(&ar);
    return rc;
}

/* ------------------------------------------------------------------ */
/* A source's row image, as the commit hook would write it              */

bool sc_sysmap__same_columns(const sc_sysmap *m, const sc_binlog_column *cols, size_t ncols)
{
    if (ncols != m->ncols)
        return false;
    for (size_t i = 0; i < ncols; i++)
        if (cols[i].type != m->cols[i].type || cols[i].meta != m->cols[i].meta)
            return false;
    return true;
}

/* The null bitmap encode_image writes for an image of every column, none NULL:
 * one cleared bit per column, the pad bits set. */
static bool canonical_nulls(const uint8_t *p, size_t ncols)
{
    size_t nb = (ncols + 7) / 8;

    for (size_t i = 0; i < nb; i++) {
        size_t used = ncols - i * 8 < 8 ? ncols - i * 8 : 8;
        if (p[i] != (uint8_t)(0xFFu << used & 0xFFu))
            return false;
    }
    return true;
}

/* n (8, 4 or 1) bytes little-endian at p. */
static inline uint64_t get_le(const uint8_t *p, unsigned n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v8;
    uint32_t v4;

    if (n == 8) {
        memcpy(&v8, p, 8);
        return v8;
    }
    if (n == 4) {
        memcpy(&v4, p, 4);
        return v4;
    }
#endif
    return sc_get_uintle(p, n);
}

bool sc_sysmap__image_match(sc_sysmap_fix *fix,
                            size_t *nfix,
                            const sc_sysmap *m,
                            const sc_binlog_value *vals,
                            const uint32_t *at,
                            const uint8_t *base,
                            sc_slice image)
{
    *nfix = 0;
    if (image.len < (m->ncols + 7) / 8 || !canonical_nulls(image.data, m->ncols))
        return false; /* a NULL (or a stray pad bit) */
    for (size_t i = 0; i < m->ncols; i++) {
        const sc_binlog_value *v = &vals[i];
        const uint8_t *p = base + at[i];
        uint8_t kd = m->kind[i];
        unsigned n = kind_fixed[kd];
        if (is_text(kd)) {
            /* the decoder's string points into the bytes unless a name was rewritten; a
             * NUL would end the catalog's C string */
            if (v->kind != SC_VAL_BYTES || v->v.str.data != p + n ||
                (kd == SC_SYSMAP_STR && v->v.str.len && memchr(p + n, 0, v->v.str.len)))
                return false;
            continue;
        }
        if (v->kind != SC_VAL_INT)
            return false;
        if (kd == SC_SYSMAP_BOOL) {
            if (*p > 1 || (uint64_t)v->v.i != *p) /* the catalog stores any other value as 1 */
                return false;
        } else if ((n == 8 ? (uint64_t)v->v.i : (uint32_t)v->v.i) != get_le(p, n)) {
            if (kd != SC_SYSMAP_U64 || *nfix == SC_SYSMAP_MAX_FIX)
                return false; /* only ids are translated */
            fix[*nfix].off = (uint32_t)(p - image.data);
            fix[*nfix].col = (uint8_t)i;
            ++*nfix;
        }
    }
    return true;
}

void sc_sysmap__image_fix(uint8_t *image,
                          const sc_sysmap *m,
                          const sc_binlog_value *vals,
                          const sc_sysmap_fix *fix,
                          size_t nfix)
{
    for (size_t k = 0; k < nfix; k++)
        put_le(image + fix[k].off, (uint64_t)vals[fix[k].col].v.i, kind_fixed[m->kind[fix[k].col]]);
}

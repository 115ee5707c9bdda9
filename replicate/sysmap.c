/*
 * sysmap.c - system tables as binlog columns and row values (see sysmap.h;
 * the type mapping is the one catalog/selfdesc.c uses for the catalog's own
 * description, documented in docs/log-format.md "System tables").
 */
#include <string.h>

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

static int map_field(sc_binlog_column *c, bool *blob, const ProtobufCFieldDescriptor *f)
{
    memset(c, 0, sizeof(*c));
    c->name.data = (const uint8_t *)f->name;
    c->name.len = strlen(f->name);
    c->has_unsigned = true;
    *blob = false;
    if (f->label == PROTOBUF_C_LABEL_REPEATED)
        return SC_EINVAL;
    switch (f->type) {
    case PROTOBUF_C_TYPE_UINT64:
        c->type = SC_MT_LONGLONG;
        c->is_unsigned = true;
        return SC_OK;
    case PROTOBUF_C_TYPE_UINT32:
        c->type = SC_MT_LONG;
        c->is_unsigned = true;
        return SC_OK;
    case PROTOBUF_C_TYPE_INT32:
    case PROTOBUF_C_TYPE_ENUM:
        c->type = SC_MT_LONG;
        return SC_OK;
    case PROTOBUF_C_TYPE_BOOL:
        c->type = SC_MT_TINY;
        return SC_OK;
    case PROTOBUF_C_TYPE_STRING:
        c->type = SC_MT_VARCHAR;
        c->meta = 255 * 4;
        c->charset = SC_SYSMAP_COLLATION;
        return SC_OK;
    case PROTOBUF_C_TYPE_BYTES:
        c->type = SC_MT_BLOB;
        c->meta = 3;
        c->charset = SC_SYSMAP_COLLATION;
        *blob = true;
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

int sc_sysmap__init(sc_sysmap *out, sc_ctx *ctx, unsigned systable)
{
    const sc_systable *st = sc_catalog__systable(systable);

    memset(out, 0, sizeof(*out));
    if (!st || st->desc->n_fields > SC_SYSMAP_MAX_COLS)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "no binlog mapping for system table %u",
                            systable);
    out->st = st;
    out->ncols = st->desc->n_fields;
    for (size_t i = 0; i < out->ncols; i++)
        if (map_field(&out->cols[i], &out->blob[i], &st->desc->fields[i]))
            return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                                "system table %s: field %s has no binlog type", st->name,
                                st->desc->fields[i].name);
    return map_key(out, ctx);
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

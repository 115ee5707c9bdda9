/*
 * keycodec.c - memcmp-ordered LMDB keys (docs/catalog-schema.md, "Key
 * encoding").
 *
 * A key is the concatenation of its key fields, in the order systables.def
 * lists them:
 *   integers (uint64, uint32, bool, enum) : 8 bytes big-endian;
 *   int32                                 : 8 bytes big-endian of the value
 *                                           with the sign bit flipped;
 *   strings and bytes                     : every 0x00 byte written as 00 FF,
 *                                           then the terminator 00 01.
 * So memcmp order = field-by-field order, and no string is a prefix-clash for
 * another (the terminator sorts below any escaped or plain byte).
 * In the clustered layout (format 2, docs/storage.md) the tables kept in
 * sys.table_rows have one more byte after their first field (the table id):
 * the table's kind (its system table id), so a table's rows of every kind
 * sort together, kind by kind, each kind in its own key order.
 */
#include <stdio.h>
#include <string.h>

#include "catalog/catalog_priv.h"

int sc__key_put_u64(sc_buf *b, uint64_t v)
{
    if (!sc__buf_reserve(b, 8))
        return SC_ENOMEM;
    sc__put_u64be(b->data + b->len, v);
    b->len += 8;
    return SC_OK;
}

int sc__key_put_str(sc_buf *b, const uint8_t *s, size_t len)
{
    size_t i;
    uint8_t *o;

    if (!sc__buf_reserve(b, len * 2 + 2))
        return SC_ENOMEM;
    o = b->data + b->len;
    for (i = 0; i < len; i++) {
        *o++ = s[i];
        if (s[i] == 0)
            *o++ = 0xFF;
    }
    *o++ = 0x00;
    *o++ = 0x01;
    b->len = (size_t)(o - b->data);
    return SC_OK;
}

uint64_t sc__field_u64(const ProtobufCMessage *msg, const ProtobufCFieldDescriptor *f)
{
    const uint8_t *m = (const uint8_t *)msg + f->offset;

    switch (f->type) {
    case PROTOBUF_C_TYPE_UINT64:
        return *(const uint64_t *)(const void *)m;
    case PROTOBUF_C_TYPE_UINT32:
        return *(const uint32_t *)(const void *)m;
    case PROTOBUF_C_TYPE_INT32:
    case PROTOBUF_C_TYPE_ENUM:
        /* Flip the sign bit so negative values sort first. */
        return (uint64_t)(int64_t) * (const int32_t *)(const void *)m ^ 0x8000000000000000ull;
    case PROTOBUF_C_TYPE_BOOL:
        return *(const protobuf_c_boolean *)(const void *)m ? 1 : 0;
    default:
        return 0;
    }
}

int sc__key_encode(sc_buf *b, const sc_keyspec *ks, const ProtobufCMessage *msg)
{
    unsigned i;
    const ProtobufCFieldDescriptor *f;
    const uint8_t *m;
    const char *s;
    const ProtobufCBinaryData *bd;
    int rc;

    for (i = 0; i < ks->n; i++) {
        f = ks->fields[i];
        m = (const uint8_t *)msg + f->offset;
        if (f->type == PROTOBUF_C_TYPE_STRING) {
            s = *(char *const *)(const void *)m;
            rc = sc__key_put_str(b, (const uint8_t *)(s ? s : ""), s ? strlen(s) : 0);
        } else if (f->type == PROTOBUF_C_TYPE_BYTES) {
            bd = (const ProtobufCBinaryData *)(const void *)m;
            rc = sc__key_put_str(b, bd->data, bd->len);
        } else {
            rc = sc__key_put_u64(b, sc__field_u64(msg, f));
        }
        if (rc)
            return rc;
        if (i == 0 && ks->kind) {
            if (!sc__buf_reserve(b, 1))
                return SC_ENOMEM;
            b->data[b->len++] = ks->kind;
        }
    }
    return SC_OK;
}

/* Decode one escaped string at *p; returns false when malformed. */
static bool describe_str(char **o, char *end, const uint8_t **p, const uint8_t *kend)
{
    const uint8_t *q = *p;
    int n;

    if (*o < end)
        *(*o)++ = '\'';
    while (q < kend) {
        if (*q == 0) {
            if (q + 1 >= kend)
                return false;
            if (q[1] == 0x01) {
                *p = q + 2;
                if (*o < end)
                    *(*o)++ = '\'';
                return true;
            }
            if (q[1] != 0xFF)
                return false;
            n = snprintf(*o, (size_t)(end - *o), "\\0");
            *o += n > 0 && *o + n < end ? n : 0;
            q += 2;
            continue;
        }
        if (*q >= 0x20 && *q < 0x7f && *q != '\'') {
            if (*o < end)
                *(*o)++ = (char)*q;
        } else {
            n = snprintf(*o, (size_t)(end - *o), "\\x%02x", *q);
            *o += n > 0 && *o + n < end ? n : 0;
        }
        q++;
    }
    return false;
}

void sc__key_describe(char *buf, size_t size, const sc_keyspec *ks, const uint8_t *key, size_t len)
{
    char *o = buf, *end = buf + size - 1;
    const uint8_t *p = key, *kend = key + len;
    unsigned i;
    int n;

    for (i = 0; i < ks->n && o < end; i++) {
        const ProtobufCFieldDescriptor *f = ks->fields[i];
        n = snprintf(o, (size_t)(end - o), "%s%s=", i ? ", " : "", f->name);
        o += n > 0 && o + n < end ? n : 0;
        if (f->type == PROTOBUF_C_TYPE_STRING || f->type == PROTOBUF_C_TYPE_BYTES) {
            if (!describe_str(&o, end, &p, kend))
                goto bad;
        } else {
            if (kend - p < 8)
                goto bad;
            n = snprintf(o, (size_t)(end - o), "%llu", (unsigned long long)sc__get_u64be(p));
            o += n > 0 && o + n < end ? n : 0;
            p += 8;
        }
        if (i == 0 && ks->kind && (p >= kend || *p++ != ks->kind))
            goto bad;
    }
    if (p != kend)
        goto bad;
    *o = '\0';
    return;
bad:
    o = buf;
    n = snprintf(buf, size, "undecodable key x'");
    o += n > 0 && (size_t)n < size ? n : 0;
    for (p = key; p < kend && o + 3 < buf + size; p++) {
        snprintf(o, 3, "%02x", *p);
        o += 2;
    }
    if (o + 1 < buf + size)
        *o++ = '\'';
    *o = '\0';
}

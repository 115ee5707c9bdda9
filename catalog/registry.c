/*
 * registry.c - the system-table registry, expanded once from
 * catalog/systables.def (STYLE.md 8), and key-field resolution against the
 * protobuf-c descriptors. Nothing here restates a column.
 */
#include <string.h>

#include "catalog/catalog_priv.h"

const sc_systable sc_catalog__systables[] = {
#define SC_SYSTABLE(e, id, name, desc, key) {id, name, &desc, key},
#include "catalog/systables.def"
#undef SC_SYSTABLE
};

const sc_systable *sc_catalog__systable(unsigned id)
{
    if (id < 1 || id > SC_SYS_COUNT)
        return NULL;
    return &sc_catalog__systables[id - 1];
}

const sc_systable *sc_catalog__systable_by_name(const char *name)
{
    size_t i;

    for (i = 0; i < SC_SYS_COUNT; i++)
        if (strcmp(sc_catalog__systables[i].name, name) == 0)
            return &sc_catalog__systables[i];
    return NULL;
}

static bool key_field_type_ok(ProtobufCType t)
{
    switch (t) {
    case PROTOBUF_C_TYPE_UINT64:
    case PROTOBUF_C_TYPE_UINT32:
    case PROTOBUF_C_TYPE_INT32:
    case PROTOBUF_C_TYPE_BOOL:
    case PROTOBUF_C_TYPE_ENUM:
    case PROTOBUF_C_TYPE_STRING:
    case PROTOBUF_C_TYPE_BYTES:
        return true;
    default:
        return false;
    }
}

int sc__keyspec_parse(sc_keyspec *out, sc_ctx *ctx, const sc_systable *st)
{
    const char *p = st->key, *comma;
    char name[64];
    size_t len;
    const ProtobufCFieldDescriptor *f;

    memset(out, 0, sizeof(*out));
    while (*p) {
        comma = strchr(p, ',');
        len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == 0 || len >= sizeof(name) || out->n == SC_KEY_MAX_FIELDS)
            return sc_error_set(ctx, SC_EINVAL, 0, NULL, "syscat.%s: bad key list '%s'", st->name,
                                st->key);
        memcpy(name, p, len);
        name[len] = '\0';
        f = protobuf_c_message_descriptor_get_field_by_name(st->desc, name);
        if (!f || f->label == PROTOBUF_C_LABEL_REPEATED || !key_field_type_ok(f->type))
            return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                                "syscat.%s: key field '%s' is not a scalar field of %s", st->name,
                                name, st->desc->name);
        out->fields[out->n++] = f;
        p += len;
        if (*p == ',')
            p++;
    }
    if (out->n == 0)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "syscat.%s: empty key", st->name);
    return SC_OK;
}

/*
 * users.c - syscat.users, the accounts of `syscat serve` (include/syscat/
 * catalog.h "Accounts", docs/server.md). Rows go through the one write path
 * (sc_catalog__row_put / row_delete), so they are logged and replicated
 * like any other catalog change. The password is stored as MariaDB stores a
 * mysql_native_password ('*' + 40 upper-case hex digits of
 * SHA1(SHA1(password))), never in clear; the library computes no hash (the
 * server, which links OpenSSL, does).
 */
#include <stdio.h>
#include <string.h>

#include "catalog/catalog_priv.h"

/* '*' + 40 upper-case hex digits, or empty. */
bool sc_catalog__user_auth_valid(const char *auth)
{
    size_t n = strlen(auth);

    if (n == 0)
        return true;
    if (n != SC_USER_AUTH_LEN || auth[0] != '*')
        return false;
    for (size_t i = 1; i < n; i++)
        if (!((auth[i] >= '0' && auth[i] <= '9') || (auth[i] >= 'A' && auth[i] <= 'F')))
            return false;
    return true;
}

static sc_ctx *txn_ctx(sc_txn *txn)
{
    return sc_catalog_ctx(sc_txn_catalog(txn));
}

static void from_row(sc_user *out, const Syscat__Catalog__UserRow *r)
{
    memset(out, 0, sizeof(*out));
    snprintf(out->name, sizeof(out->name), "%s", r->user);
    snprintf(out->host, sizeof(out->host), "%s", r->host);
    snprintf(out->auth, sizeof(out->auth), "%s", r->auth);
    out->privileges = r->privileges;
}

static int pack_key(uint8_t **out, size_t *len, sc_ctx *ctx, const Syscat__Catalog__UserRow *r)
{
    *len = protobuf_c_message_get_packed_size(&r->base);
    *out = sc__malloc(ctx, *len ? *len : 1);
    if (!*out)
        return SC_ENOMEM;
    protobuf_c_message_pack(&r->base, *out);
    return SC_OK;
}

int sc_user_get(sc_user *out, sc_txn *txn, const char *name, const char *host)
{
    Syscat__Catalog__UserRow k = SYSCAT__CATALOG__USER_ROW__INIT, *r;
    sc_ctx *ctx = txn_ctx(txn);
    uint8_t *key = NULL, *row = NULL;
    size_t klen, len = 0;
    int rc;

    k.user = (char *)(uintptr_t)name;
    k.host = (char *)(uintptr_t)host;
    rc = pack_key(&key, &klen, ctx, &k);
    if (rc == SC_OK)
        rc = sc_catalog__row_get(&row, &len, txn, SC_SYS_USERS, (sc_slice){key, klen});
    if (rc == SC_OK) {
        r = syscat__catalog__user_row__unpack(NULL, len, row);
        if (!r) {
            rc = sc_error_set(ctx, SC_ECORRUPT, 0, NULL,
                              "syscat.users: undecodable row for '%s'@'%s'", name, host);
        } else {
            from_row(out, r);
            syscat__catalog__user_row__free_unpacked(r, NULL);
        }
    }
    sc_free(ctx, key);
    sc_free(ctx, row);
    return rc;
}

int sc_user_put(sc_txn *txn, const sc_user *user)
{
    Syscat__Catalog__UserRow r = SYSCAT__CATALOG__USER_ROW__INIT;
    sc_ctx *ctx = txn_ctx(txn);
    uint8_t *buf = NULL;
    size_t len;
    int rc;

    if (!user->name[0] || !user->host[0] ||
        strnlen(user->name, sizeof(user->name)) > SC_USER_NAME_MAX ||
        strnlen(user->host, sizeof(user->host)) > SC_USER_HOST_MAX)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                            "syscat.users: empty or too long user or host");
    if (!sc_catalog__user_auth_valid(user->auth))
        return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                            "syscat.users: '%s'@'%s': password hash is not '*' + 40 hex digits",
                            user->name, user->host);
    if (user->privileges & ~SC_USER_PRIV_ALL)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "syscat.users: unknown privilege bits 0x%x",
                            user->privileges & ~SC_USER_PRIV_ALL);
    r.user = (char *)(uintptr_t)user->name;
    r.host = (char *)(uintptr_t)user->host;
    r.auth = (char *)(uintptr_t)user->auth;
    r.privileges = user->privileges;
    rc = pack_key(&buf, &len, ctx, &r);
    if (rc == SC_OK)
        rc = sc_catalog__row_put(txn, SC_SYS_USERS, (sc_slice){buf, len});
    sc_free(ctx, buf);
    return rc;
}

int sc_user_delete(sc_txn *txn, const char *name, const char *host)
{
    sc_user u;
    Syscat__Catalog__UserRow k = SYSCAT__CATALOG__USER_ROW__INIT;
    uint8_t *buf = NULL;
    size_t len;
    int rc = sc_user_get(&u, txn, name, host);

    if (rc != SC_OK)
        return rc;
    k.user = u.name;
    k.host = u.host;
    k.auth = u.auth;
    k.privileges = u.privileges;
    rc = pack_key(&buf, &len, txn_ctx(txn), &k);
    if (rc == SC_OK)
        rc = sc_catalog__row_delete(txn, SC_SYS_USERS, (sc_slice){buf, len});
    sc_free(txn_ctx(txn), buf);
    return rc;
}

typedef struct walk {
    int (*cb)(const sc_user *user, void *payload);
    void *payload;
} walk;

static int walk_cb(sc_slice packed, void *payload)
{
    walk *w = payload;
    Syscat__Catalog__UserRow *r = syscat__catalog__user_row__unpack(NULL, packed.len, packed.data);
    sc_user u;

    if (!r)
        return SC_ECORRUPT;
    from_row(&u, r);
    syscat__catalog__user_row__free_unpacked(r, NULL);
    return w->cb(&u, w->payload);
}

int sc_user_foreach(sc_txn *txn, int (*cb)(const sc_user *user, void *payload), void *payload)
{
    walk w = {cb, payload};
    int rc = sc_catalog__row_foreach(txn, SC_SYS_USERS, walk_cb, &w);

    if (rc == SC_ECORRUPT)
        return sc_error_set(txn_ctx(txn), SC_ECORRUPT, 0, NULL, "syscat.users: undecodable row");
    return rc;
}

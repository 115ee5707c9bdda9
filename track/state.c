/*
 * state.c - the saved state of tracked sources (docs/tracking.md "What it
 * stores"): position, GTIDs and skipped DDL of each source, kept as
 * sys.settings entries "track.NAME.*" of the catalog's LMDB environment,
 * written by the tracker in the same transaction as the catalog change they
 * follow. Readers: sc_track_state_get, sc_track_sources,
 * sc_track_skipped_foreach.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "track/track_int.h"

int sc_track__check_name(sc_ctx *ctx, const char *name)
{
    size_t n = name ? strlen(name) : 0;

    if (n == 0 || n > 64)
        return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                            "source name must have 1 to 64 characters, got '%s'", name ? name : "");
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-'))
            return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                                "source name '%s': only letters, digits, '_' and '-'", name);
    }
    return SC_OK;
}

void sc_track__key(char *buf, size_t size, const char *source, const char *what)
{
    snprintf(buf, size, "track.%s.%s", source, what);
}

/* Read one setting into buf ("" when unset). */
static int get_into(char *buf, size_t size, sc_txn *txn, const char *key)
{
    char *v = NULL;
    int rc = sc_setting_get(&v, txn, key);

    buf[0] = '\0';
    if (rc == SC_ENOTFOUND) {
        sc_ctx_clear_error(sc_catalog_ctx(sc_txn_catalog(txn)));
        return SC_OK;
    }
    if (rc)
        return rc;
    snprintf(buf, size, "%s", v);
    sc_free(sc_catalog_ctx(sc_txn_catalog(txn)), v);
    return SC_OK;
}

int sc_track__state_read(sc_track_state *out, sc_txn *txn, const char *source)
{
    char key[128], num[32];
    int rc;

    memset(out, 0, sizeof(*out));
    snprintf(out->source, sizeof(out->source), "%s", source);
    sc_track__key(key, sizeof(key), source, "file");
    rc = get_into(out->file, sizeof(out->file), txn, key);
    sc_track__key(key, sizeof(key), source, "position");
    if (!rc)
        rc = get_into(num, sizeof(num), txn, key);
    out->position = strtoull(num, NULL, 10);
    sc_track__key(key, sizeof(key), source, "gtid");
    if (!rc)
        rc = get_into(out->gtid, sizeof(out->gtid), txn, key);
    sc_track__key(key, sizeof(key), source, "skipped");
    if (!rc)
        rc = get_into(num, sizeof(num), txn, key);
    out->n_skipped = strtoull(num, NULL, 10);
    return rc;
}

int sc_track__state_write(sc_txn *txn, const sc_track_state *st)
{
    char key[128], num[32];
    int rc;

    sc_track__key(key, sizeof(key), st->source, "file");
    rc = sc_setting_set(txn, key, st->file);
    snprintf(num, sizeof(num), "%" PRIu64, st->position);
    sc_track__key(key, sizeof(key), st->source, "position");
    if (!rc)
        rc = sc_setting_set(txn, key, num);
    sc_track__key(key, sizeof(key), st->source, "gtid");
    if (!rc)
        rc = sc_setting_set(txn, key, st->gtid);
    snprintf(num, sizeof(num), "%" PRIu64, st->n_skipped);
    sc_track__key(key, sizeof(key), st->source, "skipped");
    if (!rc)
        rc = sc_setting_set(txn, key, num);
    return rc;
}

int sc_track__skipped_write(sc_txn *txn, const char *source, uint64_t n, const sc_track_skipped *s)
{
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));
    char key[160], what[48];
    size_t len = strlen(s->file) + strlen(s->gtid) + strlen(s->message) + strlen(s->statement) + 64;
    char *v = sc__malloc(ctx, len), *p;
    int rc;

    if (!v)
        return SC_ENOMEM;
    /* file, position, GTID, errno, message and statement, TAB-separated; the
     * statement comes last and may hold anything */
    snprintf(v, len, "%s\t%" PRIu64 "\t%s\t%u\t", s->file, s->position, s->gtid, s->mysql_errno);
    p = v + strlen(v);
    for (const char *m = s->message; *m; m++)
        *p++ = *m == '\t' || *m == '\n' ? ' ' : *m;
    *p = '\0';
    snprintf(v + strlen(v), len - strlen(v), "\t%s", s->statement);
    snprintf(what, sizeof(what), "skipped.%012" PRIu64, n);
    sc_track__key(key, sizeof(key), source, what);
    rc = sc_setting_set(txn, key, v);
    sc_free(ctx, v);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Public readers                                                       */

int sc_track_state_get(sc_track_state *out, sc_catalog *cat, const char *source)
{
    sc_txn *txn = NULL;
    int rc = sc_track__check_name(sc_catalog_ctx(cat), source);

    if (!rc)
        rc = sc_txn_begin(&txn, cat, SC_TXN_READONLY);
    if (!rc)
        rc = sc_track__state_read(out, txn, source);
    if (!rc && !out->file[0] && !out->gtid[0])
        rc = sc_error_set(sc_catalog_ctx(cat), SC_ENOTFOUND, 0, NULL,
                          "source '%s' was never tracked", source);
    sc_txn_abort(txn);
    return rc;
}

typedef struct sources_walk {
    char names[256][65];
    size_t n;
} sources_walk;

static int source_cb(const char *key, const char *value, void *payload)
{
    sources_walk *w = payload;
    const char *name = key + 6, *dot;

    (void)value;
    if (strncmp(key, "track.", 6) != 0 || !(dot = strchr(name, '.')) || strcmp(dot, ".file") != 0)
        return 0;
    if (w->n < sizeof(w->names) / sizeof(w->names[0]) && (size_t)(dot - name) < 65) {
        memcpy(w->names[w->n], name, (size_t)(dot - name));
        w->names[w->n][dot - name] = '\0';
        w->n++;
    }
    return 0;
}

int sc_track_sources(sc_catalog *cat,
                     int (*cb)(const sc_track_state *st, void *payload),
                     void *payload)
{
    sc_ctx *ctx = sc_catalog_ctx(cat);
    sources_walk *w = sc__calloc(ctx, 1, sizeof(*w));
    sc_txn *txn = NULL;
    sc_track_state st;
    int rc;

    if (!w)
        return SC_ENOMEM;
    rc = sc_txn_begin(&txn, cat, SC_TXN_READONLY);
    if (!rc)
        rc = sc_setting_foreach(txn, source_cb, w);
    for (size_t i = 0; !rc && i < w->n; i++) {
        rc = sc_track__state_read(&st, txn, w->names[i]);
        if (!rc)
            rc = cb(&st, payload);
    }
    sc_txn_abort(txn);
    sc_free(ctx, w);
    return rc;
}

typedef struct skipped_walk {
    char prefix[128];
    int (*cb)(const sc_track_skipped *s, void *payload);
    void *payload;
    sc_ctx *ctx;
} skipped_walk;

/* Split value at its first n TABs (in place). @return 0 or -1 */
static int split_tabs(char **f, size_t n, char *value)
{
    for (size_t i = 0; i < n; i++) {
        char *t = strchr(value, '\t');
        if (!t)
            return -1;
        *t = '\0';
        f[i] = value;
        value = t + 1;
    }
    f[n] = value;
    return 0;
}

static int skipped_cb(const char *key, const char *value, void *payload)
{
    skipped_walk *w = payload;
    char *copy, *f[6];
    sc_track_skipped s;
    int rc;

    if (strncmp(key, w->prefix, strlen(w->prefix)) != 0)
        return 0;
    if (!(copy = sc__strdup(w->ctx, value)))
        return SC_ENOMEM;
    if (split_tabs(f, 5, copy) != 0) {
        sc_free(w->ctx, copy);
        return sc_error_set(w->ctx, SC_ECORRUPT, 0, NULL, "setting '%s' is malformed", key);
    }
    s.file = f[0];
    s.position = strtoull(f[1], NULL, 10);
    s.gtid = f[2];
    s.mysql_errno = (unsigned)strtoul(f[3], NULL, 10);
    s.message = f[4];
    s.statement = f[5];
    rc = w->cb(&s, w->payload);
    sc_free(w->ctx, copy);
    return rc;
}

int sc_track_skipped_foreach(sc_catalog *cat,
                             const char *source,
                             int (*cb)(const sc_track_skipped *s, void *payload),
                             void *payload)
{
    skipped_walk w;
    sc_txn *txn = NULL;
    int rc = sc_track__check_name(sc_catalog_ctx(cat), source);

    w.cb = cb;
    w.payload = payload;
    w.ctx = sc_catalog_ctx(cat);
    sc_track__key(w.prefix, sizeof(w.prefix), source, "skipped.");
    if (!rc)
        rc = sc_txn_begin(&txn, cat, SC_TXN_READONLY);
    if (!rc)
        rc = sc_setting_foreach(txn, skipped_cb, &w);
    sc_txn_abort(txn);
    return rc;
}

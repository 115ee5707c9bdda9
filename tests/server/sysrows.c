/*
 * sysrows.c - print the rows of syscat's system tables the way
 * `mariadb --batch -N -e "SELECT * FROM syscat.T"` prints a MariaDB
 * server's copy of them (tab-separated, \\ \t \n \0 escaped), one line per
 * row prefixed with the table name, so a stock replica's syscat.* tables can
 * be compared with the catalog row by row (tests/server/stream-stock.sh).
 * Test helper, built by that script from libsyscat.a; reads the catalog
 * read-only through the catalog's internal row walk.
 *
 * usage: sysrows DATADIR
 */
#include <stdio.h>
#include <string.h>

#include "syscat.h"
#include "catalog/catalog_int.h"
#include "replicate/sysmap.h"

typedef struct walk {
    sc_ctx *ctx;
    sc_sysmap map;
} walk;

static void put_text(sc_slice s)
{
    for (size_t i = 0; i < s.len; i++) {
        unsigned char c = s.data[i];
        if (c == '\\')
            fputs("\\\\", stdout);
        else if (c == '\t')
            fputs("\\t", stdout);
        else if (c == '\n')
            fputs("\\n", stdout);
        else if (c == 0)
            fputs("\\0", stdout);
        else
            putchar(c);
    }
}

static int row_cb(sc_slice packed, void *payload)
{
    walk *w = payload;
    sc_binlog_value vals[SC_SYSMAP_MAX_COLS];
    ProtobufCMessage *msg = NULL;
    int rc = sc_sysmap__row(vals, &msg, w->ctx, &w->map, packed);

    if (rc)
        return rc;
    fputs(w->map.st->name, stdout);
    for (size_t i = 0; i < w->map.ncols; i++) {
        const sc_binlog_value *v = &vals[i];
        putchar('\t');
        if (v->kind == SC_VAL_BYTES)
            put_text(v->v.str);
        else if (v->kind == SC_VAL_INT && w->map.cols[i].is_unsigned)
            printf("%llu",
                   (unsigned long long)v->v.i & (w->map.cols[i].type == 3 ? 0xFFFFFFFFull : ~0ull));
        else if (v->kind == SC_VAL_INT)
            printf("%lld", (long long)v->v.i);
        else
            fputs("?", stdout);
    }
    putchar('\n');
    sc_sysmap__free_row(w->ctx, msg);
    return 0;
}

int main(int argc, char **argv)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    sc_txn *txn = NULL;
    walk w = {NULL, {0}};
    int rc;

    if (argc != 2) {
        fprintf(stderr, "usage: sysrows DATADIR\n");
        return 2;
    }
    o.flags = SC_CATALOG_READONLY;
    if (sc_ctx_new(&w.ctx, NULL) || sc_catalog_open(&cat, w.ctx, argv[1], &o) ||
        sc_txn_begin(&txn, cat, SC_TXN_READONLY)) {
        fprintf(stderr, "sysrows: %s\n", w.ctx ? sc_ctx_last_error(w.ctx)->message : "no memory");
        return 1;
    }
    rc = SC_OK;
    for (unsigned t = 1; t < SC_SYS__END && rc == SC_OK; t++) {
        if (t == SC_SYS_REPLICA_STATE) /* never logged (docs/replication.md) */
            continue;
        rc = sc_sysmap__init(&w.map, w.ctx, t);
        if (rc == SC_OK)
            rc = sc_catalog__row_foreach(txn, t, row_cb, &w);
    }
    if (rc)
        fprintf(stderr, "sysrows: %s\n", sc_ctx_last_error(w.ctx)->message);
    sc_txn_abort(txn);
    sc_catalog_close(cat);
    sc_ctx_free(w.ctx);
    return rc ? 1 : 0;
}

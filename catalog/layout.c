/*
 * layout.c - where the rows of each system table are stored (docs/storage.md).
 *
 * Format 1 kept every system table in its own LMDB database. Format 2
 * (SC_FORMAT_CLUSTERED) keeps the rows that belong to one table - its tables
 * row, columns, indexes, index_columns, foreign keys and their columns, checks,
 * partitions and sequence options: what a definition load reads - in one database,
 * sys.table_rows, under the key (table id, kind, rest of the table's key):
 * kind is the system table's id, one byte. A definition is then one cursor
 * range, and a CREATE TABLE dirties one or two leaf pages of one B-tree
 * instead of a leaf and its branch pages in each of six. Views and triggers
 * keep their own databases: a load never reads them, and statements walk
 * every trigger (SHOW TRIGGERS), which their small database keeps cheap.
 *
 * Rows, their protobuf encoding, the registry (self-description) and the
 * row changes the log sees are the same in both layouts; only the LMDB key
 * (keycodec.c, keyspec.kind) and the database differ. The catalog handle
 * knows which layout it opened (cat->clustered), so a format-1 catalog stays
 * readable (read-only opens) until a read-write open converts it (env.c).
 */
#include <string.h>

#include "catalog/catalog_priv.h"

bool sc__layout_clustered(unsigned st)
{
    switch (st) {
    case SC_SYS_TABLES:
    case SC_SYS_COLUMNS:
    case SC_SYS_INDEXES:
    case SC_SYS_INDEX_COLUMNS:
    case SC_SYS_FOREIGN_KEYS:
    case SC_SYS_FOREIGN_KEY_COLUMNS:
    case SC_SYS_CHECK_CONSTRAINTS:
    case SC_SYS_PARTITIONS:
    case SC_SYS_SEQUENCE_OPTIONS:
        return true;
    default:
        return false;
    }
}

size_t sc__table_key(uint8_t out[9], const sc_catalog *cat, uint64_t id)
{
    sc__put_u64be(out, id);
    if (!cat->keys[SC_SYS_TABLES].kind)
        return 8;
    out[8] = cat->keys[SC_SYS_TABLES].kind;
    return 9;
}

_Static_assert(SC_SYS__END <= 256, "a kind is one byte");

void sc__layout_set(sc_catalog *cat, bool clustered)
{
    unsigned st;

    cat->clustered = clustered;
    for (st = 1; st <= SC_SYS_COUNT; st++)
        cat->keys[st].kind = clustered && sc__layout_clustered(st) ? (uint8_t)st : 0;
}

void sc__layout_alias(sc_catalog *cat)
{
    unsigned st;

    for (st = 1; st <= SC_SYS_COUNT; st++)
        if (sc__layout_clustered(st))
            cat->dbi[st] = cat->dbi[SC_DB_TABLE_ROWS];
}

unsigned sc__layout_kind(const MDB_val *k)
{
    unsigned st;

    if (k->mv_size < 9)
        return 0;
    st = ((const uint8_t *)k->mv_data)[8];
    return sc__layout_clustered(st) ? st : 0;
}

int sc__layout_count(uint64_t counts[SC_SYS__END], sc_txn *txn)
{
    MDB_cursor *c = NULL;
    MDB_val k, v;
    int rc;

    if ((rc = mdb_cursor_open(txn->mdb, txn->cat->dbi[SC_DB_TABLE_ROWS], &c)))
        return sc__mdb_fail(txn, rc, "opening a cursor");
    for (rc = sc_catalog__cursor_get(c, &k, &v, MDB_FIRST); rc == 0;
         rc = sc_catalog__cursor_get(c, &k, &v, MDB_NEXT))
        counts[sc__layout_kind(&k)]++;
    mdb_cursor_close(c);
    return rc == MDB_NOTFOUND ? SC_OK : sc__mdb_fail(txn, rc, "walking sys.table_rows");
}

/* Move every row of st's own database (open as dbi) into rows, then drop the database. */
static int move_table(uint64_t *moved, sc_txn *txn, unsigned st, MDB_dbi from, MDB_dbi rows)
{
    MDB_cursor *c = NULL;
    MDB_val k, v, nk;
    uint8_t key[SC_KEY_MAX_LEN + 2];
    int rc;

    if ((rc = mdb_cursor_open(txn->mdb, from, &c)))
        return sc__mdb_fail(txn, rc, "converting the catalog layout");
    for (rc = sc_catalog__cursor_get(c, &k, &v, MDB_FIRST); rc == 0;
         rc = sc_catalog__cursor_get(c, &k, &v, MDB_NEXT)) {
        if (k.mv_size < 8 || k.mv_size > SC_KEY_MAX_LEN - 1) {
            char kd[256];

            mdb_cursor_close(c);
            sc__key_describe(kd, sizeof(kd), &txn->cat->keys[st], k.mv_data, k.mv_size);
            return sc_error_set(txn->cat->ctx, SC_ECORRUPT, 0, NULL,
                                "syscat.%s: the row %s has no table id to file it under; "
                                "nothing was converted (run `syscat fsck`)",
                                sc__st_name(st), kd);
        }
        memcpy(key, k.mv_data, 8);
        key[8] = (uint8_t)st;
        memcpy(key + 9, (const uint8_t *)k.mv_data + 8, k.mv_size - 8);
        nk.mv_size = k.mv_size + 1;
        nk.mv_data = key;
        if ((rc = mdb_put(txn->mdb, rows, &nk, &v, MDB_NOOVERWRITE)))
            break;
        (*moved)++;
    }
    mdb_cursor_close(c);
    if (rc && rc != MDB_NOTFOUND)
        return sc__mdb_fail(txn, rc, "converting the catalog layout");
    rc = mdb_drop(txn->mdb, from, 1);
    return rc ? sc__mdb_fail(txn, rc, "dropping a database of the old layout") : SC_OK;
}

int sc__layout_convert(uint64_t *moved, sc_txn *txn)
{
    sc_catalog *cat = txn->cat;
    unsigned st;
    int rc;

    *moved = 0;
    rc = mdb_dbi_open(txn->mdb, "sys.table_rows", MDB_CREATE, &cat->dbi[SC_DB_TABLE_ROWS]);
    if (rc)
        return sc__mdb_fail(txn, rc, "creating sys.table_rows");
    for (st = 1; st <= SC_SYS_COUNT; st++) {
        if (!sc__layout_clustered(st) || cat->dbi[st] == cat->dbi[SC_DB_TABLE_ROWS])
            continue;
        if ((rc = move_table(moved, txn, st, cat->dbi[st], cat->dbi[SC_DB_TABLE_ROWS])))
            return rc;
    }
    sc__layout_alias(cat);
    sc__layout_set(cat, true);
    return SC_OK;
}

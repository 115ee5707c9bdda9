/*
 * rowmsg.c - the replica applier's row path without a packed round trip
 * (rowmsg.h). Both functions go through what rows.c's raw row calls use:
 * sc__row_write() or sc__row_replace() for writes (with the same writable
 * check and poisoning),
 * sc__key_encode() and the bounds-checked LMDB read for the probe.
 */
#include "catalog/rowmsg.h"
#include "catalog/catalog_priv.h"

int sc_catalog__row_write_msg(sc_txn *txn,
                              unsigned systable,
                              const ProtobufCMessage *m,
                              sc_rowmsg_mode mode)
{
    static const sc_write_mode modes[] = {SC_W_PUT, SC_W_INSERT, SC_W_PUT, SC_W_DELETE};
    uint64_t mark = txn->writes;
    int rc;

    if (!sc_catalog__systable(systable))
        return sc_error_set(txn->cat->ctx, SC_EINVAL, 0, NULL, "no system table %u", systable);
    rc = sc__txn_writable(txn);
    if (rc)
        return rc;
    rc = mode == SC_ROWMSG_REPLACE ? sc__row_replace(txn, systable, m)
                                   : sc__row_write(txn, systable, m, modes[mode], false);
    return sc__txn_settle(txn, mark, rc);
}

int sc_catalog__row_exists(bool *found, sc_txn *txn, unsigned systable, const ProtobufCMessage *key)
{
    MDB_val k, v;
    int rc;

    *found = false;
    if (!sc_catalog__systable(systable))
        return sc_error_set(txn->cat->ctx, SC_EINVAL, 0, NULL, "no system table %u", systable);
    sc__buf_reset(&txn->key);
    rc = sc__key_encode(&txn->key, &txn->cat->keys[systable], key);
    if (rc)
        return rc;
    k.mv_size = txn->key.len;
    k.mv_data = txn->key.data;
    rc = sc_catalog__mdb_get(txn->mdb, txn->cat->dbi[systable], &k, &v);
    if (rc == MDB_NOTFOUND)
        return SC_OK;
    if (rc)
        return sc__mdb_fail(txn, rc, "reading a row");
    *found = true;
    return SC_OK;
}

/*
 * rowmsg.h - the replica applier's row path without a packed round trip
 * (rowmsg.c): a system-table row written from a protobuf message the caller
 * built, and a key probe that copies nothing. sc_catalog__row_put() and
 * sc_catalog__row_get() take packed rows, so the applier packed each row for
 * them and they unpacked it again; these take the message.
 */
#ifndef SC_CATALOG_ROWMSG_H
#define SC_CATALOG_ROWMSG_H

#include <stdbool.h>

#include "catalog/catalog_int.h"

/**
 * Put (del false: insert or replace) or delete (del true: the row with m's
 * key must exist) a row of system table systable, through the one write path
 * (secondary indexes, the change record): what sc_catalog__row_put/_delete do
 * with the packed form of m.
 * @return SC_OK, SC_ENOTFOUND (delete of a missing row), SC_EEXISTS (a unique
 *         name index), SC_EINVAL, SC_EREADONLY, SC_EIO, SC_EFULL
 */
int sc_catalog__row_write_msg(sc_txn *txn, unsigned systable, const ProtobufCMessage *m, bool del);

/**
 * Whether a row with the key of key (only the key fields are read) exists.
 * @return SC_OK (*found set), SC_EINVAL, SC_EIO
 */
int sc_catalog__row_exists(bool *found,
                           sc_txn *txn,
                           unsigned systable,
                           const ProtobufCMessage *key);

#endif /* SC_CATALOG_ROWMSG_H */

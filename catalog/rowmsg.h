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

/** What sc_catalog__row_write_msg does with the row of m's key. */
typedef enum sc_rowmsg_mode {
    SC_ROWMSG_PUT,     /* insert or replace */
    SC_ROWMSG_INSERT,  /* insert; SC_EEXISTS when the key exists */
    SC_ROWMSG_REPLACE, /* replace; SC_ENOTFOUND (nothing written) when it does not exist */
    SC_ROWMSG_DELETE,  /* delete; SC_ENOTFOUND when it does not exist */
} sc_rowmsg_mode;

/**
 * Write a row of system table systable as mode says, through the one write
 * path (secondary indexes, the change record): what sc_catalog__row_put/_delete
 * do with the packed form of m. A replace or an insert checks the key in the
 * B-tree descent of the write (no probe before it); a failed insert, as a
 * failed write of the packed calls, leaves the transaction to abort.
 * @return SC_OK, SC_ENOTFOUND (replace or delete of a missing row), SC_EEXISTS
 *         (insert of an existing key, or a unique name index), SC_EINVAL,
 *         SC_EREADONLY, SC_EIO, SC_EFULL
 */
int sc_catalog__row_write_msg(sc_txn *txn,
                              unsigned systable,
                              const ProtobufCMessage *m,
                              sc_rowmsg_mode mode);

/**
 * Whether a row with the key of key (only the key fields are read) exists.
 * @return SC_OK (*found set), SC_EINVAL, SC_EIO
 */
int sc_catalog__row_exists(bool *found,
                           sc_txn *txn,
                           unsigned systable,
                           const ProtobufCMessage *key);

#endif /* SC_CATALOG_ROWMSG_H */

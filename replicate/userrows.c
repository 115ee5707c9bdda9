/*
 * userrows.c - data rows of user tables in the catalog log (sc_log_rows):
 * CREATE ... SELECT and other writers whose rows the catalog does not hold.
 * Placeholder until the encoder lands: no rows are ever pending.
 */
#include "replicate/log.h"

int sc_log__has_user_rows(bool *out, sc_log *log, sc_txn *txn)
{
    (void)log;
    (void)txn;
    *out = false;
    return SC_OK;
}

int sc_log__user_rows(sc_log_build *bld, bool *any)
{
    (void)bld;
    *any = false;
    return SC_OK;
}

/*
 * fsck.c - whole-catalog consistency check (placeholder until the full
 * checker lands).
 */
#include "catalog/catalog_priv.h"

int sc_fsck(sc_catalog *cat, void (*report)(const char *problem, void *payload), void *payload,
            size_t *problems_out)
{
    (void)cat;
    (void)report;
    (void)payload;
    if (problems_out)
        *problems_out = 0;
    return SC_OK;
}

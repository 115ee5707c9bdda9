/*
 * try.h - SC_TRY, the one way a function hands a failing call's code up
 * unchanged (STYLE.md section 4: set the error where it is detected, pass
 * the code up). Catalog level so every module can use it; ddl/ had six
 * copies under six names.
 */
#ifndef SC_CATALOG_TRY_H
#define SC_CATALOG_TRY_H

#include "syscat/error.h"

/* Evaluate expr (an int sc_err code) and return it from the caller when it is not SC_OK. */
#define SC_TRY(expr)                                                                               \
    do {                                                                                           \
        int rc_ = (expr);                                                                          \
        if (rc_ != SC_OK)                                                                          \
            return rc_;                                                                            \
    } while (0)

#endif /* SC_CATALOG_TRY_H */

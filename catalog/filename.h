/*
 * filename.h - names as MariaDB names their files on disk (`t x` ->
 * `t@0020x`), for .frm files (frm/) and the file names of MariaDB's
 * messages (ddl/).
 */
#ifndef SC_CATALOG_FILENAME_H
#define SC_CATALOG_FILENAME_H

#include "syscat/catalog.h"

/**
 * Encode name as MariaDB names its file.
 * @param[out] out allocated name; free with sc_free()
 * @return SC_OK, SC_EINVAL (a character beyond U+FFFF; ctx's error set), SC_ENOMEM
 */
int sc_filename_encode(char **out, sc_ctx *ctx, const char *name);

#endif /* SC_CATALOG_FILENAME_H */

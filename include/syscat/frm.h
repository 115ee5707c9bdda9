/*
 * syscat/frm.h - MariaDB 10.x .frm files in: a binary table definition file
 * decoded into the catalog's own table definition (sc_table_def), printed
 * as MariaDB 10.11's SHOW CREATE TABLE. The format is described field by
 * field in docs/frm.md; the decoder lives in frm/.
 *
 * Works without a catalog: character sets and collations are syscat's own
 * tables. Bad input (short files, wrong magic, lengths or offsets outside
 * the file, unknown field types or collations) is an SC_ECORRUPT error
 * whose message names the file and the offset; what the catalog cannot
 * represent is an SC_EINVAL error naming the file and the field.
 *
 * Ownership: sc_frm objects are the caller's (sc_frm_free); everything
 * reached through them is borrowed and lives as long as the object.
 */
#ifndef SYSCAT_FRM_H
#define SYSCAT_FRM_H

#include "common.h"
#include "error.h"
#include "catalog.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sc_frm sc_frm; /* a decoded .frm file (caller-owned) */

/**
 * Decode a .frm image.
 * @param[out] out  the decoded file; free with sc_frm_free()
 * @param[in]  ctx  errors and allocation
 * @param[in]  data the file's bytes (copied where needed; may be freed after the call)
 * @param[in]  len  their length
 * @param[in]  path the file's path: names errors, and its base name (MariaDB's filename
 *                  encoding, `.frm` stripped) is the table name; its directory's base
 *                  name is the schema
 * @return SC_OK, SC_ECORRUPT (bad file: message names file and offset), SC_EINVAL
 *         (a definition the catalog cannot hold, named), SC_ENOMEM
 */
SC_API int
sc_frm_read(sc_frm **out, sc_ctx *ctx, const uint8_t *data, size_t len, const char *path);

/**
 * Read and decode the file at path (sc_frm_read on its contents).
 * @return as sc_frm_read, and SC_EIO when the file cannot be read
 */
SC_API int sc_frm_read_file(sc_frm **out, sc_ctx *ctx, const char *path);

/** Free a decoded file (NULL is fine). */
SC_API void sc_frm_free(sc_frm *frm);

/** The table definition (borrowed from frm). */
SC_API const sc_table_def *sc_frm_table(const sc_frm *frm);

/** The schema name decoded from the file's directory, or NULL when the path has none. */
SC_API const char *sc_frm_schema(const sc_frm *frm);

/**
 * SHOW CREATE TABLE text of the file, as MariaDB 10.11 prints it (no trailing ';').
 * @param[out] out allocated text; free with sc_free() on the ctx the file was read with
 * @return SC_OK, SC_ENOMEM
 */
SC_API int sc_frm_show_create(char **out, const sc_frm *frm);

/**
 * Decode one name as MariaDB stores it on disk (`t@0020x` for `t x`).
 * @param[out] out allocated UTF-8 name; free with sc_free()
 * @return SC_OK, SC_EINVAL (not of that encoding), SC_ENOMEM
 */
SC_API int sc_frm_decode_filename(char **out, sc_ctx *ctx, const char *name);

/**
 * The .frm image MariaDB 10.11 writes for a table definition (docs/frm.md).
 * @param[out] out     allocated image; free with sc_free() on ctx
 * @param[out] len_out its length
 * @param[in]  def     the table (as sc_table_definition() gives it)
 * @param[in]  version the 16-byte table definition version (MariaDB writes a UUID)
 * @return SC_OK, SC_EINVAL (a definition a .frm cannot hold or we cannot lay out
 *         exactly: partitioning, sequences, system versioning, long UNIQUE hash keys,
 *         plugin types...; the message names table and feature), SC_ENOMEM
 */
SC_API int sc_frm_write(uint8_t **out,
                        size_t *len_out,
                        sc_ctx *ctx,
                        const sc_table_def *def,
                        const uint8_t version[16]);

/**
 * Encode one name as MariaDB stores it on disk (`t x` -> `t@0020x`), the
 * inverse of sc_frm_decode_filename().
 * @param[out] out allocated name; free with sc_free()
 * @return SC_OK, SC_EINVAL (a character beyond U+FFFF), SC_ENOMEM
 */
SC_API int sc_frm_encode_filename(char **out, sc_ctx *ctx, const char *name);

#ifdef __cplusplus
}
#endif
#endif /* SYSCAT_FRM_H */

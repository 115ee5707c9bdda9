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

/** What a decoded file holds (sc_frm_type_of). */
typedef enum sc_frm_type {
    SC_FRM_TABLE = 0,    /* a binary .frm: a table (or a sequence's table) */
    SC_FRM_VIEW,         /* a view's .frm (MariaDB's text format, TYPE=VIEW) */
    SC_FRM_TRIGGERS,     /* a table's .TRG (TYPE=TRIGGERS) */
    SC_FRM_TRIGGER_NAME, /* a trigger's .TRN (TYPE=TRIGGERNAME) */
    SC_FRM_PARTITIONS,   /* a partitioned table's .par (known by its name: no magic) */
} sc_frm_type;

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

/** What the file holds. */
SC_API sc_frm_type sc_frm_type_of(const sc_frm *frm);

/** The table, view or trigger name decoded from the file name (borrowed). */
SC_API const char *sc_frm_name(const sc_frm *frm);

/** A sequence's table (its values are in the engine's data, not in the .frm). */
SC_API bool sc_frm_is_sequence(const sc_frm *frm);

/** A table with a PARTITION BY clause. */
SC_API bool sc_frm_is_partitioned(const sc_frm *frm);

/** SC_FRM_TRIGGERS: the number of triggers (0 for other files). */
SC_API size_t sc_frm_trigger_count(const sc_frm *frm);

/** SC_FRM_TRIGGERS: trigger i's CREATE statement, in file order (borrowed), or NULL. */
SC_API const char *sc_frm_trigger_statement(const sc_frm *frm, size_t i);

/** SC_FRM_PARTITIONS: the number of (sub)partitions the .par lists (0 for other files). */
SC_API size_t sc_frm_partition_count(const sc_frm *frm);

/** SC_FRM_PARTITIONS: (sub)partition i's name as stored ("p0", "p0#SP#p0sp0"), or NULL. */
SC_API const char *sc_frm_partition_name(const sc_frm *frm, size_t i);

/** SC_FRM_TRIGGER_NAME: the trigger's table (borrowed), or NULL. */
SC_API const char *sc_frm_trigger_table(const sc_frm *frm);

/** The table definition (borrowed from frm; empty unless SC_FRM_TABLE). */
SC_API const sc_table_def *sc_frm_table(const sc_frm *frm);

/** The schema name decoded from the file's directory, or NULL when the path has none. */
SC_API const char *sc_frm_schema(const sc_frm *frm);

/**
 * SHOW CREATE TABLE text of the file, as MariaDB 10.11 prints it (no trailing ';'):
 * SHOW CREATE VIEW for a view, the CREATE TRIGGER statements of a .TRG separated
 * by ";\n\n"; a sequence prints as SHOW CREATE TABLE of its table. A .TRN or a
 * .par is SC_EINVAL (it holds no definition).
 * @param[out] out allocated text; free with sc_free() on the ctx the file was read with
 * @return SC_OK, SC_ENOMEM
 */
SC_API int sc_frm_show_create(char **out, const sc_frm *frm);

/**
 * The statement that recreates a view as it was written: its SHOW CREATE VIEW
 * head (ALGORITHM, DEFINER, SQL SECURITY, `db`.`name`) and the SELECT as the
 * client sent it (the file's source=, which ends with its CHECK OPTION); the
 * SHOW CREATE text for files without a source and for other files.
 * @param[out] out allocated text; free with sc_free() on the file's ctx
 * @return SC_OK, SC_EINVAL (a .TRN or .par), SC_ENOMEM
 */
SC_API int sc_frm_view_statement(char **out, const sc_frm *frm);

/**
 * Whether the catalog's view of the file's database and name stores the
 * query the file holds. A view created from its source resolves unqualified
 * names in the view's database; MariaDB resolved them in the current
 * database of the session that created it, which the file does not record.
 * @return SC_OK, SC_ENOTFOUND (no such view), SC_EINVAL (not a view file), SC_ENOMEM
 */
SC_API int sc_frm_view_matches(bool *same, sc_txn *txn, const sc_frm *frm);

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

/** One file of a datadir (sc_frm_table_files). */
typedef struct sc_frm_file {
    char *name;    /* file name in MariaDB's filename encoding, with its extension */
    uint8_t *data; /* contents */
    size_t len;
} sc_frm_file;

/** md5 of data as 32 lower-case hex digits and a NUL (a view's md5=; the caller's digest). */
typedef void (*sc_frm_md5_fn)(const char *data, size_t len, char hex[33]);

/**
 * Every file MariaDB 10.11 keeps for one catalog table in its database
 * directory: the .frm (binary; a view's in the text format), the .par of a
 * partitioned table, the table's .TRG and one .TRN per trigger (docs/frm.md).
 * @param[out] out   the files; free with sc_frm_files_free()
 * @param[out] n_out how many
 * @param[in]  version the 16-byte table definition version of a binary .frm
 * @param[in]  md5   the digest a view's file needs
 * @return SC_OK, SC_EINVAL (a definition the writer cannot lay out exactly, named),
 *         SC_ENOTFOUND, SC_ENOMEM
 */
SC_API int sc_frm_table_files(sc_frm_file **out,
                              size_t *n_out,
                              sc_txn *txn,
                              uint64_t table_id,
                              const uint8_t version[16],
                              sc_frm_md5_fn md5);

/** Free what sc_frm_table_files() returned (NULL is fine). */
SC_API void sc_frm_files_free(sc_frm_file *files, size_t n);

#ifdef __cplusplus
}
#endif
#endif /* SYSCAT_FRM_H */

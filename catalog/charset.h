/*
 * charset.h - MariaDB 10.11 character sets and collations (names, ids,
 * bytes per character). Catalog level, below ddl/ and replicate/: the DDL
 * engine resolves CHARACTER SET / COLLATE with it and the binlog writer and
 * reader map collation names to ids (docs/architecture.md).
 *
 * The tables are static and sorted by name; lookups are case-insensitive.
 * `utf8` is MariaDB's alias of `utf8mb3` (old_mode without UTF8_IS_UTF8MB3
 * unset), and `utf8_*` collations are `utf8mb3_*`. Ids are MariaDB's
 * collation numbers as written in .frm files and binlog status variables.
 */
#ifndef SC_CATALOG_CHARSET_H
#define SC_CATALOG_CHARSET_H

#include "syscat/common.h"
#include "syscat/error.h"

/** The server defaults syscat pins (character_set_server, collation_server). */
#define SC_CHARSET_SERVER_DEFAULT "utf8mb4"
#define SC_COLLATION_SERVER_DEFAULT "utf8mb4_general_ci"

/** One character set. */
typedef struct sc_charset_info {
    const char *name;              /* canonical name (utf8mb3, not utf8) */
    const char *default_collation; /* its default collation */
    unsigned maxlen;               /* maximum bytes per character */
} sc_charset_info;

/** One collation. */
typedef struct sc_collation_info {
    const char *name;    /* canonical name */
    unsigned id;         /* MariaDB collation id */
    const char *charset; /* its character set */
    bool is_default;     /* the charset's default collation */
} sc_collation_info;

/** Character set by name (aliases resolved, any case), or NULL. */
const sc_charset_info *sc_charset__find(const char *name);

/** Collation by name (utf8_ aliases resolved, any case), or NULL. */
const sc_collation_info *sc_charset__collation_find(const char *name);

/** Collation by MariaDB id, or NULL. */
const sc_collation_info *sc_charset__collation_by_id(unsigned id);

/**
 * Resolve a CHARACTER SET / COLLATE pair as MariaDB does: either may be NULL
 * (not given). With only a charset, its default collation; with only a
 * collation, its charset. Outputs are canonical static names.
 * @return SC_OK, or SC_ESQL with 1115 (unknown charset), 1273 (unknown
 *         collation) or 1253 (collation not valid for the charset) set on ctx
 */
int sc_charset__resolve(const sc_charset_info **cs_out,
                        const sc_collation_info **coll_out,
                        sc_ctx *ctx,
                        const char *charset,
                        const char *collation);

/** Bytes per character of a charset name (1 when unknown or NULL). */
unsigned sc_charset__maxlen(const char *charset);

/**
 * Length of the UTF-8 sequence lead byte b starts (1-4); 0 for a continuation
 * byte and for bytes no well-formed sequence starts with (C0, C1, F5-FF).
 */
size_t sc_charset__utf8_lead_len(unsigned char b);

/** Characters in the UTF-8 string s: bytes that are not continuation bytes (10xxxxxx). */
size_t sc_charset__utf8_chars(const char *s);

#endif /* SC_CATALOG_CHARSET_H */

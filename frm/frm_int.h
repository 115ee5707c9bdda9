/*
 * frm_int.h - internals of the .frm module (frm/): the decoded pieces of a
 * MariaDB 10.x binary table definition file before they become catalog
 * structures, the bounds-checked byte reader every decoder uses, and the
 * constants of the format.
 *
 * Layers: frm/ sits beside ddl/ and above it (docs/architecture.md): it
 * turns a .frm image into an sc_table_def and renders it with the DDL
 * module's SHOW CREATE renderer, so a file prints exactly as a table the
 * DDL engine built. Nothing below frm/ includes this header.
 *
 * Invariant: every offset is checked against the image length before a
 * byte is read (frm_rd); a check that fails sets an error naming the file
 * and the offset. The format, field by field, is in docs/frm.md.
 */
#ifndef SC_FRM_INT_H
#define SC_FRM_INT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "catalog/arena.h"
#include "catalog/buf.h"
#include "catalog/catalog_int.h"
#include "syscat/frm.h"

/* ------------------------------------------------------------------ */
/* Format constants (sql/unireg.h, sql/field.h, include/my_base.h)      */

#define FRM_HEADER_SIZE 64    /* the fileinfo block */
#define FRM_FORMINFO_SIZE 288 /* the forminfo block */
#define FRM_FIELD_PACK 17     /* bytes per column in the column block (frm version >= 3) */
#define FRM_VCOL_BASE 16      /* reserved bytes before the first expression */
#define FRM_VCOL_HEADER 6     /* type, field number, expression length, name length */
#define FRM_NO_FIELD 0xFFFFu  /* field number of a table CHECK */

/* pack_flag bits of a column */
#define FRM_PF_DECIMAL 0x0001u /* numbers: signed; strings: binary */
#define FRM_PF_NUMBER 0x0002u
#define FRM_PF_ZEROFILL 0x0004u
#define FRM_PF_INTERVAL 0x0100u
#define FRM_PF_BITFIELD 0x0200u
#define FRM_PF_BLOB 0x0400u
#define FRM_PF_GEOM 0x0800u
#define FRM_PF_BIT_AS_CHAR 0x1000u
#define FRM_PF_NO_DEFAULT 0x4000u
#define FRM_PF_MAYBE_NULL 0x8000u
#define FRM_PF_DEC_SHIFT 8
#define FRM_PF_DEC_MASK 0x3F00u
#define FRM_NOT_FIXED_DEC 31 /* FLOAT/DOUBLE without (M,D) */

/* unireg_check values (Field::utype) */
#define FRM_UNIREG_NEXT_NUMBER 15 /* AUTO_INCREMENT */
#define FRM_UNIREG_TS_DN 21       /* DEFAULT current_timestamp */
#define FRM_UNIREG_TS_UN 22       /* ON UPDATE current_timestamp */
#define FRM_UNIREG_TS_DNUN 23     /* both */

/* field types as stored (enum_field_types, real types) */
enum {
    FRM_T_DECIMAL = 0,
    FRM_T_TINY = 1,
    FRM_T_SHORT = 2,
    FRM_T_LONG = 3,
    FRM_T_FLOAT = 4,
    FRM_T_DOUBLE = 5,
    FRM_T_NULL = 6,
    FRM_T_TIMESTAMP = 7,
    FRM_T_LONGLONG = 8,
    FRM_T_INT24 = 9,
    FRM_T_DATE = 10,
    FRM_T_TIME = 11,
    FRM_T_DATETIME = 12,
    FRM_T_YEAR = 13,
    FRM_T_NEWDATE = 14,
    FRM_T_VARCHAR = 15,
    FRM_T_BIT = 16,
    FRM_T_TIMESTAMP2 = 17,
    FRM_T_DATETIME2 = 18,
    FRM_T_TIME2 = 19,
    FRM_T_VARCHAR_COMPRESSED = 140,
    FRM_T_BLOB_COMPRESSED = 141,
    FRM_T_NEWDECIMAL = 246,
    FRM_T_ENUM = 247,
    FRM_T_SET = 248,
    FRM_T_TINY_BLOB = 249,
    FRM_T_MEDIUM_BLOB = 250,
    FRM_T_LONG_BLOB = 251,
    FRM_T_BLOB = 252,
    FRM_T_VAR_STRING = 253,
    FRM_T_STRING = 254,
    FRM_T_GEOMETRY = 255,
};

/* key flags (stored XOR HA_NOSAME) */
#define FRM_KEY_NOSAME 0x0001u
#define FRM_KEY_FULLTEXT 0x0080u
#define FRM_KEY_SPATIAL 0x0400u
#define FRM_KEY_USES_COMMENT 0x1000u
#define FRM_KEY_GENERATED 0x2000u
#define FRM_KEY_USES_PARSER 0x4000u
#define FRM_KEY_USES_BLOCK_SIZE 0x8000u
#define FRM_KEYPART_REVERSE 0x80u /* DESC */
#define FRM_FIELD_NR_MASK 0x3FFFu

/* key algorithms */
enum {
    FRM_ALG_UNDEF,
    FRM_ALG_BTREE,
    FRM_ALG_RTREE,
    FRM_ALG_HASH,
    FRM_ALG_FULLTEXT,
    FRM_ALG_LONG_HASH
};

/* table options (fileinfo bytes 30-31) */
#define FRM_OPT_PACK_RECORD 0x0001u
#define FRM_OPT_PACK_KEYS 0x0002u
#define FRM_OPT_CHECKSUM 0x0020u
#define FRM_OPT_DELAY_KEY_WRITE 0x0040u
#define FRM_OPT_NO_PACK_KEYS 0x0080u
#define FRM_OPT_STATS_PERSISTENT 0x1000u
#define FRM_OPT_NO_STATS_PERSISTENT 0x2000u
#define FRM_OPT_TEXT_CREATE_OPTIONS 0x4000u

/* extra2 section entry types */
enum {
    FRM_E2_TABLEDEF_VERSION = 0,
    FRM_E2_DEFAULT_PART_ENGINE = 1,
    FRM_E2_GIS = 2,
    FRM_E2_APPLICATION_PERIOD = 3,
    FRM_E2_PERIOD_FOR_SYSTEM_TIME = 4,
    FRM_E2_INDEX_FLAGS = 5,
    FRM_E2_ENGINE_IMPORTANT = 128, /* unknown types from here on cannot be skipped */
    FRM_E2_ENGINE_TABLEOPTS = 128,
    FRM_E2_FIELD_FLAGS = 129,
    FRM_E2_FIELD_DATA_TYPE_INFO = 130,
    FRM_E2_PERIOD_WITHOUT_OVERLAPS = 131,
};

/* expression kinds of the expression block (enum_vcol_info_type) */
enum {
    FRM_VCOL_VIRTUAL,
    FRM_VCOL_STORED,
    FRM_VCOL_DEFAULT,
    FRM_VCOL_CHECK_FIELD,
    FRM_VCOL_CHECK_TABLE
};

/* ------------------------------------------------------------------ */
/* The byte reader                                                      */

/** A .frm image with the name errors use. */
typedef struct frm_rd {
    const uint8_t *p; /* the image */
    size_t len;       /* its length */
    const char *file; /* file name for messages */
    sc_ctx *ctx;      /* where errors go */
} frm_rd;

/** Set SC_ECORRUPT naming file and offset: "FILE: offset N: what". */
int sc_frm__corrupt(const frm_rd *rd, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/** Check that [off, off + n) lies inside the image; else SC_ECORRUPT naming what. */
int sc_frm__need(const frm_rd *rd, size_t off, size_t n, const char *what);
uint32_t sc_frm__u16(const uint8_t *p);
uint32_t sc_frm__u24(const uint8_t *p);
uint32_t sc_frm__u32(const uint8_t *p);

/* ------------------------------------------------------------------ */
/* Decoded pieces                                                       */

typedef struct frm_keypart {
    size_t off;       /* offset of its 9-byte entry (for messages) */
    unsigned fieldnr; /* 1-based column number */
    unsigned flag;    /* key_part_flag (FRM_KEYPART_REVERSE) */
    unsigned length;  /* bytes of the column in the key */
} frm_keypart;

typedef struct frm_key {
    const char *name;    /* index name */
    unsigned flags;      /* FRM_KEY_* (HA_NOSAME restored) */
    unsigned algorithm;  /* FRM_ALG_* */
    unsigned block_size; /* KEY_BLOCK_SIZE when FRM_KEY_USES_BLOCK_SIZE */
    unsigned n_parts;
    frm_keypart *parts;
    const char *comment;   /* or NULL */
    const char *parser;    /* WITH PARSER name or NULL */
    bool ignored;          /* IGNORED (extra2 index flags) */
    bool without_overlaps; /* WITHOUT OVERLAPS */
} frm_key;

typedef struct frm_field {
    const char *name;
    size_t off;         /* offset of its 17-byte entry (for messages) */
    uint32_t length;    /* field_length in bytes (display width for numbers) */
    uint32_t recpos;    /* 1-based offset in the record */
    uint32_t pack_flag; /* FRM_PF_* */
    unsigned unireg;    /* FRM_UNIREG_* */
    unsigned interval;  /* 1-based ENUM/SET value list, 0 = none */
    unsigned type;      /* FRM_T_* */
    unsigned cs_id;     /* collation id (0 for numbers); geometry type for GEOMETRY */
    const char *comment;
    unsigned e2_flags;     /* extra2 field flags (visibility) */
    const char *type_name; /* extra2 data type name (inet6, uuid...) or NULL */
    uint32_t srid;         /* spatial REF_SYSTEM_ID, from extra2 GIS data */
    bool has_srid;
    /* null and BIT bits in the record's leading null bytes */
    size_t null_byte; /* byte of the null bit (nullable columns) */
    unsigned null_bit;
    size_t bit_byte; /* BIT: where the bits beyond whole bytes start */
    unsigned bit_ofs;
    /* expressions (NUL-terminated, from the expression block) */
    const char *gen_expr; /* GENERATED ALWAYS AS */
    bool gen_stored;
    const char *default_expr; /* DEFAULT (expression) */
    const char *check_expr;   /* column CHECK */
    bool hash_field;          /* the hidden hash column of a long UNIQUE */
} frm_field;

typedef struct frm_check {
    const char *name;
    const char *expr;
} frm_check;

/** Everything the decoder takes from one file; strings live in the arena. */
typedef struct frm_image {
    unsigned frm_version;   /* byte 2 */
    unsigned legacy_db;     /* byte 3 */
    unsigned table_options; /* FRM_OPT_* */
    uint32_t mysql_version;
    uint32_t max_rows, min_rows, avg_row_length;
    unsigned table_cs_id;
    unsigned transactional, page_checksum; /* ha_choice: 0 undef, 1 no, 2 yes */
    bool sequence;
    unsigned row_type;
    unsigned stats_sample_pages, stats_auto_recalc;
    unsigned key_block_size;
    const char *engine;         /* ENGINE name from the extra block */
    const char *connection;     /* CONNECTION= or NULL */
    const char *partition;      /* partition clause text or NULL */
    const char *comment;        /* table COMMENT or NULL */
    const uint8_t *engine_opts; /* extra2 engine-defined options, raw */
    size_t engine_opts_len;
    const uint8_t *record; /* the default values record */
    size_t reclength;
    size_t n_fields;
    frm_field *fields;
    size_t n_keys;
    frm_key *keys;
    size_t n_checks;
    frm_check *checks;                   /* table CHECK constraints */
    const char *const *const *intervals; /* ENUM/SET values per list */
    const size_t *interval_counts;
    size_t n_intervals;
    bool has_sys_period; /* WITH SYSTEM VERSIONING */
    unsigned sys_start, sys_end;
    bool has_app_period;
    const char *app_period_name;
    const char *app_period_constraint; /* name of the period's implicit CHECK */
    const char *part_engine;           /* extra2 default partition engine (not NUL-ended) */
    size_t part_engine_len;
    unsigned app_start, app_end;
} frm_image;

/**
 * Decode a binary .frm image into im; strings and arrays go into arena.
 * @return SC_OK, SC_ECORRUPT (message names the file and offset), SC_ENOMEM
 */
int sc_frm__decode(frm_image *im, sc_arena *arena, const frm_rd *rd);

/**
 * Build the table definition of a decoded image. name is the table name.
 * @return SC_OK, SC_ECORRUPT / SC_EINVAL (a field the catalog cannot map, named), SC_ENOMEM
 */
int sc_frm__to_def(
    sc_table_def *def, sc_arena *arena, const frm_image *im, const frm_rd *rd, const char *name);

/**
 * DEFAULT (expr) as SHOW CREATE prints it: expr, in parentheses unless the
 * DDL module's rule leaves it bare. *out is expr itself or text in a.
 */
int sc_frm__expr_default_text(const char **out, sc_arena *a, const frm_rd *rd, const char *expr);

/**
 * The default value of field f as literal text for sc_type__canon_default,
 * read from the record; *is_string tells how to take it.
 */
int sc_frm__default_text(char **out,
                         bool *is_string,
                         sc_arena *arena,
                         const frm_image *im,
                         const frm_field *f,
                         const sc_column_def *col,
                         const frm_rd *rd);

/**
 * Decode a name as MariaDB writes it on disk (my_charset_filename: `@0020`,
 * `@y0`...) to UTF-8. @return the name in arena, or NULL (SC_EINVAL set when
 * the name holds a sequence that is not of that encoding).
 */
char *sc_frm__decode_filename(sc_arena *arena, sc_ctx *ctx, const char *name, size_t len);

/* ------------------------------------------------------------------ */
/* Text definition files (frm_text.c, frm_object.c)                     */

/** One "key=value" line; val is raw (escaped) and not NUL-terminated. */
typedef struct frm_text_kv {
    const char *key;
    const char *val;
    size_t vlen;
    unsigned line; /* 1-based line number, for messages */
} frm_text_kv;

/** A parsed text file: its TYPE= and its parameters in file order. */
typedef struct frm_text {
    const char *type;
    frm_text_kv *kv;
    size_t n;
} frm_text;

/** Whether an image is a text definition file (starts with "TYPE="). */
bool sc_frm__is_text(const uint8_t *p, size_t len);
/** Split a text file into lines. @return SC_OK, SC_ECORRUPT ("FILE: line N: ..."), SC_ENOMEM */
int sc_frm__text_parse(frm_text *t, sc_arena *arena, const frm_rd *rd);
/** The parameter key, or NULL. */
const frm_text_kv *sc_frm__text_get(const frm_text *t, const char *key);
/** The parameter key, or SC_ECORRUPT naming it. */
int sc_frm__text_need(const frm_text_kv **out,
                      const frm_text *t,
                      const frm_rd *rd,
                      const char *key);
/** An escaped string value. */
int sc_frm__text_str(char **out, sc_arena *arena, const frm_rd *rd, const frm_text_kv *kv);
/** A list of 'quoted escaped' strings. */
int sc_frm__text_strlist(
    char ***out, size_t *n, sc_arena *arena, const frm_rd *rd, const frm_text_kv *kv);
/** A list of unsigned numbers. */
int sc_frm__text_numlist(
    uint64_t **out, size_t *n, sc_arena *arena, const frm_rd *rd, const frm_text_kv *kv);
/** One unsigned number no larger than max. */
int sc_frm__text_num(uint64_t *out, const frm_rd *rd, const frm_text_kv *kv, uint64_t max);

/** A view's .frm (TYPE=VIEW). */
typedef struct frm_view {
    char *query;        /* the SELECT as SHOW CREATE VIEW prints it */
    char *md5;          /* md5 of query, hex */
    bool updatable;     /* MariaDB's own judgement at CREATE time */
    unsigned algorithm; /* VIEW_ALGORITHM_*_FRM: 0 UNDEFINED, 1 MERGE, 2 TEMPTABLE */
    char *definer_user, *definer_host;
    unsigned suid;   /* 0 INVOKER, 1 DEFINER, 2 default (DEFINER) */
    unsigned check;  /* 0 none, 1 LOCAL, 2 CASCADED */
    char *timestamp; /* creation time as written, or NULL */
    unsigned create_version;
    char *source;                    /* the statement's text as the client sent it, or NULL */
    char *client_cs, *connection_cl; /* creation context, or NULL */
    char *body_utf8;                 /* query in utf8, or NULL */
    uint64_t mariadb_version;
} frm_view;

/** A table's .TRG (TYPE=TRIGGERS): parallel lists, one entry per trigger, in file order. */
typedef struct frm_triggers {
    char **stmts; /* CREATE DEFINER=... TRIGGER ... as SHOW CREATE TRIGGER prints it */
    size_t n;
    uint64_t *sql_modes;                                    /* or NULL */
    char **definers, **client_cs, **connection_cl, **db_cl; /* or NULL */
    uint64_t *created;                                      /* creation times (1/100 s), or NULL */
} frm_triggers;

int sc_frm__read_view(frm_view *v, sc_arena *arena, const frm_text *t, const frm_rd *rd);
int sc_frm__read_triggers(frm_triggers *tr, sc_arena *arena, const frm_text *t, const frm_rd *rd);
int sc_frm__read_trn(char **table, sc_arena *arena, const frm_text *t, const frm_rd *rd);
/** A .par file: the (sub)partition names as stored and their legacy engine codes. */
typedef struct frm_par {
    char **names; /* "p0", "p0#SP#p0sp0": MariaDB's filename encoding */
    uint8_t *engines;
    size_t n;
} frm_par;

/** Decode a .par (frm_par.c). @return SC_OK, SC_ECORRUPT (file and offset), SC_ENOMEM */
int sc_frm__read_par(frm_par *par, sc_arena *arena, const frm_rd *rd);

/** SHOW CREATE VIEW text of v named schema.name (schema NULL: unqualified). */
void sc_frm__view_text(sc_buf *b, const frm_view *v, const char *schema, const char *name);
/** Its first part: "CREATE ALGORITHM=... VIEW `db`.`v` AS ". */
void sc_frm__view_head(sc_buf *b, const frm_view *v, const char *schema, const char *name);

/** The PARTITION BY clause as stored in the .frm, as SHOW CREATE TABLE prints it:
 * `_utf8mb4 0x4445` -> 'DE', `STARTS 1704067200` -> STARTS TIMESTAMP'2024-01-01 00:00:00'. */
void sc_frm__partition_text(sc_buf *b, const char *clause);

#endif /* SC_FRM_INT_H */

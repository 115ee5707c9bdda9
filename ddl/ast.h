/*
 * ast.h - the syntax tree the DDL parser (ddl/parse.c) produces and the DDL
 * executor (ddl/exec*.c) consumes. Internal to ddl/; not installed.
 *
 * Memory: every node, array and string of one parsed statement lives in one
 * arena (sc_arena, catalog/arena.h) owned by the sc_ast_stmt; sc_ast__stmt_free() releases all
 * of it in one call. Nodes are plain transparent structs; pointers between
 * them are borrowed from the same arena.
 *
 * Strings: identifiers and string values are copied into the arena, unquoted
 * and unescaped, always NUL-terminated. String *values* may contain NUL bytes
 * (the \0 escape), so they come as sc_ast_str (pointer + length); identifiers
 * are plain `const char *` (MariaDB identifiers cannot hold NUL).
 *
 * What the parser guarantees (and what it leaves to the executor):
 * - Syntax errors are MariaDB's 1064 (SQLSTATE 42000), with the same near-text
 *   and line; ER_UNKNOWN_DATA_TYPE (4161) for an unknown type name and
 *   ER_INVALID_CHARACTER_STRING (1300) for an identifier holding a 4-byte
 *   UTF-8 character are raised by the parser too, as MariaDB's parser does.
 * - Identifiers are NOT checked for emptiness or length (1103 Incorrect table
 *   name, 1102 Incorrect database name, 1166 Incorrect column name, 1059
 *   Identifier name too long): the executor does it, like MariaDB's
 *   check_table_name()/check_column_name() after parsing.
 * - Numbers (lengths, decimals, option values) are given as parsed unsigned
 *   values, saturated at UINT64_MAX on overflow (`overflow` flag set); range
 *   checks (1074, 1426, 1439...) are the executor's.
 * - Type synonyms are folded to the canonical type kind the way MariaDB's
 *   grammar does (INT4 -> INT, DEC -> DECIMAL, REAL/DOUBLE PRECISION -> DOUBLE,
 *   BOOL -> TINYINT(1), LONG VARCHAR -> MEDIUMTEXT, NCHAR -> CHAR with
 *   national = true, SERIAL -> BIGINT UNSIGNED with sc_ast_column.serial).
 *   FLOAT(p), TEXT(n) and BLOB(n) keep their length: the executor chooses the
 *   storage type as MariaDB does in its type handlers.
 * - Column attributes may come in any order; a repeated attribute overwrites
 *   the earlier one (last one wins), as MariaDB does.
 * - Lists keep source order (create definitions, alter specs, table options),
 *   because MariaDB's results depend on it (index order, CONSTRAINT_n names).
 *
 * Changes after the first commit are additive only, listed here:
 *   - sc_ast_type.compressed and sc_ast_type.srid (the type-level COMPRESSED and
 *     REF_SYSTEM_ID of MariaDB's grammar; also reflected in sc_ast_column);
 *   - the parser no longer produces column_format/storage (MariaDB's grammar has
 *     no such column attributes: they are 1064); the fields stay, always NULL;
 *   - sc_ast_index.visible stays -1 (MariaDB has IGNORED, not VISIBLE/INVISIBLE);
 *   - sc_ast_table_option.name of NAME = value options is the unquoted name;
 *   - DEFAULT/AS/CHECK bodies may be SC_AST_EXPR_SUBQUERY or SC_AST_EXPR_ROW nodes
 *     (MariaDB's parser accepts them; the executor refuses them).
 */
#ifndef SC_DDL_AST_H
#define SC_DDL_AST_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "syscat/common.h"
#include "catalog/arena.h"

/** Chunk size of a statement's arena (catalog/arena.h). */
#define SC_AST_ARENA_CHUNK 8192

/* ------------------------------------------------------------------ */
/* Common pieces                                                        */

/** A string value: bytes (may include NUL) plus a terminating NUL not counted. */
typedef struct sc_ast_str {
    const char *s; /* never NULL when the string is present */
    size_t len;    /* bytes, without the terminating NUL */
} sc_ast_str;

/** A possibly qualified object name: [db.]name. */
typedef struct sc_ast_qname {
    const char *db;   /* NULL when unqualified (use the current database) */
    const char *name; /* never NULL */
} sc_ast_qname;

/** An unsigned number as written (lengths, option values). */
typedef struct sc_ast_num {
    bool present;     /* false: not given */
    bool overflow;    /* the digits did not fit in 64 bits; value = UINT64_MAX */
    uint64_t value;   /* parsed value */
    const char *text; /* digits as written (NUL-terminated) or NULL */
} sc_ast_num;

/* ------------------------------------------------------------------ */
/* Types                                                                */

typedef enum sc_ast_type_kind {
    SC_AST_TYPE_NONE = 0,
    SC_AST_TYPE_TINYINT,
    SC_AST_TYPE_SMALLINT,
    SC_AST_TYPE_MEDIUMINT,
    SC_AST_TYPE_INT,
    SC_AST_TYPE_BIGINT,
    SC_AST_TYPE_DECIMAL,
    SC_AST_TYPE_FLOAT, /* FLOAT, FLOAT(p) (length only), FLOAT(m,d) */
    SC_AST_TYPE_DOUBLE,
    SC_AST_TYPE_BIT,
    SC_AST_TYPE_DATE,
    SC_AST_TYPE_TIME,
    SC_AST_TYPE_DATETIME,
    SC_AST_TYPE_TIMESTAMP,
    SC_AST_TYPE_YEAR,
    SC_AST_TYPE_CHAR,
    SC_AST_TYPE_VARCHAR,
    SC_AST_TYPE_BINARY,
    SC_AST_TYPE_VARBINARY,
    SC_AST_TYPE_TINYTEXT,
    SC_AST_TYPE_TEXT, /* TEXT or TEXT(n) (length present) */
    SC_AST_TYPE_MEDIUMTEXT,
    SC_AST_TYPE_LONGTEXT,
    SC_AST_TYPE_TINYBLOB,
    SC_AST_TYPE_BLOB, /* BLOB or BLOB(n) */
    SC_AST_TYPE_MEDIUMBLOB,
    SC_AST_TYPE_LONGBLOB,
    SC_AST_TYPE_ENUM,
    SC_AST_TYPE_SET,
    SC_AST_TYPE_JSON,
    SC_AST_TYPE_GEOMETRY,
    SC_AST_TYPE_POINT,
    SC_AST_TYPE_LINESTRING,
    SC_AST_TYPE_POLYGON,
    SC_AST_TYPE_MULTIPOINT,
    SC_AST_TYPE_MULTILINESTRING,
    SC_AST_TYPE_MULTIPOLYGON,
    SC_AST_TYPE_GEOMETRYCOLLECTION,
    SC_AST_TYPE_INET4,
    SC_AST_TYPE_INET6,
    SC_AST_TYPE_UUID,
    /* only in CAST/CONVERT targets: */
    SC_AST_TYPE_SIGNED,      /* CAST(x AS SIGNED [INTEGER]) */
    SC_AST_TYPE_UNSIGNED,    /* CAST(x AS UNSIGNED [INTEGER]) */
    SC_AST_TYPE_INTERVAL_DS, /* CAST(x AS INTERVAL DAY_SECOND(n)) (rare) */
} sc_ast_type_kind;

/**
 * A data type as written, synonyms folded. length/decimals are the numbers in
 * parentheses: (M) or (M,D) or fsp for temporal types, (p) for FLOAT(p).
 * charset/collate are those written right after the type (CHARACTER SET x
 * COLLATE y, ASCII -> latin1, UNICODE -> ucs2, BYTE -> binary); a column's
 * separate COLLATE attribute is sc_ast_column.collate.
 */
typedef struct sc_ast_type {
    sc_ast_type_kind kind;
    const char *written; /* the first type keyword as written, e.g. "INT4", "DOUBLE" */
    sc_ast_num length;   /* (M), (p) or fsp */
    sc_ast_num decimals; /* (M,D): D */
    bool is_unsigned;    /* UNSIGNED (or ZEROFILL, or SERIAL) */
    bool is_signed;      /* SIGNED written explicitly */
    bool zerofill;       /* ZEROFILL */
    bool national;       /* NATIONAL CHAR / NCHAR / NVARCHAR (utf8mb3) */
    bool binary;         /* BINARY attribute of a character type (_bin collation) */
    const char *charset; /* CHARACTER SET / CHARSET name as written ("binary" for
                            CHARSET BINARY / BYTE, "latin1" for ASCII), or NULL */
    const char *collate; /* COLLATE name right after the charset, or NULL */
    sc_ast_str *values;  /* ENUM/SET values, unescaped (charset introducers dropped) */
    size_t n_values;
    /* added after the first commit: */
    bool compressed; /* COMPRESSED[=method] right after a BLOB/TEXT/VARCHAR type */
    sc_ast_num srid; /* REF_SYSTEM_ID = n after a spatial type (copied to the
                        column's ref_system_id) */
} sc_ast_type;

/* ------------------------------------------------------------------ */
/* Expressions (DEFAULT, generated columns, CHECK, SET values)          */

typedef struct sc_expr sc_expr;

typedef enum sc_ast_lit_kind {
    SC_AST_LIT_NULL,
    SC_AST_LIT_INT,       /* 123 (digits only; see sc_expr.lit.negative) */
    SC_AST_LIT_DECIMAL,   /* 1.5, .5, 5. */
    SC_AST_LIT_FLOAT,     /* 1e3, 1.5E-2 */
    SC_AST_LIT_STRING,    /* 'abc' (adjacent strings concatenated) */
    SC_AST_LIT_HEX,       /* X'4142' or 0x4142 (text = hex digits) */
    SC_AST_LIT_BIT,       /* B'101' or 0b101 (text = binary digits) */
    SC_AST_LIT_BOOL,      /* TRUE / FALSE (value in text: "1" or "0") */
    SC_AST_LIT_DATE,      /* DATE 'yyyy-mm-dd' (text = the string) */
    SC_AST_LIT_TIME,      /* TIME '...' */
    SC_AST_LIT_TIMESTAMP, /* TIMESTAMP '...' */
} sc_ast_lit_kind;

typedef struct sc_ast_lit {
    sc_ast_lit_kind kind;
    sc_ast_str text;        /* value: digits, unescaped string, hex/bit digits */
    const char *introducer; /* _latin1 'x', _binary 0x41: charset name w/o '_', "utf8mb3"
                               for N'x', or NULL */
    bool zero_x;            /* HEX/BIT written 0x../0b.. rather than X'..'/B'..' */
    bool national;          /* N'x': utf8mb3, printed without its introducer */
    bool negative;          /* DEFAULT -5 style signed literal (value is -text) */
} sc_ast_lit;

typedef enum sc_ast_expr_kind {
    SC_AST_EXPR_LITERAL,
    SC_AST_EXPR_COLUMN,        /* [db.][table.]column */
    SC_AST_EXPR_VAR,           /* @user or @@[scope.]system variable */
    SC_AST_EXPR_FUNC,          /* name(args...), incl. the special forms of sc_ast_func_form */
    SC_AST_EXPR_UNARY,         /* op arg0 */
    SC_AST_EXPR_BINARY,        /* arg0 op arg1 */
    SC_AST_EXPR_IS,            /* arg0 IS [NOT] {NULL|TRUE|FALSE|UNKNOWN} (is_what) */
    SC_AST_EXPR_BETWEEN,       /* arg0 [NOT] BETWEEN arg1 AND arg2 */
    SC_AST_EXPR_IN,            /* arg0 [NOT] IN (arg1..argN) */
    SC_AST_EXPR_LIKE,          /* arg0 [NOT] LIKE arg1 [ESCAPE arg2] (n_args 2 or 3) */
    SC_AST_EXPR_CASE,          /* see case_operand / args (when,then pairs) / case_else */
    SC_AST_EXPR_CAST,          /* CAST(arg0 AS type) / CONVERT(arg0, type) */
    SC_AST_EXPR_CONVERT_USING, /* CONVERT(arg0 USING charset) */
    SC_AST_EXPR_COLLATE,       /* arg0 COLLATE name (name in `name`) */
    SC_AST_EXPR_INTERVAL,      /* INTERVAL arg0 unit (operand of + - and DATE_ADD...) */
    SC_AST_EXPR_ROW,           /* (a, b, ...) or ROW(a, b) */
    SC_AST_EXPR_DEFAULT,       /* the DEFAULT keyword (SET x = DEFAULT) or DEFAULT(col) in args */
    SC_AST_EXPR_SUBQUERY,      /* (SELECT ...): text only, never evaluated (refused) */
    SC_AST_EXPR_WORD,          /* SET x = ON / ALL ... a bare keyword value (name) */
} sc_ast_expr_kind;

typedef enum sc_ast_op {
    SC_AST_OP_NONE = 0,
    /* binary, loosest first */
    SC_AST_OP_OR, /* OR, || (without PIPES_AS_CONCAT) */
    SC_AST_OP_XOR,
    SC_AST_OP_AND,  /* AND, && */
    SC_AST_OP_EQ,   /* = */
    SC_AST_OP_NSEQ, /* <=> */
    SC_AST_OP_NE,   /* <>, != */
    SC_AST_OP_LT,
    SC_AST_OP_LE,
    SC_AST_OP_GT,
    SC_AST_OP_GE,
    SC_AST_OP_REGEXP, /* REGEXP, RLIKE */
    SC_AST_OP_SOUNDS_LIKE,
    SC_AST_OP_BITOR,  /* | */
    SC_AST_OP_BITAND, /* & */
    SC_AST_OP_SHL,    /* << */
    SC_AST_OP_SHR,    /* >> */
    SC_AST_OP_ADD,
    SC_AST_OP_SUB,
    SC_AST_OP_MUL,
    SC_AST_OP_DIV,    /* / */
    SC_AST_OP_INTDIV, /* DIV */
    SC_AST_OP_MOD,    /* MOD, % */
    SC_AST_OP_BITXOR, /* ^ */
    SC_AST_OP_CONCAT, /* || with PIPES_AS_CONCAT */
    /* unary */
    SC_AST_OP_NEG,    /* - */
    SC_AST_OP_BITNOT, /* ~ */
    SC_AST_OP_NOT,    /* NOT, and ! */
    SC_AST_OP_BINARY, /* BINARY x (a cast to binary string) */
} sc_ast_op;

/** Special syntax of some function calls; the printer needs it. */
typedef enum sc_ast_func_form {
    SC_AST_FUNC_PLAIN = 0,  /* name(a, b, ...) */
    SC_AST_FUNC_TRIM,       /* TRIM([LEADING|TRAILING|BOTH] [remstr] FROM str): trim_where,
                           args = {str} or {str, remstr} */
    SC_AST_FUNC_EXTRACT,    /* EXTRACT(unit FROM arg0) */
    SC_AST_FUNC_UNIT_ARGS,  /* TIMESTAMPADD/TIMESTAMPDIFF(unit, a, b) */
    SC_AST_FUNC_CHAR_USING, /* CHAR(a, b USING charset) */
    SC_AST_FUNC_GET_FORMAT, /* GET_FORMAT(DATE|TIME|DATETIME, fmt): unit = the type word */
    SC_AST_FUNC_NO_PARENS,  /* CURRENT_TIMESTAMP, CURRENT_DATE, LOCALTIME... written without () */
} sc_ast_func_form;

typedef enum sc_ast_is_what {
    SC_AST_IS_NULL,
    SC_AST_IS_TRUE,
    SC_AST_IS_FALSE,
    SC_AST_IS_UNKNOWN,
} sc_ast_is_what;

typedef enum sc_ast_trim {
    SC_AST_TRIM_DEFAULT = 0, /* no keyword */
    SC_AST_TRIM_BOTH,
    SC_AST_TRIM_LEADING,
    SC_AST_TRIM_TRAILING,
} sc_ast_trim;

typedef enum sc_ast_var_scope {
    SC_AST_VAR_USER,    /* @name */
    SC_AST_VAR_DEFAULT, /* @@name */
    SC_AST_VAR_SESSION, /* @@session.name, @@local.name */
    SC_AST_VAR_GLOBAL,  /* @@global.name */
} sc_ast_var_scope;

/**
 * One expression node. Which fields are used depends on kind (see the enum
 * comments); unused ones are zero. args holds the operands in source order.
 * start/end are byte offsets of the node's text in the statement (end
 * exclusive), so the raw text is sql[start..end).
 */
struct sc_expr {
    sc_ast_expr_kind kind;
    sc_ast_op op;               /* UNARY / BINARY */
    bool negated;               /* NOT BETWEEN / NOT IN / NOT LIKE / IS NOT / NOT REGEXP */
    sc_ast_lit lit;             /* LITERAL */
    const char *name;           /* FUNC name as written; COLUMN name; VAR name; COLLATE
                                   collation; CONVERT_USING charset; WORD keyword */
    const char *qual_db;        /* COLUMN: db of db.t.c; FUNC: db of db.f(); or NULL */
    const char *qual_table;     /* COLUMN: t of t.c / db.t.c, or NULL */
    sc_ast_var_scope var_scope; /* VAR */
    sc_ast_func_form form;      /* FUNC */
    sc_ast_trim trim_where;     /* FUNC form TRIM */
    const char *unit;           /* INTERVAL/EXTRACT/TIMESTAMPADD unit, upper-case (DAY,
                                   DAY_SECOND...), GET_FORMAT type, or NULL */
    const char *charset;        /* FUNC form CHAR_USING charset */
    sc_ast_is_what is_what;     /* IS */
    sc_ast_type *cast_type;     /* CAST target */
    bool distinct;              /* aggregate(DISTINCT ...) (refused later, kept for text) */
    sc_expr **args;
    size_t n_args;
    sc_expr *case_operand; /* CASE x WHEN ...: x, or NULL for searched CASE */
    sc_expr *case_else;    /* ELSE part or NULL */
    size_t start, end;     /* byte span in the statement text */
    unsigned depth;        /* levels below this node (0 for a leaf; <= SC_PARSE_MAX_DEPTH) */
    /* added for views (ddl/select.h): */
    struct sc_select *select;          /* SUBQUERY parsed in full (SELECT statements), or NULL */
    struct sc_expr_ext *ext;           /* window (OVER), GROUP_CONCAT ORDER BY/SEPARATOR, or NULL */
    bool qualified;                    /* COLUMN: print qual_db/qual_table (resolved view text) */
    const struct sc_column_def *r_col; /* COLUMN: the column it resolved to, or NULL */
};

/* ------------------------------------------------------------------ */
/* Create definitions                                                   */

typedef enum sc_ast_fk_action {
    SC_AST_FK_UNSPECIFIED = 0,
    SC_AST_FK_RESTRICT,
    SC_AST_FK_CASCADE,
    SC_AST_FK_SET_NULL,
    SC_AST_FK_NO_ACTION,
    SC_AST_FK_SET_DEFAULT,
} sc_ast_fk_action;

typedef enum sc_ast_fk_match {
    SC_AST_FK_MATCH_NONE = 0,
    SC_AST_FK_MATCH_FULL,
    SC_AST_FK_MATCH_PARTIAL,
    SC_AST_FK_MATCH_SIMPLE,
} sc_ast_fk_match;

/** REFERENCES tbl (cols) [MATCH ..] [ON DELETE ..] [ON UPDATE ..]. */
typedef struct sc_ast_references {
    sc_ast_qname table;
    const char **columns; /* referenced columns; n_columns may be 0 (column-level
                             REFERENCES t without a list) */
    size_t n_columns;
    sc_ast_fk_match match;
    sc_ast_fk_action on_delete;
    sc_ast_fk_action on_update;
} sc_ast_references;

typedef enum sc_ast_null_spec {
    SC_AST_NULL_UNSPECIFIED = 0,
    SC_AST_NULL_NULL,     /* NULL */
    SC_AST_NULL_NOT_NULL, /* NOT NULL */
} sc_ast_null_spec;

typedef enum sc_ast_gen_kind {
    SC_AST_GEN_NONE = 0,
    SC_AST_GEN_VIRTUAL, /* AS (expr) [VIRTUAL] */
    SC_AST_GEN_STORED,  /* STORED / PERSISTENT */
} sc_ast_gen_kind;

typedef enum sc_ast_col_key {
    SC_AST_COLKEY_NONE = 0,
    SC_AST_COLKEY_PRIMARY, /* [PRIMARY] KEY */
    SC_AST_COLKEY_UNIQUE,  /* UNIQUE [KEY] */
} sc_ast_col_key;

/** A generic `NAME = value` option (unknown table/column/index option). */
typedef struct sc_ast_option {
    const char *name;      /* as written */
    sc_ast_str value;      /* value text: unescaped string, identifier or number */
    bool value_is_string;  /* value was a quoted string */
    bool value_is_default; /* value was DEFAULT */
} sc_ast_option;

/**
 * A column definition. default_expr is set when DEFAULT was given: a literal
 * node for a literal (maybe lit.negative), SC_AST_FUNC_NO_PARENS/FUNC for the
 * unparenthesised CURRENT_TIMESTAMP-style forms, anything for DEFAULT (expr)
 * (default_parens = true).
 */
typedef struct sc_ast_column {
    const char *name;
    sc_ast_type type;
    bool serial;               /* type SERIAL (BIGINT UNSIGNED NOT NULL AUTO_INCREMENT UNIQUE) */
    bool serial_default_value; /* attribute SERIAL DEFAULT VALUE (NOT NULL AUTO_INCREMENT UNIQUE) */
    sc_ast_null_spec null_spec;
    sc_expr *default_expr; /* or NULL */
    bool default_parens;   /* DEFAULT (expr) */
    sc_expr *on_update;    /* ON UPDATE CURRENT_TIMESTAMP[(n)] / NOW(n)..., or NULL */
    bool auto_increment;
    sc_ast_col_key key;       /* PRIMARY KEY / UNIQUE KEY attribute */
    sc_ast_str *comment;      /* or NULL */
    const char *collate;      /* COLLATE attribute, or NULL */
    const char *collate_prev; /* an earlier, different COLLATE of the column (1302), or NULL */
    sc_ast_gen_kind generated;
    sc_expr *gen_expr;             /* generated column expression */
    bool invisible;                /* INVISIBLE */
    sc_expr *check;                /* column CHECK (expr), or NULL */
    sc_ast_references *references; /* column-level REFERENCES, or NULL */
    const char *ref_constraint;    /* CONSTRAINT name before that REFERENCES, or NULL */
    const char *column_format;     /* always NULL (not MariaDB syntax; kept for ABI) */
    const char *storage;           /* always NULL (not MariaDB syntax) */
    int row_period;                /* AS ROW START (1) / ROW END (2), 0 = none (ddl/period.h) */
    int versioning;                /* WITH SYSTEM VERSIONING (1), WITHOUT (-1), 0 = not written */
    sc_ast_num ref_system_id;      /* REF_SYSTEM_ID = n */
    bool compressed;               /* COMPRESSED[=zlib] */
    sc_ast_option *options;        /* engine-defined attributes NAME=value */
    size_t n_options;
    size_t start, end; /* byte span of the whole definition */
} sc_ast_column;

typedef enum sc_ast_index_kind {
    SC_AST_INDEX_KEY = 0, /* KEY / INDEX */
    SC_AST_INDEX_UNIQUE,
    SC_AST_INDEX_PRIMARY,
    SC_AST_INDEX_FULLTEXT,
    SC_AST_INDEX_SPATIAL,
    SC_AST_INDEX_FOREIGN, /* FOREIGN KEY ... REFERENCES */
} sc_ast_index_kind;

typedef enum sc_ast_index_using {
    SC_AST_USING_NONE = 0,
    SC_AST_USING_BTREE,
    SC_AST_USING_HASH,
    SC_AST_USING_RTREE,
} sc_ast_index_using;

typedef enum sc_ast_key_order {
    SC_AST_ORDER_NONE = 0,
    SC_AST_ORDER_ASC,
    SC_AST_ORDER_DESC,
} sc_ast_key_order;

typedef struct sc_ast_key_part {
    const char *column;
    sc_ast_num length; /* prefix length col(n) */
    sc_ast_key_order order;
    bool without_overlaps; /* `period` WITHOUT OVERLAPS: column names the period */
} sc_ast_key_part;

/**
 * An index or foreign key. constraint_given says CONSTRAINT appeared;
 * constraint is its symbol (NULL when `CONSTRAINT` had no name).
 * name is the index name after KEY/INDEX/UNIQUE/FOREIGN KEY, or NULL.
 */
typedef struct sc_ast_index {
    sc_ast_index_kind kind;
    bool constraint_given;
    const char *constraint;
    const char *name;
    bool if_not_exists;       /* ALTER TABLE ADD INDEX IF NOT EXISTS */
    sc_ast_index_using using; /* USING BTREE|HASH|RTREE (last written) */
    sc_ast_key_part *parts;
    size_t n_parts;
    sc_ast_str *comment;           /* COMMENT 'x' or NULL */
    sc_ast_num key_block_size;     /* KEY_BLOCK_SIZE [=] n */
    const char *parser;            /* WITH PARSER name, or NULL */
    int ignored;                   /* -1 unset, 0 NOT IGNORED, 1 IGNORED */
    int visible;                   /* always -1 (MariaDB has no VISIBLE/INVISIBLE indexes) */
    sc_ast_references *references; /* kind FOREIGN: the parent */
    sc_ast_option *options;        /* engine-defined index options */
    size_t n_options;
} sc_ast_index;

/** CONSTRAINT [name] CHECK (expr), or a table-level CHECK (expr). */
typedef struct sc_ast_check {
    const char *name; /* NULL when unnamed */
    sc_expr *expr;
    bool if_not_exists; /* ALTER TABLE ADD CONSTRAINT IF NOT EXISTS */
} sc_ast_check;

typedef enum sc_ast_def_kind {
    SC_AST_DEF_COLUMN,
    SC_AST_DEF_INDEX,
    SC_AST_DEF_CHECK,
    SC_AST_DEF_PERIOD, /* PERIOD FOR ... (recognised, refused by the executor) */
} sc_ast_def_kind;

/** One element of CREATE TABLE (...), in source order. */
typedef struct sc_ast_create_def {
    sc_ast_def_kind kind;
    sc_ast_column *column;        /* SC_AST_DEF_COLUMN */
    sc_ast_index *index;          /* SC_AST_DEF_INDEX */
    sc_ast_check *check;          /* SC_AST_DEF_CHECK */
    struct sc_ast_period *period; /* SC_AST_DEF_PERIOD (ddl/period.h) */
} sc_ast_create_def;

/* ------------------------------------------------------------------ */
/* Table options                                                        */

typedef enum sc_ast_topt_kind {
    SC_AST_TOPT_UNKNOWN = 0, /* NAME = value not known to MariaDB's grammar (1911 later) */
    SC_AST_TOPT_ENGINE,      /* ENGINE / TYPE */
    SC_AST_TOPT_AUTO_INCREMENT,
    SC_AST_TOPT_CHARSET, /* [DEFAULT] CHARACTER SET / CHARSET (value "default" allowed) */
    SC_AST_TOPT_COLLATE, /* [DEFAULT] COLLATE */
    SC_AST_TOPT_COMMENT,
    SC_AST_TOPT_ROW_FORMAT,
    SC_AST_TOPT_KEY_BLOCK_SIZE,
    SC_AST_TOPT_PACK_KEYS,
    SC_AST_TOPT_CHECKSUM, /* CHECKSUM / TABLE_CHECKSUM */
    SC_AST_TOPT_DELAY_KEY_WRITE,
    SC_AST_TOPT_MIN_ROWS,
    SC_AST_TOPT_MAX_ROWS,
    SC_AST_TOPT_AVG_ROW_LENGTH,
    SC_AST_TOPT_STATS_PERSISTENT,
    SC_AST_TOPT_STATS_AUTO_RECALC,
    SC_AST_TOPT_STATS_SAMPLE_PAGES,
    SC_AST_TOPT_PAGE_CHECKSUM,
    SC_AST_TOPT_TRANSACTIONAL,
    SC_AST_TOPT_ENCRYPTED,
    SC_AST_TOPT_ENCRYPTION_KEY_ID,
    SC_AST_TOPT_PAGE_COMPRESSED,
    SC_AST_TOPT_PAGE_COMPRESSION_LEVEL,
    SC_AST_TOPT_DATA_DIRECTORY,
    SC_AST_TOPT_INDEX_DIRECTORY,
    SC_AST_TOPT_INSERT_METHOD,
    SC_AST_TOPT_UNION, /* UNION = (t1, t2): tables in union_tables */
    SC_AST_TOPT_CONNECTION,
    SC_AST_TOPT_PASSWORD,
    SC_AST_TOPT_TABLESPACE,
    SC_AST_TOPT_STORAGE, /* STORAGE DISK|MEMORY */
    SC_AST_TOPT_SEQUENCE,
    SC_AST_TOPT_WITH_SYSTEM_VERSIONING,
} sc_ast_topt_kind;

/**
 * One table option, in source order. value holds the text (identifier,
 * unescaped string, or digits as written; "DEFAULT" when value_is_default).
 * num is the parsed number for numeric options.
 */
typedef struct sc_ast_table_option {
    sc_ast_topt_kind kind;
    const char *name; /* the option keyword as written (for messages, 1911);
                         unquoted for NAME = value options (`FOO`=1 -> FOO) */
    sc_ast_str value;
    bool value_is_string;  /* written as a quoted string */
    bool value_is_default; /* = DEFAULT */
    bool default_prefix;   /* DEFAULT CHARSET / DEFAULT COLLATE */
    sc_ast_num num;
    sc_ast_qname *union_tables; /* UNION */
    size_t n_union_tables;
} sc_ast_table_option;

/* ------------------------------------------------------------------ */
/* Statements                                                           */

typedef struct sc_ast_create_table {
    bool or_replace;
    bool temporary;
    bool if_not_exists;
    sc_ast_qname name;
    sc_ast_create_def *defs; /* (...) elements in order, n_defs may be 0 */
    size_t n_defs;
    sc_ast_table_option *options;
    size_t n_options;
    sc_ast_qname *like;                    /* CREATE TABLE t LIKE x / (LIKE x), or NULL */
    bool has_select;                       /* ... [AS] SELECT / ( SELECT ...) */
    sc_ast_str select_text;                /* the SELECT part as written */
    int select_dup;                        /* 0, 1 = IGNORE, 2 = REPLACE before the SELECT */
    bool has_partition;                    /* PARTITION BY ... present */
    bool has_system_versioning;            /* WITH SYSTEM VERSIONING */
    struct sc_select *select;              /* the SELECT parsed (ddl/select.h) when has_select */
    struct sc_ast_partitioning *partition; /* PARTITION BY (ddl/partition.h), or NULL */
} sc_ast_create_table;

typedef enum sc_ast_alter_kind {
    SC_AST_ALTER_ADD_COLUMN,  /* column; position (first/after) */
    SC_AST_ALTER_ADD_INDEX,   /* index (incl. FOREIGN KEY) */
    SC_AST_ALTER_ADD_CHECK,   /* check */
    SC_AST_ALTER_DROP_COLUMN, /* name, if_exists */
    SC_AST_ALTER_DROP_INDEX,  /* name, if_exists */
    SC_AST_ALTER_DROP_PRIMARY_KEY,
    SC_AST_ALTER_DROP_FOREIGN_KEY, /* name, if_exists */
    SC_AST_ALTER_DROP_CONSTRAINT,  /* name, if_exists */
    SC_AST_ALTER_MODIFY_COLUMN,    /* column, if_exists, position */
    SC_AST_ALTER_CHANGE_COLUMN,    /* name (old), column (new), if_exists, position */
    SC_AST_ALTER_RENAME_COLUMN,    /* name -> new_name */
    SC_AST_ALTER_RENAME_INDEX,     /* name -> new_name */
    SC_AST_ALTER_RENAME_TABLE,     /* new_table */
    SC_AST_ALTER_SET_DEFAULT,      /* name, default_expr (+ default_parens) */
    SC_AST_ALTER_DROP_DEFAULT,     /* name */
    SC_AST_ALTER_INDEX_IGNORED,    /* name, ignored (true = IGNORED) */
    SC_AST_ALTER_TABLE_OPTIONS,    /* options */
    SC_AST_ALTER_CONVERT_CHARSET,  /* charset (may be "default"), collate */
    SC_AST_ALTER_ORDER_BY,         /* accepted and ignored by the catalog */
    SC_AST_ALTER_ALGORITHM,        /* value (DEFAULT/COPY/INPLACE/NOCOPY/INSTANT) */
    SC_AST_ALTER_LOCK,             /* value (DEFAULT/NONE/SHARED/EXCLUSIVE) */
    SC_AST_ALTER_FORCE,
    SC_AST_ALTER_ENABLE_KEYS,
    SC_AST_ALTER_DISABLE_KEYS,
    SC_AST_ALTER_UNSUPPORTED,     /* PARTITION ops, DISCARD TABLESPACE...: value = words */
    SC_AST_ALTER_ADD_VERSIONING,  /* ADD SYSTEM VERSIONING */
    SC_AST_ALTER_DROP_VERSIONING, /* DROP SYSTEM VERSIONING */
    SC_AST_ALTER_ADD_PERIOD,      /* period (if_not_exists) */
    SC_AST_ALTER_DROP_PERIOD,     /* period name (if_exists) */
} sc_ast_alter_kind;

typedef enum sc_ast_position {
    SC_AST_POS_DEFAULT = 0, /* at the end / in place */
    SC_AST_POS_FIRST,
    SC_AST_POS_AFTER, /* after the column `after` */
} sc_ast_position;

/** One alter specification; fields used per kind (see sc_ast_alter_kind). */
typedef struct sc_ast_alter_spec {
    sc_ast_alter_kind kind;
    bool if_exists;        /* DROP/MODIFY/CHANGE ... IF EXISTS */
    bool if_not_exists;    /* ADD COLUMN IF NOT EXISTS (index: in index) */
    const char *name;      /* existing column/index/constraint name */
    const char *new_name;  /* RENAME COLUMN/INDEX target */
    sc_ast_column *column; /* new definition (ADD/MODIFY/CHANGE) */
    sc_ast_position position;
    const char *after;      /* SC_AST_POS_AFTER column */
    sc_ast_index *index;    /* ADD INDEX/KEY/.../FOREIGN KEY */
    sc_ast_check *check;    /* ADD [CONSTRAINT [name]] CHECK */
    sc_ast_qname new_table; /* RENAME [TO|AS] */
    sc_expr *default_expr;  /* SET DEFAULT */
    bool default_parens;
    bool ignored;                 /* ALTER INDEX i IGNORED (true) / NOT IGNORED */
    sc_ast_table_option *options; /* TABLE_OPTIONS */
    size_t n_options;
    const char *charset; /* CONVERT TO CHARACTER SET */
    const char *collate;
    const char *value;            /* ALGORITHM/LOCK value, UNSUPPORTED words */
    struct sc_ast_period *period; /* ADD/DROP PERIOD (ddl/period.h) */
} sc_ast_alter_spec;

typedef struct sc_ast_alter_table {
    bool online;
    bool ignore;
    bool if_exists; /* ALTER TABLE IF EXISTS t */
    sc_ast_qname name;
    sc_ast_alter_spec *specs; /* in order; n_specs may be 0 (ALTER TABLE t;) */
    size_t n_specs;
    bool has_partition;             /* partition options present (refused) */
    struct sc_ast_part_op *part_op; /* partition command (ddl/partition.h), or NULL */
} sc_ast_alter_table;

/** CREATE / ALTER DATABASE options, in order (charset/collate may repeat). */
typedef struct sc_ast_db_option {
    sc_ast_topt_kind kind; /* SC_AST_TOPT_CHARSET, SC_AST_TOPT_COLLATE or SC_AST_TOPT_COMMENT */
    sc_ast_str value;      /* name ("default" allowed) or comment text */
    bool default_prefix;
} sc_ast_db_option;

typedef struct sc_ast_database {
    bool or_replace;
    bool if_not_exists; /* CREATE */
    bool if_exists;     /* DROP */
    const char *name;   /* NULL for ALTER DATABASE without a name */
    sc_ast_db_option *options;
    size_t n_options;
    bool upgrade_data_dir_name; /* ALTER DATABASE x UPGRADE DATA DIRECTORY NAME */
} sc_ast_database;

typedef struct sc_ast_drop_table {
    bool temporary;
    bool if_exists;
    sc_ast_qname *tables;
    size_t n_tables;
    bool cascade; /* RESTRICT/CASCADE are accepted and ignored */
} sc_ast_drop_table;

typedef struct sc_ast_rename_pair {
    sc_ast_qname from;
    sc_ast_qname to;
} sc_ast_rename_pair;

typedef struct sc_ast_rename_table {
    bool if_exists;
    sc_ast_rename_pair *pairs;
    size_t n_pairs;
} sc_ast_rename_table;

/** CREATE INDEX / DROP INDEX. */
typedef struct sc_ast_index_stmt {
    bool or_replace;
    bool if_not_exists;
    bool if_exists;
    sc_ast_qname table;
    sc_ast_index *index;   /* CREATE: the definition; DROP: name only */
    const char *algorithm; /* ALGORITHM [=] x, or NULL */
    const char *lock;      /* LOCK [=] x, or NULL */
} sc_ast_index_stmt;

typedef enum sc_ast_set_kind {
    SC_AST_SET_VAR,     /* [scope] name = value */
    SC_AST_SET_NAMES,   /* NAMES charset [COLLATE collation] / NAMES DEFAULT */
    SC_AST_SET_CHARSET, /* CHARACTER SET charset / DEFAULT */
} sc_ast_set_kind;

typedef struct sc_ast_set_item {
    sc_ast_set_kind kind;
    sc_ast_var_scope scope; /* SESSION/LOCAL -> SC_AST_VAR_SESSION; GLOBAL; @x -> USER */
    const char *name;       /* variable name as written (without @@ or scope) */
    const char *component;  /* a.b style variables: the first part, or NULL */
    sc_expr *value;         /* SC_AST_SET_VAR */
    const char *charset;    /* SC_AST_SET_NAMES / SC_AST_SET_CHARSET; NULL = DEFAULT */
    const char *collate;    /* SC_AST_SET_NAMES ... COLLATE x */
} sc_ast_set_item;

typedef struct sc_ast_set {
    sc_ast_set_item *items;
    size_t n_items;
} sc_ast_set;

typedef enum sc_ast_show_kind {
    SC_AST_SHOW_CREATE_TABLE,
    SC_AST_SHOW_CREATE_DATABASE, /* also SCHEMA; if_not_exists allowed */
    SC_AST_SHOW_DATABASES,
    SC_AST_SHOW_TABLES,       /* full, from_db */
    SC_AST_SHOW_COLUMNS,      /* full, table, from_db; DESCRIBE t [col] (describe) */
    SC_AST_SHOW_INDEX,        /* INDEX/INDEXES/KEYS: table, from_db */
    SC_AST_SHOW_TABLE_STATUS, /* from_db */
    SC_AST_SHOW_WARNINGS,     /* limit; count: SHOW COUNT(*) WARNINGS */
    SC_AST_SHOW_ERRORS,       /* same */
    SC_AST_SHOW_VARIABLES,    /* global */
    SC_AST_SHOW_CHARSET,
    SC_AST_SHOW_COLLATION,
    SC_AST_SHOW_ENGINES,
    SC_AST_SHOW_TRIGGERS,      /* from_db */
    SC_AST_SHOW_CREATE_OBJECT, /* SHOW CREATE VIEW/SEQUENCE/TRIGGER name: object */
    SC_AST_SHOW_SELECT,        /* SELECT ... FROM information_schema.T: select */
} sc_ast_show_kind;

/** One item of a select list: an expression or `*`. */
typedef struct sc_ast_select_item {
    sc_expr *expr;     /* NULL for `*` */
    const char *alias; /* AS alias, or NULL */
    const char *text;  /* the item as written (its column name when not a plain column) */
} sc_ast_select_item;

/** ORDER BY / PARTITION BY element (SHOW ... ORDER BY and SELECT share it). */
typedef struct sc_order_item {
    sc_expr *e;
    bool desc; /* DESC */
} sc_order_item;

/** SELECT list FROM one table [WHERE] [ORDER BY] [LIMIT]: information_schema queries. */
typedef struct sc_ast_select {
    sc_ast_select_item *items;
    size_t n_items;
    const char *from_db;    /* FROM db.table: db, or NULL */
    const char *from_table; /* as written */
    const char *alias;      /* table alias or NULL */
    sc_expr *where;         /* or NULL */
    sc_order_item *order;
    size_t n_order;
    bool has_limit;
    uint64_t limit, offset;
} sc_ast_select;

typedef struct sc_ast_show {
    sc_ast_show_kind kind;
    bool full;
    bool if_not_exists;
    bool describe;  /* DESCRIBE/DESC/EXPLAIN t [col]: like holds col (a pattern) */
    bool global;    /* SHOW GLOBAL VARIABLES */
    bool count;     /* SHOW COUNT(*) WARNINGS|ERRORS */
    bool has_limit; /* SHOW WARNINGS LIMIT */
    uint64_t limit, offset;
    const char *object;    /* SHOW CREATE VIEW|SEQUENCE|TRIGGER: the upper-case word */
    sc_ast_qname name;     /* table / database (name.name) */
    const char *from_db;   /* FROM/IN db, or NULL */
    sc_ast_str like;       /* LIKE 'pattern' (s NULL when absent) */
    sc_expr *where;        /* WHERE condition or NULL */
    sc_ast_select *select; /* SC_AST_SHOW_SELECT */
} sc_ast_show;

typedef enum sc_ast_stmt_kind {
    SC_AST_STMT_EMPTY,           /* only comments / whitespace */
    SC_AST_STMT_CREATE_DATABASE, /* database */
    SC_AST_STMT_ALTER_DATABASE,  /* database */
    SC_AST_STMT_DROP_DATABASE,   /* database */
    SC_AST_STMT_CREATE_TABLE,    /* create_table */
    SC_AST_STMT_ALTER_TABLE,     /* alter_table */
    SC_AST_STMT_DROP_TABLE,      /* drop_table */
    SC_AST_STMT_RENAME_TABLE,    /* rename_table */
    SC_AST_STMT_TRUNCATE_TABLE,  /* truncate_table */
    SC_AST_STMT_CREATE_INDEX,    /* index_stmt */
    SC_AST_STMT_DROP_INDEX,      /* index_stmt */
    SC_AST_STMT_USE,             /* use_db */
    SC_AST_STMT_SET,             /* set */
    SC_AST_STMT_SHOW,            /* show */
    SC_AST_STMT_BEGIN,           /* BEGIN [WORK], START TRANSACTION */
    SC_AST_STMT_COMMIT,
    SC_AST_STMT_ROLLBACK,
    SC_AST_STMT_UNSUPPORTED, /* unsupported_what, e.g. "CREATE VIEW", "INSERT" */
    /* added for views and triggers (ddl/select.h): */
    SC_AST_STMT_CREATE_VIEW,    /* view */
    SC_AST_STMT_ALTER_VIEW,     /* view */
    SC_AST_STMT_DROP_VIEW,      /* drop_table (the list of views) */
    SC_AST_STMT_CREATE_TRIGGER, /* trigger */
    SC_AST_STMT_DROP_TRIGGER,   /* trigger (name, if_exists) */
    /* added for sequences (ddl/sequence.h): */
    SC_AST_STMT_CREATE_SEQUENCE, /* sequence */
    SC_AST_STMT_ALTER_SEQUENCE,  /* sequence */
    SC_AST_STMT_DROP_SEQUENCE,   /* sequence (names) */
    SC_AST_STMT_STORED_OBJECT,   /* stored: CREATE/ALTER/DROP PROCEDURE, FUNCTION, EVENT */
} sc_ast_stmt_kind;

/* A statement on a stored procedure, function or event: syscat keeps none,
 * so DROP and ALTER find nothing (as MariaDB does for a missing one) and
 * CREATE is refused with an error that says so (ddl/exec_stored.c). */
typedef struct sc_ast_stored_object {
    const char *verb;   /* "CREATE", "ALTER" or "DROP" */
    const char *object; /* "PROCEDURE", "FUNCTION" or "EVENT" */
    sc_ast_qname name;
    bool if_exists;      /* DROP ... IF EXISTS */
    sc_ast_qname rename; /* ALTER EVENT ... RENAME TO name (name NULL: none) */
} sc_ast_stored_object;

/**
 * A parsed statement. Owns its arena: free with sc_ast__stmt_free(). text is
 * a copy of the statement (offsets in nodes index into it).
 */
typedef struct sc_ast_stmt {
    sc_ast_stmt_kind kind;
    sc_arena *arena;
    const char *text; /* the statement text (copy, NUL-terminated) */
    size_t text_len;
    sc_ast_database *database;
    sc_ast_create_table *create_table;
    sc_ast_alter_table *alter_table;
    sc_ast_drop_table *drop_table;
    sc_ast_rename_table *rename_table;
    sc_ast_qname truncate_table;
    sc_ast_index_stmt *index_stmt;
    const char *use_db;
    sc_ast_set *set;
    sc_ast_set *set_statement; /* SET STATEMENT v=x[, ...] FOR <this statement>: the
                                  session variables set while it runs, then restored */
    sc_ast_show *show;
    const char *unsupported_what; /* upper-case statement kind words */
    /* added for views and triggers (ddl/select.h): */
    struct sc_ast_view *view;
    struct sc_ast_trigger *trigger;
    struct sc_ast_sequence *sequence; /* ddl/sequence.h */
    sc_ast_stored_object *stored;     /* SC_AST_STMT_STORED_OBJECT */
} sc_ast_stmt;

/** Free a statement and everything it holds (NULL is fine). */
void sc_ast__stmt_free(sc_ast_stmt *stmt);

/** Name of a statement kind ("CREATE TABLE"...), for messages and tests. */
const char *sc_ast__stmt_kind_name(sc_ast_stmt_kind kind);

#endif /* SC_DDL_AST_H */

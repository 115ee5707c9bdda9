/*
 * parse_type.c - data types (column definitions and CAST targets) and the
 * table options of CREATE/ALTER TABLE, as MariaDB 10.11's grammar accepts
 * them (sql_yacc.yy field_type_*, opt_binary, field_options,
 * create_table_option).
 *
 * Synonyms are folded here (see ast.h for the list); the charset attributes
 * must follow the type directly (`VARCHAR(5) NOT NULL CHARACTER SET x` is a
 * syntax error in MariaDB, and so is a second CHARACTER SET), while COLLATE
 * may also come later as a column attribute (parse_table.c).
 */
#include <string.h>
#include <strings.h>

#include "ddl/parse_int.h"
#include "catalog/errmsg.h"

/* What may follow a type keyword. */
typedef enum type_rule {
    R_INT,       /* [(M)] field_options */
    R_REAL,      /* [(M,D)] field_options */
    R_FLOAT,     /* [(p) | (M,D)] field_options */
    R_BIT,       /* [(M)] */
    R_CHAR,      /* [(M)] opt_binary */
    R_VARCHAR,   /* (M) opt_binary */
    R_BINARY,    /* [(M)] */
    R_VARBINARY, /* (M) */
    R_TEMPORAL,  /* [(fsp)] */
    R_YEAR,      /* [(M)] field_options */
    R_PLAIN,     /* nothing */
    R_TEXT,      /* [(M)] opt_binary */
    R_LOB_TEXT,  /* opt_binary */
    R_BLOB,      /* [(M)] */
    R_ENUM,      /* (values) opt_binary */
    R_LOB,       /* [COMPRESSED] (BLOB types, JSON) */
    R_PLUGIN,    /* float_options [REF_SYSTEM_ID = n] (spatial, INET4/6, UUID) */
} type_rule;

typedef struct type_word {
    const char *word;
    sc_ast_type_kind kind;
    type_rule rule;
} type_word;

static const type_word type_words[] = {
    {"TINYINT", SC_AST_TYPE_TINYINT, R_INT},
    {"INT1", SC_AST_TYPE_TINYINT, R_INT},
    {"SMALLINT", SC_AST_TYPE_SMALLINT, R_INT},
    {"INT2", SC_AST_TYPE_SMALLINT, R_INT},
    {"MEDIUMINT", SC_AST_TYPE_MEDIUMINT, R_INT},
    {"INT3", SC_AST_TYPE_MEDIUMINT, R_INT},
    {"MIDDLEINT", SC_AST_TYPE_MEDIUMINT, R_INT},
    {"INT", SC_AST_TYPE_INT, R_INT},
    {"INTEGER", SC_AST_TYPE_INT, R_INT},
    {"INT4", SC_AST_TYPE_INT, R_INT},
    {"BIGINT", SC_AST_TYPE_BIGINT, R_INT},
    {"INT8", SC_AST_TYPE_BIGINT, R_INT},
    {"DOUBLE", SC_AST_TYPE_DOUBLE, R_REAL},
    {"FLOAT8", SC_AST_TYPE_DOUBLE, R_REAL},
    {"REAL", SC_AST_TYPE_DOUBLE, R_REAL},
    {"FLOAT", SC_AST_TYPE_FLOAT, R_FLOAT},
    {"FLOAT4", SC_AST_TYPE_FLOAT, R_FLOAT},
    {"DECIMAL", SC_AST_TYPE_DECIMAL, R_FLOAT},
    {"DEC", SC_AST_TYPE_DECIMAL, R_FLOAT},
    {"NUMERIC", SC_AST_TYPE_DECIMAL, R_FLOAT},
    {"FIXED", SC_AST_TYPE_DECIMAL, R_FLOAT},
    {"BIT", SC_AST_TYPE_BIT, R_BIT},
    {"VARCHAR", SC_AST_TYPE_VARCHAR, R_VARCHAR},
    {"VARCHARACTER", SC_AST_TYPE_VARCHAR, R_VARCHAR},
    {"BINARY", SC_AST_TYPE_BINARY, R_BINARY},
    {"VARBINARY", SC_AST_TYPE_VARBINARY, R_VARBINARY},
    {"DATE", SC_AST_TYPE_DATE, R_PLAIN},
    {"TIME", SC_AST_TYPE_TIME, R_TEMPORAL},
    {"DATETIME", SC_AST_TYPE_DATETIME, R_TEMPORAL},
    {"TIMESTAMP", SC_AST_TYPE_TIMESTAMP, R_TEMPORAL},
    {"YEAR", SC_AST_TYPE_YEAR, R_YEAR},
    {"TINYBLOB", SC_AST_TYPE_TINYBLOB, R_LOB},
    {"BLOB", SC_AST_TYPE_BLOB, R_BLOB},
    {"MEDIUMBLOB", SC_AST_TYPE_MEDIUMBLOB, R_LOB},
    {"LONGBLOB", SC_AST_TYPE_LONGBLOB, R_LOB},
    {"TINYTEXT", SC_AST_TYPE_TINYTEXT, R_LOB_TEXT},
    {"TEXT", SC_AST_TYPE_TEXT, R_TEXT},
    {"MEDIUMTEXT", SC_AST_TYPE_MEDIUMTEXT, R_LOB_TEXT},
    {"LONGTEXT", SC_AST_TYPE_LONGTEXT, R_LOB_TEXT},
    {"ENUM", SC_AST_TYPE_ENUM, R_ENUM},
    {"SET", SC_AST_TYPE_SET, R_ENUM},
    {"JSON", SC_AST_TYPE_JSON, R_LOB},
    {"GEOMETRY", SC_AST_TYPE_GEOMETRY, R_PLUGIN},
    {"POINT", SC_AST_TYPE_POINT, R_PLUGIN},
    {"LINESTRING", SC_AST_TYPE_LINESTRING, R_PLUGIN},
    {"POLYGON", SC_AST_TYPE_POLYGON, R_PLUGIN},
    {"MULTIPOINT", SC_AST_TYPE_MULTIPOINT, R_PLUGIN},
    {"MULTILINESTRING", SC_AST_TYPE_MULTILINESTRING, R_PLUGIN},
    {"MULTIPOLYGON", SC_AST_TYPE_MULTIPOLYGON, R_PLUGIN},
    {"GEOMETRYCOLLECTION", SC_AST_TYPE_GEOMETRYCOLLECTION, R_PLUGIN},
    {"INET4", SC_AST_TYPE_INET4, R_PLUGIN},
    {"INET6", SC_AST_TYPE_INET6, R_PLUGIN},
    {"UUID", SC_AST_TYPE_UUID, R_PLUGIN},
};

/* ------------------------------------------------------------------ */
/* Lengths and options                                                  */

/* '(' NUM ')' */
static int field_length(sc_parser *p, sc_ast_num *len)
{
    SC_TRY(sc_parse__expect_op(p, "("));
    SC_TRY(sc_parse__number(p, len));
    return sc_parse__expect_op(p, ")");
}

static int opt_field_length(sc_parser *p, sc_ast_num *len)
{
    if (!sc_parse__is_op(p, 0, "("))
        return SC_OK;
    return field_length(p, len);
}

/* [ '(' NUM [',' NUM] ')' ]; need_scale: the (M,D) form is the only one. */
static int precision(sc_parser *p, sc_ast_type *t, bool need_scale)
{
    if (!sc_parse__accept_op(p, "("))
        return SC_OK;
    SC_TRY(sc_parse__number(p, &t->length));
    if (need_scale || sc_parse__is_op(p, 0, ",")) {
        SC_TRY(sc_parse__expect_op(p, ","));
        SC_TRY(sc_parse__number(p, &t->decimals));
        /* MariaDB reports DECIMAL(10,2,3) at the `3`, not at the second comma */
        if (sc_parse__is_op(p, 0, ","))
            return sc_parse__syntax_error_at(p, p->pos + 1);
    }
    return sc_parse__expect_op(p, ")");
}

/* SIGNED | UNSIGNED [ZEROFILL] | ZEROFILL [UNSIGNED] */
static void field_options(sc_parser *p, sc_ast_type *t)
{
    if (sc_parse__accept_word(p, "SIGNED")) {
        t->is_signed = true;
    } else if (sc_parse__accept_word(p, "UNSIGNED")) {
        t->is_unsigned = true;
        t->zerofill = sc_parse__accept_word(p, "ZEROFILL");
    } else if (sc_parse__accept_word(p, "ZEROFILL")) {
        t->zerofill = t->is_unsigned = true;
        (void)sc_parse__accept_word(p, "UNSIGNED");
    }
}

/* CHARACTER SET x / CHARSET x / ASCII / UNICODE: the charset part of opt_binary. */
static int charset_or_alias(sc_parser *p, sc_ast_type *t, bool *found)
{
    *found = true;
    if (sc_parse__accept_word(p, "ASCII")) {
        t->charset = "latin1";
        return SC_OK;
    }
    if (sc_parse__accept_word(p, "UNICODE")) {
        t->charset = "ucs2";
        return SC_OK;
    }
    if (sc_parse__is_word(p, 0, "CHARACTER") && sc_parse__is_word(p, 1, "SET")) {
        sc_parse__skip(p);
        sc_parse__skip(p);
        return sc_parse__charset_name(p, &t->charset, false);
    }
    if (sc_parse__accept_word(p, "CHARSET"))
        return sc_parse__charset_name(p, &t->charset, false);
    *found = false;
    return SC_OK;
}

/* COLLATE right after a charset: COLLATE name | COLLATE DEFAULT. */
static int opt_charset_collate(sc_parser *p, sc_ast_type *t)
{
    if (!sc_parse__accept_word(p, "COLLATE"))
        return SC_OK;
    if (sc_parse__is_word(p, 0, "DEFAULT")) {
        sc_parse__skip(p);
        t->collate = "default";
        return SC_OK;
    }
    return sc_parse__ident_or_text(p, &t->collate);
}

/*
 * opt_binary: BYTE | charset [BINARY] [COLLATE x] | BINARY [charset] |
 * ASCII/UNICODE [BINARY].
 */
static int opt_binary(sc_parser *p, sc_ast_type *t)
{
    bool found;

    if (sc_parse__accept_word(p, "BYTE")) {
        t->charset = "binary";
        return SC_OK;
    }
    if (sc_parse__accept_word(p, "BINARY")) {
        t->binary = true;
        return charset_or_alias(p, t, &found);
    }
    SC_TRY(charset_or_alias(p, t, &found));
    if (!found)
        return SC_OK;
    if (sc_parse__accept_word(p, "BINARY")) {
        t->binary = true;
        return SC_OK;
    }
    return opt_charset_collate(p, t);
}

/* [COMPRESSED [= method]] */
static int opt_compressed(sc_parser *p, sc_ast_type *t)
{
    const char *method;

    if (!sc_parse__accept_word(p, "COMPRESSED"))
        return SC_OK;
    t->compressed = true;
    if (sc_parse__accept_op(p, "=") || sc_parse__accept_op(p, ":="))
        return sc_parse__ident(p, &method);
    return SC_OK;
}

/* opt_binary_and_compression: binary [COMPRESSED] | COMPRESSED [binary] (text types). */
static int binary_and_compression(sc_parser *p, sc_ast_type *t)
{
    if (sc_parse__is_word(p, 0, "COMPRESSED")) {
        SC_TRY(opt_compressed(p, t));
        return opt_binary(p, t);
    }
    SC_TRY(opt_binary(p, t));
    return opt_compressed(p, t);
}

/* float_options [REF_SYSTEM_ID = n] of the types named by an identifier. */
static int plugin_options(sc_parser *p, sc_ast_type *t)
{
    SC_TRY(precision(p, t, false));
    if (!sc_parse__accept_word(p, "REF_SYSTEM_ID"))
        return SC_OK;
    SC_TRY(sc_parse__expect_op(p, "="));
    return sc_parse__number(p, &t->srid);
}

/* NCHAR / NATIONAL types only take BINARY. */
static void opt_bin_mod(sc_parser *p, sc_ast_type *t)
{
    if (sc_parse__accept_word(p, "BINARY"))
        t->binary = true;
}

static int enum_value(sc_parser *p, void *slot)
{
    return sc_parse__text_string(p, slot);
}

/* '(' 'a', 'b' ... ')' of ENUM/SET */
static int enum_values(sc_parser *p, sc_ast_type *t)
{
    SC_TRY(sc_parse__expect_op(p, "("));
    SC_TRY(sc_parse__list(p, (void **)&t->values, &t->n_values, sizeof(*t->values), enum_value));
    return sc_parse__expect_op(p, ")");
}

static int apply_rule(sc_parser *p, sc_ast_type *t, type_rule rule)
{
    switch (rule) {
    case R_INT:
    case R_YEAR:
        SC_TRY(opt_field_length(p, &t->length));
        field_options(p, t);
        return SC_OK;
    case R_REAL:
    case R_FLOAT:
        SC_TRY(precision(p, t, rule == R_REAL));
        field_options(p, t);
        return SC_OK;
    case R_BIT:
    case R_BINARY:
    case R_TEMPORAL:
        return opt_field_length(p, &t->length);
    case R_BLOB:
        SC_TRY(opt_field_length(p, &t->length));
        return opt_compressed(p, t);
    case R_CHAR:
        SC_TRY(opt_field_length(p, &t->length));
        return opt_binary(p, t);
    case R_TEXT:
        SC_TRY(opt_field_length(p, &t->length));
        return binary_and_compression(p, t);
    case R_VARCHAR:
        SC_TRY(field_length(p, &t->length));
        return binary_and_compression(p, t);
    case R_VARBINARY:
        SC_TRY(field_length(p, &t->length));
        return opt_compressed(p, t);
    case R_LOB_TEXT:
        return binary_and_compression(p, t);
    case R_LOB:
        return opt_compressed(p, t);
    case R_PLUGIN:
        return plugin_options(p, t);
    case R_ENUM:
        SC_TRY(enum_values(p, t));
        return opt_binary(p, t);
    case R_PLAIN:
        return SC_OK;
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Multi-word types                                                     */

/* NATIONAL CHAR [VARYING] / NATIONAL VARCHAR / NCHAR [VARYING] / NVARCHAR */
static int national_type(sc_parser *p, sc_ast_type *t, bool *handled)
{
    bool varying = false;

    *handled = true;
    if (sc_parse__accept_word(p, "NATIONAL")) {
        if (sc_parse__accept_word(p, "VARCHAR")) {
            varying = true;
        } else {
            if (!sc_parse__accept_word(p, "CHAR") && !sc_parse__accept_word(p, "CHARACTER"))
                return sc_parse__syntax_error(p);
            varying = sc_parse__accept_word(p, "VARYING");
        }
    } else if (sc_parse__accept_word(p, "NCHAR")) {
        varying = sc_parse__accept_word(p, "VARYING") || sc_parse__accept_word(p, "VARCHAR");
    } else if (sc_parse__accept_word(p, "NVARCHAR")) {
        varying = true;
    } else {
        *handled = false;
        return SC_OK;
    }
    t->national = true;
    t->kind = varying ? SC_AST_TYPE_VARCHAR : SC_AST_TYPE_CHAR;
    if (varying) {
        SC_TRY(field_length(p, &t->length));
        SC_TRY(opt_compressed(p, t));
    } else {
        SC_TRY(opt_field_length(p, &t->length));
    }
    opt_bin_mod(p, t);
    return SC_OK;
}

/* CHAR/CHARACTER [VARYING], LONG [VARBINARY|VARCHAR|CHAR VARYING], DOUBLE PRECISION,
 * BOOL/BOOLEAN, SERIAL. */
static int word_type(sc_parser *p, sc_ast_type *t, bool *serial, bool *handled)
{
    *handled = true;
    if (sc_parse__accept_word(p, "CHAR") || sc_parse__accept_word(p, "CHARACTER")) {
        bool varying = sc_parse__accept_word(p, "VARYING");
        t->kind = varying ? SC_AST_TYPE_VARCHAR : SC_AST_TYPE_CHAR;
        return apply_rule(p, t, varying ? R_VARCHAR : R_CHAR);
    }
    if (sc_parse__accept_word(p, "LONG")) {
        if (sc_parse__accept_word(p, "VARBINARY")) {
            t->kind = SC_AST_TYPE_MEDIUMBLOB;
            return opt_compressed(p, t);
        }
        if (!sc_parse__accept_word(p, "VARCHAR") &&
            (sc_parse__accept_word(p, "CHAR") || sc_parse__accept_word(p, "CHARACTER")))
            SC_TRY(sc_parse__expect_word(p, "VARYING"));
        t->kind = SC_AST_TYPE_MEDIUMTEXT;
        return binary_and_compression(p, t);
    }
    if (sc_parse__accept_word(p, "DOUBLE")) {
        (void)sc_parse__accept_word(p, "PRECISION");
        t->kind = SC_AST_TYPE_DOUBLE;
        return apply_rule(p, t, R_REAL);
    }
    if (sc_parse__accept_word(p, "BOOL") || sc_parse__accept_word(p, "BOOLEAN")) {
        t->kind = SC_AST_TYPE_TINYINT;
        t->length.present = true;
        t->length.value = 1;
        t->length.text = "1";
        return SC_OK;
    }
    if (serial && sc_parse__accept_word(p, "SERIAL")) {
        t->kind = SC_AST_TYPE_BIGINT;
        t->is_unsigned = true;
        *serial = true;
        return SC_OK;
    }
    *handled = false;
    return national_type(p, t, handled);
}

/*
 * A type named by an identifier that no handler knows: MariaDB parses
 * IDENT_sys float_options srid_option, then fails with 4161 Unknown data
 * type. A keyword there is a syntax error.
 */
static int unknown_type(sc_parser *p, sc_ast_type *t)
{
    const char *name;

    if (!sc_parse__is_ident_sys(p, 0))
        return sc_parse__syntax_error(p);
    SC_TRY(sc_parse__ident(p, &name));
    SC_TRY(plugin_options(p, t));
    return sc_error_set_er(p->ctx, SC_ESYNTAX, SC_ER_UNKNOWN_DATA_TYPE, name);
}

static int column_type(sc_parser *p, sc_ast_type *t, bool *serial)
{
    bool handled;
    size_t i;

    const sc_token *tok;
    unsigned char c0;

    SC_TRY(word_type(p, t, serial, &handled));
    if (handled)
        return SC_OK;
    /* the words are upper case: a word whose first letter differs is not compared */
    tok = sc_parse__tok(p, 0);
    c0 = tok->kind == SC_TOK_IDENT && tok->len ? sc_lex__upper((unsigned char)p->sql[tok->start])
                                               : 0;
    for (i = 0; i < sizeof(type_words) / sizeof(type_words[0]); i++) {
        if ((unsigned char)type_words[i].word[0] == c0 &&
            sc_parse__accept_word(p, type_words[i].word)) {
            t->kind = type_words[i].kind;
            if (t->kind == SC_AST_TYPE_DOUBLE && (p->flags & SC_PARSE_REAL_AS_FLOAT) &&
                sc_lex__is_word(p->sql, &p->toks[p->pos - 1], "REAL"))
                t->kind = SC_AST_TYPE_FLOAT;
            return apply_rule(p, t, type_words[i].rule);
        }
    }
    return unknown_type(p, t);
}

/* ------------------------------------------------------------------ */
/* CAST targets                                                         */

static int cast_int_word(sc_parser *p)
{
    if (!sc_parse__accept_word(p, "INT"))
        (void)sc_parse__accept_word(p, "INTEGER");
    return SC_OK;
}

/* CAST targets named by an identifier (MariaDB's IDENT_sys cast_type). */
static int cast_ident_type(sc_parser *p, sc_ast_type *t)
{
    static const struct {
        const char *word;
        sc_ast_type_kind kind;
    } idents[] = {
        {"INET4", SC_AST_TYPE_INET4},
        {"INET6", SC_AST_TYPE_INET6},
        {"UUID", SC_AST_TYPE_UUID},
    };
    const char *name;
    size_t i;

    if (!sc_parse__is_ident_sys(p, 0))
        return sc_parse__syntax_error(p);
    for (i = 0; i < sizeof(idents) / sizeof(idents[0]); i++) {
        if (sc_parse__accept_word(p, idents[i].word)) {
            t->kind = idents[i].kind;
            return SC_OK;
        }
    }
    SC_TRY(sc_parse__ident(p, &name));
    return sc_error_set_er(p->ctx, SC_ESYNTAX, SC_ER_UNKNOWN_DATA_TYPE, name);
}

/* CHAR [(n)] opt_binary | VARCHAR (n) opt_binary | NCHAR [(n)] | BINARY [(n)] */
static int cast_string_type(sc_parser *p, sc_ast_type *t, bool *handled)
{
    *handled = true;
    if (sc_parse__accept_word(p, "CHAR") || sc_parse__accept_word(p, "CHARACTER")) {
        t->kind = SC_AST_TYPE_CHAR;
        SC_TRY(opt_field_length(p, &t->length));
        return opt_binary(p, t);
    }
    if (sc_parse__accept_word(p, "VARCHAR")) {
        t->kind = SC_AST_TYPE_VARCHAR;
        SC_TRY(field_length(p, &t->length));
        return opt_binary(p, t);
    }
    if (sc_parse__accept_word(p, "NCHAR")) {
        t->kind = SC_AST_TYPE_CHAR;
        t->national = true;
        return opt_field_length(p, &t->length);
    }
    if (sc_parse__accept_word(p, "BINARY")) {
        t->kind = SC_AST_TYPE_BINARY;
        return opt_field_length(p, &t->length);
    }
    *handled = false;
    return SC_OK;
}

static int cast_type(sc_parser *p, sc_ast_type *t)
{
    bool handled;

    SC_TRY(cast_string_type(p, t, &handled));
    if (handled)
        return SC_OK;
    if (sc_parse__accept_word(p, "SIGNED") || sc_parse__accept_word(p, "UNSIGNED")) {
        t->kind = sc_lex__is_word(p->sql, &p->toks[p->pos - 1], "SIGNED") ? SC_AST_TYPE_SIGNED
                                                                          : SC_AST_TYPE_UNSIGNED;
        return cast_int_word(p);
    }
    if (sc_parse__accept_word(p, "INT") || sc_parse__accept_word(p, "INTEGER")) {
        t->kind = SC_AST_TYPE_SIGNED;
        return SC_OK;
    }
    if (sc_parse__accept_word(p, "DECIMAL") || sc_parse__accept_word(p, "DEC")) {
        t->kind = SC_AST_TYPE_DECIMAL;
        return precision(p, t, false);
    }
    if (sc_parse__accept_word(p, "FLOAT") || sc_parse__accept_word(p, "DATE")) {
        t->kind = sc_lex__is_word(p->sql, &p->toks[p->pos - 1], "FLOAT") ? SC_AST_TYPE_FLOAT
                                                                         : SC_AST_TYPE_DATE;
        return SC_OK;
    }
    if (sc_parse__accept_word(p, "DOUBLE")) {
        t->kind = SC_AST_TYPE_DOUBLE;
        return precision(p, t, true);
    }
    if (sc_parse__accept_word(p, "TIME") || sc_parse__accept_word(p, "DATETIME")) {
        t->kind = sc_lex__is_word(p->sql, &p->toks[p->pos - 1], "TIME") ? SC_AST_TYPE_TIME
                                                                        : SC_AST_TYPE_DATETIME;
        return opt_field_length(p, &t->length);
    }
    if (sc_parse__accept_word(p, "INTERVAL")) {
        t->kind = SC_AST_TYPE_INTERVAL_DS;
        SC_TRY(sc_parse__expect_word(p, "DAY_SECOND"));
        return field_length(p, &t->length);
    }
    return cast_ident_type(p, t);
}

int sc_parse__type(sc_parser *p, sc_ast_type *t, bool *serial, bool cast)
{
    const sc_token *first = sc_parse__tok(p, 0);

    memset(t, 0, sizeof(*t));
    t->written = sc_parse__text(p, first->start, first->start + first->len);
    if (!t->written)
        return sc_parse__nomem(p);
    return cast ? cast_type(p, t) : column_type(p, t, serial);
}

/* ------------------------------------------------------------------ */
/* Table options                                                        */

typedef enum value_rule {
    V_NAME,        /* ident or 'string' (ENGINE) */
    V_NUM,         /* number */
    V_NUM_DEFAULT, /* number or DEFAULT */
    V_STRING,      /* 'string' */
    V_ROW_FORMAT,  /* DEFAULT|FIXED|DYNAMIC|COMPRESSED|REDUNDANT|COMPACT|PAGE */
    V_INSERT,      /* NO|FIRST|LAST */
    V_IDENT,       /* identifier (TABLESPACE) */
} value_rule;

typedef struct option_word {
    const char *word;
    sc_ast_topt_kind kind;
    value_rule rule;
} option_word;

static const option_word option_words[] = {
    {"ENGINE", SC_AST_TOPT_ENGINE, V_NAME},
    {"AUTO_INCREMENT", SC_AST_TOPT_AUTO_INCREMENT, V_NUM},
    {"COMMENT", SC_AST_TOPT_COMMENT, V_STRING},
    {"ROW_FORMAT", SC_AST_TOPT_ROW_FORMAT, V_ROW_FORMAT},
    {"KEY_BLOCK_SIZE", SC_AST_TOPT_KEY_BLOCK_SIZE, V_NUM},
    {"PACK_KEYS", SC_AST_TOPT_PACK_KEYS, V_NUM_DEFAULT},
    {"CHECKSUM", SC_AST_TOPT_CHECKSUM, V_NUM},
    {"TABLE_CHECKSUM", SC_AST_TOPT_CHECKSUM, V_NUM},
    {"DELAY_KEY_WRITE", SC_AST_TOPT_DELAY_KEY_WRITE, V_NUM},
    {"MIN_ROWS", SC_AST_TOPT_MIN_ROWS, V_NUM},
    {"MAX_ROWS", SC_AST_TOPT_MAX_ROWS, V_NUM},
    {"AVG_ROW_LENGTH", SC_AST_TOPT_AVG_ROW_LENGTH, V_NUM},
    {"STATS_PERSISTENT", SC_AST_TOPT_STATS_PERSISTENT, V_NUM_DEFAULT},
    {"STATS_AUTO_RECALC", SC_AST_TOPT_STATS_AUTO_RECALC, V_NUM_DEFAULT},
    {"STATS_SAMPLE_PAGES", SC_AST_TOPT_STATS_SAMPLE_PAGES, V_NUM_DEFAULT},
    {"PAGE_CHECKSUM", SC_AST_TOPT_PAGE_CHECKSUM, V_NUM_DEFAULT},
    {"TRANSACTIONAL", SC_AST_TOPT_TRANSACTIONAL, V_NUM_DEFAULT},
    {"INSERT_METHOD", SC_AST_TOPT_INSERT_METHOD, V_INSERT},
    {"CONNECTION", SC_AST_TOPT_CONNECTION, V_STRING},
    {"PASSWORD", SC_AST_TOPT_PASSWORD, V_STRING},
    {"TABLESPACE", SC_AST_TOPT_TABLESPACE, V_IDENT},
    {"SEQUENCE", SC_AST_TOPT_SEQUENCE, V_NUM_DEFAULT},
};

/* Engine-defined options (IDENT = value) we know by name. */
static const struct {
    const char *word;
    sc_ast_topt_kind kind;
} engine_options[] = {
    {"ENCRYPTED", SC_AST_TOPT_ENCRYPTED},
    {"ENCRYPTION_KEY_ID", SC_AST_TOPT_ENCRYPTION_KEY_ID},
    {"PAGE_COMPRESSED", SC_AST_TOPT_PAGE_COMPRESSED},
    {"PAGE_COMPRESSION_LEVEL", SC_AST_TOPT_PAGE_COMPRESSION_LEVEL},
};

/* A DECIMAL/FLOAT/HEX token as an option number: text kept, value best effort. */
static int loose_number(sc_parser *p, sc_ast_num *out)
{
    const sc_token *t = sc_parse__tok(p, 0);
    const char *s = p->sql + t->start;
    size_t i = 0, n = t->len;
    unsigned base = 10;

    memset(out, 0, sizeof(*out));
    out->present = true;
    if (t->kind == SC_TOK_HEX) {
        base = 16;
        i = 2; /* after 0x or X' */
        if (s[0] != '0')
            n--;
    }
    for (; i < n; i++) {
        unsigned d;
        char c = s[i];
        if (c >= '0' && c <= '9')
            d = (unsigned)(c - '0');
        else if (base == 16 && ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'))
            d = (unsigned)((c | 0x20) - 'a' + 10);
        else
            break;
        if (out->value > (UINT64_MAX - d) / base) {
            out->overflow = true;
            out->value = UINT64_MAX;
            break;
        }
        out->value = out->value * base + d;
    }
    out->text = sc_parse__text(p, t->start, t->start + t->len);
    if (!out->text)
        return sc_parse__nomem(p);
    sc_parse__skip(p);
    return SC_OK;
}

static int value_words(sc_parser *p, sc_ast_table_option *o, const char *const *words, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (sc_parse__is_word(p, 0, words[i]))
            return sc_parse__token_value(p, &o->value);
    return sc_parse__syntax_error(p);
}

/*
 * ulong_num / ulonglong_num: [+] digits (decimals, floats and 0x.. are
 * accepted as MariaDB does; num holds the integer part / hex value).
 */
static int option_number(sc_parser *p, sc_ast_table_option *o)
{
    const sc_token *t;

    (void)sc_parse__accept_op(p, "+");
    t = sc_parse__tok(p, 0);
    if (t->kind == SC_TOK_INT)
        SC_TRY(sc_parse__number(p, &o->num));
    else if (t->kind == SC_TOK_DECIMAL || t->kind == SC_TOK_FLOAT || t->kind == SC_TOK_HEX)
        SC_TRY(loose_number(p, &o->num));
    else
        return sc_parse__syntax_error(p);
    o->value.s = o->num.text;
    o->value.len = strlen(o->num.text);
    return SC_OK;
}

static int option_value(sc_parser *p, sc_ast_table_option *o, value_rule rule)
{
    static const char *const row_formats[] = {"DEFAULT",   "FIXED",   "DYNAMIC", "COMPRESSED",
                                              "REDUNDANT", "COMPACT", "PAGE"};
    static const char *const insert_methods[] = {"NO", "FIRST", "LAST"};

    switch (rule) {
    case V_NAME:
        if (sc_parse__tok(p, 0)->kind == SC_TOK_STRING) {
            o->value_is_string = true;
            return sc_parse__string(p, &o->value);
        }
        SC_TRY(sc_parse__ident(p, &o->value.s));
        o->value.len = strlen(o->value.s);
        return SC_OK;
    case V_IDENT:
        SC_TRY(sc_parse__ident(p, &o->value.s));
        o->value.len = strlen(o->value.s);
        return SC_OK;
    case V_NUM_DEFAULT:
        if (sc_parse__is_word(p, 0, "DEFAULT")) {
            o->value_is_default = true;
            return sc_parse__token_value(p, &o->value);
        }
        if (o->kind == SC_AST_TOPT_STATS_SAMPLE_PAGES && sc_parse__tok(p, 0)->kind == SC_TOK_INT) {
            size_t at = p->pos;
            SC_TRY(option_number(p, o));
            if (o->num.overflow || o->num.value == 0 || o->num.value > 65535)
                return sc_parse__syntax_error_at(p, at);
            return SC_OK;
        }
        return option_number(p, o);
    case V_NUM:
        return option_number(p, o);
    case V_STRING:
        o->value_is_string = true;
        if (o->kind == SC_AST_TOPT_COMMENT)
            return sc_parse__text_string(p, &o->value);
        return sc_parse__string(p, &o->value);
    case V_ROW_FORMAT:
        return value_words(p, o, row_formats, sizeof(row_formats) / sizeof(row_formats[0]));
    case V_INSERT:
        return value_words(p, o, insert_methods, 3);
    }
    return SC_OK;
}

/* IDENT = 'str' | ident | number | DEFAULT (engine-defined or unknown option). */
static int generic_option(sc_parser *p, sc_ast_table_option *o)
{
    const sc_token *t = sc_parse__tok(p, 0);
    const char *name;
    size_t i;

    /* `PAGE_COMPRESSED`='ON' (as SHOW CREATE prints it) is the same option */
    SC_TRY(sc_parse__ident(p, &name));
    o->name = name;
    o->kind = SC_AST_TOPT_UNKNOWN;
    for (i = 0; i < sizeof(engine_options) / sizeof(engine_options[0]); i++)
        if (strcasecmp(name, engine_options[i].word) == 0)
            o->kind = engine_options[i].kind;
    /* `equal` is not optional in IDENT_sys equal value */
    if (!sc_parse__accept_op(p, "=") && !sc_parse__accept_op(p, ":="))
        return sc_parse__syntax_error(p);
    t = sc_parse__tok(p, 0);
    if (t->kind == SC_TOK_STRING) {
        o->value_is_string = true;
        return sc_parse__string(p, &o->value);
    }
    if (t->kind == SC_TOK_INT)
        return option_number(p, o);
    if (sc_parse__is_word(p, 0, "DEFAULT")) {
        o->value_is_default = true;
        return sc_parse__token_value(p, &o->value);
    }
    if (!sc_parse__is_ident(p, 0))
        return sc_parse__syntax_error(p);
    return sc_parse__token_value(p, &o->value);
}

/* [DEFAULT] CHARACTER SET|CHARSET [=] x, [DEFAULT] COLLATE [=] y */
static int charset_option(sc_parser *p, sc_ast_table_option *o)
{
    o->default_prefix = sc_parse__accept_word(p, "DEFAULT");
    if (sc_parse__accept_word(p, "COLLATE")) {
        o->kind = SC_AST_TOPT_COLLATE;
        o->name = "COLLATE";
    } else {
        o->kind = SC_AST_TOPT_CHARSET;
        o->name = "CHARSET";
        if (sc_parse__accept_word(p, "CHARACTER"))
            SC_TRY(sc_parse__expect_word(p, "SET"));
        else
            SC_TRY(sc_parse__expect_word(p, "CHARSET"));
    }
    sc_parse__opt_equal(p);
    if (sc_parse__is_word(p, 0, "DEFAULT"))
        o->value_is_default = true;
    SC_TRY(sc_parse__charset_name(p, &o->value.s, true));
    o->value.len = strlen(o->value.s);
    return SC_OK;
}

/* UNION [=] (t1, t2, ...) */
static int union_option(sc_parser *p, sc_ast_table_option *o)
{
    o->kind = SC_AST_TOPT_UNION;
    sc_parse__opt_equal(p);
    SC_TRY(sc_parse__expect_op(p, "("));
    if (sc_parse__accept_op(p, ")"))
        return SC_OK;
    SC_TRY(sc_parse__qname_list(p, &o->union_tables, &o->n_union_tables));
    return sc_parse__expect_op(p, ")");
}

/* DATA DIRECTORY [=] 's' / INDEX DIRECTORY [=] 's' / STORAGE DISK|MEMORY /
 * WITH SYSTEM VERSIONING */
static int two_word_option(sc_parser *p, sc_ast_table_option *o)
{
    static const char *const storage[] = {"DISK", "MEMORY", "DEFAULT"};

    if (sc_parse__accept_word(p, "STORAGE")) {
        o->kind = SC_AST_TOPT_STORAGE;
        return value_words(p, o, storage, 3);
    }
    if (sc_parse__accept_word(p, "WITH")) {
        o->kind = SC_AST_TOPT_WITH_SYSTEM_VERSIONING;
        SC_TRY(sc_parse__expect_word(p, "SYSTEM"));
        return sc_parse__expect_word(p, "VERSIONING");
    }
    o->kind =
        sc_parse__is_word(p, 0, "DATA") ? SC_AST_TOPT_DATA_DIRECTORY : SC_AST_TOPT_INDEX_DIRECTORY;
    sc_parse__skip(p);
    SC_TRY(sc_parse__expect_word(p, "DIRECTORY"));
    sc_parse__opt_equal(p);
    o->value_is_string = true;
    return sc_parse__string(p, &o->value);
}

/* Does a table option start here? */
static bool at_option(const sc_parser *p)
{
    size_t i;

    for (i = 0; i < sizeof(option_words) / sizeof(option_words[0]); i++)
        if (sc_parse__is_word(p, 0, option_words[i].word))
            return true;
    /* these words can only start an option here: a wrong next word is the error */
    if (sc_parse__is_word(p, 0, "DEFAULT") || sc_parse__is_word(p, 0, "CHARACTER") ||
        sc_parse__is_word(p, 0, "CHARSET") || sc_parse__is_word(p, 0, "COLLATE") ||
        sc_parse__is_word(p, 0, "UNION") || sc_parse__is_word(p, 0, "DATA") ||
        sc_parse__is_word(p, 0, "INDEX"))
        return true;
    if (sc_parse__is_word(p, 0, "STORAGE") ||
        (sc_parse__is_word(p, 0, "WITH") && sc_parse__is_word(p, 1, "SYSTEM")))
        return true;
    /* MariaDB's grammar shifts any plain identifier here as an engine-defined
     * option name (IDENT_sys equal value), so `FOO BAR` fails at BAR. */
    return sc_parse__is_ident_sys(p, 0);
}

static int one_option(sc_parser *p, sc_ast_table_option *o)
{
    const sc_token *t = sc_parse__tok(p, 0);
    size_t i;

    o->name = sc_parse__text(p, t->start, t->start + t->len);
    if (!o->name)
        return sc_parse__nomem(p);
    if (sc_parse__is_word(p, 0, "DEFAULT") || sc_parse__is_word(p, 0, "CHARACTER") ||
        sc_parse__is_word(p, 0, "CHARSET") || sc_parse__is_word(p, 0, "COLLATE"))
        return charset_option(p, o);
    if (sc_parse__accept_word(p, "UNION"))
        return union_option(p, o);
    for (i = 0; i < sizeof(option_words) / sizeof(option_words[0]); i++) {
        if (sc_parse__is_word(p, 0, option_words[i].word) &&
            !(option_words[i].rule == V_IDENT && sc_parse__is_op(p, 1, "="))) {
            o->kind = option_words[i].kind;
            sc_parse__skip(p);
            sc_parse__opt_equal(p);
            return option_value(p, o, option_words[i].rule);
        }
    }
    if (sc_parse__is_ident_sys(p, 0))
        return generic_option(p, o);
    return two_word_option(p, o);
}

int sc_parse__table_options(sc_parser *p, sc_ast_table_option **opts, size_t *n, bool in_alter)
{
    while (at_option(p)) {
        sc_ast_table_option *o = sc_parse__push(p, (void **)opts, n, sizeof(*o));
        if (!o)
            return sc_parse__nomem(p);
        SC_TRY(one_option(p, o));
        if (!in_alter && sc_parse__is_op(p, 0, ",")) {
            sc_parse__skip(p);
            if (!at_option(p))
                return sc_parse__syntax_error(p);
        }
    }
    return SC_OK;
}

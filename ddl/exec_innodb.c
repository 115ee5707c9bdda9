/*
 * exec_innodb.c - InnoDB's own checks of a table's create options, in the
 * order and with the conditions ha_innodb.cc raises them (measured on
 * MariaDB 10.11.19 with its defaults: innodb_strict_mode, file per table,
 * no key management plugin; docs/ddl.md):
 *
 *  1. the engine-defined options (check_table_options()): the first problem
 *     is a Warning 140 and ends the check: ENCRYPTED=YES (no encryption key
 *     exists; ENCRYPTED=NO with an ENCRYPTION_KEY_ID other than 1 is a
 *     Warning 140 only); PAGE_COMPRESSED with ROW_FORMAT COMPRESSED or
 *     REDUNDANT, or with a KEY_BLOCK_SIZE; PAGE_COMPRESSION_LEVEL without
 *     PAGE_COMPRESSED;
 *  2. the create options (create_options_are_invalid()): each problem is a
 *     Warning 1478: a KEY_BLOCK_SIZE other than 1, 2, 4, 8, 16; ROW_FORMAT
 *     DYNAMIC, COMPACT or REDUNDANT with a KEY_BLOCK_SIZE; ROW_FORMAT FIXED
 *     or PAGE; DATA DIRECTORY on a TEMPORARY table; INDEX DIRECTORY. On a
 *     TEMPORARY table a KEY_BLOCK_SIZE or ROW_FORMAT=COMPRESSED is error
 *     4047 at once.
 *
 * CREATE TABLE (and an ALTER TABLE that copies the table) runs 1 then 2 and
 * fails with 1005 errno 140 followed by Warning 1030 (4047 keeps its own
 * error); a partitioned CREATE adds MariaDB's Error 6 on the .par file it
 * could not delete. An ALTER done in place runs 2 then 1 and fails with 1478
 * naming the option: 1's when it found one, else the last of 2.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/errmsg.h"
#include "ddl/exec.h"
#include "catalog/filename.h"

/* The options the checks read, from a table being written or a statement. */
typedef struct innodb_opts {
    const char *row_format;      /* upper case; NULL: DEFAULT */
    unsigned long long kbs;      /* KEY_BLOCK_SIZE; 0: none */
    const char *page_compressed; /* the option's text; NULL: not given */
    const char *level;           /* PAGE_COMPRESSION_LEVEL */
    const char *encrypted;
    const char *key_id;
    bool data_dir, index_dir, temporary;
} innodb_opts;

bool sc_exec__option_on(const char *v)
{
    return v && (strcasecmp(v, "YES") == 0 || strcasecmp(v, "ON") == 0 || strcmp(v, "1") == 0);
}

void sc_exec__option_value(char *out, size_t size, const char *options, const char *name)
{
    char key[64];
    const char *p;
    size_t n = 0;

    out[0] = '\0';
    snprintf(key, sizeof(key), "`%s`=", name);
    if (!options || !(p = strstr(options, key)))
        return;
    p += strlen(key);
    p += *p == '\'';
    while (p[n] && p[n] != '\'' && p[n] != ' ' && n + 1 < size)
        n++;
    memcpy(out, p, n);
    out[n] = '\0';
}

/* A number option as MariaDB reads its text (strtoull: ' 5' and '5x' are 5). */
static unsigned long long number(const char *v, unsigned long long dflt)
{
    return v ? strtoull(v, NULL, 10) : dflt;
}

/* Warning 140 for check_table_options()'s one problem; its option's name or NULL. */
static const char *engine_options(sc_exec *x, const innodb_opts *o)
{
    const char *rf = o->row_format;

    if (o->encrypted && strcasecmp(o->encrypted, "YES") == 0) {
        sc_exec__warning(x, SC_ER_INNODB_ENCRYPTION_KEY_MISSING, number(o->key_id, 1));
        return "ENCRYPTION_KEY_ID";
    }
    if (o->encrypted && strcasecmp(o->encrypted, "NO") == 0 && number(o->key_id, 1) != 1)
        sc_exec__warning(x, SC_ER_INNODB_ENCRYPTED_NO_KEY_ID);
    if (sc_exec__option_on(o->page_compressed)) {
        if (rf && (strcmp(rf, "COMPRESSED") == 0 || strcmp(rf, "REDUNDANT") == 0)) {
            sc_exec__warning(x, SC_ER_INNODB_PAGE_COMPRESSED_ROW_TYPE, rf);
            return "PAGE_COMPRESSED";
        }
        if (o->kbs) {
            sc_exec__warning(x, SC_ER_INNODB_PAGE_COMPRESSED_KEY_BLOCK_SIZE);
            return "PAGE_COMPRESSED";
        }
    }
    if (number(o->level, 0) != 0 && !sc_exec__option_on(o->page_compressed)) {
        sc_exec__warning(x, SC_ER_INNODB_PAGE_COMPRESSION_LEVEL_ALONE);
        return "PAGE_COMPRESSION_LEVEL";
    }
    return NULL;
}

/*
 * Warning 1478 for each of create_options_are_invalid()'s problems; the last
 * one's option name or NULL. *refused: not SC_OK when a TEMPORARY table's
 * compression raised 4047 (nothing else is checked then).
 */
static const char *create_options(sc_exec *x, const innodb_opts *o, int *refused)
{
    const char *rf = o->row_format, *bad = NULL;
    unsigned long long k = o->kbs;

    *refused = SC_OK;
    if (o->temporary && (k || (rf && strcmp(rf, "COMPRESSED") == 0))) {
        *refused = sc_exec__err(x, SC_ER_UNSUPPORTED_COMPRESSED_TABLE);
        return k ? "KEY_BLOCK_SIZE" : "ROW_FORMAT";
    }
    if (k && k != 1 && k != 2 && k != 4 && k != 8 && k != 16) {
        sc_exec__warning(x, SC_ER_INNODB_INVALID_KEY_BLOCK_SIZE, k);
        bad = "KEY_BLOCK_SIZE";
    }
    if (rf && (strcmp(rf, "DYNAMIC") == 0 || strcmp(rf, "COMPACT") == 0 ||
               strcmp(rf, "REDUNDANT") == 0)) {
        if (k) {
            sc_exec__warning(x, SC_ER_INNODB_ROW_FORMAT_WITH_KEY_BLOCK_SIZE, rf);
            bad = "KEY_BLOCK_SIZE";
        }
    } else if (rf && strcmp(rf, "COMPRESSED") != 0) {
        sc_exec__warning(x, SC_ER_INNODB_INVALID_ROW_FORMAT);
        bad = "ROW_TYPE";
    }
    if (o->data_dir && o->temporary) {
        sc_exec__warning(x, SC_ER_INNODB_TEMPORARY_DATA_DIRECTORY);
        bad = "DATA DIRECTORY";
    }
    if (o->index_dir) {
        sc_exec__warning(x, SC_ER_INNODB_INDEX_DIRECTORY);
        bad = "INDEX DIRECTORY";
    }
    return bad;
}

/* The create path's failure: 1005 errno 140 (unless 4047 was raised), Warning 1030. */
static int create_fails(sc_exec *x, const char *schema, const char *name, int refused)
{
    int rc = refused != SC_OK ? refused
                              : sc_exec__err(x, SC_ER_CANT_CREATE_TABLE, schema, name,
                                             "140 \"Wrong create options\"");

    sc_exec__warning(x, SC_ER_GET_ERRNO_WRONG_CREATE_OPTIONS);
    return rc;
}

/* The create path: 1 then 2. */
static int check_create(sc_exec *x, const innodb_opts *o, const char *schema, const char *name)
{
    int refused = SC_OK;

    if (engine_options(x, o) || create_options(x, o, &refused))
        return create_fails(x, schema, name, refused);
    return SC_OK;
}

/* The text of engine-defined option NAME of a table, or NULL. */
static const char *engine_value(sc_exec *x, const sc_xtable *t, const char *name)
{
    char v[64];

    sc_exec__option_value(v, sizeof(v), t->engine_opts, name);
    return v[0] ? sc_exec__strdup(x, v) : NULL;
}

static void from_table(sc_exec *x, innodb_opts *o, const sc_xtable *t, bool create)
{
    memset(o, 0, sizeof(*o));
    o->row_format = t->opts[SC_XOPT_ROW_FORMAT];
    o->kbs = number(t->opts[SC_XOPT_KEY_BLOCK_SIZE], 0);
    o->page_compressed = engine_value(x, t, "PAGE_COMPRESSED");
    o->level = engine_value(x, t, "PAGE_COMPRESSION_LEVEL");
    o->encrypted = engine_value(x, t, "ENCRYPTED");
    o->key_id = engine_value(x, t, "ENCRYPTION_KEY_ID");
    /* given to CREATE and kept (exec_dirs.c); a partitioned table drops both */
    o->index_dir = create && !t->part && !(x->s->sql_mode & SC_MODE_NO_DIR_IN_CREATE) &&
                   t->dirs_given[SC_XDIR_INDEX];
}

/* A name as MariaDB names its file; NULL for a character beyond U+FFFF
 * (such a name has no file: MariaDB refused it earlier) or no memory. */
static char *file_name(sc_exec *x, const char *name)
{
    char *out = NULL;

    for (const char *c = name; *c; c++)
        if ((unsigned char)*c >= 0xF0)
            return NULL;
    return sc_filename_encode(&out, x->ctx, name) == SC_OK ? out : NULL;
}

/* A partitioned CREATE's Error 6 after the engine's failure rc: the .par
 * file ha_partition deletes was never written. */
static int par_file_error(sc_exec *x, const sc_xtable *t, int rc)
{
    char *db = file_name(x, t->schema), *file = file_name(x, t->name);

    if (db && file)
        sc_exec__error_row(x, SC_ER_EE_DELETE_PAR, db, file);
    sc_free(x->ctx, db);
    sc_free(x->ctx, file);
    return rc;
}

int sc_exec__innodb_options(sc_exec *x, const sc_xtable *t, sc_innodb_path path)
{
    const char *named, *engine_named;
    innodb_opts o;
    int refused, rc;

    if (sc_exec__engine(t->engine) != SC_ENGINE_INNODB)
        return SC_OK;
    from_table(x, &o, t, path == SC_INNODB_CREATE);
    if (path == SC_INNODB_ALTER_INPLACE) {
        named = create_options(x, &o, &refused);
        engine_named = engine_options(x, &o);
        if (engine_named || named)
            return sc_exec__err(x, SC_ER_ILLEGAL_HA_CREATE_OPTION, "InnoDB",
                                engine_named ? engine_named : named);
        return SC_OK;
    }
    rc = check_create(x, &o, t->schema, t->name);
    if (rc == SC_OK || path != SC_INNODB_CREATE || !t->part)
        return rc;
    /* ha_partition removes the .par file it has not written yet */
    return par_file_error(x, t, rc);
}

int sc_exec__innodb_temporary_options(
    sc_exec *x, const sc_ast_table_option *opts, size_t n, const char *schema, const char *name)
{
    bool dirs = !(x->s->sql_mode & SC_MODE_NO_DIR_IN_CREATE);
    innodb_opts o;
    char *rf;

    memset(&o, 0, sizeof(o));
    o.temporary = true;
    for (size_t i = 0; i < n; i++) {
        const sc_ast_table_option *p = &opts[i];
        const char *v = p->value_is_default ? NULL : p->value.s;
        switch (p->kind) {
        case SC_AST_TOPT_ROW_FORMAT:
            rf = v && strcasecmp(v, "DEFAULT") ? sc_exec__strdup(x, v) : NULL;
            for (char *c = rf; c && *c; c++)
                *c = (char)toupper((unsigned char)*c);
            o.row_format = rf;
            break;
        case SC_AST_TOPT_KEY_BLOCK_SIZE:
            o.kbs = p->value_is_default ? 0 : p->num.value;
            break;
        case SC_AST_TOPT_PAGE_COMPRESSED:
            o.page_compressed = v;
            break;
        case SC_AST_TOPT_PAGE_COMPRESSION_LEVEL:
            o.level = v;
            break;
        case SC_AST_TOPT_ENCRYPTED:
            o.encrypted = v;
            break;
        case SC_AST_TOPT_ENCRYPTION_KEY_ID:
            o.key_id = v;
            break;
        case SC_AST_TOPT_DATA_DIRECTORY:
            o.data_dir = dirs;
            break;
        case SC_AST_TOPT_INDEX_DIRECTORY:
            o.index_dir = dirs;
            break;
        default:
            break;
        }
    }
    return check_create(x, &o, schema, name);
}

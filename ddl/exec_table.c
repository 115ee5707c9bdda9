/*
 * exec_table.c - building blocks shared by CREATE TABLE and ALTER TABLE
 * (column definitions are in exec_column.c): table options, indexes,
 * foreign key definitions, CHECK constraints, and the final pass MariaDB's
 * mysql_prepare_create_table() does (key names, implicit NOT NULL for
 * PRIMARY KEY columns, key length limits, AUTO_INCREMENT rule, key order).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "ddl/exec.h"
#include "ddl/period.h"
#include "ddl/sequence.h"
#include "ddl/expr.h"
#include "ddl/expr_walk.h"
#include "ddl/types.h"

#define MAX_KEYS 64

#define MAX_KEY_PARTS 32

/* ------------------------------------------------------------------ */
/* Engines                                                              */

/* The engines a stock MariaDB 10.11 server has loaded (ARCHIVE, BLACKHOLE,
 * FEDERATED... are plugins that are not: 1286 there too), in sc_engine
 * order: canonical name, the synonym MariaDB accepts, the longest key, and
 * what the engine cannot hold (its table flags, checked against 10.11.19). */
enum {
    NO_GENCOLS = 1 << 0,   /* no HA_CAN_VIRTUAL_COLUMNS: 1910 */
    NO_AUTOINC = 1 << 1,   /* HA_NO_AUTO_INCREMENT: 1164 */
    NO_KEYS = 1 << 2,      /* max_supported_keys() 0: 1069 */
    NO_GEOMETRY = 1 << 3,  /* no HA_CAN_GEOMETRY: 1178 */
    NO_PARTITION = 1 << 4, /* HTON_NOT_USER_SELECTABLE... for partitions: 1572 */
    NO_CREATE = 1 << 5,    /* create() answers HA_ERR_WRONG_COMMAND: 1005 errno 131 */
    NO_VCOL_KEYS = 1 << 6, /* no HA_CAN_INDEX_VIRTUAL_GENERATED_COLUMN: 1904 */
    NO_BLOB_KEYS = 1 << 7, /* no HA_CAN_INDEX_BLOBS: 1073 */
};
static const struct {
    const char *name;
    const char *alias;
    uint64_t max_key_length;
    unsigned refuses;
} engines[SC_ENGINE_OTHER] = {
    [SC_ENGINE_INNODB] = {"InnoDB", NULL, 3072, 0},
    [SC_ENGINE_MYISAM] = {"MyISAM", NULL, 1000, 0},
    [SC_ENGINE_ARIA] = {"Aria", "Maria", 2000, NO_VCOL_KEYS},
    [SC_ENGINE_MEMORY] = {"MEMORY", "HEAP", 3072, NO_GENCOLS},
    [SC_ENGINE_CSV] = {"CSV", NULL, 3072, NO_GENCOLS | NO_AUTOINC | NO_KEYS},
    [SC_ENGINE_MRG_MYISAM] = {"MRG_MyISAM", "MERGE", 1000, NO_GENCOLS},
    [SC_ENGINE_SEQUENCE] = {"SEQUENCE", NULL, 3072, NO_GENCOLS | NO_CREATE},
    [SC_ENGINE_PERFORMANCE_SCHEMA] = {"PERFORMANCE_SCHEMA", NULL, 0,
                                      NO_GENCOLS | NO_AUTOINC | NO_GEOMETRY | NO_PARTITION |
                                          NO_CREATE | NO_BLOB_KEYS},
};

static unsigned refuses(const char *engine)
{
    sc_engine e = sc_exec__engine(engine);
    return e == SC_ENGINE_OTHER ? 0 : engines[e].refuses;
}

int sc_exec__engine_refuses_partitioning(sc_exec *x, const char *engine)
{
    if (refuses(engine) & NO_PARTITION)
        return sc_exec__err(x, SC_ER_PARTITION_MERGE_ERROR);
    return SC_OK;
}

int sc_exec__engine_refuses_create(sc_exec *x,
                                   const char *schema,
                                   const char *name,
                                   const char *engine)
{
    if (refuses(engine) & NO_CREATE)
        return sc_exec__err(x, SC_ER_CANT_CREATE_TABLE, schema, name,
                            "131 \"Command not supported by the engine\"");
    return SC_OK;
}

int sc_exec__engine_hash_keys(sc_exec *x, const sc_xtable *t)
{
    sc_engine e = sc_exec__engine(t->engine);

    if (e == SC_ENGINE_OTHER || engines[e].max_key_length != 0)
        return SC_OK;
    /* a UNIQUE key too long for the engine becomes a hash key of one part,
       which an engine with no key parts at all cannot take (after every
       other key was checked, as mysql_prepare_create_table does) */
    for (size_t i = 0; i < t->n_idx; i++)
        if (t->idx[i].long_hash)
            return sc_exec__err(x, SC_ER_TOO_MANY_KEY_PARTS, 0);
    return SC_OK;
}

/* The column rules of the engine's flags, in MariaDB's order: a GEOMETRY
 * column (prepare_create_field), AUTO_INCREMENT, generated columns, keys. */
static int engine_columns(sc_exec *x, const sc_xtable *t)
{
    unsigned r = refuses(t->engine);

    if (!r)
        return SC_OK;
    for (size_t i = 0; i < t->n_cols && (r & NO_GEOMETRY); i++)
        if (sc_type__is_spatial(t->cols[i].d.type))
            return sc_exec__err(x, SC_ER_CHECK_NOT_IMPLEMENTED, "GEOMETRY");
    for (size_t i = 0; i < t->n_cols && (r & NO_AUTOINC); i++)
        if (t->cols[i].d.flags & SC_COL_AUTO_INCREMENT)
            return sc_exec__err(x, SC_ER_TABLE_CANT_HANDLE_AUTO_INCREMENT, t->engine);
    for (size_t i = 0; i < t->n_cols && (r & NO_GENCOLS); i++)
        if (t->cols[i].d.generated != SC_GEN_NONE)
            return sc_exec__err(x, SC_ER_UNSUPPORTED_ENGINE_FOR_GENERATED_COLUMNS, t->engine);
    if ((r & NO_KEYS) && t->n_idx)
        return sc_exec__err(x, SC_ER_TOO_MANY_KEYS, 0);
    for (size_t i = 0; i < t->n_idx && (r & NO_VCOL_KEYS); i++)
        for (size_t k = 0; k < t->idx[i].d.n_parts; k++) {
            const sc_xcol *c = sc_xtable__find_col((sc_xtable *)t, t->idx[i].parts[k].column);
            if (c && c->d.generated == SC_GEN_VIRTUAL)
                return sc_exec__err(x, SC_ER_KEY_BASED_ON_GENERATED_VIRTUAL_COLUMN);
        }
    return SC_OK;
}

const char *sc_exec__engine_name(const char *name)
{
    for (size_t i = 0; i < SC_ENGINE_OTHER; i++)
        if (engines[i].alias && strcasecmp(name, engines[i].alias) == 0)
            return engines[i].name;
    for (size_t i = 0; i < SC_ENGINE_OTHER; i++)
        if (strcasecmp(name, engines[i].name) == 0)
            return engines[i].name;
    return NULL;
}

sc_engine sc_exec__engine(const char *canonical)
{
    for (size_t i = 0; canonical && i < SC_ENGINE_OTHER; i++)
        if (strcmp(canonical, engines[i].name) == 0)
            return (sc_engine)i;
    return SC_ENGINE_OTHER;
}

static uint64_t max_key_length(const char *engine)
{
    sc_engine e = sc_exec__engine(engine);
    return e == SC_ENGINE_OTHER ? 3072 : engines[e].max_key_length;
}

/* ------------------------------------------------------------------ */
/* Table options                                                        */

static const char *upper(sc_exec *x, const char *s)
{
    char *p = sc_exec__strdup(x, s);
    for (char *q = p; q && *q; q++)
        *q = (char)toupper((unsigned char)*q);
    return p;
}

static int opt_value(sc_exec *x, sc_xtable *t, int slot, const sc_ast_table_option *o)
{
    const char *v = o->value.s;

    if (o->value_is_default) {
        t->opts[slot] = NULL;
        return SC_OK;
    }
    switch (slot) {
    case SC_XOPT_ROW_FORMAT:
        t->opts[slot] = strcasecmp(v, "DEFAULT") == 0 ? NULL : upper(x, v);
        return SC_OK;
    case SC_XOPT_CHECKSUM:
    case SC_XOPT_DELAY_KEY_WRITE:
        t->opts[slot] = o->num.value ? "1" : NULL;
        return SC_OK;
    case SC_XOPT_PACK_KEYS:
    case SC_XOPT_STATS_PERSISTENT:
    case SC_XOPT_STATS_AUTO_RECALC:
    case SC_XOPT_PAGE_CHECKSUM:
    case SC_XOPT_TRANSACTIONAL:
        t->opts[slot] = o->num.value ? "1" : "0";
        return SC_OK;
    case SC_XOPT_INSERT_METHOD:
        t->opts[slot] = upper(x, v);
        return SC_OK;
    default:
        t->opts[slot] =
            o->num.value ? sc_exec__printf(x, "%llu", (unsigned long long)o->num.value) : NULL;
        return SC_OK;
    }
}

/*
 * The engine-defined options InnoDB knows (printed as `NAME`='value') and the
 * values it takes (ha_innodb's table option list, read by MariaDB's
 * create_options.c): a boolean, a number in [min, max] read as strtoull
 * reads it (' 5' and '5x' are 5), or one word of a list (case-insensitive).
 */
typedef enum { OPTV_BOOL, OPTV_NUMBER, OPTV_ENUM } optv_kind;

static const struct innodb_option {
    const char *name;
    optv_kind kind;
    unsigned long long min, max;
    const char *const *words; /* OPTV_ENUM and OPTV_BOOL: NULL-terminated */
} innodb_engine_options[] = {
    {"PAGE_COMPRESSED", OPTV_BOOL, 0, 0,
     (const char *const[]){"NO", "OFF", "0", "YES", "ON", "1", NULL}},
    {"PAGE_COMPRESSION_LEVEL", OPTV_NUMBER, 1, 9, NULL},
    {"ENCRYPTED", OPTV_ENUM, 0, 0, (const char *const[]){"DEFAULT", "YES", "NO", NULL}},
    {"ENCRYPTION_KEY_ID", OPTV_NUMBER, 1, 4294967295ull, NULL},
};

static const struct innodb_option *innodb_engine_option(const char *name)
{
    for (size_t i = 0; i < sizeof(innodb_engine_options) / sizeof(innodb_engine_options[0]); i++)
        if (strcasecmp(name, innodb_engine_options[i].name) == 0)
            return &innodb_engine_options[i];
    return NULL;
}

static bool option_value_ok(const struct innodb_option *io, const char *v)
{
    if (io->kind == OPTV_NUMBER) {
        unsigned long long n;
        errno = 0;
        n = strtoull(v, NULL, 10);
        return errno == 0 && n >= io->min && n <= io->max;
    }
    for (const char *const *w = io->words; *w; w++)
        if (strcasecmp(v, *w) == 0)
            return true;
    return false;
}

/*
 * A value MariaDB accepts may still hold bytes that are not UTF-8 ('5\xC3' is
 * 5 to strtoull); the catalog's text is UTF-8, so such a byte is kept as '?',
 * the way MariaDB prints it.
 */
static const char *option_value_text(sc_exec *x, const char *v)
{
    size_t len = strlen(v), i = 0, c;
    char *out = sc_exec__strdup(x, v);

    while (out && i < len) {
        if ((c = sc_utf8_char_len((const unsigned char *)out + i, len - i)) == 0) {
            out[i] = '?';
            c = 1;
        }
        i += c;
    }
    return out;
}

/*
 * Set (value != NULL) or remove one engine-defined option in the stored
 * list "`NAME`='v' ...": a name given again goes to the end of the list with
 * its new value, as MariaDB's engine_option_value::link() appends it after
 * dropping the earlier one (CREATE and ALTER alike).
 */
static int set_engine_option(sc_exec *x, sc_xtable *t, const char *name, const char *value)
{
    sc_buf b;
    char *text = NULL;
    const char *p = t->engine_opts;
    size_t nl = strlen(name);

    sc__buf_init(&b, x->ctx);
    sc__buf_puts(&b, "");
    while (p && *p) {
        const char *start = p, *end;
        bool same;
        p += strspn(p, " ");
        start = p;
        end = strchr(p + 1, '`'); /* `NAME` */
        if (!end)
            break;
        same = (size_t)(end - p - 1) == nl && strncasecmp(p + 1, name, nl) == 0;
        p = end + 2; /* past `= */
        if (*p == '\'') {
            for (p++; *p && !(*p == '\'' && p[1] != '\''); p++)
                if (*p == '\'')
                    p++;
            if (*p)
                p++;
        } else {
            p += strcspn(p, " ");
        }
        if (same)
            continue;
        if (b.len)
            sc__buf_putc(&b, ' ');
        sc__buf_put(&b, start, (size_t)(p - start));
    }
    if (value) {
        sc__buf_printf(&b, "%s`%s`=", b.len ? " " : "", name);
        sc_show__quoted(&b, value);
    }
    if (sc__buf_finish(&text, &b) != SC_OK)
        return SC_ENOMEM;
    t->engine_opts = *text ? sc_exec__strdup(x, text) : NULL;
    sc_free(x->ctx, text);
    return SC_OK;
}

/* Engine-defined options, applied once the engine is known. */
static int engine_option(sc_exec *x, sc_xtable *t, const sc_ast_table_option *o)
{
    const char *name = upper(x, o->name), *value = NULL;
    const struct innodb_option *io = innodb_engine_option(o->name);

    if (sc_exec__engine(t->engine) != SC_ENGINE_INNODB || !io)
        return sc_exec__err(x, SC_ER_UNKNOWN_OPTION, o->name);
    if (!o->value_is_default) {
        if (!(value = option_value_text(x, o->value.s)))
            return SC_ENOMEM;
        /* 1912 even under IGNORE_BAD_TABLE_OPTIONS (10.11.19: InnoDB checks again) */
        if (!option_value_ok(io, o->value.s))
            return sc_exec__err(x, SC_ER_BAD_OPTION_VALUE, value, io->name);
    }
    return set_engine_option(x, t, name, value);
}

/* Table options kept in sc_xtable.opts[] (printed in the options string). */
static const struct {
    sc_ast_topt_kind kind;
    int slot;
} opt_slots[] = {
    {SC_AST_TOPT_MIN_ROWS, SC_XOPT_MIN_ROWS},
    {SC_AST_TOPT_MAX_ROWS, SC_XOPT_MAX_ROWS},
    {SC_AST_TOPT_AVG_ROW_LENGTH, SC_XOPT_AVG_ROW_LENGTH},
    {SC_AST_TOPT_PACK_KEYS, SC_XOPT_PACK_KEYS},
    {SC_AST_TOPT_STATS_PERSISTENT, SC_XOPT_STATS_PERSISTENT},
    {SC_AST_TOPT_STATS_AUTO_RECALC, SC_XOPT_STATS_AUTO_RECALC},
    {SC_AST_TOPT_STATS_SAMPLE_PAGES, SC_XOPT_STATS_SAMPLE_PAGES},
    {SC_AST_TOPT_CHECKSUM, SC_XOPT_CHECKSUM},
    {SC_AST_TOPT_PAGE_CHECKSUM, SC_XOPT_PAGE_CHECKSUM},
    {SC_AST_TOPT_DELAY_KEY_WRITE, SC_XOPT_DELAY_KEY_WRITE},
    {SC_AST_TOPT_ROW_FORMAT, SC_XOPT_ROW_FORMAT},
    {SC_AST_TOPT_INSERT_METHOD, SC_XOPT_INSERT_METHOD},
    {SC_AST_TOPT_TRANSACTIONAL, SC_XOPT_TRANSACTIONAL},
    {SC_AST_TOPT_KEY_BLOCK_SIZE, SC_XOPT_KEY_BLOCK_SIZE},
};

/* Options whose meaning depends on the engine (applied once ENGINE= is known). */
static bool is_engine_option(sc_ast_topt_kind k)
{
    return k == SC_AST_TOPT_UNKNOWN || k == SC_AST_TOPT_ENCRYPTED ||
           k == SC_AST_TOPT_ENCRYPTION_KEY_ID || k == SC_AST_TOPT_PAGE_COMPRESSED ||
           k == SC_AST_TOPT_PAGE_COMPRESSION_LEVEL;
}

static int option_engine(sc_exec *x, sc_xtable *t, const sc_ast_table_option *o)
{
    const char *e = sc_exec__engine_name(o->value.s);

    if (!e) {
        if (x->s->sql_mode & SC_MODE_NO_ENGINE_SUBSTITUTION)
            return sc_exec__err(x, SC_ER_UNKNOWN_STORAGE_ENGINE, o->value.s);
        e = x->s->default_engine;
        sc_exec__warning(x, SC_ER_UNKNOWN_STORAGE_ENGINE, o->value.s);
        sc_exec__warning(x, SC_ER_WARN_USING_OTHER_HANDLER, e, t->name);
    }
    t->engine = e;
    return SC_OK;
}

static const char *charset_label(sc_exec *x, const sc_charset_info *cs, bool dflt)
{
    return dflt ? sc_exec__printf(x, "DEFAULT (%s)", cs->name) : cs->name;
}

/* CHARACTER SET x: 1302 when an earlier one (DEFAULT = the schema's) differs. */
static int
option_charset(sc_exec *x, sc_xtable *t, const char **cs_name, const sc_ast_table_option *o)
{
    bool dflt = strcasecmp(o->value.s, "default") == 0;
    const sc_charset_info *cs = sc_charset__find(dflt ? t->db_charset : o->value.s);

    if (cs && t->seen_cs && t->seen_cs != cs) {
        const char *a = charset_label(x, t->seen_cs, t->seen_cs_default);
        const char *b = charset_label(x, cs, dflt);
        return a && b ? sc_exec__err(x, SC_ER_CONFLICTING_CHARSETS, a, b) : SC_ENOMEM;
    }
    if (cs) {
        t->seen_cs = cs;
        t->seen_cs_default = dflt;
    }
    *cs_name = dflt ? "" : o->value.s;
    return SC_OK;
}

/* Whether two COLLATE options agree (NULL: COLLATE DEFAULT, which agrees with
 * a charset's default collation). */
static bool collations_agree(const sc_collation_info *a, const sc_collation_info *b)
{
    if (!a || !b)
        return (!a || a->is_default) && (!b || b->is_default);
    return a == b;
}

/* COLLATE y: 1302 when an earlier COLLATE disagrees. COLLATE DEFAULT after a
 * CHARACTER SET is that charset's default collation. */
static int
option_collate(sc_exec *x, sc_xtable *t, const char **coll_name, const sc_ast_table_option *o)
{
    bool dflt = strcasecmp(o->value.s, "default") == 0;
    const sc_collation_info *c = NULL;

    if (dflt && t->seen_cs)
        c = sc_charset__collation_find(t->seen_cs->default_collation);
    else if (!dflt && !(c = sc_charset__collation_find(o->value.s)))
        return sc_exec__err(x, SC_ER_UNKNOWN_COLLATION, o->value.s);
    if (t->seen_coll && !collations_agree(t->seen_coll_c, c))
        return sc_exec__err(x, SC_ER_CONFLICTING_COLLATIONS,
                            t->seen_coll_c ? t->seen_coll_c->name : "DEFAULT",
                            c ? c->name : "DEFAULT");
    if (!t->seen_coll || c)
        t->seen_coll_c = c;
    t->seen_coll = true;
    *coll_name = dflt ? "" : o->value.s;
    return SC_OK;
}

/* One option in statement order; CHARACTER SET / COLLATE are collected
 * (""= DEFAULT), engine-defined options left for later. */
static int option_first_pass(sc_exec *x,
                             sc_xtable *t,
                             const sc_ast_table_option *o,
                             const char **cs_name,
                             const char **coll_name)
{
    size_t k;

    if (is_engine_option(o->kind))
        return SC_OK; /* below, once ENGINE= is known */
    switch (o->kind) {
    case SC_AST_TOPT_ENGINE:
        return option_engine(x, t, o);
    case SC_AST_TOPT_AUTO_INCREMENT:
        t->auto_increment = o->num.value > 1 ? o->num.value : 0;
        return SC_OK;
    case SC_AST_TOPT_CHARSET:
        return option_charset(x, t, cs_name, o);
    case SC_AST_TOPT_COLLATE:
        return option_collate(x, t, coll_name, o);
    case SC_AST_TOPT_DATA_DIRECTORY:
    case SC_AST_TOPT_INDEX_DIRECTORY: /* the last one counts (sc_exec__table_dirs) */
        t->dirs_given[o->kind == SC_AST_TOPT_DATA_DIRECTORY ? SC_XDIR_DATA : SC_XDIR_INDEX] =
            o->value.s;
        return SC_OK;
    case SC_AST_TOPT_COMMENT: {
        const char *cm;
        int rc = sc_exec__comment_limit(x, &cm, o->value.s, 2048, 1628, t->name);
        if (rc != SC_OK)
            return rc;
        t->comment = *cm ? sc_exec__utf8mb3_text(x, cm) : NULL;
        return SC_OK;
    }
    default:
        break;
    }
    for (k = 0; k < sizeof(opt_slots) / sizeof(opt_slots[0]); k++)
        if (opt_slots[k].kind == o->kind)
            break;
    if (k == sizeof(opt_slots) / sizeof(opt_slots[0]))
        return SC_OK; /* accepted and not kept (TABLESPACE ...) */
    return opt_value(x, t, opt_slots[k].slot, o);
}

/* What depends on the final engine: Aria's row format, engine-defined options. */
static int options_for_engine(sc_exec *x, sc_xtable *t, const sc_ast_table_option *opts, size_t n)
{
    int rc;

    if (sc_exec__engine(t->engine) == SC_ENGINE_ARIA && t->opts[SC_XOPT_TRANSACTIONAL] &&
        strcmp(t->opts[SC_XOPT_TRANSACTIONAL], "1") == 0 && t->opts[SC_XOPT_ROW_FORMAT] &&
        strcmp(t->opts[SC_XOPT_ROW_FORMAT], "PAGE") != 0) {
        t->opts[SC_XOPT_ROW_FORMAT] = "PAGE"; /* transactional Aria tables are PAGE */
        sc_exec__warn(x, SC_ER_ARIA_ROW_FORMAT_PAGE);
    }
    for (size_t i = 0; i < n; i++) {
        /* TRANSACTIONAL given to an engine without it (not Aria, not
         * InnoDB), even =DEFAULT; one kept from a former Aria engine is not
         * checked (10.11.19) */
        if (opts[i].kind == SC_AST_TOPT_TRANSACTIONAL &&
            sc_exec__engine(t->engine) != SC_ENGINE_ARIA &&
            sc_exec__engine(t->engine) != SC_ENGINE_INNODB) {
            if (!(x->s->sql_mode & SC_MODE_IGNORE_BAD_TABLE_OPTIONS))
                return sc_exec__err(x, SC_ER_UNKNOWN_OPTION, "transactional");
            sc_exec__warning(x, SC_ER_UNKNOWN_OPTION, "transactional");
        }
        if (is_engine_option(opts[i].kind)) {
            rc = engine_option(x, t, &opts[i]);
            if (rc != SC_OK)
                return rc;
        }
    }
    return SC_OK;
}

/* The table's CHARACTER SET / COLLATE ("" or NULL: keep / inherit). */
static int options_charset(sc_exec *x, sc_xtable *t, const char *cs_name, const char *coll_name)
{
    const sc_charset_info *cs;
    const sc_collation_info *coll;
    int rc;

    if (cs_name && !*cs_name && (!coll_name || !*coll_name) && t->db_charset) {
        /* CHARACTER SET DEFAULT alone: the schema's (an ALTER changes to it) */
        t->charset = t->db_charset;
        t->collation = t->db_collation;
        return SC_OK;
    }
    if (cs_name && !*cs_name)
        cs_name = NULL;
    if (coll_name && !*coll_name)
        coll_name = NULL;
    if (!cs_name && !coll_name)
        return SC_OK;
    rc = sc_charset__resolve(&cs, &coll, x->ctx, cs_name, coll_name);
    if (rc != SC_OK)
        return rc;
    t->charset = cs->name;
    t->collation = coll->name;
    return SC_OK;
}

int sc_exec__table_options(sc_exec *x, sc_xtable *t, const sc_ast_table_option *opts, size_t n)
{
    const char *cs_name = NULL, *coll_name = NULL;
    int rc;

    for (size_t i = 0; i < n; i++) {
        rc = option_first_pass(x, t, &opts[i], &cs_name, &coll_name);
        if (rc != SC_OK)
            return rc;
    }
    rc = options_for_engine(x, t, opts, n);
    if (rc != SC_OK)
        return rc;
    /* an ALTER's option lists are one declaration: COLLATE x, CHARSET y
     * resolves y with x (1253 when they do not match) */
    if (cs_name && *cs_name && !coll_name && t->seen_coll_c)
        coll_name = t->seen_coll_c->name;
    if (coll_name && *coll_name && !cs_name && t->seen_cs && !t->seen_cs_default)
        cs_name = t->seen_cs->name;
    return options_charset(x, t, cs_name, coll_name);
}

/* ------------------------------------------------------------------ */
/* Indexes                                                              */

static bool name_taken(const sc_xtable *t, const sc_xindex *self, const char *name)
{
    for (size_t i = 0; i < t->n_idx; i++)
        if (&t->idx[i] != self && t->idx[i].d.name && strcasecmp(t->idx[i].d.name, name) == 0)
            return true;
    return strcasecmp(name, "PRIMARY") == 0;
}

static bool name_taken_before(const sc_xtable *t, size_t end, const char *name)
{
    for (size_t i = 0; i < end; i++)
        if (t->idx[i].d.name && strcasecmp(t->idx[i].d.name, name) == 0)
            return true;
    return strcasecmp(name, "PRIMARY") == 0;
}

static const char *unique_name_before(sc_exec *x, const sc_xtable *t, size_t end, const char *base)
{
    const char *n = base;
    if (!name_taken_before(t, end, n))
        return n;
    for (unsigned i = 2;; i++) {
        n = sc_exec__printf(x, "%s_%u", base, i);
        if (!n || !name_taken_before(t, end, n))
            return n;
    }
}

static unsigned col_maxlen(const sc_column_def *c)
{
    return c->charset ? sc_charset__maxlen(c->charset) : 1;
}

/* Fill index parts from the AST, validating columns and prefixes. */
static int index_parts(sc_exec *x, sc_xtable *t, sc_xindex *ix, const sc_ast_index *ai)
{
    for (size_t i = 0; i < ai->n_parts; i++) {
        const sc_ast_key_part *kp = &ai->parts[i];
        sc_xcol *c = sc_xtable__find_col(t, kp->column);
        sc_index_part *p = &ix->parts[i];

        if (!c)
            return sc_exec__err(x, SC_ER_KEY_COLUMN_DOES_NOT_EXIST, kp->column);
        for (size_t j = 0; j < i; j++)
            if (strcasecmp(ix->parts[j].column, c->d.name) == 0)
                return sc_exec__err(x, SC_ER_DUP_FIELDNAME, c->d.name);
        p->column = c->d.name;
        p->descending = kp->order == SC_AST_ORDER_DESC;
        if (kp->length.present && kp->length.value == 0)
            return sc_exec__err(x, SC_ER_KEY_PART_0, c->d.name);
        if (kp->length.present) {
            bool blobish = sc_type__is_blob(c->d.type) || sc_type__is_spatial(c->d.type);
            bool str = c->d.type == SC_TYPE_CHAR || c->d.type == SC_TYPE_VARCHAR ||
                       c->d.type == SC_TYPE_BINARY || c->d.type == SC_TYPE_VARBINARY || blobish;
            if (ai->kind == SC_AST_INDEX_FULLTEXT)
                continue; /* FULLTEXT keys take whole columns: a prefix is ignored */
            if (!str || ai->kind == SC_AST_INDEX_SPATIAL || kp->length.value == 0 ||
                (!blobish && kp->length.value > c->d.length))
                return sc_exec__err(x, SC_ER_WRONG_SUB_KEY);
            p->prefix_len = (uint32_t)kp->length.value;
            if (!blobish && p->prefix_len == c->d.length)
                p->prefix_len = 0;
        }
    }
    return SC_OK;
}

static sc_index_kind map_index_kind(sc_ast_index_kind k)
{
    switch (k) {
    case SC_AST_INDEX_PRIMARY:
        return SC_INDEX_PRIMARY;
    case SC_AST_INDEX_UNIQUE:
        return SC_INDEX_UNIQUE;
    case SC_AST_INDEX_FULLTEXT:
        return SC_INDEX_FULLTEXT;
    case SC_AST_INDEX_SPATIAL:
        return SC_INDEX_SPATIAL;
    default:
        return SC_INDEX_KEY;
    }
}

static int remember_fk_mod_cols(sc_exec *x, sc_xtable *t, const sc_ast_index *ai)
{
    const char **cols = sc_exec__alloc(x, (t->n_fk_mod_cols + ai->n_parts) * sizeof *cols);

    if (!cols)
        return SC_ENOMEM;
    for (size_t i = 0; i < t->n_fk_mod_cols; i++)
        cols[i] = t->fk_mod_cols[i];
    for (size_t i = 0; i < ai->n_parts; i++)
        cols[t->n_fk_mod_cols++] = sc_xtable__find_col(t, ai->parts[i].column)->d.name;
    t->fk_mod_cols = cols;
    return SC_OK;
}

static int add_fk(sc_exec *x, sc_xtable *t, const sc_ast_index *ai)
{
    const sc_ast_references *r = ai->references;
    sc_fk_def *fk;
    sc_xindex *ix;
    const char **cols, **pcols;
    const char *pdb;
    int rc;

    if ((rc = sc_exec__check_ident_length(x, ai->constraint)) != SC_OK ||
        (rc = sc_exec__check_ident_length(x, ai->name)) != SC_OK)
        return rc;
    for (size_t i = 0; i < ai->n_parts; i++) {
        const sc_xcol *c = sc_xtable__find_col(t, ai->parts[i].column);
        const char *bad = NULL;
        if (!c)
            return sc_exec__err(x, SC_ER_KEY_COLUMN_DOES_NOT_EXIST, ai->parts[i].column);
        /* Foreign_key::validate(): no action may write a generated column */
        if (c->d.generated == SC_GEN_NONE)
            continue;
        if (r->on_delete == SC_AST_FK_SET_NULL)
            bad = "ON DELETE SET NULL";
        else if (r->on_update == SC_AST_FK_SET_NULL)
            bad = "ON UPDATE SET NULL";
        else if (r->on_update == SC_AST_FK_CASCADE)
            bad = "ON UPDATE CASCADE";
        if (bad)
            return sc_exec__err(x, SC_ER_WRONG_FK_OPTION_FOR_GENERATED_COLUMN, bad);
    }
    /* the implicit index, kept unless another key covers the columns */
    ix = sc_xtable__add_index(x, t, ai->n_parts);
    if (!ix)
        return SC_ENOMEM;
    ix->generated = true;
    ix->d.kind = SC_INDEX_KEY;
    rc = index_parts(x, t, ix, ai);
    if (rc != SC_OK)
        return rc;
    {
        const char *nm = ai->constraint ? ai->constraint : ai->name;
        ix->d.name = nm;
    }
    if (sc_exec__engine(t->engine) != SC_ENGINE_INNODB) {
        /* other engines parse and ignore foreign keys (but see exec_fk_exprs.c) */
        if (sc_exec__fk_action_modifies_child(r->on_delete, r->on_update))
            return remember_fk_mod_cols(x, t, ai);
        return SC_OK;
    }
    if (r->n_columns != ai->n_parts)
        return sc_exec__err(x, SC_ER_WRONG_FK_DEF,
                            ai->constraint ? ai->constraint
                                           : (ai->name ? ai->name : "foreign key without name"),
                            "Key reference and table reference don't match");
    pdb = r->table.db ? r->table.db : t->schema;
    fk = sc_xtable__add_fk(x, t);
    cols = sc_exec__alloc(x, (ai->n_parts + 1) * sizeof(char *));
    pcols = sc_exec__alloc(x, (ai->n_parts + 1) * sizeof(char *));
    if (!fk || !cols || !pcols)
        return SC_ENOMEM;
    for (size_t i = 0; i < ai->n_parts; i++) {
        cols[i] = sc_xtable__find_col(t, ai->parts[i].column)->d.name;
        pcols[i] = r->columns[i];
    }
    fk->name = ai->constraint ? ai->constraint : ai->name; /* NULL: named later */
    fk->columns = cols;
    fk->parent_columns = pcols;
    fk->n_columns = ai->n_parts;
    fk->parent_schema = pdb;
    fk->parent_table = r->table.name;
    fk->on_delete = (sc_fk_action)r->on_delete;
    fk->on_update = (sc_fk_action)r->on_update;
    return SC_OK;
}

int sc_exec__add_index(sc_exec *x, sc_xtable *t, const sc_ast_index *ai)
{
    sc_xindex *ix;
    bool overlaps = false;
    int rc;

    if (ai->kind == SC_AST_INDEX_FOREIGN)
        return add_fk(x, t, ai);
    if ((rc = sc_exec__without_overlaps(x, t, &ai, &overlaps)) != SC_OK)
        return rc;
    if (ai->kind != SC_AST_INDEX_PRIMARY && ai->name && strcasecmp(ai->name, "PRIMARY") == 0)
        return sc_exec__err(x, SC_ER_WRONG_NAME_FOR_INDEX, ai->name);
    if (ai->n_parts > MAX_KEY_PARTS)
        return sc_exec__err(x, SC_ER_TOO_MANY_KEY_PARTS, MAX_KEY_PARTS);
    ix = sc_xtable__add_index(x, t, ai->n_parts);
    if (!ix)
        return SC_ENOMEM;
    ix->d.kind = map_index_kind(ai->kind);
    rc = index_parts(x, t, ix, ai);
    if (rc != SC_OK)
        return rc;
    if (ix->d.kind == SC_INDEX_PRIMARY) {
        for (size_t k = 0; k < ix->d.n_parts; k++)
            if (sc_xtable__find_col(t, ix->parts[k].column)->d.generated != SC_GEN_NONE)
                return sc_exec__err(x, SC_ER_PRIMARY_KEY_BASED_ON_GENERATED_COLUMN);
        for (size_t i = 0; i < t->n_idx - 1; i++)
            if (t->idx[i].d.kind == SC_INDEX_PRIMARY)
                return sc_exec__err(x, SC_ER_MULTIPLE_PRI_KEY);
        ix->d.name = "PRIMARY";
        if (ai->name || ai->constraint)
            sc_exec__warning(x, SC_ER_PRIMARY_KEY_NAME_IGNORED,
                             ai->name ? ai->name : ai->constraint);
    } else {
        ix->d.name = ai->name ? ai->name : ai->constraint;
        if ((rc = sc_exec__check_ident_length(x, ix->d.name)) != SC_OK)
            return rc;
        if (ix->d.name && (!*ix->d.name || ix->d.name[strlen(ix->d.name) - 1] == ' '))
            return sc_exec__err(x, SC_ER_WRONG_NAME_FOR_INDEX, ix->d.name);
        if (ix->d.name && name_taken(t, ix, ix->d.name))
            return sc_exec__err(x, SC_ER_DUP_KEYNAME, ix->d.name);
    }
    ix->d.algorithm = (sc_index_algo)ai->using;
    if (overlaps)
        ix->d.flags |= SC_INDEX_WITHOUT_OVERLAPS;
    if (ix->d.algorithm == SC_ALGO_RTREE && ix->d.kind != SC_INDEX_SPATIAL)
        return sc_exec__err(x, SC_ER_WRONG_ARGUMENTS, "RTREE INDEX");
    if (ix->d.kind == SC_INDEX_PRIMARY && ai->ignored == 1)
        return sc_exec__err(x, SC_ER_PK_INDEX_CANT_BE_IGNORED);
    if (ai->comment) {
        const char *cm;
        rc = sc_exec__comment_limit(x, &cm, ai->comment->s, 1024, 1688,
                                    ix->d.name ? ix->d.name : "");
        if (rc != SC_OK)
            return rc;
        ix->d.comment = *cm ? sc_exec__utf8mb3_text(x, cm) : NULL;
    }
    if (ai->key_block_size.present && ai->key_block_size.value) {
        uint64_t v = ai->key_block_size.value;
        if (sc_exec__engine(t->engine) == SC_ENGINE_MYISAM ||
            sc_exec__engine(t->engine) == SC_ENGINE_ARIA) {
            uint64_t p = 1024;
            while (p < v && p < 16384)
                p *= 2;
            v = p;
        }
        ix->d.key_block_size = (uint32_t)v;
    }
    /* a full-text parser is a plugin, and a stock server installs none:
     * plugin_lock_by_name() fails (1128) */
    if (ai->parser)
        return sc_exec__err(x, SC_ER_FUNCTION_NOT_DEFINED, ai->parser);
    if (ai->ignored == 1)
        ix->d.flags |= SC_INDEX_IGNORED;
    return SC_OK;
}

int sc_exec__add_column_keys(sc_exec *x, sc_xtable *t, const sc_ast_column *ac)
{
    sc_ast_index ai;
    sc_ast_key_part part;
    int rc;

    memset(&ai, 0, sizeof(ai));
    memset(&part, 0, sizeof(part));
    part.column = ac->name;
    ai.parts = &part;
    ai.n_parts = 1;
    ai.ignored = -1;
    if (ac->key == SC_AST_COLKEY_PRIMARY) {
        ai.kind = SC_AST_INDEX_PRIMARY;
        if ((rc = sc_exec__add_index(x, t, &ai)) != SC_OK)
            return rc;
    } else if (ac->key == SC_AST_COLKEY_UNIQUE || ac->serial || ac->serial_default_value) {
        ai.kind = SC_AST_INDEX_UNIQUE;
        if ((rc = sc_exec__add_index(x, t, &ai)) != SC_OK)
            return rc;
    }
    if (ac->references) {
        ai.kind = SC_AST_INDEX_FOREIGN;
        ai.constraint = ac->ref_constraint;
        ai.references = ac->references;
        if (ac->references->n_columns == 0) {
            /* REFERENCES t without columns: InnoDB cannot form the key */
            if (sc_exec__engine(t->engine) != SC_ENGINE_INNODB)
                return SC_OK;
            return sc_exec__fk_no_parent_columns(x, t, ac->name, ac->ref_constraint);
        }
        if ((rc = add_fk(x, t, &ai)) != SC_OK)
            return rc;
    }
    return sc_exec__check_column_refs(x, t, ac);
}

/* ------------------------------------------------------------------ */
/* CHECK constraints                                                    */

int sc_exec__check_refs(sc_exec *x, const sc_xtable *t, const sc_ast_check *ac)
{
    const char *u = sc_exec__unknown_column(t, ac->expr);

    if (u)
        return sc_exec__unknown_in_expr(x, u, "CHECK", ac->expr);
    return sc_exec__fix_stored_expr(x, t, ac->expr);
}

int sc_exec__deferred_refs(sc_exec *x,
                           sc_xtable *t,
                           const sc_ast_column *const *cols,
                           size_t n_cols,
                           const sc_ast_check *const *checks,
                           size_t n_checks)
{
    t->defer_refs = false;
    /* in the new table's column order, as the fields are opened */
    for (size_t c = 0; c < t->n_cols; c++)
        for (size_t i = 0; i < n_cols; i++)
            if (sc_exec__column_has_exprs(cols[i]) &&
                strcasecmp(cols[i]->name, t->cols[c].d.name) == 0)
                SC_TRY(sc_exec__check_column_refs(x, t, cols[i]));
    for (size_t i = 0; i < n_checks; i++)
        SC_TRY(sc_exec__check_refs(x, t, checks[i]));
    return SC_OK;
}

int sc_exec__add_check(sc_exec *x, sc_xtable *t, const sc_ast_check *ac, bool is_alter)
{
    sc_check_def *ck;

    if (sc_exec__check_ident_length(x, ac->name) != SC_OK)
        return SC_ESQL;
    if (sc_exec__sequence_expr(x, ac->expr, "CHECK", NULL) != SC_OK)
        return SC_ESQL;
    if (!t->defer_refs && sc_exec__check_refs(x, t, ac) != SC_OK)
        return SC_ESQL;
    {
        /* the name an unnamed constraint will get (CONSTRAINT_<n>) */
        unsigned unnamed = 1;
        const char *nm = ac->name;
        for (size_t i = 0; i < t->n_checks; i++)
            if (!t->checks[i].name || strncmp(t->checks[i].name, "CONSTRAINT_", 11) == 0)
                unnamed++;
        if (!nm)
            nm = sc_exec__printf(x, "CONSTRAINT_%u", unnamed);
        if (sc_exec__check_expr_allowed(x, ac->expr, nm) != SC_OK)
            return SC_ESQL;
    }
    if (ac->name)
        for (size_t i = 0; i < t->n_checks; i++)
            if (t->checks[i].name && strcasecmp(t->checks[i].name, ac->name) == 0) {
                if (is_alter && ac->if_not_exists) {
                    sc_exec__warn(x, SC_ER_DUP_CONSTRAINT_NAME, "CHECK", ac->name);
                    return SC_OK;
                }
                return sc_exec__err(x, SC_ER_DUP_CONSTRAINT_NAME, "CHECK", ac->name);
            }
    ck = sc_xtable__add_check(x, t);
    if (!ck)
        return SC_ENOMEM;
    ck->name = ac->name; /* NULL: numbered in finish */
    ck->expr = sc_exec__expr_text(x, ac->expr);
    return ck->expr ? SC_OK : SC_ENOMEM;
}

/* ------------------------------------------------------------------ */
/* Final pass                                                           */

static bool key_has_nullable(const sc_xtable *t, const sc_xindex *ix)
{
    for (size_t i = 0; i < ix->d.n_parts; i++) {
        const sc_xcol *c = sc_xtable__find_col(t, ix->parts[i].column);
        if (c && !(c->d.flags & SC_COL_NOT_NULL))
            return true;
    }
    return false;
}

static bool key_has_prefix(const sc_xindex *ix)
{
    for (size_t i = 0; i < ix->d.n_parts; i++)
        if (ix->parts[i].prefix_len)
            return true;
    return false;
}

/* MariaDB's sort_keys(): see sql_table.cc. */
static int key_cmp(const sc_xtable *t, const sc_xindex *a, const sc_xindex *b)
{
    bool au = a->d.kind == SC_INDEX_PRIMARY || a->d.kind == SC_INDEX_UNIQUE;
    bool bu = b->d.kind == SC_INDEX_PRIMARY || b->d.kind == SC_INDEX_UNIQUE;

    bool ah = a->long_hash && !a->late_hash, bh = b->long_hash && !b->late_hash;

    if (ah && bh)
        return a->order < b->order ? -1 : 1;
    if (au) {
        bool an, bn;
        if (!bu)
            return -1;
        if (ah)
            return 1;
        if (bh)
            return -1;
        an = key_has_nullable(t, a);
        bn = key_has_nullable(t, b);
        if (an != bn)
            return an ? 1 : -1;
        if (a->d.kind == SC_INDEX_PRIMARY)
            return -1;
        if (b->d.kind == SC_INDEX_PRIMARY)
            return 1;
        if (key_has_prefix(a) != key_has_prefix(b))
            return key_has_prefix(a) ? 1 : -1;
    } else if (bu) {
        return 1;
    }
    if ((a->d.kind == SC_INDEX_FULLTEXT) != (b->d.kind == SC_INDEX_FULLTEXT))
        return a->d.kind == SC_INDEX_FULLTEXT ? 1 : -1;
    return a->order < b->order ? -1 : (a->order > b->order ? 1 : 0);
}

static void sort_keys(sc_xtable *t)
{
    for (size_t i = 0; i < t->n_idx; i++)
        t->idx[i].order = i;
    /* insertion sort: few keys, and it keeps the comparator simple */
    for (size_t i = 1; i < t->n_idx; i++) {
        sc_xindex tmp = t->idx[i];
        size_t j = i;
        while (j > 0 && key_cmp(t, &tmp, &t->idx[j - 1]) < 0) {
            t->idx[j] = t->idx[j - 1];
            j--;
        }
        t->idx[j] = tmp;
    }
    for (size_t i = 0; i < t->n_idx; i++)
        t->idx[i].d.parts = t->idx[i].parts;
}

/*
 * MariaDB's foreign_key_prefix(): false ("is a prefix") when one of the keys
 * is generated and the (shorter) generated key's parts begin the other key.
 */
static bool is_fk_prefix(const sc_xindex *a, const sc_xindex *b)
{
    if (a->generated) {
        if (b->generated && a->d.n_parts > b->d.n_parts) {
            const sc_xindex *t = a;
            a = b;
            b = t;
        }
    } else {
        const sc_xindex *t;
        if (!b->generated)
            return false;
        t = a;
        a = b;
        b = t;
    }
    if (a->d.n_parts > b->d.n_parts)
        return false;
    for (size_t i = 0; i < a->d.n_parts; i++)
        if (strcasecmp(a->parts[i].column, b->parts[i].column) != 0 ||
            a->parts[i].prefix_len != b->parts[i].prefix_len)
            return false;
    return true;
}

/* Drop generated (foreign key) keys made redundant by another key, in
 * MariaDB's order: each key is compared with the keys before it; a later
 * key covering an earlier generated one replaces it. */
static void drop_covered_generated(sc_exec *x, sc_xtable *t)
{
    bool *ignored = sc__arena_calloc(x->arena, t->n_idx + 1);
    size_t o = 0;

    if (!ignored)
        return;
    for (size_t i = 0; i < t->n_idx; i++) {
        for (size_t j = 0; j < i; j++) {
            if (ignored[j] || !is_fk_prefix(&t->idx[i], &t->idx[j]))
                continue;
            if (!t->idx[j].generated ||
                (t->idx[i].generated && t->idx[i].d.n_parts < t->idx[j].d.n_parts))
                ignored[i] = true;
            else
                ignored[j] = true;
            break;
        }
    }
    for (size_t i = 0; i < t->n_idx; i++)
        if (!ignored[i])
            t->idx[o++] = t->idx[i];
    t->n_idx = o;
}

/* Apply limits on one key: BLOB prefixes, key length, long unique hash. */
static int key_lengths(sc_exec *x, sc_xtable *t, sc_xindex *ix)
{
    uint64_t maxkey = max_key_length(t->engine), total = 0;

    if (ix->d.kind == SC_INDEX_FULLTEXT) {
        /* every part a character column, all with the first part's collation */
        const char *ft_coll = NULL;
        for (size_t i = 0; i < ix->d.n_parts; i++) {
            sc_xcol *c = sc_xtable__find_col(t, ix->parts[i].column);
            const char *coll = c->d.collation ? c->d.collation : "";
            bool other_coll = i > 0 && strcasecmp(coll, ft_coll) != 0;
            ft_coll = coll;
            if (!sc_type__has_charset(c->d.type) || c->d.type == SC_TYPE_ENUM ||
                c->d.type == SC_TYPE_SET || other_coll)
                return sc_exec__err(x, SC_ER_BAD_FT_COLUMN, c->d.name);
        }
        return SC_OK;
    }
    if (ix->d.kind == SC_INDEX_SPATIAL) {
        for (size_t i = 0; i < ix->d.n_parts; i++) {
            sc_xcol *c = sc_xtable__find_col(t, ix->parts[i].column);
            if (!sc_type__is_spatial(c->d.type))
                return sc_exec__err(x, SC_ER_WRONG_ARGUMENTS, "SPATIAL INDEX");
            if (!(c->d.flags & SC_COL_NOT_NULL))
                return sc_exec__err(x, SC_ER_SPATIAL_CANT_HAVE_NULL);
        }
        return SC_OK;
    }
    for (size_t i = 0; i < ix->d.n_parts; i++) {
        sc_index_part *p = &ix->parts[i];
        sc_xcol *c = sc_xtable__find_col(t, p->column);
        unsigned ml = col_maxlen(&c->d);
        uint64_t bytes;

        if (sc_type__is_blob(c->d.type) && (refuses(t->engine) & NO_BLOB_KEYS))
            return sc_exec__err(x, SC_ER_BLOB_USED_AS_KEY, c->d.name, t->engine);
        /* a POINT in a B-tree key always takes its 25 bytes (MAX_LEN_GEOM_POINT_FIELD) */
        if (c->d.type == SC_TYPE_POINT)
            p->prefix_len = 25;
        if ((sc_type__is_blob(c->d.type) || sc_type__is_spatial(c->d.type)) && !p->prefix_len) {
            if (ix->d.kind == SC_INDEX_PRIMARY ||
                (sc_type__is_spatial(c->d.type) && ix->d.kind != SC_INDEX_KEY))
                return sc_exec__err(x, SC_ER_BLOB_KEY_WITHOUT_LENGTH, c->d.name);
            if (ix->d.kind == SC_INDEX_UNIQUE) {
                if (ix->d.algorithm == SC_ALGO_BTREE)
                    return sc_exec__err(x, SC_ER_TOO_LONG_KEY, (unsigned long long)maxkey);
                ix->long_hash = true;
                continue;
            }
            p->prefix_len = (uint32_t)(maxkey / ml);
            sc_exec__warn(x, SC_ER_TOO_LONG_KEY, (unsigned long long)maxkey);
        }
        bytes = p->prefix_len ? (uint64_t)p->prefix_len * (sc_type__has_charset(c->d.type) ? ml : 1)
                              : sc_type__key_bytes(&c->d, ml);
        if (bytes > maxkey && ix->d.kind == SC_INDEX_KEY && maxkey / ml > 0 &&
            (sc_type__has_charset(c->d.type) || sc_type__is_binary(c->d.type))) {
            p->prefix_len = (uint32_t)(maxkey / ml);
            bytes = (uint64_t)p->prefix_len * ml;
            sc_exec__warn(x, SC_ER_TOO_LONG_KEY, (unsigned long long)maxkey);
        }
        total += bytes;
    }
    if (ix->long_hash) {
        ix->d.algorithm = SC_ALGO_HASH;
        return SC_OK;
    }
    if (total > maxkey) {
        if (ix->d.kind == SC_INDEX_UNIQUE && ix->d.algorithm != SC_ALGO_BTREE) {
            ix->late_hash = ix->loaded;
            ix->long_hash = true;
            ix->d.algorithm = SC_ALGO_HASH;
            return SC_OK;
        }
        return sc_exec__err(x, SC_ER_TOO_LONG_KEY, (unsigned long long)maxkey);
    }
    return SC_OK;
}

/* Whether stored expression text names column col (*out). */
static int stored_names(sc_exec *x, bool *out, const char *text, const char *col)
{
    sc_expr *e;
    int rc = sc_exec__stored_expr(x, &e, text);

    *out = rc == SC_OK && sc_ddl__expr_uses_column(e, col);
    return rc;
}

/* 1901: no CHECK constraint (table or column level) may read the
 * AUTO_INCREMENT column; MariaDB names the column in the message. */
static int check_auto_inc_in_checks(sc_exec *x, const sc_xtable *t)
{
    const char *ai = NULL;
    bool used = false;
    int rc = SC_OK;

    for (size_t i = 0; i < t->n_cols && !ai; i++)
        if (t->cols[i].d.flags & SC_COL_AUTO_INCREMENT)
            ai = t->cols[i].d.name;
    if (!ai)
        return SC_OK;
    for (size_t i = 0; i < t->n_checks && !used && rc == SC_OK; i++)
        rc = stored_names(x, &used, t->checks[i].expr, ai);
    for (size_t i = 0; i < t->n_cols && !used && rc == SC_OK; i++)
        rc = stored_names(x, &used, t->cols[i].d.check_expr, ai);
    if (rc != SC_OK)
        return rc;
    if (!used)
        return SC_OK;
    return sc_exec__err(x, SC_ER_GENERATED_COLUMN_FUNCTION_IS_NOT_ALLOWED, "AUTO_INCREMENT",
                        "CHECK", ai);
}

static int check_auto_increment(sc_exec *x, sc_xtable *t)
{
    const sc_xcol *ai = NULL;

    for (size_t i = 0; i < t->n_cols; i++) {
        if (!(t->cols[i].d.flags & SC_COL_AUTO_INCREMENT))
            continue;
        if (ai)
            goto bad;
        ai = &t->cols[i];
    }
    if (!ai)
        return SC_OK;
    for (size_t i = 0; i < t->n_idx; i++) {
        const sc_xindex *ix = &t->idx[i];
        if (ix->d.kind == SC_INDEX_FULLTEXT || ix->d.kind == SC_INDEX_SPATIAL || ix->long_hash)
            continue;
        if (strcasecmp(ix->parts[0].column, ai->d.name) == 0)
            return SC_OK;
        if (sc_exec__engine(t->engine) != SC_ENGINE_INNODB)
            for (size_t k = 1; k < ix->d.n_parts; k++)
                if (strcasecmp(ix->parts[k].column, ai->d.name) == 0)
                    return SC_OK;
    }
bad:
    return sc_exec__err(x, SC_ER_WRONG_AUTO_KEY);
}

static int check_row_size(sc_exec *x, const sc_xtable *t)
{
    uint64_t total = 0, nullable = 0;

    for (size_t i = 0; i < t->n_cols; i++) {
        const sc_column_def *d = &t->cols[i].d;
        if (d->generated == SC_GEN_VIRTUAL)
            continue;
        total += sc_type__record_bytes(d, col_maxlen(d));
        if (!(d->flags & SC_COL_NOT_NULL))
            nullable++;
    }
    total += (nullable + 7) / 8;
    if (total > 65535)
        return sc_exec__err(x, SC_ER_TOO_BIG_ROWSIZE, 65535);
    return SC_OK;
}

/* Number the unnamed CHECK constraints; SC_ENOMEM (never an empty name). */
static int name_checks(sc_exec *x, sc_xtable *t)
{
    unsigned n = 0;
    for (size_t i = 0; i < t->n_checks; i++) {
        if (t->checks[i].name)
            continue;
        for (;;) {
            bool taken = false;
            const char *nm = sc_exec__printf(x, "CONSTRAINT_%u", ++n);
            if (!nm)
                return SC_ENOMEM;
            for (size_t k = 0; k < t->n_checks; k++)
                if (t->checks[k].name && strcasecmp(t->checks[k].name, nm) == 0)
                    taken = true;
            if (!taken) {
                t->checks[i].name = nm;
                break;
            }
        }
    }
    return SC_OK;
}

static int engine_limits(sc_exec *x, const sc_xtable *t)
{
    if (sc_exec__engine(t->engine) == SC_ENGINE_CSV)
        for (size_t i = 0; i < t->n_cols; i++)
            if (!(t->cols[i].d.flags & SC_COL_NOT_NULL)) {
                /* ha_tina's create() fails; the cleanup after it warns (10.11.19) */
                int rc = sc_exec__err(x, SC_ER_CHECK_NOT_IMPLEMENTED, "nullable columns");
                sc_exec__warning(x, SC_ER_UNSUPPORTED_EXTENSION, t->name);
                return rc;
            }
    if (sc_exec__engine(t->engine) == SC_ENGINE_MEMORY)
        for (size_t i = 0; i < t->n_cols; i++)
            if (sc_type__is_blob(t->cols[i].d.type))
                return sc_exec__err(x, SC_ER_TABLE_CANT_HANDLE_BLOB, "MEMORY");
    return SC_OK;
}

/*
 * InnoDB's COMPACT and REDUNDANT row formats store at most 767 bytes of an
 * indexed column (DYNAMIC and COMPRESSED: 3072, checked before): a longer key
 * part is refused by InnoDB itself with 1709, after the SQL layer's checks.
 */
static int innodb_key_part_limit(sc_exec *x, const sc_xtable *t)
{
    const char *rf = t->opts[SC_XOPT_ROW_FORMAT];

    if (sc_exec__engine(t->engine) != SC_ENGINE_INNODB || !rf ||
        (strcasecmp(rf, "COMPACT") != 0 && strcasecmp(rf, "REDUNDANT") != 0))
        return SC_OK;
    for (size_t i = 0; i < t->n_idx; i++) {
        const sc_xindex *ix = &t->idx[i];
        if (ix->long_hash || ix->d.kind == SC_INDEX_FULLTEXT || ix->d.kind == SC_INDEX_SPATIAL)
            continue;
        for (size_t k = 0; k < ix->d.n_parts; k++) {
            const sc_index_part *p = &ix->parts[k];
            const sc_xcol *c = sc_xtable__find_col((sc_xtable *)t, p->column);
            unsigned ml = c ? col_maxlen(&c->d) : 1;
            uint64_t bytes;
            if (!c)
                continue;
            bytes = p->prefix_len
                        ? (uint64_t)p->prefix_len * (sc_type__has_charset(c->d.type) ? ml : 1)
                        : sc_type__key_bytes(&c->d, ml);
            if (bytes > 767)
                return sc_exec__err(x, SC_ER_INDEX_COLUMN_TOO_LONG, 767);
        }
    }
    return SC_OK;
}

/* MyISAM, Aria and MEMORY keep AUTO_INCREMENT=N in the table's state, and
 * SHOW CREATE prints it, with or without an AUTO_INCREMENT column; InnoDB
 * only has the counter of such a column (verified against 10.11.19). */
static bool engine_keeps_auto_increment(const char *engine)
{
    sc_engine e = sc_exec__engine(engine);

    return e == SC_ENGINE_MYISAM || e == SC_ENGINE_ARIA || e == SC_ENGINE_MEMORY;
}

/* Settings the storage engine or the table options give every table/key. */
static void inherit_table_options(sc_xtable *t)
{
    uint32_t kbs = t->opts[SC_XOPT_KEY_BLOCK_SIZE]
                       ? (uint32_t)strtoul(t->opts[SC_XOPT_KEY_BLOCK_SIZE], NULL, 10)
                       : 0;
    bool has_ai = false;

    if (sc_exec__engine(t->engine) == SC_ENGINE_ARIA && !t->opts[SC_XOPT_PAGE_CHECKSUM])
        t->opts[SC_XOPT_PAGE_CHECKSUM] = "1";
    if (sc_exec__engine(t->engine) != SC_ENGINE_MRG_MYISAM)
        t->opts[SC_XOPT_INSERT_METHOD] = NULL; /* a MERGE table option only */
    for (size_t i = 0; i < t->n_idx; i++)
        if (!t->idx[i].d.key_block_size)
            t->idx[i].d.key_block_size = kbs;
    for (size_t i = 0; i < t->n_cols; i++)
        if (t->cols[i].d.flags & SC_COL_AUTO_INCREMENT)
            has_ai = true;
    if (!has_ai && !engine_keeps_auto_increment(t->engine))
        t->auto_increment = 0;
}

/*
 * A COMMENT within its limit (characters): over it, 1628/1629/1688 in strict
 * mode, otherwise cut to the limit with a warning. *out gets the stored text.
 */
int sc_exec__comment_limit(
    sc_exec *x, const char **out, const char *text, size_t max, unsigned err, const char *name)
{
    size_t chars = 0, bytes = 0;

    for (const char *p = text; *p; p++) {
        if (((unsigned char)*p & 0xC0) != 0x80) {
            if (chars == max)
                break;
            chars++;
        }
        bytes = (size_t)(p - text) + 1;
    }
    if (text[bytes] != '\0') {
        if (x->s->sql_mode & (SC_MODE_STRICT_TRANS_TABLES | SC_MODE_STRICT_ALL_TABLES))
            return err == 1628   ? sc_exec__err(x, SC_ER_TOO_LONG_TABLE_COMMENT, name, max)
                   : err == 1629 ? sc_exec__err(x, SC_ER_TOO_LONG_FIELD_COMMENT, name, max)
                                 : sc_exec__err(x, SC_ER_TOO_LONG_INDEX_COMMENT, name, max);
        if (err == 1628)
            sc_exec__warning(x, SC_ER_TOO_LONG_TABLE_COMMENT, name, max);
        else if (err == 1629)
            sc_exec__warning(x, SC_ER_TOO_LONG_FIELD_COMMENT, name, max);
        else
            sc_exec__warning(x, SC_ER_TOO_LONG_INDEX_COMMENT, name, max);
        *out = sc__arena_strndup(x->arena, text, bytes);
    } else {
        *out = text;
    }
    return *out ? SC_OK : SC_ENOMEM;
}

/* Comments are stored in utf8mb3: 4-byte characters become '?'. */
const char *sc_exec__utf8mb3_text(sc_exec *x, const char *s)
{
    char *out, *o;
    if (!s)
        return NULL;
    out = sc_exec__alloc(x, strlen(s) + 1);
    if (!out)
        return NULL;
    for (o = out; *s;) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0xF0 && c < 0xF8) {
            *o++ = '?';
            s++;
            while (((unsigned char)*s & 0xC0) == 0x80)
                s++;
        } else {
            *o++ = *s++;
        }
    }
    *o = '\0';
    return out;
}

static bool same_key(const sc_xindex *a, const sc_xindex *b)
{
    if (a->d.kind != b->d.kind || a->d.algorithm != b->d.algorithm || a->d.n_parts != b->d.n_parts)
        return false;
    for (size_t i = 0; i < a->d.n_parts; i++)
        if (strcasecmp(a->parts[i].column, b->parts[i].column) != 0 ||
            a->parts[i].prefix_len != b->parts[i].prefix_len ||
            a->parts[i].descending != b->parts[i].descending)
            return false;
    return true;
}

/* Note 1831 when new key i is identical to one before it (MariaDB still accepts it). */
static void note_duplicate_key(sc_exec *x, const sc_xtable *t, size_t i, const sc_xindex *before)
{
    if (t->idx[i].loaded || t->idx[i].generated)
        return;
    for (size_t j = 0; j < i; j++)
        if (!t->idx[j].generated && same_key(&before[i], &before[j])) {
            sc_exec__warn(x, SC_ER_DUP_INDEX, t->idx[i].d.name);
            return;
        }
}

int sc_exec__finish_table(sc_exec *x, sc_xtable *t)
{
    int rc;

    {
        size_t visible = 0;
        for (size_t i = 0; i < t->n_cols; i++)
            if (!(t->cols[i].d.flags & SC_COL_INVISIBLE))
                visible++;
        if (visible == 0)
            return sc_exec__err(x, SC_ER_TABLE_MUST_HAVE_COLUMNS);
    }
    for (size_t i = 0; i < t->n_cols; i++) {
        const sc_column_def *d = &t->cols[i].d;
        if ((d->flags & SC_COL_INVISIBLE) && (d->flags & SC_COL_NOT_NULL) &&
            d->default_kind == SC_DEFAULT_NONE && d->generated == SC_GEN_NONE &&
            !(d->flags & SC_COL_AUTO_INCREMENT))
            return sc_exec__err(x, SC_ER_INVISIBLE_NOT_NULL_WITHOUT_DEFAULT, d->name);
    }
    sc_exec__timestamp_defaults(x, t);
    if ((rc = engine_columns(x, t)) != SC_OK)
        return rc;
    drop_covered_generated(x, t);
    /* names of unnamed keys, in declaration order, unique among the keys
     * before them (MariaDB's make_unique_key_name); a later explicit name
     * equal to such a name is a duplicate */
    for (size_t i = 0; i < t->n_idx; i++) {
        sc_xindex *ix = &t->idx[i];
        if (!ix->d.name) {
            ix->d.name = unique_name_before(x, t, i, ix->parts[0].column);
            if (!ix->d.name)
                return SC_ENOMEM;
        } else if (ix->d.kind != SC_INDEX_PRIMARY && name_taken_before(t, i, ix->d.name)) {
            return sc_exec__err(x, SC_ER_DUP_KEYNAME, ix->d.name);
        }
    }
    /* PRIMARY KEY columns are NOT NULL */
    for (size_t i = 0; i < t->n_idx; i++) {
        if (t->idx[i].d.kind != SC_INDEX_PRIMARY)
            continue;
        for (size_t k = 0; k < t->idx[i].d.n_parts; k++) {
            sc_xcol *c = sc_xtable__find_col(t, t->idx[i].parts[k].column);
            if (c->d.generated != SC_GEN_NONE)
                continue;
            c->d.flags |= SC_COL_NOT_NULL;
            if (c->d.default_kind == SC_DEFAULT_NULL)
                c->d.default_kind = SC_DEFAULT_NONE;
        }
    }
    if (t->n_idx > MAX_KEYS) /* MariaDB counts them before it looks at any */
        return sc_exec__err(x, SC_ER_TOO_MANY_KEYS, MAX_KEYS);
    {
        /* duplicates compare the keys as declared, before the prefixes key_lengths sets;
         * MariaDB notes them key by key, after each key's own 1071 */
        sc_xindex *before = sc_exec__alloc(x, (t->n_idx + 1) * sizeof(*before));
        if (!before)
            return SC_ENOMEM;
        for (size_t i = 0; i < t->n_idx; i++) {
            before[i] = t->idx[i];
            before[i].parts = sc_exec__alloc(x, (t->idx[i].d.n_parts + 1) * sizeof(sc_index_part));
            if (!before[i].parts)
                return SC_ENOMEM;
            memcpy(before[i].parts, t->idx[i].parts, t->idx[i].d.n_parts * sizeof(sc_index_part));
        }
        for (size_t i = 0; i < t->n_idx; i++) {
            rc = key_lengths(x, t, &t->idx[i]);
            if (rc != SC_OK)
                return rc;
            note_duplicate_key(x, t, i, before);
        }
    }
    rc = check_auto_increment(x, t);
    if (rc == SC_OK)
        rc = check_auto_inc_in_checks(x, t);
    if (rc == SC_OK)
        rc = sc_exec__definition_limits(x, t);
    if (rc == SC_OK)
        rc = check_row_size(x, t);
    if (rc == SC_OK)
        rc = engine_limits(x, t);
    if (rc == SC_OK)
        rc = innodb_key_part_limit(x, t);
    if (rc != SC_OK)
        return rc;
    if ((rc = name_checks(x, t)) != SC_OK)
        return rc;
    if ((rc = sc_exec__check_fk_modified_exprs(x, t)) != SC_OK)
        return rc;
    /* MariaDB re-sorts the keys only when the statement adds one: an ALTER
     * that adds none keeps the stored order, even when NULL-ness or the
     * long-hash form of a key changed (verified against 10.11) */
    {
        bool added = false;
        for (size_t i = 0; i < t->n_idx; i++)
            if (!t->idx[i].loaded)
                added = true;
        if (added)
            sort_keys(t);
    }
    inherit_table_options(t);
    return SC_OK;
}

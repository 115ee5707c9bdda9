/*
 * infoschema_server.c - the information_schema tables about the server
 * rather than the catalog: SESSION_VARIABLES / GLOBAL_VARIABLES (the
 * session variables syscat has, ddl/session.c), CHARACTER_SETS and
 * COLLATIONS (the ones catalog/charset.c knows, with MariaDB's descriptions
 * and order from ddl/infoschema_charsets.def), ENGINES (the engines the DDL
 * layer accepts); TRIGGERS and VIEWS are in ddl/infoschema_objects.c.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "ddl/infoschema_int.h"

/* ------------------------------------------------------------------ */
/* Variables                                                            */

/* Name, and whether SHOW VARIABLES prints its 1/0 value as ON/OFF. In name order. */
static const struct {
    const char *name;
    bool boolean;
} variables[] = {
    {"character_set_server", false},
    {"collation_server", false},
    {"default_storage_engine", false},
    {"explicit_defaults_for_timestamp", true},
    {"foreign_key_checks", true},
    {"lower_case_table_names", false},
    {"sql_mode", false},
    {"sql_notes", true},
    {"storage_engine", false},
};

/* A variable's value: the session's, or for GLOBAL the server default a new session gets. */
static int variable_value(char **out, sc_exec *x, const char *name, bool global)
{
    sc_session *fresh = NULL;
    int rc;

    if (strcmp(name, "lower_case_table_names") == 0) {
        *out = sc__strdup(x->ctx, "0"); /* names are case-sensitive, always */
        return *out ? SC_OK : SC_ENOMEM;
    }
    if (!global)
        return sc_session_get(out, x->s, name);
    rc = sc_session_new(&fresh, x->s->cat, NULL);
    if (rc == SC_OK)
        rc = sc_session_get(out, fresh, name);
    sc_session_free(fresh);
    return rc;
}

/* SHOW VARIABLES prints names in lower case, the information_schema tables in upper case. */
static int fill_variables(sc_rs *b, sc_exec *x, bool global, bool show)
{
    for (size_t i = 0; i < sizeof(variables) / sizeof(variables[0]); i++) {
        char *v = NULL, upper[64];
        size_t n = strlen(variables[i].name);
        int rc = variable_value(&v, x, variables[i].name, global);
        if (rc != SC_OK)
            return rc;
        for (size_t k = 0; k <= n && k < sizeof(upper); k++)
            upper[k] = (char)toupper((unsigned char)variables[i].name[k]);
        sc_rs__str(b, show ? variables[i].name : upper);
        if (variables[i].boolean)
            rc = sc_rs__str(b, strcmp(v, "0") == 0 ? "OFF" : "ON");
        else
            rc = sc_rs__str(b, v);
        sc_free(x->ctx, v);
        if (rc != SC_OK)
            return rc;
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Character sets, collations, engines                                  */

typedef struct is_charset {
    const char *name, *default_collation, *description;
    unsigned maxlen;
} is_charset;

typedef struct is_collation {
    const char *name, *charset;
    unsigned id;
    bool is_default;
    unsigned sortlen;
} is_collation;

static const is_charset charsets[] = {
#define SC_IS_CHARSET(N, D, DESC, M) {N, D, DESC, M},
#define SC_IS_COLLATION(N, CS, ID, DEF, SL)
#include "ddl/infoschema_charsets.def"
#undef SC_IS_CHARSET
#undef SC_IS_COLLATION
};

static const is_collation collations[] = {
#define SC_IS_CHARSET(N, D, DESC, M)
#define SC_IS_COLLATION(N, CS, ID, DEF, SL) {N, CS, ID, DEF, SL},
#include "ddl/infoschema_charsets.def"
#undef SC_IS_CHARSET
#undef SC_IS_COLLATION
};

static int fill_charsets(sc_rs *b)
{
    int rc = SC_OK;

    for (size_t i = 0; rc == SC_OK && i < sizeof(charsets) / sizeof(charsets[0]); i++) {
        const sc_charset_info *cs = sc_charset__find(charsets[i].name);
        if (!cs || strcmp(cs->name, charsets[i].name) != 0)
            continue; /* not one the catalog knows */
        sc_rs__str(b, charsets[i].name);
        sc_rs__str(b, charsets[i].default_collation);
        sc_rs__str(b, charsets[i].description);
        rc = sc_rs__u64(b, charsets[i].maxlen);
    }
    return rc;
}

static int fill_collations(sc_rs *b)
{
    int rc = SC_OK;

    for (size_t i = 0; rc == SC_OK && i < sizeof(collations) / sizeof(collations[0]); i++) {
        const sc_collation_info *c = sc_charset__collation_find(collations[i].name);
        if (!c || strcmp(c->name, collations[i].name) != 0)
            continue;
        sc_rs__str(b, collations[i].name);
        sc_rs__str(b, collations[i].charset);
        sc_rs__u64(b, collations[i].id);
        sc_rs__str(b, collations[i].is_default ? "Yes" : "");
        sc_rs__str(b, "Yes");
        rc = sc_rs__u64(b, collations[i].sortlen);
    }
    return rc;
}

/* MariaDB 10.11.19's ENGINES rows, in its order (the server's built-in engines). */
static const struct {
    const char *name, *comment, *transactions, *xa, *savepoints;
} engines[] = {
    {"CSV", "Stores tables as CSV files", "NO", "NO", "NO"},
    {"MRG_MyISAM", "Collection of identical MyISAM tables", "NO", "NO", "NO"},
    {"MEMORY", "Hash based, stored in memory, useful for temporary tables", "NO", "NO", "NO"},
    {"Aria",
     "Crash-safe tables with MyISAM heritage. Used for internal temporary tables and privilege "
     "tables",
     "NO", "NO", "NO"},
    {"MyISAM", "Non-transactional engine with good performance and small data footprint", "NO",
     "NO", "NO"},
    {"SEQUENCE", "Generated tables filled with sequential values", "YES", "NO", "YES"},
    {"InnoDB", "Supports transactions, row-level locking, foreign keys and encryption for tables",
     "YES", "YES", "YES"},
    {"PERFORMANCE_SCHEMA", "Performance Schema", "NO", "NO", "NO"},
};

static int fill_engines(sc_rs *b, sc_exec *x)
{
    int rc = SC_OK;

    for (size_t i = 0; rc == SC_OK && i < sizeof(engines) / sizeof(engines[0]); i++) {
        sc_rs__str(b, engines[i].name);
        sc_rs__str(b, strcasecmp(engines[i].name, x->s->default_engine) == 0 ? "DEFAULT" : "YES");
        sc_rs__str(b, engines[i].comment);
        sc_rs__str(b, engines[i].transactions);
        sc_rs__str(b, engines[i].xa);
        rc = sc_rs__str(b, engines[i].savepoints);
    }
    return rc;
}

int sc_is__fill_server(sc_rs *b, sc_exec *x, sc_is_table t, const sc_is_scope *scope)
{
    switch (t) {
    case SC_IS_SESSION_VARIABLES:
        return fill_variables(b, x, scope->global, scope->show);
    case SC_IS_GLOBAL_VARIABLES:
        return fill_variables(b, x, true, scope->show);
    case SC_IS_CHARACTER_SETS:
        return fill_charsets(b);
    case SC_IS_COLLATIONS:
        return fill_collations(b);
    case SC_IS_ENGINES:
        return fill_engines(b, x);
    default:
        return sc_is__fill_objects(b, x, t, scope);
    }
}

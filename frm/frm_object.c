/*
 * frm_object.c - the objects MariaDB keeps in text definition files
 * (frm_text.c): a view's .frm (sql/sql_view.cc: view_parameters), a table's
 * .TRG (sql/sql_trigger.cc: triggers_file_parameters) and a trigger's .TRN
 * (trg_name_file_parameters); and their SHOW CREATE texts, as MariaDB 10.11
 * prints them (sql/sql_show.cc: view_store_create_info; SHOW CREATE
 * TRIGGER's "SQL Original Statement" is the stored definition as it is).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ddl/expr.h"
#include "ddl/show.h"
#include "frm/frm_int.h"

/* VIEW_ALGORITHM_*_FRM (sql/table.h) */
static const char *const view_algorithms[] = {"UNDEFINED", "MERGE", "TEMPTABLE"};
/* VIEW_CHECK_* */
static const char *const check_options[] = {"", " WITH LOCAL CHECK OPTION",
                                            " WITH CASCADED CHECK OPTION"};

static int need_str(char **out, sc_arena *a, const frm_text *t, const frm_rd *rd, const char *key)
{
    const frm_text_kv *kv;
    int rc = sc_frm__text_need(&kv, t, rd, key);

    return rc == SC_OK ? sc_frm__text_str(out, a, rd, kv) : rc;
}

static int
need_num(uint64_t *out, const frm_text *t, const frm_rd *rd, const char *key, uint64_t max)
{
    const frm_text_kv *kv;
    int rc = sc_frm__text_need(&kv, t, rd, key);

    return rc == SC_OK ? sc_frm__text_num(out, rd, kv, max) : rc;
}

static int opt_str(char **out, sc_arena *a, const frm_text *t, const frm_rd *rd, const char *key)
{
    const frm_text_kv *kv = sc_frm__text_get(t, key);

    *out = NULL;
    return kv ? sc_frm__text_str(out, a, rd, kv) : SC_OK;
}

int sc_frm__read_view(frm_view *v, sc_arena *a, const frm_text *t, const frm_rd *rd)
{
    uint64_t alg, suid, check, updatable, version = 0;
    const frm_text_kv *kv;
    int rc;

    memset(v, 0, sizeof *v);
    if ((rc = need_str(&v->query, a, t, rd, "query")) != SC_OK ||
        (rc = need_str(&v->md5, a, t, rd, "md5")) != SC_OK ||
        (rc = need_num(&updatable, t, rd, "updatable", 1)) != SC_OK ||
        (rc = need_num(&alg, t, rd, "algorithm", 2)) != SC_OK ||
        (rc = need_str(&v->definer_user, a, t, rd, "definer_user")) != SC_OK ||
        (rc = need_str(&v->definer_host, a, t, rd, "definer_host")) != SC_OK ||
        (rc = need_num(&suid, t, rd, "suid", 2)) != SC_OK ||
        (rc = need_num(&check, t, rd, "with_check_option", 2)) != SC_OK ||
        (rc = opt_str(&v->timestamp, a, t, rd, "timestamp")) != SC_OK ||
        (rc = opt_str(&v->source, a, t, rd, "source")) != SC_OK ||
        (rc = opt_str(&v->client_cs, a, t, rd, "client_cs_name")) != SC_OK ||
        (rc = opt_str(&v->connection_cl, a, t, rd, "connection_cl_name")) != SC_OK ||
        (rc = opt_str(&v->body_utf8, a, t, rd, "view_body_utf8")) != SC_OK)
        return rc;
    if ((kv = sc_frm__text_get(t, "create-version")) &&
        (rc = sc_frm__text_num(&version, rd, kv, 255)) != SC_OK)
        return rc;
    if ((kv = sc_frm__text_get(t, "mariadb-version")) &&
        (rc = sc_frm__text_num(&v->mariadb_version, rd, kv, UINT32_MAX)) != SC_OK)
        return rc;
    v->updatable = updatable != 0;
    v->algorithm = (unsigned)alg;
    v->suid = (unsigned)suid;
    v->check = (unsigned)check;
    v->create_version = (unsigned)version;
    return SC_OK;
}

int sc_frm__read_triggers(frm_triggers *tr, sc_arena *a, const frm_text *t, const frm_rd *rd)
{
    const frm_text_kv *kv;
    size_t n;
    int rc;

    memset(tr, 0, sizeof *tr);
    if ((rc = sc_frm__text_need(&kv, t, rd, "triggers")) != SC_OK ||
        (rc = sc_frm__text_strlist(&tr->stmts, &tr->n, a, rd, kv)) != SC_OK)
        return rc;
    if ((kv = sc_frm__text_get(t, "sql_modes"))) {
        if ((rc = sc_frm__text_numlist(&tr->sql_modes, &n, a, rd, kv)) != SC_OK)
            return rc;
        if (n != tr->n)
            return sc_error_set(rd->ctx, SC_ECORRUPT, 0, NULL,
                                "%s: line %u: %zu sql_modes for %zu triggers", rd->file, kv->line,
                                n, tr->n);
    }
    static const char *const lists[] = {"definers", "client_cs_names", "connection_cl_names",
                                        "db_cl_names"};
    char ***dst[] = {&tr->definers, &tr->client_cs, &tr->connection_cl, &tr->db_cl};
    for (size_t i = 0; i < 4; i++) {
        if (!(kv = sc_frm__text_get(t, lists[i])))
            continue;
        if ((rc = sc_frm__text_strlist(dst[i], &n, a, rd, kv)) != SC_OK)
            return rc;
        if (n != tr->n)
            return sc_error_set(rd->ctx, SC_ECORRUPT, 0, NULL,
                                "%s: line %u: %zu %s for %zu triggers", rd->file, kv->line, n,
                                lists[i], tr->n);
    }
    if ((kv = sc_frm__text_get(t, "created"))) {
        if ((rc = sc_frm__text_numlist(&tr->created, &n, a, rd, kv)) != SC_OK)
            return rc;
        if (n != tr->n)
            return sc_error_set(rd->ctx, SC_ECORRUPT, 0, NULL,
                                "%s: line %u: %zu creation times for %zu triggers", rd->file,
                                kv->line, n, tr->n);
    }
    for (size_t i = 0; i < tr->n; i++)
        if (strncmp(tr->stmts[i], "CREATE ", 7) != 0)
            return sc_error_set(rd->ctx, SC_ECORRUPT, 0, NULL,
                                "%s: line %u: trigger %zu is not a CREATE statement", rd->file,
                                sc_frm__text_get(t, "triggers")->line, i + 1);
    return SC_OK;
}

int sc_frm__read_trn(char **table, sc_arena *a, const frm_text *t, const frm_rd *rd)
{
    return need_str(table, a, t, rd, "trigger_table");
}

static void quote_definer_part(sc_buf *b, const char *s)
{
    sc_ddl__quote_ident(b, s);
}

void sc_frm__view_text(sc_buf *b, const frm_view *v, const char *schema, const char *name)
{
    sc_frm__view_head(b, v, schema, name);
    sc__buf_puts(b, v->query);
    sc__buf_puts(b, check_options[v->check]);
}

void sc_frm__view_head(sc_buf *b, const frm_view *v, const char *schema, const char *name)
{
    sc__buf_printf(b, "CREATE ALGORITHM=%s DEFINER=", view_algorithms[v->algorithm]);
    quote_definer_part(b, v->definer_user);
    if (*v->definer_host) { /* a role has no host */
        sc__buf_putc(b, '@');
        quote_definer_part(b, v->definer_host);
    }
    sc__buf_printf(b, " SQL SECURITY %s VIEW ", v->suid == 0 ? "INVOKER" : "DEFINER");
    if (schema) {
        sc_ddl__quote_ident(b, schema);
        sc__buf_putc(b, '.');
    }
    sc_ddl__quote_ident(b, name);
    sc__buf_puts(b, " AS ");
}

/* ------------------------------------------------------------------ */
/* The PARTITION BY clause as stored -> as SHOW CREATE TABLE prints it  */

static int hexdigit(char c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                  : -1;
}

/* `_cs 0xHEX` at p (MariaDB stores string constants so, whatever the charset): the
 * length it spans, or 0. Only the UTF-8 family and binary print as they are. */
static size_t introduced_hex(sc_buf *b, const char *p)
{
    static const char *const charsets[] = {"_utf8mb4 0x", "_utf8mb3 0x", "_utf8 0x", "_ascii 0x",
                                           "_binary 0x"};
    size_t n = 0, h;

    for (size_t i = 0; i < sizeof charsets / sizeof *charsets && !n; i++)
        if (strncmp(p, charsets[i], strlen(charsets[i])) == 0)
            n = strlen(charsets[i]);
    if (!n)
        return 0;
    for (h = 0; hexdigit(p[n + h]) >= 0; h++)
        ;
    if (h % 2)
        return 0;
    char *s = malloc(h / 2 + 1);
    if (!s) {
        b->failed = true;
        return n + h;
    }
    for (size_t i = 0; i < h / 2; i++)
        s[i] = (char)(hexdigit(p[n + 2 * i]) * 16 + hexdigit(p[n + 2 * i + 1]));
    sc_ddl__quote_string(b, s, h / 2);
    free(s);
    return n + h;
}

/* `STARTS 1704067200` (seconds since the epoch) prints as STARTS TIMESTAMP'...' in UTC,
 * the time zone the DDL engine uses. */
static size_t starts_epoch(sc_buf *b, const char *p)
{
    size_t n = strlen("STARTS "), d = 0;
    long long secs = 0;

    if (strncmp(p, "STARTS ", n) != 0)
        return 0;
    for (; p[n + d] >= '0' && p[n + d] <= '9' && d < 12; d++)
        secs = secs * 10 + (p[n + d] - '0');
    if (d == 0 || (p[n + d] >= '0' && p[n + d] <= '9'))
        return 0;
    time_t t = (time_t)secs;
    struct tm tm;
    char when[32];
    if (!gmtime_r(&t, &tm) || strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &tm) == 0)
        return 0;
    sc__buf_printf(b, "STARTS TIMESTAMP'%s'", when);
    return n + d;
}

void sc_frm__partition_text(sc_buf *b, const char *clause)
{
    const char *p = clause;

    while (*p) {
        size_t used = 0;
        if (*p == '`' || *p == '\'') { /* identifiers and strings as they are */
            char q = *p;
            const char *e = p + 1;
            while (*e && !(*e == q && e[1] != q))
                e += (*e == q || (*e == '\\' && q == '\'' && e[1])) ? 2 : 1;
            if (*e)
                e++;
            sc__buf_put(b, p, (size_t)(e - p));
            p = e;
            continue;
        }
        if (*p == '_' && p > clause && (p[-1] == '(' || p[-1] == ',' || p[-1] == ' '))
            used = introduced_hex(b, p);
        else if (*p == 'S' && p > clause && p[-1] == ' ')
            used = starts_epoch(b, p);
        if (used) {
            p += used;
            continue;
        }
        sc__buf_putc(b, *p++);
    }
}

/*
 * frm_objwrite.c - every file MariaDB 10.11 keeps for one catalog table, as
 * it writes them: the binary .frm (frm_write.c) and, when partitioned, the
 * .par (frm_par.c); a view's text .frm (sql/sql_view.cc view_parameters);
 * a table's triggers as its .TRG and one .TRN per trigger
 * (sql/sql_trigger.cc triggers_file_parameters, trg_name_file_parameters).
 * Text files are MariaDB's parse_file format (sql/parse_file.cc): "TYPE=",
 * then key=value lines, strings escaped (\\ \n \0 \z \'), lists of
 * 'quoted' strings or numbers separated by spaces.
 *
 * What the catalog does not keep is written as MariaDB writes it for the
 * usual session: client_cs_name utf8mb4, connection_cl_name
 * utf8mb4_general_ci, SQL SECURITY DEFINER as the default (suid=2); the
 * creation times (view timestamp=, trigger created=) are now. docs/frm.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "ddl/select.h"
#include "frm/frm_int.h"
#include "frm/frm_write_int.h"

#define FRM_MARIADB_VERSION "101119"

/* ------------------------------------------------------------------ */
/* parse_file values                                                    */

static void put_escaped(sc_buf *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        switch (s[i]) {
        case '\\':
            sc__buf_puts(b, "\\\\");
            break;
        case '\n':
            sc__buf_puts(b, "\\n");
            break;
        case '\0':
            sc__buf_puts(b, "\\0");
            break;
        case 26:
            sc__buf_puts(b, "\\z");
            break;
        case '\'':
            sc__buf_puts(b, "\\'");
            break;
        default:
            sc__buf_putc(b, s[i]);
        }
    }
}

static void kv_str(sc_buf *b, const char *key, const char *s, size_t n)
{
    sc__buf_printf(b, "%s=", key);
    put_escaped(b, s, n);
    sc__buf_putc(b, '\n');
}

/* `user`@`host` (SHOW CREATE form) -> user and host, unquoted, in a. */
static void split_definer(char **user, char **host, sc_arena *a, const char *d, size_t n)
{
    char *u = sc__arena_alloc(a, n + 1), *h = sc__arena_alloc(a, n + 1), *w = u;
    size_t i = 0;

    *user = *host = NULL;
    if (!u || !h)
        return;
    *u = *h = '\0';
    for (int part = 0; part < 2 && i < n; part++) {
        w = part ? h : u;
        if (d[i] == '`') {
            for (i++; i < n; i++) {
                if (d[i] == '`' && (i + 1 >= n || d[i + 1] != '`'))
                    break;
                if (d[i] == '`')
                    i++;
                *w++ = d[i];
            }
            i++;
        } else {
            while (i < n && d[i] != '@')
                *w++ = d[i++];
        }
        *w = '\0';
        if (i < n && d[i] == '@')
            i++;
    }
    *user = u;
    *host = h;
}

static unsigned long long now_micros(void)
{
    struct timeval tv;

    gettimeofday(&tv, NULL);
    return (unsigned long long)tv.tv_sec * 1000000ull + (unsigned long long)tv.tv_usec;
}

/* ------------------------------------------------------------------ */
/* A view's updatable= (sql/sql_view.cc, LEX::can_be_merged)            */

static bool word_at(const char *q, size_t i, const char *w)
{
    return strncmp(q + i, w, strlen(w)) == 0;
}

/*
 * MariaDB sets updatable=1 when the view's own SELECT (not its subqueries or
 * derived tables) could be merged: no UNION, GROUP BY, HAVING, aggregate,
 * DISTINCT, LIMIT, rand(), no outer join, and at least one table; and its
 * algorithm is not TEMPTABLE. Judged on the stored text, which MariaDB prints
 * in lower case with fully qualified, quoted names.
 */
static bool view_updatable(const char *q, unsigned algorithm)
{
    static const char *const top[] = {" group by ",  " having ",     " limit ", " union ",
                                      " left join ", " right join ", " from ",  "rand("};
    static const char *const aggregates[] = {"count(",         "sum(",
                                             "avg(",           "min(",
                                             "max(",           "group_concat(",
                                             "std(",           "stddev(",
                                             "variance(",      "bit_and(",
                                             "bit_or(",        "bit_xor(",
                                             "json_arrayagg(", "json_objectagg(",
                                             "stddev_pop(",    "stddev_samp(",
                                             "var_pop(",       "var_samp(",
                                             "variance("};
    bool sub[256] = {false}, has_from = false;
    size_t depth = 0;

    if (algorithm == 2 || strncmp(q, "select distinct ", 16) == 0)
        return false;
    for (size_t i = 0; q[i]; i++) {
        char c = q[i];
        if (c == '`' || c == '\'') { /* skip names and strings */
            for (i++; q[i] && !(q[i] == c && q[i + 1] != c); i++)
                if (q[i] == c || (c == '\'' && q[i] == '\\' && q[i + 1]))
                    i++;
            if (!q[i])
                break;
            continue;
        }
        if (c == '(') {
            depth++;
            if (depth < 256)
                sub[depth] = word_at(q, i + 1, "select ") || (depth > 1 && sub[depth - 1]);
            continue;
        }
        if (c == ')') {
            depth -= depth > 0;
            continue;
        }
        if (depth < 256 && sub[depth])
            continue; /* inside a subquery or derived table */
        for (size_t k = 0; k < sizeof top / sizeof *top; k++)
            if (word_at(q, i, top[k])) {
                if (k == 6)
                    has_from = true;
                else
                    return false;
            }
        bool start = i == 0 || !((q[i - 1] >= 'a' && q[i - 1] <= 'z') || q[i - 1] == '_');
        for (size_t k = 0; start && k < sizeof aggregates / sizeof *aggregates; k++)
            if (word_at(q, i, aggregates[k]))
                return false;
    }
    return has_from;
}

/* ------------------------------------------------------------------ */
/* Files                                                                */

typedef struct files {
    sc_ctx *ctx;
    sc_frm_file *f;
    size_t n, cap;
} files;

static int add(files *fs, const char *name, const char *ext, sc_buf *b)
{
    char *enc = NULL;
    int rc;

    if (b->failed)
        return SC_ENOMEM;
    if ((rc = sc_frm_encode_filename(&enc, fs->ctx, name)) != SC_OK)
        return rc;
    if (fs->n == fs->cap) {
        size_t cap = fs->cap ? fs->cap * 2 : 8;
        sc_frm_file *g = realloc(fs->f, cap * sizeof *g);
        if (!g) {
            sc_free(fs->ctx, enc);
            return SC_ENOMEM;
        }
        fs->f = g;
        fs->cap = cap;
    }
    size_t n = strlen(enc) + strlen(ext) + 1;
    char *fname = malloc(n);
    uint8_t *data = malloc(b->len ? b->len : 1);
    if (!fname || !data) {
        free(fname);
        free(data);
        sc_free(fs->ctx, enc);
        return SC_ENOMEM;
    }
    snprintf(fname, n, "%s%s", enc, ext);
    sc_free(fs->ctx, enc);
    memcpy(data, b->data, b->len);
    fs->f[fs->n++] = (sc_frm_file){fname, data, b->len};
    return SC_OK;
}

static int view_file(
    files *fs, sc_txn *txn, const char *name, const Syscat__Catalog__ViewRow *r, sc_frm_md5_fn md5)
{
    static const unsigned check_to_frm[] = {0, 2, 1}; /* catalog: 1 CASCADED, 2 LOCAL */
    const char *q = (const char *)r->definition.data;
    size_t qn = r->definition.len;
    char hex[33] = {0}, *user, *host, *qs;
    sc_arena a;
    sc_buf b;
    int rc;

    (void)txn;
    sc__arena_init(&a, fs->ctx, 0);
    sc__buf_init(&b, fs->ctx);
    qs = sc__arena_strndup(&a, q, qn);
    split_definer(&user, &host, &a, (const char *)r->definer.data, r->definer.len);
    if (!qs || !user) {
        sc__arena_free(&a);
        return SC_ENOMEM;
    }
    md5(q, qn, hex);
    sc__buf_puts(&b, "TYPE=VIEW\n");
    kv_str(&b, "query", q, qn);
    sc__buf_printf(&b, "md5=%s\nupdatable=%d\nalgorithm=%u\n", hex,
                   view_updatable(qs, r->algorithm), r->algorithm < 3 ? r->algorithm : 0);
    kv_str(&b, "definer_user", user, strlen(user));
    kv_str(&b, "definer_host", host, strlen(host));
    sc__buf_printf(&b, "suid=%d\nwith_check_option=%u\ntimestamp=%019llu\ncreate-version=2\n",
                   r->security ? 0 : 2, check_to_frm[r->check_option < 3 ? r->check_option : 0],
                   now_micros());
    kv_str(&b, "source", (const char *)r->source.data, r->source.len);
    sc__buf_puts(&b, "client_cs_name=utf8mb4\nconnection_cl_name=utf8mb4_general_ci\n");
    kv_str(&b, "view_body_utf8", q, qn);
    sc__buf_puts(&b, "mariadb-version=" FRM_MARIADB_VERSION "\n");
    rc = add(fs, name, ".frm", &b);
    sc__buf_free(&b);
    sc__arena_free(&a);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Triggers                                                             */

typedef struct trg_list {
    uint64_t table_id;
    Syscat__Catalog__TriggerRow **r;
    size_t n, cap;
    int rc;
} trg_list;

static int collect_trigger(sc_slice packed, void *payload)
{
    trg_list *l = payload;
    Syscat__Catalog__TriggerRow *r =
        syscat__catalog__trigger_row__unpack(NULL, packed.len, packed.data);

    if (!r)
        return l->rc = SC_ECORRUPT;
    if (r->table_id != l->table_id) {
        syscat__catalog__trigger_row__free_unpacked(r, NULL);
        return 0;
    }
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 8;
        Syscat__Catalog__TriggerRow **g = realloc(l->r, cap * sizeof *g);
        if (!g) {
            syscat__catalog__trigger_row__free_unpacked(r, NULL);
            return l->rc = SC_ENOMEM;
        }
        l->r = g;
        l->cap = cap;
    }
    l->r[l->n++] = r;
    return 0;
}

/* MariaDB's order in the .TRG: event (INSERT, UPDATE, DELETE), then BEFORE before
 * AFTER, then firing order (Table_triggers_list::create_lists_needed_for_files). */
static int cmp_trg(const void *pa, const void *pb)
{
    const Syscat__Catalog__TriggerRow *a = *(Syscat__Catalog__TriggerRow *const *)pa;
    const Syscat__Catalog__TriggerRow *b = *(Syscat__Catalog__TriggerRow *const *)pb;

    if (a->event != b->event)
        return a->event < b->event ? -1 : 1;
    if (a->timing != b->timing)
        return a->timing < b->timing ? -1 : 1;
    return a->action_order < b->action_order ? -1 : a->action_order > b->action_order;
}

static void trg_list_free(trg_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        syscat__catalog__trigger_row__free_unpacked(l->r[i], NULL);
    free(l->r);
}

static void str_list(sc_buf *b, const char *key, const trg_list *l, const char *value)
{
    sc__buf_printf(b, "%s=", key);
    for (size_t i = 0; i < l->n; i++) {
        sc__buf_puts(b, i ? " '" : "'");
        put_escaped(b, value, strlen(value));
        sc__buf_putc(b, '\'');
    }
    sc__buf_putc(b, '\n');
}

static int trg_file(files *fs, const char *table, const trg_list *l, const char *db_collation)
{
    unsigned long long now = now_micros() / 10000 * 10000; /* created: 1/100 s, in us */
    sc_arena a;
    sc_buf b;
    int rc;

    sc__arena_init(&a, fs->ctx, 0);
    sc__buf_init(&b, fs->ctx);
    sc__buf_puts(&b, "TYPE=TRIGGERS\ntriggers=");
    for (size_t i = 0; i < l->n; i++) {
        sc__buf_puts(&b, i ? " '" : "'");
        put_escaped(&b, (const char *)l->r[i]->statement.data, l->r[i]->statement.len);
        sc__buf_putc(&b, '\'');
    }
    sc__buf_puts(&b, "\nsql_modes=");
    for (size_t i = 0; i < l->n; i++)
        sc__buf_printf(&b, "%s%llu", i ? " " : "", (unsigned long long)l->r[i]->sql_mode);
    sc__buf_puts(&b, "\ndefiners=");
    for (size_t i = 0; i < l->n; i++) {
        char *user, *host;
        split_definer(&user, &host, &a, (const char *)l->r[i]->definer.data, l->r[i]->definer.len);
        sc__buf_puts(&b, i ? " '" : "'");
        if (user && host) {
            put_escaped(&b, user, strlen(user));
            sc__buf_putc(&b, '@');
            put_escaped(&b, host, strlen(host));
        }
        sc__buf_putc(&b, '\'');
    }
    sc__buf_putc(&b, '\n');
    str_list(&b, "client_cs_names", l, "utf8mb4");
    str_list(&b, "connection_cl_names", l, "utf8mb4_general_ci");
    str_list(&b, "db_cl_names", l, db_collation);
    sc__buf_puts(&b, "created=");
    for (size_t i = 0; i < l->n; i++)
        sc__buf_printf(&b, "%s%llu", i ? " " : "", now + i);
    sc__buf_putc(&b, '\n');
    rc = add(fs, table, ".TRG", &b);
    for (size_t i = 0; i < l->n && rc == SC_OK; i++) {
        sc__buf_reset(&b);
        sc__buf_puts(&b, "TYPE=TRIGGERNAME\n");
        kv_str(&b, "trigger_table", table, strlen(table));
        rc = add(fs, l->r[i]->name, ".TRN", &b);
    }
    sc__buf_free(&b);
    sc__arena_free(&a);
    return rc;
}

static int
triggers(files *fs, sc_txn *txn, uint64_t table_id, const char *table, const char *db_collation)
{
    trg_list l = {table_id, NULL, 0, 0, SC_OK};
    int rc = sc_catalog__row_foreach(txn, SC_SYS_TRIGGERS, collect_trigger, &l);

    if (rc == SC_OK)
        rc = l.rc;
    if (rc == SC_OK && l.n) {
        qsort(l.r, l.n, sizeof *l.r, cmp_trg);
        rc = trg_file(fs, table, &l, db_collation);
    }
    trg_list_free(&l);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Entry point                                                          */

static int table_files(files *fs, sc_txn *txn, const sc_table *t, const uint8_t version[16])
{
    const sc_table_def *def = sc_table_definition(t);
    uint8_t *img = NULL;
    size_t len = 0;
    sc_buf b;
    int rc = sc_frm_write(&img, &len, fs->ctx, def, version);

    if (rc != SC_OK)
        return rc;
    sc__buf_init(&b, fs->ctx);
    sc__buf_put(&b, img, len);
    sc_free(fs->ctx, img);
    rc = add(fs, def->name, ".frm", &b);
    if (rc == SC_OK && def->partitioning) {
        sc__buf_reset(&b);
        rc = sc_frm__write_par(&b, def);
        if (rc == SC_OK)
            rc = add(fs, def->name, ".par", &b);
    }
    sc__buf_free(&b);
    (void)txn;
    return rc;
}

int sc_frm_table_files(sc_frm_file **out,
                       size_t *n_out,
                       sc_txn *txn,
                       uint64_t table_id,
                       const uint8_t version[16],
                       sc_frm_md5_fn md5)
{
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));
    files fs = {ctx, NULL, 0, 0};
    sc_table *t = NULL;
    sc_schema *s = NULL;
    Syscat__Catalog__ViewRow *vr = NULL;
    int rc = sc_table_get(&t, txn, table_id);

    *out = NULL;
    *n_out = 0;
    if (rc == SC_OK)
        rc = sc_schema_get(&s, txn, sc_table_schema_id(t));
    if (rc == SC_OK) {
        rc = sc_ddl__view_row(&vr, txn, table_id);
        if (rc == SC_OK)
            rc = view_file(&fs, txn, sc_table_definition(t)->name, vr, md5);
        else if (rc == SC_ENOTFOUND) {
            sc_ctx_clear_error(ctx);
            rc = table_files(&fs, txn, t, version);
        }
    }
    if (rc == SC_OK) {
        const char *coll = sc_schema_definition(s)->collation;
        rc = triggers(&fs, txn, table_id, sc_table_definition(t)->name,
                      coll ? coll : "utf8mb4_general_ci");
    }
    if (vr)
        syscat__catalog__view_row__free_unpacked(vr, NULL);
    sc_schema_free(s);
    sc_table_free(t);
    if (rc != SC_OK) {
        sc_frm_files_free(fs.f, fs.n);
        return rc;
    }
    *out = fs.f;
    *n_out = fs.n;
    return SC_OK;
}

void sc_frm_files_free(sc_frm_file *files_, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(files_[i].name);
        free(files_[i].data);
    }
    free(files_);
}

/*
 * frm.c - the public entry points of the .frm module (include/syscat/frm.h):
 * read a file, decode it (frm_read.c), map it to a table definition
 * (frm_def.c) and print it with the DDL module's SHOW CREATE renderer, so
 * a .frm prints exactly as the same table built by DDL would. Also the
 * decoder of MariaDB's on-disk name encoding (my_charset_filename).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddl/select.h"
#include "ddl/sequence.h"
#include "ddl/show.h"
#include "catalog/filename_table.h"
#include "frm/frm_int.h"

struct sc_frm {
    sc_ctx *ctx;
    sc_arena arena;        /* every string and array of def */
    sc_frm_type type;      /* what the file holds */
    const char *name;      /* table, view or trigger name decoded from the file name */
    sc_table_def def;      /* SC_FRM_TABLE: the table */
    const char *partition; /* SC_FRM_TABLE: the PARTITION BY clause as stored, or NULL */
    bool sequence;         /* SC_FRM_TABLE: a sequence's table */
    frm_view view;         /* SC_FRM_VIEW */
    frm_triggers triggers; /* SC_FRM_TRIGGERS */
    char *trigger_table;   /* SC_FRM_TRIGGER_NAME: the trigger's table */
    frm_par par;           /* SC_FRM_PARTITIONS */
    const char *schema;    /* decoded directory name or NULL */
};

/* ------------------------------------------------------------------ */
/* File names                                                           */

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static size_t utf8_put(char *o, uint32_t cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | cp >> 6);
        o[1] = (char)(0x80 | (cp & 63));
        return 2;
    }
    o[0] = (char)(0xE0 | cp >> 12);
    o[1] = (char)(0x80 | ((cp >> 6) & 63));
    o[2] = (char)(0x80 | (cp & 63));
    return 3;
}

/* The two-character escapes (`@y0`): MariaDB's table, recorded from a server. */
static size_t decode_pair(uint32_t *cp, char c1, char c2)
{
    size_t lo = 0, hi = sizeof sc_fn_pairs / sizeof sc_fn_pairs[0];

    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int d = sc_fn_pairs[mid].c[0] != c1
                    ? (unsigned char)sc_fn_pairs[mid].c[0] - (unsigned char)c1
                    : (unsigned char)sc_fn_pairs[mid].c[1] - (unsigned char)c2;
        if (d == 0) {
            *cp = sc_fn_pairs[mid].cp;
            return 3;
        }
        if (d < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* One "@..." sequence at s (s[0] == '@'): code point and bytes used, 0 when invalid. */
static size_t decode_at(uint32_t *cp, const char *s, size_t n)
{
    if (n >= 5 && hexval(s[1]) >= 0 && hexval(s[2]) >= 0 && hexval(s[3]) >= 0 &&
        hexval(s[4]) >= 0) {
        *cp = (uint32_t)(hexval(s[1]) << 12 | hexval(s[2]) << 8 | hexval(s[3]) << 4 | hexval(s[4]));
        return 5;
    }
    if (n >= 3 && s[1] == '@' && s[2] == '@') {
        *cp = '@';
        return 3;
    }
    return n >= 3 ? decode_pair(cp, s[1], s[2]) : 0;
}

char *sc_frm__decode_filename(sc_arena *a, sc_ctx *ctx, const char *name, size_t len)
{
    char *o = sc__arena_alloc(a, len * 3 + 1);
    size_t k = 0;

    if (!o)
        return NULL;
    for (size_t i = 0; i < len;) {
        uint32_t cp = 0;
        size_t used;
        if (name[i] != '@') {
            o[k++] = name[i++];
            continue;
        }
        if (!(used = decode_at(&cp, name + i, len - i))) {
            sc_error_set(ctx, SC_EINVAL, 0, NULL,
                         "'%.*s': '@' at byte %zu does not start a MariaDB filename escape "
                         "(`@0020`, `@y0`)",
                         (int)len, name, i);
            return NULL;
        }
        k += utf8_put(o + k, cp);
        i += used;
    }
    o[k] = 0;
    return o;
}

int sc_frm_decode_filename(char **out, sc_ctx *ctx, const char *name)
{
    sc_arena a;
    char *s;

    *out = NULL;
    sc__arena_init(&a, ctx, 0);
    s = sc_frm__decode_filename(&a, ctx, name, strlen(name));
    if (s && !(*out = sc__strdup(ctx, s))) {
        sc__arena_free(&a);
        return SC_ENOMEM;
    }
    sc__arena_free(&a);
    return *out ? SC_OK : sc_ctx_last_error(ctx)->code ? sc_ctx_last_error(ctx)->code : SC_ENOMEM;
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */

/* Table and schema names from the path: .../<dbdir>/<file>.frm */
static int names_from_path(sc_frm *f, const char **table, const char *path)
{
    const char *base = strrchr(path, '/'), *dir = NULL;
    size_t n;

    base = base ? base + 1 : path;
    n = strlen(base);
    if (n > 4 && (strcmp(base + n - 4, ".frm") == 0 || strcmp(base + n - 4, ".TRG") == 0 ||
                  strcmp(base + n - 4, ".TRN") == 0 || strcmp(base + n - 4, ".par") == 0))
        n -= 4;
    if (!(*table = sc_frm__decode_filename(&f->arena, f->ctx, base, n)))
        return sc_ctx_last_error(f->ctx)->code ? sc_ctx_last_error(f->ctx)->code : SC_ENOMEM;
    if (base > path + 1) {
        const char *end = base - 1;
        dir = end;
        while (dir > path && dir[-1] != '/')
            dir--;
        if (end > dir &&
            !(f->schema = sc_frm__decode_filename(&f->arena, f->ctx, dir, (size_t)(end - dir))))
            return sc_ctx_last_error(f->ctx)->code ? sc_ctx_last_error(f->ctx)->code : SC_ENOMEM;
    }
    return SC_OK;
}

/* A .par has no magic: it is known by its name. */
static bool is_par(const char *path)
{
    size_t n = strlen(path);
    return n > 4 && strcmp(path + n - 4, ".par") == 0;
}

/* A text definition file: a view, a table's triggers or a trigger's name file. */
static int read_text(sc_frm *f, const frm_rd *rd)
{
    frm_text t;
    int rc = sc_frm__text_parse(&t, &f->arena, rd);

    if (rc != SC_OK)
        return rc;
    if (strcmp(t.type, "VIEW") == 0) {
        f->type = SC_FRM_VIEW;
        return sc_frm__read_view(&f->view, &f->arena, &t, rd);
    }
    if (strcmp(t.type, "TRIGGERS") == 0) {
        f->type = SC_FRM_TRIGGERS;
        return sc_frm__read_triggers(&f->triggers, &f->arena, &t, rd);
    }
    if (strcmp(t.type, "TRIGGERNAME") == 0) {
        f->type = SC_FRM_TRIGGER_NAME;
        return sc_frm__read_trn(&f->trigger_table, &f->arena, &t, rd);
    }
    return sc_error_set(f->ctx, SC_ECORRUPT, 0, NULL, "%s: line 1: unknown file type '%s'",
                        rd->file, t.type);
}

int sc_frm_read(sc_frm **out, sc_ctx *ctx, const uint8_t *data, size_t len, const char *path)
{
    sc_frm *f;
    frm_image im;
    frm_rd rd = {data, len, path ? path : "(frm)", ctx};
    const char *table = NULL;
    uint8_t *copy;
    int rc;

    *out = NULL;
    if (!(f = sc__malloc(ctx, sizeof *f)))
        return SC_ENOMEM;
    memset(f, 0, sizeof *f);
    f->ctx = ctx;
    sc__arena_init(&f->arena, ctx, 0);
    /* strings point into the image: keep a copy in the arena */
    if (!(copy = sc__arena_alloc(&f->arena, len + 1))) {
        sc_frm_free(f);
        return SC_ENOMEM;
    }
    memcpy(copy, data, len);
    rd.p = copy;
    rc = names_from_path(f, &table, rd.file);
    f->name = table;
    if (rc == SC_OK && is_par(rd.file)) {
        f->type = SC_FRM_PARTITIONS;
        rc = sc_frm__read_par(&f->par, &f->arena, &rd);
    } else if (rc == SC_OK && sc_frm__is_text(copy, len))
        rc = read_text(f, &rd);
    else if (rc == SC_OK) {
        rc = sc_frm__decode(&im, &f->arena, &rd);
        if (rc == SC_OK)
            rc = sc_frm__to_def(&f->def, &f->arena, &im, &rd, table);
        f->partition = im.partition;
        f->sequence = im.sequence;
    }
    if (rc != SC_OK) {
        sc_frm_free(f);
        return rc;
    }
    *out = f;
    return SC_OK;
}

int sc_frm_read_file(sc_frm **out, sc_ctx *ctx, const char *path)
{
    FILE *fp = fopen(path, "rb");
    uint8_t *buf = NULL;
    size_t cap = 0, len = 0;
    int rc;

    *out = NULL;
    if (!fp)
        return sc_error_set(ctx, SC_EIO, 0, NULL, "%s: %s", path, strerror(errno));
    for (;;) {
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap ? cap * 2 : 65536);
            if (!nb) {
                free(buf);
                fclose(fp);
                return sc_error_set(ctx, SC_ENOMEM, 0, NULL, "%s: out of memory", path);
            }
            buf = nb;
            cap = cap ? cap * 2 : 65536;
        }
        size_t n = fread(buf + len, 1, cap - len, fp);
        len += n;
        if (n == 0)
            break;
    }
    rc = ferror(fp) ? sc_error_set(ctx, SC_EIO, 0, NULL, "%s: read error", path) : SC_OK;
    fclose(fp);
    if (rc == SC_OK)
        rc = sc_frm_read(out, ctx, buf, len, path);
    free(buf);
    return rc;
}

void sc_frm_free(sc_frm *frm)
{
    if (!frm)
        return;
    sc__arena_free(&frm->arena);
    sc_free(frm->ctx, frm);
}

const sc_table_def *sc_frm_table(const sc_frm *frm)
{
    return &frm->def;
}

const char *sc_frm_schema(const sc_frm *frm)
{
    return frm->schema;
}

sc_frm_type sc_frm_type_of(const sc_frm *frm)
{
    return frm->type;
}

const char *sc_frm_name(const sc_frm *frm)
{
    return frm->name;
}

bool sc_frm_is_sequence(const sc_frm *frm)
{
    return frm->type == SC_FRM_TABLE && frm->sequence;
}

bool sc_frm_is_partitioned(const sc_frm *frm)
{
    return frm->type == SC_FRM_TABLE && frm->partition;
}

size_t sc_frm_trigger_count(const sc_frm *frm)
{
    return frm->type == SC_FRM_TRIGGERS ? frm->triggers.n : 0;
}

const char *sc_frm_trigger_statement(const sc_frm *frm, size_t i)
{
    return frm->type == SC_FRM_TRIGGERS && i < frm->triggers.n ? frm->triggers.stmts[i] : NULL;
}

size_t sc_frm_partition_count(const sc_frm *frm)
{
    return frm->type == SC_FRM_PARTITIONS ? frm->par.n : 0;
}

const char *sc_frm_partition_name(const sc_frm *frm, size_t i)
{
    return frm->type == SC_FRM_PARTITIONS && i < frm->par.n ? frm->par.names[i] : NULL;
}

const char *sc_frm_trigger_table(const sc_frm *frm)
{
    return frm->type == SC_FRM_TRIGGER_NAME ? frm->trigger_table : NULL;
}

static int show_text(sc_buf *b, const sc_frm *frm)
{
    switch (frm->type) {
    case SC_FRM_VIEW:
        sc_frm__view_text(b, &frm->view, frm->schema, frm->name);
        return SC_OK;
    case SC_FRM_TRIGGERS:
        for (size_t i = 0; i < frm->triggers.n; i++)
            sc__buf_printf(b, "%s%s", i ? ";\n\n" : "", frm->triggers.stmts[i]);
        return SC_OK;
    case SC_FRM_TRIGGER_NAME:
        return sc_error_set(frm->ctx, SC_EINVAL, 0, NULL,
                            "trigger '%s': a .TRN file only names the trigger's table ('%s'); "
                            "its definition is in that table's .TRG file",
                            frm->name, frm->trigger_table);
    case SC_FRM_PARTITIONS:
        return sc_error_set(frm->ctx, SC_EINVAL, 0, NULL,
                            "table '%s': a .par file only lists the %zu partitions; the "
                            "PARTITION BY clause is in the table's .frm",
                            frm->name, frm->par.n);
    case SC_FRM_TABLE:
        break;
    }
    if (frm->sequence) {
        sc_show__sequence_table(b, &frm->def);
        return SC_OK;
    }
    int rc = sc_show__table(b, &frm->def, frm->schema);
    if (rc == SC_OK && frm->partition) {
        sc__buf_putc(b, '\n');
        sc_frm__partition_text(b, frm->partition);
    }
    return rc;
}

int sc_frm_view_statement(char **out, const sc_frm *frm)
{
    sc_buf b;

    *out = NULL;
    if (frm->type != SC_FRM_VIEW || !frm->view.source)
        return sc_frm_show_create(out, frm);
    sc__buf_init(&b, frm->ctx);
    sc_frm__view_head(&b, &frm->view, frm->schema, frm->name);
    sc__buf_puts(&b, frm->view.source);
    if (b.failed) {
        sc__buf_free(&b);
        return SC_ENOMEM;
    }
    return sc__buf_finish(out, &b);
}

int sc_frm_view_matches(bool *same, sc_txn *txn, const sc_frm *frm)
{
    sc_table *t = NULL;
    Syscat__Catalog__ViewRow *r = NULL;
    int rc;

    *same = false;
    if (frm->type != SC_FRM_VIEW || !frm->schema)
        return sc_error_set(frm->ctx, SC_EINVAL, 0, NULL, "'%s' is no view file with a database",
                            frm->name);
    if ((rc = sc_table_lookup(&t, txn, frm->schema, frm->name)) != SC_OK)
        return rc;
    rc = sc_ddl__view_row(&r, txn, sc_table_id(t));
    if (rc == SC_OK)
        *same = r->definition.len == strlen(frm->view.query) &&
                memcmp(r->definition.data, frm->view.query, r->definition.len) == 0;
    if (r)
        syscat__catalog__view_row__free_unpacked(r, NULL);
    sc_table_free(t);
    return rc;
}

int sc_frm_show_create(char **out, const sc_frm *frm)
{
    sc_buf b;
    int rc;

    *out = NULL;
    sc__buf_init(&b, frm->ctx);
    rc = show_text(&b, frm);
    if (rc == SC_OK && b.failed)
        rc = SC_ENOMEM;
    if (rc == SC_OK)
        return sc__buf_finish(out, &b);
    sc__buf_free(&b);
    return rc;
}

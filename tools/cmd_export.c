/*
 * cmd_export.c - `syscat export frm DIR [DB[.TABLE]] [--skip-bad]`: write
 * the catalog's databases as a MariaDB datadir: DIR/<db>/db.opt and, per
 * table, its .frm (a view's in MariaDB's text format), a partitioned
 * table's .par, its triggers' .TRG and .TRN files; names in MariaDB's
 * filename encoding, contents from sc_frm_table_files() (frm/, docs/frm.md).
 *
 * Every image is built in memory before a file is written, so a table the
 * writer refuses (long UNIQUE, other engines...) stops the export
 * with nothing written, unless --skip-bad was given (then it is named on
 * stderr and left out). Each file is written to a temporary name and
 * renamed, so an existing .frm is replaced whole or not at all. The table
 * definition version (16 bytes, a UUID in MariaDB) is random.
 */
#include <errno.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tools/cli.h"

typedef struct xfile {
    char *path;    /* DIR/<db>/<name> */
    uint8_t *data; /* contents (malloc) */
    size_t len;
} xfile;

typedef struct exporter {
    sc_cli *cli;
    sc_txn *txn;
    const char *dir;
    char *only_db, *only_table; /* filter, or NULL */
    bool skip_bad;
    size_t bad, n_tables, n_dbs;
    xfile *files;
    size_t n_files, cap;
    char *db_dir; /* current database directory */
    const char *db_name;
    FILE *urandom;
} exporter;

static char *join(const char *a, const char *b, const char *suffix)
{
    size_t n = strlen(a) + strlen(b) + strlen(suffix) + 2;
    char *p = malloc(n);

    if (p)
        snprintf(p, n, "%s/%s%s", a, b, suffix);
    return p;
}

static int add_file(exporter *x, char *path, uint8_t *data, size_t len)
{
    if (!path)
        return SC_ENOMEM;
    if (x->n_files == x->cap) {
        size_t cap = x->cap ? x->cap * 2 : 64;
        xfile *nf = realloc(x->files, cap * sizeof *nf);
        if (!nf) {
            free(path);
            return SC_ENOMEM;
        }
        x->files = nf;
        x->cap = cap;
    }
    x->files[x->n_files++] = (xfile){path, data, len};
    return SC_OK;
}

static int add_text(exporter *x, char *path, const char *text)
{
    size_t n = strlen(text);
    uint8_t *d = malloc(n + 1);

    if (!d) {
        free(path);
        return SC_ENOMEM;
    }
    memcpy(d, text, n);
    return add_file(x, path, d, n);
}

/* A view's md5= (OpenSSL's digest; the library has none of its own). */
static void md5_hex(const char *data, size_t len, char hex[33])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;

    if (!EVP_Digest(data, len, md, &n, EVP_md5(), NULL))
        n = 0;
    for (unsigned i = 0; i < n && i < 16; i++)
        snprintf(hex + 2 * i, 3, "%02x", md[i]);
    hex[n ? 32 : 0] = '\0';
}

static int table_cb(const sc_table_info *info, void *payload)
{
    exporter *x = payload;
    uint8_t version[16] = {0};
    sc_frm_file *files = NULL;
    size_t n = 0;
    int rc;

    if (x->only_table && strcmp(info->name, x->only_table) != 0)
        return SC_OK;
    if (x->urandom && fread(version, 1, sizeof version, x->urandom) != sizeof version)
        memset(version, 0, sizeof version);
    rc = sc_frm_table_files(&files, &n, x->txn, info->id, version, md5_hex);
    if (rc == SC_EINVAL && x->skip_bad) {
        fprintf(x->cli->err, "export frm: skipped %s.%s: %s\n", x->db_name, info->name,
                sc_ctx_last_error(x->cli->ctx)->message);
        sc_ctx_clear_error(x->cli->ctx);
        x->bad++;
        return SC_OK;
    }
    for (size_t i = 0; rc == SC_OK && i < n; i++) {
        rc = add_file(x, join(x->db_dir, files[i].name, ""), files[i].data, files[i].len);
        if (rc == SC_OK)
            files[i].data = NULL; /* the exporter's now */
    }
    if (rc == SC_OK)
        x->n_tables++;
    sc_frm_files_free(files, n);
    return rc;
}

static int schema_cb(const sc_schema *s, void *payload)
{
    exporter *x = payload;
    const sc_schema_def *d = sc_schema_definition(s);
    char *enc = NULL, opt[1024];
    int rc;

    if (strcmp(d->name, "syscat") == 0 || (x->only_db && strcmp(d->name, x->only_db) != 0))
        return SC_OK;
    if ((rc = sc_frm_encode_filename(&enc, x->cli->ctx, d->name)) != SC_OK)
        return rc;
    free(x->db_dir);
    x->db_dir = join(x->dir, enc, "");
    sc_free(x->cli->ctx, enc);
    if (!x->db_dir)
        return SC_ENOMEM;
    x->db_name = d->name;
    snprintf(opt, sizeof opt, "default-character-set=%s\ndefault-collation=%s\n%s%s%s",
             d->charset ? d->charset : "utf8mb4",
             d->collation ? d->collation : "utf8mb4_general_ci", d->comment ? "comment=" : "",
             d->comment ? d->comment : "", d->comment ? "\n" : "");
    if ((rc = add_text(x, join(x->db_dir, "db.opt", ""), opt)) != SC_OK)
        return rc;
    x->n_dbs++;
    return sc_table_foreach(x->txn, sc_schema_id(s), table_cb, x);
}

/* Write one file whole: a temporary name, then rename over the target. */
static int write_file(exporter *x, const xfile *f)
{
    size_t tn = strlen(f->path) + 13;
    char *tmp = malloc(tn);
    char *slash = strrchr(f->path, '/');
    FILE *fp;
    int ok;

    if (!tmp)
        return sc_cli__fail(x->cli, SC_ENOMEM);
    snprintf(tmp, tn, "%s.syscat-tmp", f->path);
    *slash = 0;
    if (mkdir(f->path, 0750) != 0 && errno != EEXIST) {
        int rc = sc_cli__failf(x->cli, "%s: %s", f->path, strerror(errno));
        *slash = '/';
        free(tmp);
        return rc;
    }
    *slash = '/';
    fp = fopen(tmp, "wb");
    ok = fp && fwrite(f->data, 1, f->len, fp) == f->len;
    ok = (fp && fclose(fp) == 0) && ok;
    ok = ok && rename(tmp, f->path) == 0;
    if (!ok) {
        int rc = sc_cli__failf(x->cli, "%s: %s", f->path, strerror(errno));
        remove(tmp);
        free(tmp);
        return rc;
    }
    free(tmp);
    return SC_CLI_EXIT_OK;
}

static int parse_args(exporter *x, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--skip-bad") == 0)
            x->skip_bad = true;
        else if (argv[i][0] == '-')
            return sc_cli__usage_error(x->cli, "export", "unknown option '%s'", argv[i]);
        else if (!x->dir)
            x->dir = argv[i];
        else if (!x->only_db) {
            if (!strchr(argv[i], '.'))
                x->only_db = strdup(argv[i]);
            else if (sc_cli__split_name(&x->only_db, &x->only_table, argv[i]) != 0)
                return sc_cli__usage_error(x->cli, "export", "bad name '%s'", argv[i]);
        } else
            return sc_cli__usage_error(x->cli, "export", "unexpected argument '%s'", argv[i]);
    }
    if (!x->dir)
        return sc_cli__usage_error(x->cli, "export", "export frm needs a directory");
    return SC_CLI_EXIT_OK;
}

static int run_export(exporter *x)
{
    sc_catalog *cat = NULL;
    int status = sc_cli__open_read(&cat, &x->txn, x->cli), rc;

    if (status != SC_CLI_EXIT_OK)
        return status;
    x->urandom = fopen("/dev/urandom", "rb");
    rc = sc_schema_foreach(x->txn, schema_cb, x);
    if (x->urandom)
        fclose(x->urandom);
    sc_txn_abort(x->txn);
    sc_catalog_close(cat);
    if (rc != SC_OK)
        return sc_cli__fail(x->cli, rc);
    if (x->only_db && x->n_dbs == 0)
        return sc_cli__failf(x->cli, "ERROR 1049 (42000): Unknown database '%s'", x->only_db);
    if (x->only_table && x->n_tables == 0 && x->bad == 0)
        return sc_cli__failf(x->cli, "ERROR 1146 (42S02): Table '%s.%s' doesn't exist", x->only_db,
                             x->only_table);
    if (mkdir(x->dir, 0750) != 0 && errno != EEXIST)
        return sc_cli__failf(x->cli, "%s: %s", x->dir, strerror(errno));
    for (size_t i = 0; i < x->n_files; i++)
        if ((status = write_file(x, &x->files[i])) != SC_CLI_EXIT_OK)
            return status;
    fprintf(x->cli->out, "exported %zu database(s), %zu table(s)%s\n", x->n_dbs, x->n_tables,
            x->bad ? " (some skipped)" : "");
    return SC_CLI_EXIT_OK;
}

int sc_cli__cmd_export(sc_cli *cli, int argc, char **argv)
{
    exporter x;
    int status;

    memset(&x, 0, sizeof x);
    x.cli = cli;
    if (argc < 2 || strcmp(argv[1], "frm") != 0)
        return sc_cli__usage_error(cli, "export", "only 'export frm DIR [DB[.TABLE]]' exists");
    status = parse_args(&x, argc - 1, argv + 1);
    if (status == SC_CLI_EXIT_OK)
        status = run_export(&x);
    for (size_t i = 0; i < x.n_files; i++) {
        free(x.files[i].path);
        free(x.files[i].data);
    }
    free(x.files);
    free(x.db_dir);
    free(x.only_db);
    free(x.only_table);
    return status;
}

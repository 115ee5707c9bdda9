/*
 * fixtures.c - shared test fixtures (see fixtures.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <sys/wait.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/fixtures.h"

sc_fixture sc_fx;

void sc_fixture_tmpdir(char *buf, size_t size)
{
    const char *base = getenv("TMPDIR");
    snprintf(buf, size, "%s/syscat-test-XXXXXX", base && *base ? base : "/tmp");
    ck_assert_msg(mkdtemp(buf) != NULL, "mkdtemp: %s", strerror(errno));
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

void sc_fixture_rmtree(const char *dir)
{
    if (dir && *dir)
        nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

void sc_fixture_catalog_setup(void)
{
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    int rc;

    memset(&sc_fx, 0, sizeof(sc_fx));
    sc_fixture_tmpdir(sc_fx.dir, sizeof(sc_fx.dir));
    ck_assert_int_eq(sc_ctx_new(&sc_fx.ctx, NULL), SC_OK);
    opts.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    opts.map_size = 64u << 20;
    rc = sc_catalog_open(&sc_fx.cat, sc_fx.ctx, sc_fx.dir, &opts);
    ck_assert_msg(rc == SC_OK, "sc_catalog_open: %s", sc_ctx_last_error(sc_fx.ctx)->message);
}

void sc_fixture_catalog_teardown(void)
{
    sc_catalog_close(sc_fx.cat);
    sc_ctx_free(sc_fx.ctx);
    sc_fixture_rmtree(sc_fx.dir);
    memset(&sc_fx, 0, sizeof(sc_fx));
}

const char *sc_fixture_oracle_dir(void)
{
    const char *d = getenv("SC_ORACLE");
    return d && *d ? d : "../shared/oracle";
}

const char *sc_fixture_build_dir(void)
{
    const char *d = getenv("SC_BUILD");
    return d && *d ? d : "build";
}

uint8_t *sc_fixture_oracle_file(size_t *len, const char *corpus, const char *rel)
{
    char path[1024];
    uint8_t *data;

    snprintf(path, sizeof path, "%s/%s/%s", sc_fixture_oracle_dir(), corpus, rel);
    data = (uint8_t *)sc_fixture_read_file(path, len);
    ck_assert_msg(data != NULL, "cannot read %s", path);
    return data;
}

sc_ctx *sc_fixture_ctx(void)
{
    sc_ctx *ctx = NULL;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    return ctx;
}

char *sc_fixture_read_file(const char *path, size_t *len_out)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, len = 0, n;

    if (!f)
        return NULL;
    do {
        if (len + 65536 + 1 > cap) {
            cap = (len + 65536 + 1) * 2;
            buf = realloc(buf, cap);
            if (!buf) {
                fclose(f);
                return NULL;
            }
        }
        n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
    } while (n > 0);
    fclose(f);
    buf[len] = '\0';
    if (len_out)
        *len_out = len;
    return buf;
}

/* Whether the next allocation under fa must fail (and account for it). */
static bool fault_now(sc_fault_alloc *fa)
{
    if (fa->left < 0)
        return false;
    if (fa->left > 0) {
        fa->left--;
        return false;
    }
    fa->failed = true;
    if (fa->once)
        fa->left = -1;
    return true;
}

static void *fault_malloc(size_t n, void *payload)
{
    return fault_now(payload) ? NULL : malloc(n);
}

static void *fault_realloc(void *p, size_t n, void *payload)
{
    return fault_now(payload) ? NULL : realloc(p, n);
}

static void fault_free(void *p, void *payload)
{
    (void)payload;
    free(p);
}

static void *counting_malloc(size_t n, void *payload)
{
    sc_fault_counter *c = payload;
    void *p = fault_malloc(n, &c->fa);

    c->live += p != NULL;
    return p;
}

static void *counting_realloc(void *p, size_t n, void *payload)
{
    sc_fault_counter *c = payload;
    void *q = fault_realloc(p, n, &c->fa);

    c->live += q != NULL && p == NULL;
    return q;
}

static void counting_free(void *p, void *payload)
{
    sc_fault_counter *c = payload;

    c->live -= p != NULL;
    free(p);
}

sc_allocator sc_fixture_counting_allocator(sc_fault_counter *c)
{
    sc_allocator a = {counting_malloc, counting_realloc, counting_free, c};
    return a;
}

sc_allocator sc_fixture_fault_allocator(sc_fault_alloc *fa)
{
    sc_allocator a = {fault_malloc, fault_realloc, fault_free, fa};
    return a;
}

void sc_fixture_cli_setup(sc_cli_fixture *fx, const char *env)
{
    memset(fx, 0, sizeof(*fx));
    fx->env = env;
    sc_fixture_tmpdir(fx->dir, sizeof(fx->dir));
    snprintf(fx->cli, sizeof(fx->cli), "%s/syscat", sc_fixture_build_dir());
    if (fx->cli[0] != '/') {
        char cwd[256];
        ck_assert(getcwd(cwd, sizeof(cwd)) != NULL);
        snprintf(fx->cli, sizeof(fx->cli), "%s/%s/syscat", cwd, sc_fixture_build_dir());
    }
}

void sc_fixture_cli_teardown(sc_cli_fixture *fx)
{
    free(fx->out);
    free(fx->err);
    fx->out = fx->err = NULL;
    sc_fixture_rmtree(fx->dir);
}

void sc_fixture_sh(sc_cli_fixture *fx, const char *fmt, ...)
{
    char cmd[8192], full[10240], path[300];
    va_list ap;
    int ws;

    va_start(ap, fmt);
    vsnprintf(cmd, sizeof(cmd), fmt, ap);
    va_end(ap);
    snprintf(full, sizeof(full),
             "cd '%s' && export SC='%s' SYSCAT_DATADIR='%s/data' %s && "
             "(%s) >'%s/out' 2>'%s/err'",
             fx->dir, fx->cli, fx->dir, fx->env ? fx->env : "", cmd, fx->dir, fx->dir);
    ws = system(full);
    fx->status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
    free(fx->out);
    free(fx->err);
    snprintf(path, sizeof(path), "%s/out", fx->dir);
    fx->out = sc_fixture_read_file(path, NULL);
    snprintf(path, sizeof(path), "%s/err", fx->dir);
    fx->err = sc_fixture_read_file(path, NULL);
    ck_assert(fx->out && fx->err);
}

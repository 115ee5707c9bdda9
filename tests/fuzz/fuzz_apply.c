/*
 * fuzz_apply.c - libFuzzer target for the replica applier
 * (replicate/replica.c, replica_rows.c, source.c; issue 8 defect 10).
 *
 * Input: one flag byte (bit 0: events carry a CRC32 trailer) followed by
 * events back to back, as cut from our own logs by seeds-fuzz_apply.sh. The
 * events are laid out as a source's binlog.000001 (magic, our FDE, log_pos
 * and CRC32 recomputed so framing passes and the applier, not the reader,
 * is what gets exercised) in a fresh source directory; a fresh replica
 * catalog registers it and applies it.
 * Invariant under test: whatever the applier accepted or refused, the
 * replica passes fsck (a violation aborts: a finding), and no crash, leak
 * or undefined behaviour. Build and run: tests/fuzz/run.sh fuzz_apply.
 *
 * fuzz-sources: catalog/*.c replicate/*.c build/fuzz/gen/catalog/syscat.pb-c.c
 */
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "syscat.h"
#include "replicate/event.h"
#include "tests/fuzz/fuzz_frame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static int write_source(const char *dir, const sc_buf *f)
{
    char path[512];
    FILE *out;
    int ok;

    snprintf(path, sizeof(path), "%s/binlog", dir);
    if (mkdir(path, 0700) != 0)
        return -1;
    snprintf(path, sizeof(path), "%s/binlog/binlog.000001", dir);
    out = fopen(path, "wb");
    if (!out)
        return -1;
    ok = fwrite(f->data, 1, f->len, out) == f->len;
    return fclose(out) == 0 && ok ? 0 : -1;
}

static void report(const char *problem, void *payload)
{
    (void)payload;
    fprintf(stderr, "fsck: %s\n", problem);
}

static void apply_once(sc_ctx *ctx, const char *src, const char *rep)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    sc_replica_source_options so = SC_REPLICA_SOURCE_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    size_t problems = 0;

    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    o.map_size = 64u << 20;
    if (sc_catalog_open(&cat, ctx, rep, &o) != SC_OK || sc_log_open(&log, cat) != SC_OK ||
        sc_log_set(log, "binlog.server_id", "99") != SC_OK)
        abort(); /* the harness itself failed */
    so.from = src;
    if (sc_replica_add_source(log, "f", &so) != SC_OK)
        abort();
    (void)sc_replica_apply(NULL, log, "f", NULL, NULL); /* accepted or refused: both fine */
    if (sc_fsck(cat, report, NULL, &problems) != SC_OK || problems) {
        fprintf(stderr,
                "fuzz_apply: the applier left a catalog fsck rejects (%zu problems); "
                "last error: %s\n",
                problems, sc_ctx_last_error(ctx)->message);
        abort();
    }
    sc_log_close(log);
    sc_catalog_close(cat);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char root[256], src[300], rep[300];
    const char *tmp = getenv("TMPDIR");
    sc_ctx *ctx = NULL;
    sc_buf f;

    if (size < 1 || sc_ctx_new(&ctx, NULL) != SC_OK)
        return 0;
    snprintf(root, sizeof(root), "%s/fuzz-apply-XXXXXX",
             access("/dev/shm", W_OK) == 0 ? "/dev/shm"
             : tmp && *tmp                 ? tmp
                                           : "/tmp");
    if (!mkdtemp(root))
        abort();
    snprintf(src, sizeof(src), "%s/src", root);
    snprintf(rep, sizeof(rep), "%s/rep", root);
    memset(&f, 0, sizeof(f));
    f.ctx = ctx;
    sc_fuzz_build_file(&f, data + 1, size - 1, data[0] & 1, true);
    if (!f.failed && mkdir(src, 0700) == 0 && write_source(src, &f) == 0)
        apply_once(ctx, src, rep);
    sc__buf_free(&f);
    nftw(root, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    sc_ctx_free(ctx);
    return 0;
}

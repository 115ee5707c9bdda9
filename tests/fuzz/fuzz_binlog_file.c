/*
 * fuzz_binlog_file.c - libFuzzer target for reading a whole binlog file as it
 * lies on disk: the input is the file, byte for byte (magic, FDE, events with
 * their own lengths, log_pos and checksums), so the file framing that
 * fuzz_event.c re-frames away is what gets mutated here.
 *
 * Each input goes through
 *  1. the public file reader on a real file (a memfd, through
 *     sc_binlog_reader_open's mapping), every event read and every rows
 *     event printed as `###` lines;
 *  2. the same bytes through sc_binlog_reader_open_mem;
 *  3. the stored-log record check (sc_log__record_check) with the input as
 *     one record at offset 0, as the log writers run it before writing.
 * Invariants under test: no crash, no leak, no undefined behaviour; the file
 * reader and the memory reader read the same number of events and end with
 * the same code (abort() otherwise). Seeds:
 * tests/fuzz/seeds-fuzz_binlog_file.sh (oracle binlogs and our own).
 *
 * fuzz-sources: catalog/ctx.c catalog/buf.c replicate/event.c replicate/reader.c replicate/rowfmt.c
 * fuzz-sources: replicate/print.c replicate/logframe.c replicate/decode.c catalog/charset.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "catalog/catalog_int.h"
#include "replicate/log.h"
#include "replicate/reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Read every event; returns the number read before the end or the first error. */
static size_t read_all(sc_binlog_reader *r, sc_ctx *ctx, int *rc_out)
{
    const sc_binlog_event *ev = NULL;
    size_t n = 0;
    int rc;

    while ((rc = sc_binlog_reader_next(&ev, r)) == SC_OK && ev) {
        char *text = NULL;
        n++;
        if (sc_event__is_rows(ev->header.type) &&
            sc_binlog_reader_print_rows(&text, NULL, NULL, r, ev) == SC_OK)
            sc_free(ctx, text);
    }
    *rc_out = rc;
    return n;
}

static size_t read_fd(sc_ctx *ctx, const uint8_t *data, size_t size, int *rc)
{
    char path[64];
    sc_binlog_reader *r = NULL;
    size_t n = 0;
    int fd = memfd_create("fuzz-binlog", 0);

    *rc = SC_EIO;
    if (fd < 0)
        return 0;
    if (write(fd, data, size) == (ssize_t)size) {
        snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
        *rc = sc_binlog_reader_open(&r, ctx, path);
        if (*rc == SC_OK)
            n = read_all(r, ctx, rc);
        sc_binlog_reader_close(r);
    }
    close(fd);
    return n;
}

static size_t read_mem(sc_ctx *ctx, const uint8_t *data, size_t size, int *rc)
{
    sc_binlog_reader *r = NULL;
    size_t n = 0;

    *rc = sc_binlog_reader_open_mem(&r, ctx, "fuzz", (sc_slice){data, size});
    if (*rc == SC_OK)
        n = read_all(r, ctx, rc);
    sc_binlog_reader_close(r);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sc_ctx *ctx = NULL;
    size_t n_fd, n_mem;
    int rc_fd, rc_mem, alg = -1;
    char why[400];

    if (sc_ctx_new(&ctx, NULL) != SC_OK)
        return 0;
    n_fd = read_fd(ctx, data, size, &rc_fd);
    n_mem = read_mem(ctx, data, size, &rc_mem);
    /* one reader over the same bytes: a file and memory must read alike */
    if (size > 0 && rc_fd != SC_EIO && (n_fd != n_mem || rc_fd != rc_mem))
        abort();
    (void)sc_log__record_check(why, sizeof(why), &alg, 0, (sc_slice){data, size});
    sc_ctx_free(ctx);
    return 0;
}

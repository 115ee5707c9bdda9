/*
 * fuzz_binlog_decode.c - libFuzzer target for decoding a foreign binlog file
 * the way `syscat binlog decode` does: the input is a whole file (magic, FDE,
 * events), written to a memfd and decoded through sc_binlog_decode() as the
 * mariadb-binlog -vv listing and as JSON, and through the row iterator
 * (sc_binlog_rows_*) with both text forms of every value.
 *
 * Invariants under test: no crash, no leak, no undefined behaviour, no
 * allocation beyond what the input's size explains (ASan's malloc limit of
 * the run catches a runaway one); an error always names the file and an
 * offset ("fuzz: event at offset N: ..." or the file's own message).
 * Seeds: tests/fuzz/seeds-fuzz_binlog_decode.sh (the oracle binlogs, cut
 * into small valid files, plus truncated and bit-flipped ones).
 *
 * fuzz-sources: catalog/ctx.c catalog/buf.c catalog/charset.c replicate/event.c
 * fuzz-sources: replicate/reader.c replicate/rowfmt.c replicate/print.c
 * fuzz-sources: replicate/decode.c replicate/decode_list.c replicate/decode_flashback.c
 *
 * Also: JSON with a schema callback naming every column (as a tracked
 * history does), and sc_binlog_flashback() on the same file.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "catalog/catalog_int.h"
#include "replicate/decode.h"
#include "replicate/reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int discard(const void *data, size_t len, void *payload)
{
    size_t *total = payload;
    (void)data;
    *total += len;
    return 0;
}

/* A schema history as sc_track_history_schema gives one: names where the log has none. */
static int name_columns(sc_decode_table_info *info, void *payload)
{
    (void)payload;
    for (size_t i = 0; i < info->ncols; i++)
        if (!info->columns[i].name.len)
            info->columns[i].name = (sc_slice){(const uint8_t *)"col", 1 + i % 3};
    info->catalog_table_id = 7;
    return SC_OK;
}

/* A corrupt-input error must say where: it starts with the file's name. */
static void check_error(sc_ctx *ctx, int rc, const char *path)
{
    const char *msg = sc_ctx_last_error(ctx)->message, *base = strrchr(path, '/') + 1;

    if (rc == SC_ECORRUPT && (strncmp(msg, base, strlen(base)) != 0 || msg[strlen(base)] != ':'))
        abort();
}

static void iterate(sc_ctx *ctx, const char *path)
{
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev;
    int rc;

    if (sc_binlog_reader_open(&r, ctx, path) != SC_OK)
        return;
    while ((rc = sc_binlog_reader_next(&ev, r)) == SC_OK && ev) {
        sc_binlog_rows *it = NULL;
        const sc_binlog_row *row;
        if (!sc_event__is_rows(ev->header.type) || sc_binlog_rows_open(&it, r, ev) != SC_OK)
            continue;
        const sc_binlog_table *t = sc_binlog_rows_table(it);
        while (sc_binlog_rows_next(&row, it) == SC_OK && row) {
            for (size_t i = 0; i < row->ncols; i++) {
                const sc_binlog_value *v = row->after ? &row->after[i] : &row->before[i];
                char *text = NULL;
                if (sc_binlog_value_text(&text, NULL, ctx, v, &t->columns[i], SC_FORM_PLAIN) ==
                    SC_OK)
                    sc_free(ctx, text);
                if (sc_binlog_column_type(&text, ctx, &t->columns[i], SC_FORM_PLAIN) == SC_OK)
                    sc_free(ctx, text);
            }
        }
        sc_binlog_rows_close(it);
    }
    check_error(ctx, rc, path);
    sc_binlog_reader_close(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sc_ctx *ctx = NULL;
    char path[64];
    const char *paths[1] = {path};
    sc_decode_options o = SC_DECODE_OPTIONS_INIT;
    size_t total = 0;
    int fd, rc;

    if (sc_ctx_new(&ctx, NULL) != SC_OK)
        return 0;
    fd = memfd_create("fuzz", 0);
    if (fd >= 0 && write(fd, data, size) == (ssize_t)size) {
        snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
        rc = sc_binlog_decode(ctx, paths, 1, &o, discard, &total);
        check_error(ctx, rc, path);
        o.format = SC_DECODE_JSON;
        o.start_gtid = "0-1-3";
        o.table = "ints";
        rc = sc_binlog_decode(ctx, paths, 1, &o, discard, &total);
        check_error(ctx, rc, path);
        o.start_gtid = NULL;
        o.table = NULL;
        o.schema = name_columns;
        rc = sc_binlog_decode(ctx, paths, 1, &o, discard, &total);
        check_error(ctx, rc, path);
        rc = sc_binlog_flashback(ctx, paths, 1, discard, &total);
        check_error(ctx, rc, path);
        iterate(ctx, path);
    }
    if (fd >= 0)
        close(fd);
    sc_ctx_free(ctx);
    return 0;
}

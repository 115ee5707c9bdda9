/*
 * fuzz_event.c - libFuzzer target for the binlog event decoder, row-image
 * codec and `###` printer (replicate/event.c, rowfmt.c, print.c, reader.c).
 *
 * Input: one flag byte (bit 0: events carry a CRC32 trailer) followed by
 * events back to back (19-byte header + body), as cut from real binlogs by
 * tests/fuzz/seeds-fuzz_event.sh. Two passes:
 *  1. direct: each event body goes to sc_event__decode(); the last TABLE_MAP
 *     is kept, rows events are decoded with it, printed and re-encoded;
 *  2. reader: the events are laid out as a file (magic, our FDE, events with
 *     log_pos and CRC32 recomputed so framing passes) and read with the
 *     public reader, printing every rows event.
 * Invariant under test: no crash, no leak, no undefined behaviour; errors are
 * fine. Build and run: tests/fuzz/run.sh.
 *
 * fuzz-sources: catalog/ctx.c catalog/buf.c replicate/event.c replicate/reader.c replicate/rowfmt.c
 * fuzz-sources: replicate/print.c replicate/decode.c catalog/charset.c
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "catalog/catalog_int.h"
#include "replicate/event.h"
#include "replicate/print.h"
#include "replicate/reader.h"
#include "replicate/rowfmt.h"
#include "tests/fuzz/fuzz_frame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void rows_pass(sc_ctx *ctx, const sc_event *tm, const sc_event *ev)
{
    sc_event_loc loc = {"fuzz", 0};
    sc_buf out = SC_BUF_INIT(ctx);
    sc_rows rows;

    if (tm->u.table_map.table_id != ev->u.rows.table_id)
        return;
    if (sc_rows__decode(&rows, ctx, &tm->u.table_map, ev->header.type, &ev->u.rows, &loc))
        return;
    sc_print__rows(&out, &tm->u.table_map, &ev->u.rows, &rows);
    out.len = 0;
    sc_rows__encode(&out, tm->u.table_map.columns, &rows, ev->u.rows.present.data,
                    ev->u.rows.present_after.data);
    sc_rows__free(ctx, &rows);
    sc__buf_free(&out);
}

/* Pass 1: decode each event body directly. */
static void direct_pass(sc_ctx *ctx, const uint8_t *p, size_t n, bool crc)
{
    uint8_t ph[SC_FDE_MARIADB_TYPES];
    sc_event_fmt fmt = {crc ? SC_CHECKSUM_CRC32 : SC_CHECKSUM_NONE, ph, sizeof(ph)};
    sc_event_loc loc = {"fuzz", 0};
    sc_event tm, ev;
    sc_buf out = SC_BUF_INIT(ctx);
    bool have_tm = false;

    sc_event__default_post_header(ph, sizeof(ph));
    while (n >= SC_EVENT_HEADER_LEN) {
        size_t len, body;
        memset(&ev, 0, sizeof(ev));
        sc_event__decode_header(&ev.header, p);
        len = ev.header.event_len < SC_EVENT_HEADER_LEN ? SC_EVENT_HEADER_LEN : ev.header.event_len;
        if (len > n)
            len = n;
        body = len - SC_EVENT_HEADER_LEN;
        if (crc && ev.header.type != SC_EV_FORMAT_DESCRIPTION)
            body = body >= 4 ? body - 4 : 0;
        if (sc_event__decode(&ev, ctx, (sc_slice){p + SC_EVENT_HEADER_LEN, body}, &fmt, &loc) ==
            SC_OK) {
            out.len = 0;
            sc_event__encode(&out, &ev, fmt.checksum);
            if (ev.modelled && ev.header.type == SC_EV_TABLE_MAP) {
                if (have_tm)
                    sc_event__clear(ctx, &tm);
                sc_table_map__apply_metadata(&ev.u.table_map);
                tm = ev;
                have_tm = true;
                memset(&ev, 0, sizeof(ev));
            } else if (ev.modelled && have_tm && sc_event__is_rows(ev.header.type)) {
                rows_pass(ctx, &tm, &ev);
            }
            sc_event__clear(ctx, &ev);
        }
        p += len;
        n -= len;
    }
    if (have_tm)
        sc_event__clear(ctx, &tm);
    sc__buf_free(&out);
}

static void reader_pass(sc_ctx *ctx, const uint8_t *p, size_t n, bool crc)
{
    sc_buf f = SC_BUF_INIT(ctx);
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev;

    sc_fuzz_build_file(&f, p, n, crc, false);
    if (!f.failed &&
        sc_binlog_reader_open_mem(&r, ctx, "fuzz", (sc_slice){f.data, f.len}) == SC_OK) {
        while (sc_binlog_reader_next(&ev, r) == SC_OK && ev) {
            char *text = NULL;
            if (sc_event__is_rows(ev->header.type) &&
                sc_binlog_reader_print_rows(&text, NULL, NULL, r, ev) == SC_OK)
                sc_free(ctx, text);
        }
        sc_binlog_reader_close(r);
    }
    sc__buf_free(&f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sc_ctx *ctx = NULL;
    bool crc;

    if (size < 1 || sc_ctx_new(&ctx, NULL) != SC_OK)
        return 0;
    crc = data[0] & 1;
    direct_pass(ctx, data + 1, size - 1, crc);
    reader_pass(ctx, data + 1, size - 1, crc);
    /* the raw input as a whole file too (magic and FDE checks) */
    {
        sc_binlog_reader *r = NULL;
        const sc_binlog_event *ev;
        if (sc_binlog_reader_open_mem(&r, ctx, "fuzz", (sc_slice){data, size}) == SC_OK) {
            while (sc_binlog_reader_next(&ev, r) == SC_OK && ev)
                ;
            sc_binlog_reader_close(r);
        }
    }
    sc_ctx_free(ctx);
    return 0;
}

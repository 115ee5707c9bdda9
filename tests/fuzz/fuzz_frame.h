/*
 * fuzz_frame.h - the file framing the binlog fuzz targets share (fuzz_event.c,
 * fuzz_apply.c): a header of the fuzz harness, not of the library.
 */
#ifndef SC_TESTS_FUZZ_FRAME_H
#define SC_TESTS_FUZZ_FRAME_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <zlib.h>

#include "catalog/buf.h"
#include "replicate/event.h"

/*
 * Lay fuzz bytes out as a binlog file with valid framing: magic, our
 * Format_description, then the input's events one by one (stopping at one whose
 * length does not fit, at a Format_description, and with stop_at_rotate at a
 * Rotate), each with its end position and, with crc, its CRC32 rewritten, so the
 * fuzzer's mutations reach the event bodies instead of failing the framing.
 */
static inline void
sc_fuzz_build_file(sc_buf *f, const uint8_t *p, size_t n, bool crc, bool stop_at_rotate)
{
    uint8_t ph[200];
    sc_event fde;

    memset(&fde, 0, sizeof(fde));
    fde.header.type = SC_EV_FORMAT_DESCRIPTION;
    fde.modelled = true;
    fde.u.fde.binlog_version = SC_BINLOG_VERSION;
    memcpy(fde.u.fde.server_version, SC_SERVER_VERSION, sizeof(SC_SERVER_VERSION));
    fde.u.fde.header_len = SC_EVENT_HEADER_LEN;
    sc_event__default_post_header(ph, sizeof(ph));
    fde.u.fde.post_header = (sc_slice){ph, sizeof(ph)};
    fde.u.fde.checksum_alg = crc ? SC_CHECKSUM_CRC32 : SC_CHECKSUM_NONE;
    sc__buf_put(f, sc_binlog__magic, SC_BINLOG_MAGIC_LEN);
    fde.header.log_pos = (uint32_t)(SC_BINLOG_MAGIC_LEN + SC_EVENT_HEADER_LEN + 57 + 200 + 1 + 4);
    sc_event__encode(f, &fde, fde.u.fde.checksum_alg);
    while (n >= SC_EVENT_HEADER_LEN && !f->failed) {
        size_t len = sc_get_u32le(p + 9), at = f->len;
        if (len < SC_EVENT_HEADER_LEN + (crc ? 4u : 0u) || len > n ||
            p[4] == SC_EV_FORMAT_DESCRIPTION || (stop_at_rotate && p[4] == SC_EV_ROTATE))
            break;
        sc__buf_put(f, p, len);
        if (f->failed)
            break;
        sc_put_u32le(f->data + at + 13, (uint32_t)f->len);
        if (crc)
            sc_put_u32le(f->data + f->len - 4, (uint32_t)crc32(0L, f->data + at, (uInt)len - 4));
        p += len;
        n -= len;
    }
}

#endif

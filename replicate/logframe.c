/*
 * logframe.c - the framing check of one stored log record (log.h,
 * sc_log__record_check): every event's length inside the record, log_pos =
 * its end in the file, the binlog magic and a Format_description at the file
 * start (which fixes the file's checksum algorithm), and CRC32 (always for
 * the Format_description, for every event when the file's FDE says CRC32).
 * Pure bytes, no catalog: the log writers, the stored-log checks
 * (logcheck.c) and the fuzz targets share it. Event layout:
 * docs/log-format.md and shared/docs/binlog-notes.md.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "replicate/log.h"

static bool why_set(char *why, size_t size, const char *fmt, ...) SC_PRINTF(3, 4);

static bool why_set(char *why, size_t size, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return false;
}

/* The Format_description at file offset 4: it fixes the file's checksum algorithm. */
static bool fde_alg(char *why, size_t size, int *alg, const uint8_t *ev, uint32_t len)
{
    if (ev[4] != SC_EV_FORMAT_DESCRIPTION)
        return why_set(why, size, "event at offset 4: type %u, expected Format_description",
                       (unsigned)ev[4]);
    if (len < SC_EVENT_HEADER_LEN + 2 + 50 + 4 + 1 + 1 + SC_CHECKSUM_LEN)
        return why_set(why, size, "event at offset 4: Format_description of %u bytes is too short",
                       (unsigned)len);
    *alg = ev[len - SC_CHECKSUM_LEN - 1];
    if (*alg != SC_CHECKSUM_NONE && *alg != SC_CHECKSUM_CRC32)
        return why_set(why, size, "event at offset 4: unknown checksum algorithm %d", *alg);
    return true;
}

bool sc_log__record_check(char *why, size_t size, int *alg, uint64_t off, sc_slice rec)
{
    size_t p = 0;

    if (off == 0) {
        if (rec.len < SC_BINLOG_MAGIC_LEN ||
            memcmp(rec.data, sc_binlog__magic, SC_BINLOG_MAGIC_LEN) != 0)
            return why_set(why, size, "the file does not start with the binlog magic");
        p = SC_BINLOG_MAGIC_LEN;
    }
    while (p < rec.len) {
        const uint8_t *ev = rec.data + p;
        uint64_t at = off + p;
        uint32_t len;
        bool crc;

        if (rec.len - p < SC_EVENT_HEADER_LEN)
            return why_set(why, size, "event at offset %llu: header cut after %zu bytes",
                           (unsigned long long)at, rec.len - p);
        len = sc_get_u32le(ev + 9);
        if (at == SC_BINLOG_MAGIC_LEN && !fde_alg(why, size, alg, ev, len > rec.len - p ? 0 : len))
            return false;
        if (at != SC_BINLOG_MAGIC_LEN && ev[4] == SC_EV_FORMAT_DESCRIPTION)
            return why_set(why, size, "event at offset %llu: a second Format_description",
                           (unsigned long long)at);
        crc = ev[4] == SC_EV_FORMAT_DESCRIPTION || *alg == SC_CHECKSUM_CRC32;
        if (len < SC_EVENT_HEADER_LEN + (crc ? SC_CHECKSUM_LEN : 0) || len > rec.len - p)
            return why_set(why, size,
                           "event at offset %llu: length %u does not fit (%zu bytes left in the "
                           "record)",
                           (unsigned long long)at, (unsigned)len, rec.len - p);
        if (sc_get_u32le(ev + 13) != at + len)
            return why_set(why, size, "event at offset %llu: log_pos %u, expected %llu",
                           (unsigned long long)at, (unsigned)sc_get_u32le(ev + 13),
                           (unsigned long long)(at + len));
        if (crc) {
            uint32_t want = sc_get_u32le(ev + len - SC_CHECKSUM_LEN);
            uint32_t got = sc_event__crc32(ev, len - SC_CHECKSUM_LEN);
            if (want != got)
                return why_set(why, size,
                               "event at offset %llu: checksum mismatch (stored 0x%08x, computed "
                               "0x%08x)",
                               (unsigned long long)at, (unsigned)want, (unsigned)got);
        }
        p += len;
    }
    return true;
}

/*
 * fuzz_packet.c - libFuzzer target for the packet and handshake parsers of
 * `syscat serve` (server/packet.c): the client's handshake response / SSL
 * request under every server capability set, the length-encoded integer
 * and string readers walking arbitrary bytes, the mysql_native_password
 * check on arbitrary replies, and the encoders fed what was parsed (an OK,
 * ERR and column definition built from the parsed names must not overrun).
 * Input: byte 0 picks the server capabilities, the rest is the payload.
 *
 * fuzz-sources: server/packet.c
 * fuzz-libs: -lcrypto
 * fuzz-max-seconds: 4
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "server/conn.h"
#include "server/packet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void walk_lenenc(const uint8_t *p, size_t n)
{
    sc_pkt_reader r = {p, n, 0, false};

    while (!r.bad && r.pos < r.len) {
        uint64_t len = sc_pkt_get_lenenc(&r);
        if (r.bad || len > r.len - r.pos)
            break;
        (void)sc_pkt_get_bytes(&r, (size_t)len);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint32_t caps[4] = {
        0,
        SC_CLIENT_PROTOCOL_41 | SC_CLIENT_SECURE_CONNECTION,
        SC_CLIENT_PROTOCOL_41 | SC_CLIENT_SECURE_CONNECTION | SC_CLIENT_PLUGIN_AUTH |
            SC_CLIENT_CONNECT_WITH_DB | SC_CLIENT_PLUGIN_AUTH_LENENC | SC_CLIENT_CONNECT_ATTRS,
        0xFFFFFFFFu,
    };
    sc_handshake_response hs;
    const char *why = NULL;
    uint8_t scramble[SC_SCRAMBLE_LEN] = {0}, stored[20] = {0};
    sc_pkt_buf b = {0};

    if (size == 0)
        return 0;
    if (sc_pkt_parse_handshake_response(&hs, data + 1, size - 1, caps[data[0] & 3], &why) == 0) {
        sc_pkt_column col = {hs.db, hs.user, hs.plugin, hs.user, hs.db, 45, 256, 253, 0, 0};
        /* what was parsed is bounded and NUL-terminated */
        if (strlen(hs.user) > SC_HS_USER_MAX || strlen(hs.db) > SC_HS_DB_MAX ||
            strlen(hs.plugin) > SC_HS_PLUGIN_MAX || hs.auth_len > sizeof(hs.auth))
            abort();
        (void)sc_pkt_native_password_ok(scramble, hs.auth, hs.auth_len, stored);
        sc_pkt_column_def(&b, &col);
        sc_pkt_err(&b, 1045, "28000", hs.user);
    } else if (!why) {
        abort(); /* a refusal always says why */
    }
    walk_lenenc(data, size);
    {
        sc_pkt_reader r = {data, size, 0, false};
        size_t n;
        while (sc_pkt_get_cstr(&r, &n))
            ;
    }
    sc_pkt_buf_free(&b);
    return 0;
}

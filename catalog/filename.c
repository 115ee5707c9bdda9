/*
 * filename.c - names as MariaDB names their files (my_charset_filename:
 * letters, digits and '_' as they are, a character of the recorded table as
 * '@' and two characters, any other up to U+FFFF as '@' and four hex
 * digits). The table is catalog/filename_table.h, recorded from a MariaDB
 * 10.11 server; frm/ decodes with it, ddl/ names a table's files in
 * MariaDB's messages.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "catalog/catalog_int.h"
#include "catalog/filename.h"
#include "catalog/filename_table.h"

static size_t utf8_decode(uint32_t *cp, const uint8_t *s, size_t n)
{
    size_t need = s[0] < 0x80 ? 1 : s[0] < 0xE0 ? 2 : s[0] < 0xF0 ? 3 : 4;

    if (need > n || need == 1) {
        *cp = s[0];
        return 1;
    }
    *cp = s[0] & (0x3F >> (need - 1));
    for (size_t i = 1; i < need; i++)
        *cp = *cp << 6 | (s[i] & 0x3F);
    return need;
}

static bool plain_char(uint32_t cp)
{
    return (cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
           cp == '_';
}

int sc_filename_encode(char **out, sc_ctx *ctx, const char *name)
{
    const uint8_t *s = (const uint8_t *)name;
    size_t len = strlen(name), k = 0;
    char *o = sc__malloc(ctx, len * 5 + 1);

    *out = NULL;
    if (!o)
        return SC_ENOMEM;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        size_t used = utf8_decode(&cp, s + i, len - i);
        const char *pair = NULL;
        i += used;
        if (plain_char(cp)) {
            o[k++] = (char)cp;
            continue;
        }
        for (size_t j = 0; j < sizeof sc_fn_pairs / sizeof sc_fn_pairs[0]; j++)
            if (sc_fn_pairs[j].cp == cp) {
                pair = sc_fn_pairs[j].c;
                break;
            }
        if (pair) {
            o[k++] = '@';
            o[k++] = pair[0];
            o[k++] = pair[1];
        } else if (cp <= 0xFFFF) {
            k += (size_t)snprintf(o + k, 6, "@%04x", cp);
        } else {
            sc_free(ctx, o);
            return sc_error_set(ctx, SC_EINVAL, 0, NULL,
                                "'%s': a character beyond U+FFFF has no MariaDB file name", name);
        }
    }
    o[k] = 0;
    *out = o;
    return SC_OK;
}

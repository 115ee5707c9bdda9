/*
 * show_eval.c - evaluation for the SHOW / information_schema layer: SQL
 * LIKE on UTF-8 text (ddl/show_stmt.h).
 */
#include <ctype.h>
#include <string.h>

#include "ddl/show_stmt.h"

/* Bytes of the UTF-8 character at s (1 for a stray byte). */
static size_t char_len(const char *s, size_t avail)
{
    size_t n = sc_utf8_char_len((const unsigned char *)s, avail);
    return n ? n : 1;
}

static bool same_char(const char *a, size_t an, const char *b, size_t bn, bool ci)
{
    if (an != bn)
        return false;
    if (an == 1 && ci)
        return tolower((unsigned char)*a) == tolower((unsigned char)*b);
    return memcmp(a, b, an) == 0;
}

bool sc_show__like(const char *s, size_t n, const char *p, size_t pn, char escape, bool ci)
{
    while (pn > 0) {
        if (*p == '%') {
            while (pn > 0 && (*p == '%' || *p == '_')) {
                if (*p == '_') { /* %_ : one character must remain */
                    if (n == 0)
                        return false;
                    size_t k = char_len(s, n);
                    s += k;
                    n -= k;
                }
                p++;
                pn--;
            }
            if (pn == 0)
                return true;
            for (;;) {
                if (sc_show__like(s, n, p, pn, escape, ci))
                    return true;
                if (n == 0)
                    return false;
                size_t k = char_len(s, n);
                s += k;
                n -= k;
            }
        }
        if (n == 0)
            return false;
        size_t sk = char_len(s, n);
        if (*p == '_') {
            p++;
            pn--;
        } else {
            if (*p == escape && pn > 1) {
                p++;
                pn--;
            }
            size_t pk = char_len(p, pn);
            if (!same_char(s, sk, p, pk, ci))
                return false;
            p += pk;
            pn -= pk;
        }
        s += sk;
        n -= sk;
    }
    return n == 0;
}

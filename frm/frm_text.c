/*
 * frm_text.c - MariaDB's text definition files (sql/parse_file.cc): a view's
 * .frm (TYPE=VIEW), a table's triggers (.TRG, TYPE=TRIGGERS) and a trigger's
 * name file (.TRN, TYPE=TRIGGERNAME). The first line is "TYPE=<kind>", then
 * one "key=value" line per parameter. Values are raw to the end of the line
 * for strings (escaped: \\ \n \0 \z \'), numbers, or lists: 'quoted escaped
 * strings' or numbers separated by single spaces.
 *
 * Every error is SC_ECORRUPT naming the file and the line.
 */
#include <stdlib.h>
#include <string.h>

#include "frm/frm_int.h"

static int text_error(const frm_rd *rd, unsigned line, const char *what, const char *key)
{
    return sc_error_set(rd->ctx, SC_ECORRUPT, 0, NULL, "%s: line %u: %s%s%s%s", rd->file, line,
                        what, key ? " '" : "", key ? key : "", key ? "'" : "");
}

bool sc_frm__is_text(const uint8_t *p, size_t len)
{
    return len >= 5 && memcmp(p, "TYPE=", 5) == 0;
}

/* One "key=value" line at p (end exclusive, no newline). */
static int parse_line(
    frm_text_kv *kv, sc_arena *a, const frm_rd *rd, const char *p, const char *end, unsigned line)
{
    const char *eq = memchr(p, '=', (size_t)(end - p));

    if (!eq || eq == p)
        return text_error(rd, line, "not a key=value line", NULL);
    for (const char *k = p; k < eq; k++)
        if (!((*k >= 'a' && *k <= 'z') || (*k >= 'A' && *k <= 'Z') || (*k >= '0' && *k <= '9') ||
              *k == '_' || *k == '-'))
            return text_error(rd, line, "bad character in a key", NULL);
    if (!(kv->key = sc__arena_strndup(a, p, (size_t)(eq - p))))
        return SC_ENOMEM;
    kv->val = eq + 1;
    kv->vlen = (size_t)(end - eq - 1);
    kv->line = line;
    return SC_OK;
}

int sc_frm__text_parse(frm_text *t, sc_arena *a, const frm_rd *rd)
{
    const char *p = (const char *)rd->p, *end = p + rd->len, *nl;
    size_t cap = 0;
    unsigned line = 1;
    int rc;

    memset(t, 0, sizeof *t);
    if (!sc_frm__is_text(rd->p, rd->len))
        return text_error(rd, 1, "no TYPE= line", NULL);
    for (size_t i = 0; i < rd->len; i++) {
        if (p[i] == '\n')
            line++;
        else if (p[i] == '\0')
            return text_error(rd, line, "NUL byte in a text definition file", NULL);
    }
    line = 1;
    if (!(nl = memchr(p, '\n', rd->len)))
        return text_error(rd, 1, "TYPE= line has no end", NULL);
    if (!(t->type = sc__arena_strndup(a, p + 5, (size_t)(nl - p - 5))))
        return SC_ENOMEM;
    for (p = nl + 1, line = 2; p < end; p = nl + 1, line++) {
        if (!(nl = memchr(p, '\n', (size_t)(end - p))))
            return text_error(rd, line, "last line has no end (truncated file?)", NULL);
        if (nl == p) /* MariaDB ends the file with an empty line */
            continue;
        if (t->n == cap) {
            frm_text_kv *nk = sc__arena_alloc(a, (cap ? cap * 2 : 16) * sizeof *nk);
            if (!nk)
                return SC_ENOMEM;
            if (t->n)
                memcpy(nk, t->kv, t->n * sizeof *nk);
            t->kv = nk;
            cap = cap ? cap * 2 : 16;
        }
        if ((rc = parse_line(&t->kv[t->n], a, rd, p, nl, line)) != SC_OK)
            return rc;
        t->n++;
    }
    return SC_OK;
}

const frm_text_kv *sc_frm__text_get(const frm_text *t, const char *key)
{
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->kv[i].key, key) == 0)
            return &t->kv[i];
    return NULL;
}

int sc_frm__text_need(const frm_text_kv **out, const frm_text *t, const frm_rd *rd, const char *key)
{
    if (!(*out = sc_frm__text_get(t, key)))
        return text_error(rd, (unsigned)(t->n + 1), "missing parameter", key);
    return SC_OK;
}

/* Unescape [p, end) into a new string; *used gets the bytes read up to an unescaped quote
 * when quoted (the quote itself not included). */
static int unescape(char **out,
                    size_t *outlen,
                    size_t *used,
                    sc_arena *a,
                    const frm_rd *rd,
                    const frm_text_kv *kv,
                    const char *p,
                    const char *end,
                    bool quoted)
{
    char *s = sc__arena_alloc(a, (size_t)(end - p) + 1), *w = s;
    const char *q = p;

    if (!s)
        return SC_ENOMEM;
    for (; q < end && !(quoted && *q == '\''); q++) {
        if (*q != '\\') {
            *w++ = *q;
            continue;
        }
        if (++q >= end)
            return text_error(rd, kv->line, "backslash at the end of", kv->key);
        switch (*q) {
        case '\\':
            *w++ = '\\';
            break;
        case 'n':
            *w++ = '\n';
            break;
        case '0': /* the catalog's texts are C strings: refused, not cut short */
            return text_error(rd, kv->line, "NUL character (\\0) in", kv->key);
        case 'z':
            *w++ = 26;
            break;
        case '\'':
            *w++ = '\'';
            break;
        default:
            return text_error(rd, kv->line, "unknown escape sequence in", kv->key);
        }
    }
    if (quoted && q >= end)
        return text_error(rd, kv->line, "unterminated quoted string in", kv->key);
    *w = '\0';
    *out = s;
    if (outlen)
        *outlen = (size_t)(w - s);
    *used = (size_t)(q - p);
    return SC_OK;
}

int sc_frm__text_str(char **out, sc_arena *a, const frm_rd *rd, const frm_text_kv *kv)
{
    size_t used;

    return unescape(out, NULL, &used, a, rd, kv, kv->val, kv->val + kv->vlen, false);
}

int sc_frm__text_strlist(
    char ***out, size_t *n, sc_arena *a, const frm_rd *rd, const frm_text_kv *kv)
{
    const char *p = kv->val, *end = kv->val + kv->vlen;
    size_t cap = kv->vlen / 2 + 1, k = 0, used;
    char **v = sc__arena_calloc(a, (cap + 1) * sizeof *v);
    int rc;

    if (!v)
        return SC_ENOMEM;
    while (p < end) {
        if (*p != '\'' || k == cap)
            return text_error(rd, kv->line, "expected a quoted string in", kv->key);
        if ((rc = unescape(&v[k], NULL, &used, a, rd, kv, p + 1, end, true)) != SC_OK)
            return rc;
        k++;
        p += used + 2;
        if (p < end && *p++ != ' ')
            return text_error(rd, kv->line, "expected a space between strings in", kv->key);
    }
    *out = v;
    *n = k;
    return SC_OK;
}

int sc_frm__text_numlist(
    uint64_t **out, size_t *n, sc_arena *a, const frm_rd *rd, const frm_text_kv *kv)
{
    const char *p = kv->val, *end = kv->val + kv->vlen;
    size_t cap = kv->vlen / 2 + 1, k = 0;
    uint64_t *v = sc__arena_calloc(a, (cap + 1) * sizeof *v);

    if (!v)
        return SC_ENOMEM;
    while (p < end) {
        uint64_t x = 0;
        const char *s = p;
        for (; p < end && *p >= '0' && *p <= '9'; p++) {
            if (x > (UINT64_MAX - 9) / 10)
                return text_error(rd, kv->line, "number out of range in", kv->key);
            x = x * 10 + (uint64_t)(*p - '0');
        }
        if (p == s || k == cap || (p < end && *p != ' '))
            return text_error(rd, kv->line, "expected numbers separated by spaces in", kv->key);
        v[k++] = x;
        if (p < end)
            p++;
    }
    *out = v;
    *n = k;
    return SC_OK;
}

int sc_frm__text_num(uint64_t *out, const frm_rd *rd, const frm_text_kv *kv, uint64_t max)
{
    uint64_t x = 0;

    if (kv->vlen == 0)
        return text_error(rd, kv->line, "empty number in", kv->key);
    for (size_t i = 0; i < kv->vlen; i++) {
        char c = kv->val[i];
        if (c < '0' || c > '9' || x > (UINT64_MAX - 9) / 10)
            return text_error(rd, kv->line, "not a number:", kv->key);
        x = x * 10 + (uint64_t)(c - '0');
    }
    if (x > max)
        return text_error(rd, kv->line, "value out of range in", kv->key);
    *out = x;
    return SC_OK;
}

/*
 * split.c - cutting SQL text into statements as the mysql client does
 * (sc_sql_split_next, include/syscat/ddl.h): a ';' ends a statement unless
 * it is inside a quoted run ('..', "..", `..`; backslash escapes in the
 * first two, doubled quotes in all) or a comment (# and "-- " to the end of
 * the line, C-style comments but not the executable form that opens with
 * slash, star, exclamation mark). Moved here
 * from the CLI so the same rules serve every front end and can be fuzzed
 * (tests/fuzz/fuzz_split.c). Linear: every byte is looked at once.
 */
#include <string.h>

#include "syscat/ddl.h"

/* Skip a quoted run starting at s[i] (the quote); backslash escapes in '' and "". */
static size_t skip_quoted(const char *s, size_t len, size_t i)
{
    char q = s[i++];

    while (i < len) {
        if (s[i] == '\\' && q != '`' && i + 1 < len) {
            i += 2;
        } else if (s[i] == q) {
            if (i + 1 < len && s[i + 1] == q)
                i += 2; /* doubled quote */
            else
                return i + 1;
        } else {
            i++;
        }
    }
    return len;
}

/* Length of a comment starting at s[i], or 0 when none starts there. */
static size_t comment_len(const char *s, size_t len, size_t i)
{
    const char *end;

    if (s[i] == '#' || (s[i] == '-' && i + 2 <= len && s[i + 1] == '-' &&
                        (i + 2 == len || (unsigned char)s[i + 2] <= ' '))) {
        end = memchr(s + i, '\n', len - i);
        return end ? (size_t)(end - (s + i)) + 1 : len - i;
    }
    if (s[i] == '/' && i + 1 < len && s[i + 1] == '*' && !(i + 2 < len && s[i + 2] == '!')) {
        end = memmem(s + i + 2, len - i - 2, "*/", 2);
        return end ? (size_t)(end - (s + i)) + 2 : len - i;
    }
    return 0;
}

bool sc_sql_split_next(size_t *end_out, bool *has_content_out, const char *sql, size_t len)
{
    return sc_sql_split_delim(end_out, has_content_out, sql, len, ";", 1);
}

bool sc_sql_split_delim(size_t *end_out,
                        bool *has_content_out,
                        const char *sql,
                        size_t len,
                        const char *delim,
                        size_t delim_len)
{
    size_t i = 0, c;
    bool content = false;

    while (i < len) {
        /* the first byte decides before any call: this runs over every byte of a script */
        if (delim_len > 0 && sql[i] == delim[0] && len - i >= delim_len &&
            memcmp(sql + i, delim, delim_len) == 0) {
            *end_out = i;
            *has_content_out = content;
            return true;
        }
        if ((sql[i] == '#' || sql[i] == '-' || sql[i] == '/') &&
            (c = comment_len(sql, len, i)) > 0) {
            i += c;
            continue;
        }
        if (sql[i] != ' ' && sql[i] != '\t' && sql[i] != '\n' && sql[i] != '\r')
            content = true;
        i = (sql[i] == '\'' || sql[i] == '"' || sql[i] == '`') ? skip_quoted(sql, len, i) : i + 1;
    }
    *end_out = len;
    *has_content_out = content;
    return false;
}

size_t sc_sql_skip_blank(const char *sql, size_t len)
{
    size_t i = 0, c;

    while (i < len) {
        if ((c = comment_len(sql, len, i)) > 0)
            i += c;
        else if (sql[i] == ' ' || sql[i] == '\t' || sql[i] == '\n' || sql[i] == '\r')
            i++;
        else
            break;
    }
    return i;
}

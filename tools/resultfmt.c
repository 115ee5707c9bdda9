/*
 * resultfmt.c - result set output formats of the mariadb client
 * (tools/resultfmt.h).
 */
#include "tools/resultfmt.h"

/* Write data[0..len) with the batch escapes. */
static void put_escaped(FILE *f, const char *data, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        char c = data[i];
        switch (c) {
        case '\0':
            fputs("\\0", f);
            break;
        case '\t':
            fputs("\\t", f);
            break;
        case '\n':
            fputs("\\n", f);
            break;
        case '\\':
            fputs("\\\\", f);
            break;
        default:
            fputc(c, f);
        }
    }
}

void sc_cli__result_batch(FILE *f, const sc_result_set *rs, bool no_header)
{
    if (rs->n_rows == 0)
        return;
    if (!no_header) {
        for (size_t c = 0; c < rs->n_columns; c++) {
            if (c)
                fputc('\t', f);
            fputs(rs->columns[c].name, f); /* the client prints names as they are */
        }
        fputc('\n', f);
    }
    for (size_t r = 0; r < rs->n_rows; r++) {
        for (size_t c = 0; c < rs->n_columns; c++) {
            const sc_result_cell *v = &rs->cells[r * rs->n_columns + c];
            if (c)
                fputc('\t', f);
            if (v->data)
                put_escaped(f, v->data, v->len);
            else
                fputs("NULL", f);
        }
        fputc('\n', f);
    }
}

/*
 * resultfmt.h - printing result sets (sc_result_set, syscat/ddl.h) the way
 * the mariadb client prints them. One function per output format; `exec`,
 * `show` and `describe` share them.
 *
 * Batch (`mariadb -B`, the format the SHOW corpus compares): a header line
 * of column names, one line per row, tab-separated, SQL NULL as NULL, and
 * inside values NUL, tab, newline and backslash escaped as \0 \t \n \\
 * (column names are printed as they are). A result with no row prints
 * nothing, header included.
 */
#ifndef SC_TOOLS_RESULTFMT_H
#define SC_TOOLS_RESULTFMT_H

#include <stdbool.h>
#include <stdio.h>

#include "syscat.h"

/** Print rs in batch form to f; no_header drops the header line (-N). */
void sc_cli__result_batch(FILE *f, const sc_result_set *rs, bool no_header);

#endif /* SC_TOOLS_RESULTFMT_H */

/*
 * resultfmt.h - printing result sets (sc_result_set, syscat/ddl.h) the way
 * the mariadb client prints them. One function per output format; `exec`,
 * `show` and `describe` share them.
 *
 * Batch (`mariadb -B`, the format the SHOW corpus compares): a header line
 * of column names, one line per row, tab-separated, SQL NULL as NULL, and
 * inside values NUL, tab, newline and backslash escaped as \0 \t \n \\
 * (column names are printed as they are). A result with no row prints
 * nothing, header included. Raw (-r): values as they are.
 *
 * Table (the prompt, -t): +---+ borders, a header, columns as wide as their
 * widest value (UTF-8 code points), numbers right-aligned, NULL as NULL.
 * Vertical (-E, \G): per row a "*** N. row ***" line and "name: value" lines,
 * names right-aligned. JSON (--json): one object per row, one line each,
 * numeric columns as numbers, NULL as null. After each statement at the
 * prompt: "N rows in set", "Empty set" or "Query OK, N rows affected", the
 * warnings, and the time, as the client prints them.
 */
#ifndef SC_TOOLS_RESULTFMT_H
#define SC_TOOLS_RESULTFMT_H

#include <stdbool.h>
#include <stdio.h>

#include "syscat.h"

/** Print rs in batch form to f; no_header drops the header line (-N). */
void sc_cli__result_batch(FILE *f, const sc_result_set *rs, bool no_header);
/** The same, with raw (-r) values unescaped. */
void sc_cli__result_batch_raw(FILE *f, const sc_result_set *rs, bool no_header, bool raw);
/** Print rs as a boxed table (an empty result prints nothing). */
void sc_cli__result_table(FILE *f, const sc_result_set *rs);
/** Print rs vertically. */
void sc_cli__result_vertical(FILE *f, const sc_result_set *rs);
/** Print rs as JSON lines, one object per row. @return 0, or -1 (out of memory) */
int sc_cli__result_json(FILE *f, const sc_result_set *rs);
/** The line the prompt prints after a statement, then a blank line. */
void sc_cli__print_count(FILE *f, const sc_stmt_result *r, double seconds);

#endif /* SC_TOOLS_RESULTFMT_H */

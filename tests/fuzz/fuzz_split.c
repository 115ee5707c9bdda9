/*
 * fuzz_split.c - libFuzzer target for the statement splitter
 * (sc_sql_split_next, ddl/split.c), which the CLI uses to cut input into
 * statements the way the mysql client does.
 *
 * The input is split to the end. Invariants: every reported end lies inside
 * the text and is a ';'; the text before it, scanned alone, holds no
 * statement end (a ';' inside a quote or comment cannot end a statement, and
 * the scanner's state at the cut is clean) and has content only if the
 * longer scan said so ("--" right before the ';' is a comment only at the end
 * of text); with no end found the whole rest is reported. What it does not
 * check: that the cut matches a real mysql client byte for byte (the Check
 * suite compares the rules), nor anything beyond splitting.
 *
 * fuzz-sources: ddl/split.c
 * fuzz-max-seconds: 3
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "syscat/ddl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    size_t off = 0, end, end2;
    bool content, content2;

    for (;;) {
        bool found = sc_sql_split_next(&end, &content, s + off, size - off);
        if (end > size - off)
            abort();
        if (!found) {
            if (end != size - off)
                abort();
            return 0;
        }
        if (s[off + end] != ';')
            abort();
        if (sc_sql_split_next(&end2, &content2, s + off, end) || end2 != end ||
            (content2 && !content))
            abort();
        off += end + 1;
    }
}

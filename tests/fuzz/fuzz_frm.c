/*
 * fuzz_frm.c - libFuzzer target for the .frm reader (frm/, sc_frm_read):
 * any bytes as a .frm file, decoded and, when that succeeds, printed as
 * SHOW CREATE TABLE and written back as a .frm image (sc_frm_write, which
 * may refuse the definition with SC_EINVAL but must not crash). The same
 * entry reads MariaDB's text files (a view's .frm, .TRG, .TRN); every input
 * is also read as a .par. Seeded with every .frm, .TRG, .TRN and .par file of
 * the oracle corpora (seeds-fuzz_frm.sh).
 *
 * Invariants: no crash, leak or sanitizer report whatever the bytes; a
 * failure is SC_ECORRUPT, SC_EINVAL or SC_ENOMEM with a message that names
 * the file; a file that decodes also prints. What it does not check: that
 * the text is right (tests/oracle/run-frm-cli.py compares the corpus).
 *
 * fuzz-sources: catalog/*.c ddl/*.c frm/*.c build/fuzz/gen/catalog/syscat.pb-c.c
 * fuzz-max-seconds: 6
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "syscat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void one(const uint8_t *data, size_t size, const char *path);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    one(data, size, "fuzz/t.frm");
    one(data, size, "fuzz/t.par"); /* a .par has no magic: its name selects the decoder */
    return 0;
}

static void one(const uint8_t *data, size_t size, const char *path)
{
    sc_ctx *ctx = NULL;
    sc_frm *frm = NULL;
    char *text = NULL;
    int rc;

    if (sc_ctx_new(&ctx, NULL) != SC_OK)
        return;
    rc = sc_frm_read(&frm, ctx, data, size, path);
    if (rc == SC_OK) {
        static const uint8_t version[16];
        uint8_t *img = NULL;
        size_t len = 0;
        rc = sc_frm_show_create(&text, frm);
        /* a .TRN or a .par holds no definition: SC_EINVAL; everything else prints */
        if (sc_frm_type_of(frm) == SC_FRM_TRIGGER_NAME || sc_frm_type_of(frm) == SC_FRM_PARTITIONS
                ? rc != SC_EINVAL
                : (rc != SC_OK || !text))
            abort();
        sc_free(ctx, text);
        rc = sc_frm_type_of(frm) == SC_FRM_TABLE
                 ? sc_frm_write(&img, &len, ctx, sc_frm_table(frm), version)
                 : SC_OK;
        if (rc != SC_OK && rc != SC_EINVAL && rc != SC_ENOMEM)
            abort();
        sc_free(ctx, img);
    } else if ((rc != SC_ECORRUPT && rc != SC_EINVAL && rc != SC_ENOMEM) ||
               !strstr(sc_ctx_last_error(ctx)->message, "fuzz/t")) {
        abort();
    }
    sc_frm_free(frm);
    sc_ctx_free(ctx);
}

/*
 * fuzz_stored_log.c - libFuzzer target for damaged records of the log stored
 * in the catalog (log.events, replicate/log.h): what the binlog files are
 * written from. A catalog with a log is made once (a temp directory, removed
 * at exit); each input becomes the records of its current file, written
 * straight into LMDB behind the log's back, then
 *   sc_log_verify_stored, sc_log_verify, sc_log_rebuild, sc_log_sync
 * run on it. Input: byte 0 bit 0 = keep the file's real header record (magic,
 * FDE, GTID_LIST, checkpoint) at offset 0; then records, each a 2-byte
 * little-endian length and its bytes (the last one takes what is left).
 *
 * Invariants under test (abort() otherwise), besides no crash, no leak, no
 * undefined behaviour:
 *  - the stored check finds a problem  => rebuild fails and leaves the file
 *    on disk exactly as it was (a damaged event is never written);
 *  - the stored check finds none       => rebuild succeeds and the file on
 *    disk equals the stored bytes.
 * Seeds: tests/fuzz/seeds-fuzz_stored_log.sh (records of our own logs and of
 * the oracle binlogs, split at GTID events).
 *
 * fuzz-sources: catalog/*.c replicate/*.c build/fuzz/gen/catalog/syscat.pb-c.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "syscat.h"
#include "catalog/catalog_int.h"
#include "replicate/log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The catalog all inputs share (a fuzz harness is one process; libFuzzer has no payload). */
typedef struct harness {
    char dir[64];
    sc_ctx *ctx;
    sc_catalog *cat;
    sc_log *log;
    uint32_t file;     /* the current file, whose records each input replaces */
    uint8_t head[512]; /* its real header record */
    size_t head_len;
} harness;

static harness *H;

static void cleanup(void)
{
    char cmd[128];

    sc_log_close(H->log);
    sc_catalog_close(H->cat);
    sc_ctx_free(H->ctx);
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", H->dir);
    if (system(cmd) != 0)
        fprintf(stderr, "fuzz_stored_log: could not remove %s\n", H->dir);
    free(H);
}

static void setup(void)
{
    sc_catalog_options o = SC_CATALOG_OPTIONS_INIT;
    uint8_t *bytes = NULL;
    size_t len = 0;
    sc_log_state st;
    sc_txn *txn = NULL;

    H = calloc(1, sizeof(*H));
    snprintf(H->dir, sizeof(H->dir), "/tmp/fuzz-stored-log-XXXXXX");
    if (!H || !mkdtemp(H->dir) || sc_ctx_new(&H->ctx, NULL))
        abort();
    o.flags = SC_CATALOG_CREATE | SC_CATALOG_NOSYNC;
    o.map_size = 64u << 20;
    if (sc_catalog_open(&H->cat, H->ctx, H->dir, &o) || sc_log_open(&H->log, H->cat) ||
        sc_log_rotate(H->log) || sc_log_file_bytes(&bytes, &len, H->log, NULL) ||
        len > sizeof(H->head) || sc_txn_begin(&txn, H->cat, SC_TXN_READONLY) ||
        sc_log__state_get(&st, H->log, txn))
        abort();
    sc_txn_abort(txn);
    H->file = st.cur_file;
    memcpy(H->head, bytes, len);
    H->head_len = len;
    sc_free(H->ctx, bytes);
    atexit(cleanup);
}

/* Replace the current file's records by the input's; returns false when nothing was stored. */
static bool store(const uint8_t *data, size_t size)
{
    sc_txn *txn = NULL;
    MDB_cursor *c = NULL;
    MDB_val k, v;
    uint8_t key[12];
    sc_log_state st;
    uint64_t off = 0;
    int rc;

    if (sc_txn_begin(&txn, H->cat, 0))
        return false;
    rc = sc_log__state_get(&st, H->log, txn) ||
         mdb_cursor_open(sc_catalog__mdb_txn(txn), H->log->dbi_events, &c);
    sc_log__key(key, H->file, 0);
    k = (MDB_val){sizeof(key), key};
    for (int m = rc ? 1 : mdb_cursor_get(c, &k, &v, MDB_SET_RANGE); !m;
         m = mdb_cursor_get(c, &k, &v, MDB_NEXT))
        if (k.mv_size != 12 || sc_get_uintbe(k.mv_data, 4) != H->file || mdb_cursor_del(c, 0))
            break;
    if (c)
        mdb_cursor_close(c);
    if (!rc && (data[0] & 1)) {
        rc = sc_log__record_put(H->log, txn, H->file, 0, (sc_slice){H->head, H->head_len});
        off = H->head_len;
    }
    for (size_t p = 1; !rc && p < size;) {
        size_t n = p + 2 <= size ? (size_t)(data[p] | data[p + 1] << 8) : 0;
        p += 2;
        if (p >= size)
            break;
        if (n == 0 || n > size - p)
            n = size - p;
        rc = sc_log__record_put(H->log, txn, H->file, off, (sc_slice){data + p, n});
        off += n;
        p += n;
    }
    st.cur_size = off;
    if (!rc)
        rc = sc_log__state_put(H->log, txn, &st);
    if (rc) {
        sc_txn_abort(txn);
        return false;
    }
    return sc_txn_commit(txn) == SC_OK;
}

static uint8_t *read_disk(size_t *len)
{
    char *path = NULL, name[32];
    uint8_t *out = NULL;
    FILE *f;
    long n;

    *len = 0;
    sc_log__file_name(name, sizeof(name), H->file);
    if (sc_log_path(&path, H->log, name))
        abort();
    f = fopen(path, "rb");
    sc_free(H->ctx, path);
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    out = malloc(n > 0 ? (size_t)n : 1);
    if (!out || fread(out, 1, (size_t)n, f) != (size_t)n)
        abort();
    fclose(f);
    *len = (size_t)n;
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t problems = 0, before_len, after_len, stored_len = 0;
    uint8_t *before, *after, *stored = NULL;
    int vs, rb;

    if (!H)
        setup();
    if (size < 1 || size > 65536 || !store(data, size))
        return 0;
    vs = sc_log_verify_stored(H->log, NULL, NULL, &problems);
    (void)sc_log_verify(H->log, NULL, NULL, NULL);
    before = read_disk(&before_len);
    rb = sc_log_rebuild(H->log);
    after = read_disk(&after_len);
    if (vs == SC_ECORRUPT) {
        /* damaged: refused, and the file on disk is what it was */
        if (rb == SC_OK || !before != !after || before_len != after_len ||
            (before && memcmp(before, after, before_len) != 0))
            abort();
    } else if (vs == SC_OK) {
        if (rb != SC_OK || sc_log_file_bytes(&stored, &stored_len, H->log, NULL) ||
            stored_len != after_len || memcmp(stored, after, after_len) != 0)
            abort();
    }
    (void)sc_log_sync(H->log);
    sc_free(H->ctx, stored);
    free(before);
    free(after);
    sc_ctx_clear_error(H->ctx);
    return 0;
}

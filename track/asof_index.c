/*
 * asof_index.c - the stored list of the log's transactions
 * (DATADIR/asof/index): what the scan of the stored log found (GTID, time,
 * position, tracker marker per transaction; the records holding
 * TABLE_MAPs), so that --as-of walks only the records written since. A
 * cache beside the checkpoints, stored the same way (temporary file,
 * synced, renamed), rewritten when the log has grown by the checkpoint
 * distance, and used only when its last transaction's stored bytes still
 * hash as recorded (docs/history-and-flashback.md "Finding the point").
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "track/asof_int.h"
#include "track/checkpoint.h"

#define INDEX_NAME "index"
#define INDEX_MAGIC "SCASOFX1"

typedef struct index_head {
    char magic[8];
    uint32_t ent_size; /* sizeof(sc_asof_txn), sizeof(sc_asof_rec) of the writer */
    uint32_t rec_size;
    uint32_t first_file; /* of the log it lists */
    uint32_t pad;
    uint64_t n, nmaps;
    uint64_t last_hash; /* of the last transaction's stored bytes */
} index_head;

_Static_assert(sizeof(index_head) == SC_ASOF_INDEX_HEAD, "asof_int.h says where the list starts");

static bool read_all(int fd, void *buf, size_t len)
{
    uint8_t *p = buf;

    while (len) {
        ssize_t got = read(fd, p, len);
        if (got <= 0)
            return false;
        p += got;
        len -= (size_t)got;
    }
    return true;
}

/* Read the index in fd into sc; false when it is not one for this log. */
static bool load(sc_asof_scan *sc, int fd)
{
    index_head h;
    struct stat sb;
    sc_slice rec;

    if (fstat(fd, &sb) != 0 || !read_all(fd, &h, sizeof(h)) ||
        memcmp(h.magic, INDEX_MAGIC, 8) != 0 || h.ent_size != sizeof(sc_asof_txn) ||
        h.rec_size != sizeof(sc_asof_rec) || h.first_file != sc->first_file || h.n == 0 ||
        h.n > (uint64_t)sb.st_size / sizeof(sc_asof_txn) ||
        h.nmaps > (uint64_t)sb.st_size / sizeof(sc_asof_rec) ||
        (uint64_t)sb.st_size !=
            sizeof(h) + h.n * sizeof(sc_asof_txn) + h.nmaps * sizeof(sc_asof_rec))
        return false;
    if (!(sc->ents = sc__malloc(sc->ctx, h.n * sizeof(sc_asof_txn))) ||
        (h.nmaps && !(sc->maps = sc__malloc(sc->ctx, h.nmaps * sizeof(sc_asof_rec)))) ||
        !read_all(fd, sc->ents, h.n * sizeof(sc_asof_txn)) ||
        !read_all(fd, sc->maps, h.nmaps * sizeof(sc_asof_rec)))
        return false;
    sc->n = sc->cap = h.n;
    sc->nmaps = sc->cap_maps = h.nmaps;
    for (size_t i = 0; i < sc->n; i++) {
        sc->ents[i].rec = NULL; /* pointers of the writer's process */
        sc->ents[i].src_file[sizeof(sc->ents[i].src_file) - 1] = '\0';
        sc->any_marked |= sc->ents[i].marked;
    }
    for (size_t i = 0; i < sc->nmaps; i++)
        sc->maps[i].data = NULL;
    return sc_asof__fetch(&rec, sc, sc->ents[sc->n - 1].file, sc->ents[sc->n - 1].off) == SC_OK &&
           rec.len == sc->ents[sc->n - 1].rec_len &&
           sc_asof__hash(rec.data, rec.len) == h.last_hash;
}

void sc_asof__index_load(sc_asof_scan *sc, const char *datadir)
{
    int fd = sc_asof__open_stored(datadir, INDEX_NAME);
    bool ok;

    if (fd < 0)
        return;
    ok = load(sc, fd);
    close(fd);
    if (ok) {
        sc->indexed = sc->n;
        return;
    }
    sc_ctx_clear_error(sc->ctx);
    sc_free(sc->ctx, sc->ents);
    sc_free(sc->ctx, sc->maps);
    sc->ents = NULL;
    sc->maps = NULL;
    sc->n = sc->cap = sc->nmaps = sc->cap_maps = 0;
    sc->any_marked = false;
}

void sc_asof__index_save(sc_asof_scan *sc, const char *datadir)
{
    index_head h;
    sc_slice rec;
    struct iovec iov[3];

    if (!sc->n || sc_asof__fetch(&rec, sc, sc->ents[sc->n - 1].file, sc->ents[sc->n - 1].off)) {
        sc_ctx_clear_error(sc->ctx);
        return;
    }
    memset(&h, 0, sizeof(h));
    memcpy(h.magic, INDEX_MAGIC, 8);
    h.ent_size = sizeof(sc_asof_txn);
    h.rec_size = sizeof(sc_asof_rec);
    h.first_file = sc->first_file;
    h.n = sc->n;
    h.nmaps = sc->nmaps;
    h.last_hash = sc_asof__hash(rec.data, rec.len);
    iov[0] = (struct iovec){&h, sizeof(h)};
    iov[1] = (struct iovec){sc->ents, sc->n * sizeof(*sc->ents)};
    iov[2] = (struct iovec){sc->maps, sc->nmaps * sizeof(*sc->maps)};
    sc_asof__store(datadir, INDEX_NAME, iov, 3);
}

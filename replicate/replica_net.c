/*
 * replica_net.c - the HOST:PORT transport of a replica (replica.h;
 * docs/replication.md "Sources"): a replication client built on MariaDB
 * Connector/C's replication API (mariadb_rpl.h), not a hand-written one.
 * It connects, announces that it verifies CRC32 checksums and understands
 * GTID events (@master_binlog_checksum, @mariadb_slave_capability, as a
 * MariaDB replica does) and stable table ids (@syscat_stable_table_ids: a
 * syscat serve then sends its stored files, docs/server.md), registers with the replica's server
 * id, sends COM_BINLOG_DUMP from a file and position, and hands out each event's bytes exactly as
 * the source's binlog file holds them (header to checksum). Events are borrowed until the next
 * call; one connection per handle. A blocking dump (a follower) stays open: the source pushes
 * each commit, and sc_replica__net_ready() says whether an event can be read without waiting
 * (the socket, or bytes Connector/C has already read ahead), so a follower never polls.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mysql.h>
#include <mariadb_rpl.h>
#include <errmsg.h>
#include <ma_pvio.h>

#include "replicate/replica.h"

struct sc_replica_net {
    sc_ctx *ctx;
    MYSQL *mysql;
    MARIADB_RPL *rpl;
    sc_checksum_alg alg; /* the source's binlog_checksum */
    bool ended;          /* the EOF packet of a non-blocking dump came */
    char where[300];     /* HOST:PORT, for messages */
};

static int net_error(sc_replica_net *n, const char *what)
{
    unsigned no = n->mysql ? mysql_errno(n->mysql) : 0;
    const char *msg = n->mysql ? mysql_error(n->mysql) : "";

    if (n->rpl && n->rpl->error_no) {
        no = n->rpl->error_no;
        msg = n->rpl->error_msg;
    }
    return sc_error_set(n->ctx, SC_EIO, 0, NULL, "source %s: %s: %s (error %u)", n->where, what,
                        msg && *msg ? msg : "connection failed", no);
}

/* "host:port" into its parts; the host may be [v6] or a name. */
static int split_hostport(char *host, size_t size, unsigned *port, const char *from)
{
    const char *colon = strrchr(from, ':');
    char *end = NULL;
    unsigned long p;
    size_t hl;

    if (!colon || colon == from)
        return SC_EINVAL;
    p = strtoul(colon + 1, &end, 10);
    if (!*(colon + 1) || *end || p == 0 || p > 65535)
        return SC_EINVAL;
    hl = (size_t)(colon - from);
    if (from[0] == '[' && hl >= 2 && from[hl - 1] == ']') {
        from++;
        hl -= 2;
    }
    if (hl == 0 || hl >= size)
        return SC_EINVAL;
    memcpy(host, from, hl);
    host[hl] = '\0';
    *port = (unsigned)p;
    return SC_OK;
}

bool sc_replica__is_hostport(const char *from)
{
    char host[256];
    unsigned port;

    return !strchr(from, '/') && split_hostport(host, sizeof(host), &port, from) == SC_OK;
}

/* The password: the first line of the file (without its line end). */
static int read_password(char *out, size_t size, sc_ctx *ctx, const char *path)
{
    FILE *f;

    out[0] = '\0';
    if (!path || !*path)
        return SC_OK;
    if (!(f = fopen(path, "r")))
        return sc_error_set(ctx, SC_EIO, 0, NULL, "password file %s: %s", path, strerror(errno));
    if (fgets(out, (int)size, f))
        out[strcspn(out, "\r\n")] = '\0';
    fclose(f);
    return SC_OK;
}

static int query(sc_replica_net *n, const char *sql)
{
    MYSQL_RES *res;

    if (mysql_query(n->mysql, sql))
        return net_error(n, sql);
    if ((res = mysql_store_result(n->mysql)))
        mysql_free_result(res);
    return SC_OK;
}

/* The source's binlog_checksum, announced back so events keep their CRC32. */
static int checksum_setup(sc_replica_net *n)
{
    MYSQL_RES *res;
    MYSQL_ROW row;
    int rc;

    if (mysql_query(n->mysql, "SELECT @@global.binlog_checksum"))
        return net_error(n, "SELECT @@global.binlog_checksum");
    res = mysql_store_result(n->mysql);
    row = res ? mysql_fetch_row(res) : NULL;
    n->alg = row && row[0] && strcmp(row[0], "CRC32") == 0 ? SC_CHECKSUM_CRC32 : SC_CHECKSUM_NONE;
    if (res)
        mysql_free_result(res);
    rc = query(n, "SET @master_binlog_checksum = @@global.binlog_checksum");
    /* 4 = MARIA_SLAVE_CAPABILITY_GTID: GTID events, not BEGIN queries */
    if (!rc)
        rc = query(n, "SET @mariadb_slave_capability = 4");
    /* syscat serve: the stored files as they are, TABLE_MAPs not repeated per
     * statement (this applier keeps a stream's maps); a user variable elsewhere */
    return rc ? rc : query(n, "SET @syscat_stable_table_ids = 1");
}

/*
 * A GTID dump (MariaDB's GTID replication, what CHANGE MASTER ... MASTER_USE_GTID
 * does): the server starts after the state in @slave_connect_state, in
 * whichever file holds it, and ignores the file and position. Not strict, no
 * duplicates ignored: the reader skips groups it has already.
 */
static int gtid_setup(sc_replica_net *n, const char *gtid)
{
    char sql[512];
    int rc;

    for (const char *p = gtid; *p; p++)
        if (!((*p >= '0' && *p <= '9') || *p == '-' || *p == ','))
            return sc_error_set(n->ctx, SC_EINVAL, 0, NULL, "'%s' is not a GTID list", gtid);
    if (strlen(gtid) > sizeof(sql) - 64)
        return sc_error_set(n->ctx, SC_EINVAL, 0, NULL, "GTID list too long");
    snprintf(sql, sizeof(sql), "SET @slave_connect_state = '%s'", gtid);
    rc = query(n, sql);
    if (!rc)
        rc = query(n, "SET @slave_gtid_strict_mode = 0");
    return rc ? rc : query(n, "SET @slave_gtid_ignore_duplicates = 0");
}

/* MariaDB's replica asks the source for @@server_id before the dump and stops on its own id
 * (every transaction the source wrote would be skipped as a loop). A source that cannot say
 * is not refused (MariaDB warns and goes on). */
static int server_id_check(sc_replica_net *n, uint32_t own)
{
    MYSQL_RES *res;
    MYSQL_ROW row;
    bool same;

    if (!own)
        return SC_OK;
    if (mysql_query(n->mysql, "SELECT @@server_id"))
        return mysql_errno(n->mysql) >= 2000 ? net_error(n, "SELECT @@server_id") : SC_OK;
    res = mysql_store_result(n->mysql);
    row = res ? mysql_fetch_row(res) : NULL;
    same = row && row[0] && strtoul(row[0], NULL, 10) == own;
    if (res)
        mysql_free_result(res);
    return same ? sc_error_set_er(n->ctx, SC_ESQL, SC_ER_SLAVE_FATAL_ERROR,
                                  SC_REPLICA_SAME_SERVER_IDS)
                : SC_OK;
}

static int dump_start(sc_replica_net *n, const sc_replica_net_options *o)
{
    unsigned flags = MARIADB_RPL_BINLOG_SEND_ANNOTATE_ROWS |
                     (o->non_block ? MARIADB_RPL_BINLOG_DUMP_NON_BLOCK : 0);
    bool by_gtid = o->gtid && *o->gtid;
    const char *file = by_gtid ? "" : o->file ? o->file : "";
    int rc = by_gtid ? gtid_setup(n, o->gtid) : SC_OK;

    if (rc)
        return rc;
    if (!(n->rpl = mariadb_rpl_init(n->mysql)))
        return net_error(n, "mariadb_rpl_init");
    if (mariadb_rpl_optionsv(n->rpl, MARIADB_RPL_FILENAME, file, strlen(file)) ||
        mariadb_rpl_optionsv(n->rpl, MARIADB_RPL_START,
                             (unsigned long)(o->position && !by_gtid ? o->position : 4)) ||
        mariadb_rpl_optionsv(n->rpl, MARIADB_RPL_SERVER_ID, (unsigned int)o->server_id) ||
        mariadb_rpl_optionsv(n->rpl, MARIADB_RPL_FLAGS, flags))
        return net_error(n, "replication options");
    if (mariadb_rpl_open(n->rpl))
        return net_error(n, "COM_BINLOG_DUMP");
    return SC_OK;
}

int sc_replica__net_open(sc_replica_net **out, sc_ctx *ctx, const sc_replica_net_options *o)
{
    sc_replica_net *n = sc__calloc(ctx, 1, sizeof(*n));
    char host[256], password[512];
    unsigned port = 0, timeout = o->timeout_s ? o->timeout_s : 10;
    int rc;

    *out = NULL;
    if (!n)
        return SC_ENOMEM;
    n->ctx = ctx;
    snprintf(n->where, sizeof(n->where), "%s", o->hostport);
    if (split_hostport(host, sizeof(host), &port, o->hostport)) {
        sc_free(ctx, n);
        return sc_error_set(ctx, SC_EINVAL, 0, NULL, "'%s' is not HOST:PORT", o->hostport);
    }
    if ((rc = read_password(password, sizeof(password), ctx, o->password_file))) {
        sc_free(ctx, n);
        return rc;
    }
    if (!(n->mysql = mysql_init(NULL))) {
        sc_free(ctx, n);
        return SC_ENOMEM;
    }
    mysql_options(n->mysql, MYSQL_OPT_CONNECT_TIMEOUT, &timeout);
    if (!mysql_real_connect(n->mysql, host, o->user && *o->user ? o->user : "root", password, NULL,
                            port, NULL, 0))
        rc = net_error(n, "connect");
    memset(password, 0, sizeof(password));
    if (!rc)
        rc = server_id_check(n, o->own_server_id);
    if (!rc)
        rc = checksum_setup(n);
    if (!rc)
        rc = dump_start(n, o);
    if (rc) {
        sc_replica__net_close(n);
        return rc;
    }
    *out = n;
    return SC_OK;
}

/*
 * The events are read as packets of the connection Connector/C opened and
 * started the dump on (mysql_net_read_packet), not through mariadb_rpl_fetch:
 * its parser (C/C 3.3) rejects events of a stream that crosses a ROTATE
 * ("Malformed packet" on the next file's events), and the applier decodes
 * events itself (replicate/event.c). A packet is 0x00 + one event, an EOF
 * packet (0xFE, < 9 bytes) at the end of a non-blocking dump, or an error.
 */
int sc_replica__net_next(sc_slice *out, sc_replica_net *n)
{
    unsigned long len;
    const uint8_t *p;

    out->data = NULL;
    out->len = 0;
    for (;;) {
        len = mysql_net_read_packet(n->mysql);
        if (len == packet_error || len == 0) /* packet_error: (unsigned int)-1 */
            return net_error(n, "reading the binlog stream");
        p = n->mysql->net.read_pos;
        if (p[0] == 0xFE && len < 9) {
            n->ended = true; /* the end of a non-blocking dump */
            return SC_OK;
        }
        if (p[0] != 0x00 || len < 1 + 19)
            return sc_error_set(n->ctx, SC_ECORRUPT, 0, NULL,
                                "source %s: unexpected packet in the binlog stream (%lu bytes, "
                                "first 0x%02x)",
                                n->where, len, p[0]);
        if (p[1 + 4] == 27) { /* HEARTBEAT_LOG_EVENT: the source is alive, nothing to apply */
            if (!sc_replica__net_ready(n))
                return SC_OK; /* nothing more now: do not block inside a round */
            continue;
        }
        out->data = p + 1;
        out->len = len - 1;
        return SC_OK;
    }
}

bool sc_replica__net_ended(const sc_replica_net *n)
{
    return n->ended;
}

/*
 * Whether the next packet has begun to arrive: bytes in Connector/C's
 * read-ahead cache (ma_pvio.h: cache .. cache + cache_size, read up to
 * cache_pos; the socket may be empty while it holds whole events), else the
 * socket readable now. A packet once begun is read to its end by
 * mysql_net_read_packet (the source writes events whole). Plain TCP or a
 * Unix socket: the replica does not ask for TLS, whose library buffers too.
 */
bool sc_replica__net_ready(sc_replica_net *n)
{
    MARIADB_PVIO *pvio = n->mysql->net.pvio;
    struct pollfd p = {(int)mysql_get_socket(n->mysql), POLLIN, 0};

    if (pvio && pvio->cache && pvio->cache_pos < pvio->cache + pvio->cache_size)
        return true;
    return p.fd >= 0 && poll(&p, 1, 0) > 0;
}

int sc_replica__net_fd(sc_replica_net *n)
{
    return (int)mysql_get_socket(n->mysql);
}

sc_checksum_alg sc_replica__net_checksum(const sc_replica_net *n)
{
    return n->alg;
}

bool sc_replica__net_lost(const sc_replica_net *n)
{
    unsigned no = n->mysql ? mysql_errno(n->mysql) : 0;

    return no == CR_SERVER_LOST || no == CR_SERVER_GONE_ERROR || no == CR_CONNECTION_ERROR ||
           no == CR_CONN_HOST_ERROR;
}

void sc_replica__net_close(sc_replica_net *n)
{
    if (!n)
        return;
    if (n->rpl)
        mariadb_rpl_close(n->rpl);
    if (n->mysql)
        mysql_close(n->mysql);
    sc_free(n->ctx, n);
}

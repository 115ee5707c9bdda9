/*
 * cmd_replica.c - `syscat replica ...`: register replication sources and
 * apply their catalog logs (docs/replication.md, public API in
 * syscat/replicate.h "Replicas").
 *
 *   add-source NAME --from DIR|HOST:PORT [--user U --password-file F]
 *              [--server-id N] [--rewrite-db FROM=TO]... [--on-conflict stop|rewrite]
 *              [--exec-mode strict|idempotent]
 *   remove-source NAME
 *   list
 *   apply NAME [--json]        everything available now, then exit
 *   follow [NAME...] [--poll-ms N]  until SIGTERM/SIGINT (wakes on a change in the
 *                              sources' binlog dirs, inotify; else every N ms, 100;
 *                              a HOST:PORT source: when its blocking dump sends events)
 *   status [NAME] [--json]
 *
 * Exit 1 when a source stops on an error (the message names the source,
 * the position and the object), 2 on a usage error.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/inotify.h>
#include <sys/stat.h>
#endif

#include "tools/cli.h"

#define MAX_RULES 64
#define MAX_FOLLOW 64

/* ------------------------------------------------------------------ */
/* Opening the catalog with its log                                     */

typedef struct opened {
    sc_catalog *cat;
    sc_log *log;
} opened;

static int open_logged(opened *o, sc_cli *cli, bool write)
{
    int status = sc_cli__open(&o->cat, cli, write ? 0 : SC_CATALOG_READONLY);
    int rc;

    o->log = NULL;
    if (status != SC_CLI_EXIT_OK)
        return status;
    rc = sc_log_open(&o->log, o->cat);
    if (rc != SC_OK) {
        sc_catalog_close(o->cat);
        o->cat = NULL;
        return sc_cli__fail(cli, rc);
    }
    return SC_CLI_EXIT_OK;
}

static void close_logged(opened *o)
{
    sc_log_close(o->log);
    sc_catalog_close(o->cat);
}

/* ------------------------------------------------------------------ */
/* add-source / remove-source                                           */

static int
parse_add(sc_replica_source_options *o, const char **rules, sc_cli *cli, int argc, char **argv)
{
    static const struct option opts[] = {
        {"from", required_argument, NULL, 'f'},
        {"user", required_argument, NULL, 'u'},
        {"password-file", required_argument, NULL, 'p'},
        {"server-id", required_argument, NULL, 's'},
        {"rewrite-db", required_argument, NULL, 'r'},
        {"on-conflict", required_argument, NULL, 'c'},
        {"exec-mode", required_argument, NULL, 'e'},
        {NULL, 0, NULL, 0},
    };
    char *end;
    int c;

    opterr = 0;
    optind = 0; /* argv[0] is the source NAME; GNU: full reinitialisation */
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        if (c == 'f')
            o->from = optarg;
        else if (c == 'u')
            o->user = optarg;
        else if (c == 'p')
            o->password_file = optarg;
        else if (c == 's') {
            unsigned long v = strtoul(optarg, &end, 10);
            if (*end || !*optarg || v > 0xFFFFFFFFul)
                return sc_cli__usage_error(cli, "replica", "bad --server-id '%s'", optarg);
            o->server_id = (uint32_t)v;
        } else if (c == 'r') {
            if (o->n_rewrite_db == MAX_RULES)
                return sc_cli__usage_error(cli, "replica", "too many --rewrite-db");
            rules[o->n_rewrite_db++] = optarg;
        } else if (c == 'c' && (!strcmp(optarg, "stop") || !strcmp(optarg, "rewrite")))
            o->on_conflict = strcmp(optarg, "stop") ? SC_REPLICA_ON_CONFLICT_REWRITE
                                                    : SC_REPLICA_ON_CONFLICT_STOP;
        else if (c == 'e' && (!strcmp(optarg, "strict") || !strcmp(optarg, "idempotent")))
            o->exec_mode =
                strcmp(optarg, "strict") ? SC_REPLICA_EXEC_IDEMPOTENT : SC_REPLICA_EXEC_STRICT;
        else
            return sc_cli__other_option(cli, "replica", c, argv);
    }
    o->rewrite_db = rules;
    if (optind != argc)
        return sc_cli__usage_error(cli, "replica", "unexpected argument '%s'", argv[optind]);
    if (!o->from)
        return sc_cli__usage_error(cli, "replica", "add-source needs --from DIR or HOST:PORT");
    return SC_CLI_EXIT_OK;
}

static int cmd_add(sc_cli *cli, int argc, char **argv)
{
    sc_replica_source_options o = SC_REPLICA_SOURCE_OPTIONS_INIT;
    const char *rules[MAX_RULES];
    const char *name;
    char absfrom[PATH_MAX];
    struct stat dst;
    opened db;
    int status, rc;

    if (argc < 2 || argv[1][0] == '-')
        return sc_cli__usage_error(cli, "replica", "add-source needs a NAME");
    name = argv[1];
    status = parse_add(&o, rules, cli, argc - 1, argv + 1);
    if (status != SC_CLI_EXIT_OK)
        return status;
    /* A directory is stored absolute: apply and follow may run from anywhere. */
    if (stat(o.from, &dst) == 0 && S_ISDIR(dst.st_mode)) {
        if (!realpath(o.from, absfrom))
            return sc_cli__usage_error(cli, "replica", "--from %s: %s", o.from, strerror(errno));
        o.from = absfrom;
    }
    if ((status = open_logged(&db, cli, true)) != SC_CLI_EXIT_OK)
        return status;
    rc = sc_replica_add_source(db.log, name, &o);
    status = rc ? sc_cli__fail(cli, rc) : SC_CLI_EXIT_OK;
    if (!rc)
        fprintf(cli->out, "added source '%s' (%s)\n", name, o.from);
    close_logged(&db);
    return status;
}

static int cmd_remove(sc_cli *cli, int argc, char **argv)
{
    opened db;
    int status, rc;

    if (argc != 2)
        return sc_cli__usage_error(cli, "replica", "remove-source needs exactly one NAME");
    if ((status = open_logged(&db, cli, true)) != SC_CLI_EXIT_OK)
        return status;
    rc = sc_replica_remove_source(db.log, argv[1]);
    status = rc ? sc_cli__fail(cli, rc) : SC_CLI_EXIT_OK;
    if (!rc)
        fprintf(cli->out, "removed source '%s'\n", argv[1]);
    close_logged(&db);
    return status;
}

/* ------------------------------------------------------------------ */
/* list / status                                                        */

static void gtid_text(char *buf, size_t size, const sc_replica_status *s)
{
    if (s->gtid_seq)
        snprintf(buf, size, "%u-%u-%llu", s->gtid_domain, s->gtid_server,
                 (unsigned long long)s->gtid_seq);
    else
        snprintf(buf, size, "%s", "");
}

static json_t *opt_int(bool known, uint64_t v)
{
    return known ? json_integer((json_int_t)v) : json_null();
}

static json_t *status_json(const sc_replica_status *s)
{
    char gtid[64];

    gtid_text(gtid, sizeof(gtid), s);
    return json_pack("{s:s, s:s, s:I, s:s, s:s, s:s, s:s, s:I, s:s, s:I, s:I, s:I, s:o, s:o, "
                     "s:s, s:o}",
                     "name", s->name, "from", s->from, "server_id", (json_int_t)s->server_id,
                     "on_conflict", s->on_conflict ? "rewrite" : "stop", "exec_mode",
                     s->exec_mode ? "idempotent" : "strict", "rewrite_db", s->rewrite_db, "file",
                     s->file, "position", (json_int_t)s->position, "gtid", gtid,
                     "transactions_applied", (json_int_t)s->txns_applied, "row_events_applied",
                     (json_int_t)s->rows_applied, "rows_skipped", (json_int_t)s->rows_skipped,
                     "lag_bytes", opt_int(s->lag_known, s->lag_bytes), "lag_transactions",
                     opt_int(s->lag_known, s->lag_txns), "last_error", s->last_error,
                     "last_error_time", opt_int(s->last_error_time != 0, s->last_error_time));
}

static void print_status(sc_cli *cli, const sc_replica_status *s)
{
    char gtid[64], when[64] = "";
    time_t t = (time_t)s->last_error_time;
    struct tm tmv;

    gtid_text(gtid, sizeof(gtid), s);
    if (t && gmtime_r(&t, &tmv))
        strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S UTC", &tmv);
    fprintf(cli->out, "source %s\n  from: %s\n", s->name, s->from);
    if (s->server_id)
        fprintf(cli->out, "  server id: %u\n", s->server_id);
    else
        fprintf(cli->out, "  server id: (not set)\n");
    fprintf(cli->out, "  on conflict: %s\n  exec mode: %s\n", s->on_conflict ? "rewrite" : "stop",
            s->exec_mode ? "idempotent" : "strict");
    fprintf(cli->out, "  position: %s:%llu\n  gtid: %s\n", s->file[0] ? s->file : "(not started)",
            (unsigned long long)s->position, gtid[0] ? gtid : "(none)");
    fprintf(cli->out, "  transactions applied: %llu\n  row events applied: %llu\n",
            (unsigned long long)s->txns_applied, (unsigned long long)s->rows_applied);
    fprintf(cli->out, "  rows skipped: %llu\n", (unsigned long long)s->rows_skipped);
    if (s->lag_known)
        fprintf(cli->out, "  lag: %llu bytes, %llu transactions\n",
                (unsigned long long)s->lag_bytes, (unsigned long long)s->lag_txns);
    else
        fprintf(cli->out, "  lag: unknown\n");
    if (s->last_error[0])
        fprintf(cli->out, "  last error (%s): %s\n", when, s->last_error);
}

static int list_cb(const sc_replica_status *s, void *payload)
{
    sc_cli *cli = payload;

    fprintf(cli->out, "%s\t%s\t%s\n", s->name, s->from, s->last_error[0] ? "stopped" : "ok");
    return 0;
}

typedef struct status_walk {
    sc_cli *cli;
    sc_log *log;
    json_t *arr; /* --json */
    int rc;
} status_walk;

static int status_cb(const sc_replica_status *s, void *payload)
{
    status_walk *w = payload;
    sc_replica_status full;
    int rc = sc_replica_status_get(&full, w->log, s->name);

    if (rc)
        return rc;
    if (w->arr) {
        json_array_append_new(w->arr, status_json(&full));
    } else
        print_status(w->cli, &full);
    return 0;
}

static int cmd_status(sc_cli *cli, int argc, char **argv, bool list)
{
    status_walk w = {cli, NULL, NULL, 0};
    const char *name = NULL;
    bool json = false;
    opened db;
    int status, rc;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--json") && !list)
            json = true;
        else if (argv[i][0] != '-' && !name && !list)
            name = argv[i];
        else
            return sc_cli__usage_error(cli, "replica", "unexpected argument '%s'", argv[i]);
    }
    if ((status = open_logged(&db, cli, false)) != SC_CLI_EXIT_OK)
        return status;
    w.log = db.log;
    w.arr = json ? json_array() : NULL;
    if (list)
        rc = sc_replica_sources(db.log, list_cb, cli);
    else if (name) {
        sc_replica_status s;
        rc = sc_replica_status_get(&s, db.log, name);
        if (!rc)
            rc = status_cb(&s, &w);
    } else
        rc = sc_replica_sources(db.log, status_cb, &w);
    status = rc ? sc_cli__fail(cli, rc) : SC_CLI_EXIT_OK;
    if (!rc && w.arr) {
        json_t *out = name ? json_incref(json_array_get(w.arr, 0)) : json_incref(w.arr);
        json_dumpf(out, cli->out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        fputc('\n', cli->out);
        json_decref(out);
    }
    json_decref(w.arr);
    close_logged(&db);
    return status;
}

/* ------------------------------------------------------------------ */
/* apply / follow                                                       */

/* The progress line: called per source transaction, redrawn at most every 100 ms. */
typedef struct progress_line {
    sc_cli *cli;
    struct timespec last;
} progress_line;

static void progress(const sc_replica_stats *s, void *payload)
{
    progress_line *p = payload;
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    if ((now.tv_sec - p->last.tv_sec) * 1000 + (now.tv_nsec - p->last.tv_nsec) / 1000000 < 100)
        return;
    p->last = now;
    fprintf(p->cli->err, "\rapplied %llu transactions, %llu row events",
            (unsigned long long)s->txns, (unsigned long long)s->rows);
    fflush(p->cli->err);
}

static int cmd_apply(sc_cli *cli, int argc, char **argv)
{
    const char *name = NULL;
    bool json = false, tty = isatty(fileno(stderr));
    progress_line line = {cli, {0, 0}};
    sc_replica_stats st;
    struct timespec t0, t1;
    opened db;
    int status, rc;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--json"))
            json = true;
        else if (argv[i][0] != '-' && !name)
            name = argv[i];
        else
            return sc_cli__usage_error(cli, "replica", "unexpected argument '%s'", argv[i]);
    }
    if (!name)
        return sc_cli__usage_error(cli, "replica", "apply needs a source NAME");
    if ((status = open_logged(&db, cli, true)) != SC_CLI_EXIT_OK)
        return status;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    rc = sc_replica_apply(&st, db.log, name, tty ? progress : NULL, &line);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (tty && line.last.tv_sec)
        fputc('\n', cli->err);
    if (json)
        fprintf(cli->out,
                "{\"source\": \"%s\", \"transactions\": %llu, \"row_events\": %llu, "
                "\"skipped_transactions\": %llu, \"rows_skipped\": %llu, \"seconds\": %.6f, "
                "\"ok\": %s}\n",
                name, (unsigned long long)st.txns, (unsigned long long)st.rows,
                (unsigned long long)st.skipped_txns, (unsigned long long)st.rows_skipped,
                (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
                rc ? "false" : "true");
    else
        fprintf(cli->out,
                "source '%s': applied %llu transactions, %llu row events (%llu skipped)\n", name,
                (unsigned long long)st.txns, (unsigned long long)st.rows,
                (unsigned long long)st.skipped_txns);
    status = rc ? sc_cli__fail(cli, rc) : SC_CLI_EXIT_OK;
    close_logged(&db);
    return status;
}

static volatile sig_atomic_t follow_stop; /* set by SIGTERM/SIGINT: the one signal flag */

static void on_signal(int sig)
{
    (void)sig;
    follow_stop = 1;
}

typedef struct follow_set {
    char names[MAX_FOLLOW][256];
    bool stopped[MAX_FOLLOW];
    sc_replica_follower *fl[MAX_FOLLOW]; /* kept between rounds (file, TABLE_MAPs) */
    size_t n;
} follow_set;

static int collect_name(const sc_replica_status *s, void *payload)
{
    follow_set *f = payload;

    if (f->n < MAX_FOLLOW)
        snprintf(f->names[f->n++], sizeof(f->names[0]), "%s", s->name);
    return 0;
}

/* One round over the sources; returns how many are still running. */
static size_t follow_round(sc_cli *cli, sc_log *log, follow_set *f, int *status)
{
    size_t running = 0;

    for (size_t i = 0; i < f->n; i++) {
        sc_replica_stats st;
        if (f->stopped[i])
            continue;
        if ((!f->fl[i] && sc_replica_follower_open(&f->fl[i], log, f->names[i]) != SC_OK) ||
            sc_replica_follower_apply(&st, f->fl[i], NULL, NULL) != SC_OK) {
            const sc_error *e = sc_ctx_last_error(cli->ctx);
            sc_cli__print_error(cli->err, e->mysql_errno, e->sqlstate, e->message);
            f->stopped[i] = true;
            *status = SC_CLI_EXIT_ERROR;
            continue;
        }
        running++;
        if (st.txns)
            fprintf(cli->out, "source '%s': applied %llu transactions, %llu row events\n",
                    f->names[i], (unsigned long long)st.txns, (unsigned long long)st.rows);
    }
    fflush(cli->out);
    return running;
}

/* Watch the followed sources' binlog/ directories (a write, a new or renamed
 * file wakes the loop); -1 without inotify: the poll interval alone. */
static int watch_sources(sc_log *log, const follow_set *f)
{
#ifdef __linux__
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    sc_replica_status st;
    char dir[1100];

    for (size_t i = 0; fd >= 0 && i < f->n; i++) {
        if (sc_replica_status_get(&st, log, f->names[i]) != SC_OK)
            continue; /* the round reports it */
        snprintf(dir, sizeof(dir), "%s/binlog", st.from);
        inotify_add_watch(fd, dir, IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE);
    }
    return fd;
#else
    (void)log;
    (void)f;
    return -1;
#endif
}

/* Forget the changes seen so far (the round that follows reads them). */
static void drain(int fd)
{
    char buf[4096];

    while (fd >= 0 && read(fd, buf, sizeof(buf)) > 0)
        ;
}

/*
 * Until a source's directory changes, a HOST:PORT source sends events (its
 * open dump's socket), SIGTERM/SIGINT (blocked outside this wait, so one that
 * came just before is not missed), or ms. Only HOST:PORT sources, each with
 * its dump open: no timeout at all (the sources push each commit).
 */
static void wait_change(const follow_set *f, int ino, int ms, const sigset_t *unblocked)
{
    struct pollfd p[MAX_FOLLOW + 1];
    nfds_t n = 0;
    bool all_net = true;

    for (size_t i = 0; i < f->n; i++)
        if (!f->stopped[i] && sc_replica_follower_has_more(f->fl[i]))
            return; /* read already, the socket may not say so */
    if (ino >= 0)
        p[n++] = (struct pollfd){ino, POLLIN, 0};
    for (size_t i = 0; i < f->n; i++) {
        int fd = f->stopped[i] ? -1 : sc_replica_follower_fd(f->fl[i]);
        if (fd >= 0)
            p[n++] = (struct pollfd){fd, POLLIN, 0};
        else if (!f->stopped[i])
            all_net = false;
    }
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    ppoll(p, n, all_net ? NULL : &t, unblocked);
}

static int cmd_follow(sc_cli *cli, int argc, char **argv)
{
    follow_set *f = calloc(1, sizeof(*f));
    struct sigaction sa;
    sigset_t stop_sigs, unblocked;
    long poll_ms = 100;
    opened db;
    int status, rc = SC_OK, ino;

    if (!f)
        return sc_cli__fail(cli, SC_ENOMEM);
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        if (!strcmp(argv[i], "--poll-ms") && i + 1 < argc) {
            poll_ms = strtol(argv[++i], &end, 10);
            if (*end || poll_ms < 1 || poll_ms > 3600000) {
                free(f);
                return sc_cli__usage_error(cli, "replica", "bad --poll-ms '%s' (1 to 3600000)",
                                           argv[i]);
            }
        } else if (argv[i][0] == '-') {
            free(f);
            return sc_cli__usage_error(cli, "replica", "unexpected argument '%s'", argv[i]);
        } else if (f->n < MAX_FOLLOW)
            snprintf(f->names[f->n++], sizeof(f->names[0]), "%s", argv[i]);
    }
    if ((status = open_logged(&db, cli, true)) != SC_CLI_EXIT_OK) {
        free(f);
        return status;
    }
    if (!f->n)
        rc = sc_replica_sources(db.log, collect_name, f);
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigemptyset(&stop_sigs);
    sigaddset(&stop_sigs, SIGTERM);
    sigaddset(&stop_sigs, SIGINT);
    sigprocmask(SIG_BLOCK, &stop_sigs, &unblocked);
    if (rc)
        status = sc_cli__fail(cli, rc);
    ino = rc ? -1 : watch_sources(db.log, f);
    while (!rc && !follow_stop) {
        drain(ino);
        if (!follow_round(cli, db.log, f, &status))
            break; /* every source stopped */
        wait_change(f, ino, (int)poll_ms, &unblocked);
    }
    sigprocmask(SIG_SETMASK, &unblocked, NULL);
    if (ino >= 0)
        close(ino);
    for (size_t i = 0; i < f->n; i++)
        sc_replica_follower_close(f->fl[i]);
    close_logged(&db);
    free(f);
    return status;
}

int sc_cli__cmd_replica(sc_cli *cli, int argc, char **argv); /* main.c table */

int sc_cli__cmd_replica(sc_cli *cli, int argc, char **argv)
{
    const char *sub = argc > 1 ? argv[1] : "";

    if (!strcmp(sub, "add-source"))
        return cmd_add(cli, argc - 1, argv + 1);
    if (!strcmp(sub, "remove-source"))
        return cmd_remove(cli, argc - 1, argv + 1);
    if (!strcmp(sub, "list"))
        return cmd_status(cli, argc - 1, argv + 1, true);
    if (!strcmp(sub, "status"))
        return cmd_status(cli, argc - 1, argv + 1, false);
    if (!strcmp(sub, "apply"))
        return cmd_apply(cli, argc - 1, argv + 1);
    if (!strcmp(sub, "follow"))
        return cmd_follow(cli, argc - 1, argv + 1);
    return sc_cli__usage_error(cli, "replica", "unknown subcommand '%s'", sub);
}

/*
 * server_util.h - start and stop a `syscat serve` child for the server
 * suites (tests/check_server*.c): a fresh catalog in a temporary
 * directory, the server on a free loopback port (--port 0 --port-file) and
 * a socket in the directory, its stderr in DIR/server.log; stopped with
 * SIGTERM, its exit status returned. Header-only (static functions).
 */
#ifndef SC_TESTS_SERVER_UTIL_H
#define SC_TESTS_SERVER_UTIL_H

#include <check.h>
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/fixtures.h"

typedef struct test_server {
    char dir[4096];
    char sock[4200];
    char log[4200];
    unsigned port;
    pid_t pid;
} test_server;

static inline void ts_sleep_ms(unsigned ms)
{
    struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static inline int ts_run(const char *const argv[])
{
    pid_t pid = fork();
    int st = -1;

    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        execv(argv[0], (char *const *)(uintptr_t)argv);
        _exit(127);
    }
    if (pid < 0 || waitpid(pid, &st, 0) != pid)
        return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Start a server on a fresh catalog; extra options (NULL-terminated) are appended. */
static inline void ts_start(test_server *ts, const char *const *extra)
{
    char syscat[4200], portfile[4200];
    const char *argv[40];
    size_t n = 0;

    memset(ts, 0, sizeof(*ts));
    sc_fixture_tmpdir(ts->dir, sizeof(ts->dir));
    snprintf(syscat, sizeof(syscat), "%s/syscat", sc_fixture_build_dir());
    snprintf(ts->sock, sizeof(ts->sock), "%s/syscat.sock", ts->dir);
    snprintf(ts->log, sizeof(ts->log), "%s/server.log", ts->dir);
    snprintf(portfile, sizeof(portfile), "%s/port", ts->dir);
    {
        const char *init[] = {syscat, "--datadir", ts->dir, "init", NULL};
        ck_assert_int_eq(ts_run(init), 0);
    }
    argv[n++] = syscat;
    argv[n++] = "--datadir";
    argv[n++] = ts->dir;
    argv[n++] = "serve";
    argv[n++] = "--port";
    argv[n++] = "0";
    argv[n++] = "--port-file";
    argv[n++] = portfile;
    while (extra && *extra && n < 38)
        argv[n++] = *extra++;
    argv[n] = NULL;
    ts->pid = fork();
    ck_assert_int_ge(ts->pid, 0);
    if (ts->pid == 0) {
        int fd = open(ts->log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0)
            dup2(fd, 2);
        execv(argv[0], (char *const *)(uintptr_t)argv);
        _exit(127);
    }
    for (int i = 0; i < 400; i++) {
        FILE *f = fopen(portfile, "r");
        if (f) {
            int ok = fscanf(f, "%u", &ts->port) == 1;
            fclose(f);
            if (ok && ts->port)
                return;
        }
        ck_assert_msg(waitpid(ts->pid, NULL, WNOHANG) == 0, "syscat serve exited at start, see %s",
                      ts->log);
        ts_sleep_ms(25);
    }
    ck_abort_msg("syscat serve did not start within 10 s (%s)", ts->log);
}

/* SIGTERM the server; @return its exit status (-1 when killed by a signal or hung). */
static inline int ts_stop(test_server *ts)
{
    int st = 0;

    if (ts->pid <= 0)
        return -1;
    kill(ts->pid, SIGTERM);
    for (int i = 0; i < 600; i++) {
        if (waitpid(ts->pid, &st, WNOHANG) == ts->pid) {
            ts->pid = 0;
            return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        }
        ts_sleep_ms(25);
    }
    kill(ts->pid, SIGKILL);
    waitpid(ts->pid, NULL, 0);
    ts->pid = 0;
    return -1;
}

static inline void ts_cleanup(test_server *ts)
{
    if (ts->pid > 0)
        ts_stop(ts);
    if (!getenv("SC_KEEP_TMP"))
        sc_fixture_rmtree(ts->dir);
}

/* The server log as a string (caller frees). */
static inline char *ts_log(const test_server *ts)
{
    char *s = sc_fixture_read_file(ts->log, NULL);
    return s ? s : strdup("");
}

/* Wait (10 s at most) for needle in the server log. */
static inline bool ts_log_has(const test_server *ts, const char *needle)
{
    for (int i = 0; i < 500; i++) {
        char *log = ts_log(ts);
        bool found = strstr(log, needle) != NULL;
        free(log);
        if (found)
            return true;
        ts_sleep_ms(20);
    }
    return false;
}

/* Does line hold one of the '|'-separated alternatives? */
static inline bool ts_line_has_one(const char *line, const char *alts)
{
    char buf[256], *save = NULL;

    snprintf(buf, sizeof(buf), "%s", alts);
    for (char *a = strtok_r(buf, "|", &save); a; a = strtok_r(NULL, "|", &save))
        if (strstr(line, a))
            return true;
    return false;
}

/* Wait (10 s at most) for a log line holding `what` and one of the
 * '|'-separated alternatives of `detail`. */
static inline bool ts_log_line_has(const test_server *ts, const char *what, const char *detail)
{
    for (int i = 0; i < 500; i++) {
        char *log = ts_log(ts);
        char *save = NULL;
        bool found = false;
        for (char *line = strtok_r(log, "\n", &save); line && !found;
             line = strtok_r(NULL, "\n", &save))
            found = strstr(line, what) && ts_line_has_one(line, detail);
        free(log);
        if (found)
            return true;
        ts_sleep_ms(20);
    }
    return false;
}

/* The server's name for a TCP client socket fd in its log: "127.0.0.1:PORT". */
static inline void ts_peer_name(char *out, size_t cap, int fd)
{
    struct sockaddr_in in;
    socklen_t len = sizeof(in);

    ck_assert_int_eq(getsockname(fd, (struct sockaddr *)&in, &len), 0);
    snprintf(out, cap, "127.0.0.1:%u", (unsigned)ntohs(in.sin_port));
}

/*
 * How a test client leaves in the middle of something: TS_RESET aborts the
 * connection (SO_LINGER 0: a TCP reset, a crashed or killed client), TS_FIN
 * closes its sending side first (the server reads EOF while it still has
 * output for it), TS_HALF_OPEN does nothing: the peer neither reads nor
 * closes, as when the client's host vanished. The fd is then replaced by
 * /dev/null, so that a later mysql_close() writes nowhere.
 */
enum { TS_RESET, TS_FIN, TS_HALF_OPEN };
static inline void ts_vanish(int fd, int how)
{
    int nul;

    if (how == TS_HALF_OPEN)
        return;
    if (how == TS_RESET) {
        struct linger l = {1, 0};
        ck_assert_int_eq(setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof(l)), 0);
    } else if (shutdown(fd, SHUT_WR) == 0) { /* not when already closed */
        ts_sleep_ms(50);
    }
    nul = open("/dev/null", O_RDWR);
    ck_assert_int_ge(nul, 0);
    ck_assert_int_eq(dup2(nul, fd), fd);
    close(nul);
}

static inline void ts_shrink_rcvbuf(int fd)
{
    int small = 4096;
    ck_assert_int_eq(setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof(small)), 0);
}

#endif /* SC_TESTS_SERVER_UTIL_H */

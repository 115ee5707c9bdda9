/*
 * check_init_files.c - `syscat init` and the files the CLI creates (issue 8,
 * item 6; docs/testing.md "Crash tests"): a failed init leaves nothing that
 * blocks the next one, a leftover (a catalog.mdb without data) is named as
 * such by every command and replaced by `init --force`, which never touches
 * a catalog holding data; init refuses to work through symbolic links; the
 * interactive history file of `syscat exec` is never written through one.
 * The CLI runs as a child process (sc_fixture_build_dir()/syscat).
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <lmdb.h>
#include <poll.h>
#include <pty.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "syscat.h"
#include "tests/fixtures.h"

/* Per-test state. */
typedef struct init_fx {
    char dir[256];     /* temporary directory */
    char datadir[300]; /* dir/data */
    int status;        /* exit status of the last run */
    char *out, *err;   /* its stdout and stderr */
} init_fx;

static init_fx fx;

static void setup(void)
{
    memset(&fx, 0, sizeof(fx));
    sc_fixture_tmpdir(fx.dir, sizeof(fx.dir));
    snprintf(fx.datadir, sizeof(fx.datadir), "%s/data", fx.dir);
}

static void teardown(void)
{
    free(fx.out);
    free(fx.err);
    sc_fixture_rmtree(fx.dir);
}

/* Run `syscat --datadir DATADIR args... NULL`; fills fx.status/out/err. */
static int run(const char *arg, ...)
{
    char bin[512], outp[320], errp[320];
    const char *argv[32];
    int n = 0, st = 0;
    va_list ap;
    pid_t pid;

    snprintf(bin, sizeof(bin), "%s/syscat", sc_fixture_build_dir());
    snprintf(outp, sizeof(outp), "%s/out", fx.dir);
    snprintf(errp, sizeof(errp), "%s/err", fx.dir);
    argv[n++] = bin;
    argv[n++] = "--datadir";
    argv[n++] = fx.datadir;
    va_start(ap, arg);
    for (const char *a = arg; a && n < 31; a = va_arg(ap, const char *))
        argv[n++] = a;
    va_end(ap);
    argv[n] = NULL;
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        int o = open(outp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int e = open(errp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0)
            _exit(126);
        execv(bin, (char *const *)argv);
        _exit(127);
    }
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    free(fx.out);
    free(fx.err);
    fx.out = sc_fixture_read_file(outp, NULL);
    fx.err = sc_fixture_read_file(errp, NULL);
    ck_assert(fx.out && fx.err);
    fx.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    return fx.status;
}

#define ck_run(want, ...)                                                                          \
    ck_assert_msg(run(__VA_ARGS__, NULL) == (want), "exit %d, want %d; stderr:\n%s", fx.status,    \
                  (want), fx.err)

#define ck_err_has(text)                                                                           \
    ck_assert_msg(strstr(fx.err, (text)) != NULL, "no '%s' in stderr:\n%s", (text), fx.err)

static bool exists(const char *path)
{
    struct stat sb;

    return lstat(path, &sb) == 0;
}

/* A catalog.mdb as a failed in-place init leaves it: an LMDB environment with nothing committed. */
static void make_empty_env(void)
{
    char path[400];
    MDB_env *env = NULL;

    ck_assert_int_eq(mkdir(fx.datadir, 0755), 0);
    snprintf(path, sizeof(path), "%s/catalog.mdb", fx.datadir);
    ck_assert_int_eq(mkdir(path, 0755), 0);
    ck_assert_int_eq(mdb_env_create(&env), 0);
    ck_assert_int_eq(mdb_env_open(env, path, 0, 0644), 0);
    mdb_env_close(env);
}

/* The catalog works: a write through the CLI, then fsck is clean. */
static void ck_usable(void)
{
    ck_run(0, "exec", "-e", "CREATE DATABASE usable");
    ck_run(0, "fsck");
    ck_run(0, "binlog", "list");
}

START_TEST(test_init_failed_leaves_nothing)
{
    char path[400];

    /* 16K, not allowed to grow, cannot hold the bootstrap rows: init fails... */
    ck_run(1, "init", "--map-size", "16K", "--map-max", "16K");
    ck_err_has("map full");
    /* ...and leaves no catalog behind, so the next init just works. */
    snprintf(path, sizeof(path), "%s/catalog.mdb", fx.datadir);
    ck_assert_msg(!exists(path), "a failed init left %s", path);
    snprintf(path, sizeof(path), "%s/binlog", fx.datadir);
    ck_assert_msg(!exists(path), "a failed init left %s", path);
    ck_run(1, "exec", "-e", "CREATE DATABASE a");
    ck_err_has("no catalog");
    ck_run(0, "init");
    ck_usable();
}
END_TEST

START_TEST(test_init_leftover_named_and_forced)
{
    make_empty_env();
    /* Every command names the leftover and the way out. */
    ck_run(1, "exec", "-e", "CREATE DATABASE a");
    ck_err_has("incomplete");
    ck_err_has("init --force");
    ck_run(1, "fsck");
    ck_err_has("incomplete");
    ck_run(1, "init");
    ck_err_has("incomplete");
    ck_err_has("init --force");
    ck_run(0, "init", "--force");
    ck_usable();
}
END_TEST

START_TEST(test_init_force_keeps_data)
{
    ck_run(0, "init");
    ck_run(0, "exec", "-e", "CREATE DATABASE keep");
    ck_run(1, "init", "--force");
    ck_err_has("already exists");
    ck_run(0, "show", "databases");
    ck_assert_msg(strstr(fx.out, "keep") != NULL, "%s", fx.out);
}
END_TEST

/* init through a symlink at catalog.mdb or binlog: refused, the target untouched. */
static void ck_symlink_refused(const char *entry)
{
    char link[400], target[400];

    ck_assert_int_eq(mkdir(fx.datadir, 0755), 0);
    snprintf(target, sizeof(target), "%s/elsewhere", fx.dir);
    ck_assert_int_eq(mkdir(target, 0755), 0);
    snprintf(link, sizeof(link), "%s/%s", fx.datadir, entry);
    ck_assert_int_eq(symlink(target, link), 0);
    ck_run(1, "init");
    ck_err_has("symbolic link");
    ck_run(1, "init", "--force");
    ck_err_has("symbolic link");
    ck_assert_int_eq(rmdir(target), 0); /* still empty */
}

START_TEST(test_init_refuses_symlinked_catalog)
{
    ck_symlink_refused("catalog.mdb");
}
END_TEST

START_TEST(test_init_refuses_symlinked_binlog)
{
    ck_symlink_refused("binlog");
}
END_TEST

/* Read from fd until EOF or 20 s of silence. */
static void drain(int fd)
{
    struct pollfd p = {fd, POLLIN, 0};
    char buf[4096];

    while (poll(&p, 1, 20000) > 0 && read(fd, buf, sizeof(buf)) > 0)
        ;
}

START_TEST(test_init_history_symlink_not_followed)
{
    static const char input[] = "CREATE DATABASE h;\nquit\n";
    static const char precious[] = "precious\n";
    char victim[400], hist[400], bin[512];
    char *after;
    int master = -1, st = 0, fd;
    pid_t pid;

    ck_run(0, "init");
    snprintf(victim, sizeof(victim), "%s/victim", fx.dir);
    fd = open(victim, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, precious, sizeof(precious) - 1), (ssize_t)sizeof(precious) - 1);
    close(fd);
    snprintf(hist, sizeof(hist), "%s/.syscat_history", fx.dir);
    ck_assert_int_eq(symlink(victim, hist), 0);
    snprintf(bin, sizeof(bin), "%s/syscat", sc_fixture_build_dir());
    pid = forkpty(&master, NULL, NULL, NULL);
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        setenv("HOME", fx.dir, 1);
        execl(bin, bin, "--datadir", fx.datadir, "exec", (char *)NULL);
        _exit(127);
    }
    ck_assert(write(master, input, sizeof(input) - 1) == (ssize_t)(sizeof(input) - 1));
    drain(master);
    close(master);
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "status %d", st);
    after = sc_fixture_read_file(victim, NULL);
    ck_assert_msg(after && strcmp(after, precious) == 0,
                  "the history was written through the symlink into %s:\n%s", victim, after);
    free(after);
    ck_run(0, "show", "databases");
    ck_assert_msg(strstr(fx.out, "| h ") != NULL, "%s", fx.out);
}
END_TEST

Suite *sc_test_init_files_suite(void);

Suite *sc_test_init_files_suite(void)
{
    Suite *s = suite_create("init_files");
    TCase *tc = tcase_create("init");

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_init_failed_leaves_nothing);
    tcase_add_test(tc, test_init_leftover_named_and_forced);
    tcase_add_test(tc, test_init_force_keeps_data);
    tcase_add_test(tc, test_init_refuses_symlinked_catalog);
    tcase_add_test(tc, test_init_refuses_symlinked_binlog);
    suite_add_tcase(s, tc);
    tc = tcase_create("history");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_init_history_symlink_not_followed);
    suite_add_tcase(s, tc);
    return s;
}

/*
 * fixtures.h - shared test fixtures: a temporary data directory with a fresh
 * catalog (checked fixture, per test, inside the forked child), paths to the
 * oracle corpora and the built CLI.
 */
#ifndef SC_TEST_FIXTURES_H
#define SC_TEST_FIXTURES_H

#include <check.h>
#include "syscat/common.h"
#include "syscat/error.h"
#include "syscat/catalog.h"

/** The per-test state set up by sc_fixture_catalog_setup(). */
typedef struct sc_fixture {
    char dir[256];   /* temporary data directory (removed at teardown) */
    sc_ctx *ctx;     /* context */
    sc_catalog *cat; /* open catalog in dir */
} sc_fixture;

/** The current test's fixture (valid between setup and teardown). */
extern sc_fixture sc_fx;

/** Checked fixture: make a temp dir, create and open a catalog in it. */
void sc_fixture_catalog_setup(void);
/** Checked fixture teardown: close and remove everything. */
void sc_fixture_catalog_teardown(void);

/** Make a fresh empty temp directory; writes its path into buf. */
void sc_fixture_tmpdir(char *buf, size_t size);
/** Remove a directory tree (rm -rf). */
void sc_fixture_rmtree(const char *dir);

/** The oracle corpus root ($SC_ORACLE, default ../shared/oracle). */
const char *sc_fixture_oracle_dir(void);
/** The build directory ($SC_BUILD, default build), where syscat lives. */
const char *sc_fixture_build_dir(void);

/**
 * Fault injection (SQLite's *fault.test idea): an allocator that lets `left`
 * allocations succeed, then refuses one. With `once` only that one fails and
 * the next ones succeed again; otherwise every later one fails too.
 */
typedef struct sc_fault_alloc {
    long left;   /* allocations that succeed before a failure; < 0 = never fail */
    bool once;   /* fail a single allocation, not every one from then on */
    bool failed; /* set when an allocation was refused */
} sc_fault_alloc;

/** An sc_allocator (malloc/realloc/free) driven by fa. */
sc_allocator sc_fixture_fault_allocator(sc_fault_alloc *fa);

/** A fault allocator that also counts the blocks it has out (leak check). */
typedef struct sc_fault_counter {
    sc_fault_alloc fa; /* the failure plan, as above */
    long live;         /* blocks handed out and not yet freed (0 after a leak-free run) */
} sc_fault_counter;

/** An sc_allocator driven by c->fa that keeps c->live. */
sc_allocator sc_fixture_counting_allocator(sc_fault_counter *c);

/** Read a whole file; returns malloc'ed NUL-terminated bytes (len in *len_out) or NULL. */
char *sc_fixture_read_file(const char *path, size_t *len_out);

/** ORACLE/corpus/rel read whole (malloc'ed, length in *len); fails the test when unreadable. */
uint8_t *sc_fixture_oracle_file(size_t *len, const char *corpus, const char *rel);

/** A new sc_ctx with the default allocator; fails the test when none can be made. */
sc_ctx *sc_fixture_ctx(void);

/**
 * A CLI test directory: sc_fixture_sh() runs shell commands in dir with SC =
 * the built CLI and SYSCAT_DATADIR = dir/data, and keeps what the last one
 * printed. env: extra "NAME=value ..." exported for every command (or NULL).
 */
typedef struct sc_cli_fixture {
    char dir[256];   /* temporary directory; the data directory is dir/data */
    char cli[512];   /* the built CLI, absolute */
    const char *env; /* extra exports, or NULL */
    int status;      /* exit status of the last command (128 + signal) */
    char *out, *err; /* its stdout and stderr */
} sc_cli_fixture;

void sc_fixture_cli_setup(sc_cli_fixture *fx, const char *env);
void sc_fixture_cli_teardown(sc_cli_fixture *fx);
/** Run one shell command (printf format); fills fx->status, fx->out, fx->err. */
void sc_fixture_sh(sc_cli_fixture *fx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Assertions on the last command of the fixture SC_CLI_FX names, for a file that
 * defines SC_CLI_FX before including this header. */
#ifdef SC_CLI_FX
#define ck_status(want)                                                                            \
    ck_assert_msg(SC_CLI_FX.status == (want), "exit %d, want %d\nstdout: %s\nstderr: %s",          \
                  SC_CLI_FX.status, (want), SC_CLI_FX.out, SC_CLI_FX.err)
#define ck_out_has(s)                                                                              \
    ck_assert_msg(strstr(SC_CLI_FX.out, s) != NULL, "stdout lacks [%s]:\n%s", s, SC_CLI_FX.out)
#define ck_err_has(s)                                                                              \
    ck_assert_msg(strstr(SC_CLI_FX.err, s) != NULL, "stderr lacks [%s]:\n%s", s, SC_CLI_FX.err)
#define ck_out_lacks(s)                                                                            \
    ck_assert_msg(strstr(SC_CLI_FX.out, s) == NULL, "stdout has [%s]:\n%s", s, SC_CLI_FX.out)
#define sh(...) sc_fixture_sh(&SC_CLI_FX, __VA_ARGS__)
#endif

#endif /* SC_TEST_FIXTURES_H */

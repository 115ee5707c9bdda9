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

#endif /* SC_TEST_FIXTURES_H */

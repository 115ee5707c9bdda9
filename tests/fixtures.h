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
    char dir[256];      /* temporary data directory (removed at teardown) */
    sc_ctx *ctx;        /* context */
    sc_catalog *cat;    /* open catalog in dir */
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

/** Read a whole file; returns malloc'ed NUL-terminated bytes (len in *len_out) or NULL. */
char *sc_fixture_read_file(const char *path, size_t *len_out);

#endif /* SC_TEST_FIXTURES_H */

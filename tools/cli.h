/*
 * cli.h - shared declarations of the syscat command-line tool (tools/): the
 * per-invocation state, the command entry points (one file per command
 * group), mysql-client-style error printing and an aligned text table.
 *
 * tools/ uses the public API only (include/syscat.h). Exit statuses and the
 * two exact output contracts (`exec --results`, `dump --show-create`) are
 * fixed by DESIGN.md section 8; docs/cli.md is the user reference.
 * Tool-local memory uses malloc/free; memory returned by libsyscat is
 * released with sc_free() on the same sc_ctx.
 */
#ifndef SC_TOOLS_CLI_H
#define SC_TOOLS_CLI_H

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>

#include "syscat.h"

/* Exit statuses (DESIGN.md section 8). */
#define SC_CLI_EXIT_OK 0    /* success */
#define SC_CLI_EXIT_ERROR 1 /* SQL or data error */
#define SC_CLI_EXIT_USAGE 2 /* bad command line */

/** State of one invocation, built by main() and passed to every command. */
typedef struct sc_cli {
    const char *datadir; /* --datadir, $SYSCAT_DATADIR or ./syscat-data */
    sc_ctx *ctx;         /* context for every libsyscat call */
    FILE *out;           /* results (stdout) */
    FILE *err;           /* errors and usage (stderr) */
    /* Print the usage of one command (or of the tool when cmd is NULL) to f;
     * main.c's, which owns the command table (a callback, so the helpers in
     * cli.c do not depend on main.c). */
    void (*usage)(FILE *f, const char *cmd);
    bool json; /* --json given to the command: listings print as JSON (sc_cli__grid_output) */
    /* --as-of of show and dump: sc_cli__open_read_as_of and sc_cli__close_read_as_of
     * (tools/cmd_track.c), set by main.c; callbacks, so that cmd_show.c and cmd_dump.c
     * link without the tracker (tests/fuzz/fuzz_roundtrip.c links cmd_dump.c alone).
     * NULL: --as-of is refused. */
    int (*open_as_of)(
        sc_catalog **cat, sc_txn **txn, struct sc_cli *cli, const char *cmd, const char *spec);
    void (*close_as_of)(sc_catalog *cat, sc_txn *txn);
} sc_cli;

/*
 * Command entry points. argv[0] is the command name; each returns an exit
 * status (SC_CLI_EXIT_*) and prints its own errors.
 */
int sc_cli__cmd_init(sc_cli *cli, int argc, char **argv);
int sc_cli__cmd_show(sc_cli *cli, int argc, char **argv);
int sc_cli__cmd_describe(sc_cli *cli, int argc, char **argv);
int sc_cli__cmd_fsck(sc_cli *cli, int argc, char **argv);
int sc_cli__cmd_stats(sc_cli *cli, int argc, char **argv);
int sc_cli__cmd_exec(sc_cli *cli, int argc, char **argv);
int sc_cli__cmd_dump(sc_cli *cli, int argc, char **argv);
int sc_cli__cmd_resize(sc_cli *cli, int argc, char **argv);
int sc_cli__cmd_serve(sc_cli *cli, int argc, char **argv);     /* tools/cmd_serve.c */
int sc_cli__cmd_user(sc_cli *cli, int argc, char **argv);      /* tools/cmd_user.c */
int sc_cli__cmd_frm(sc_cli *cli, int argc, char **argv);       /* tools/cmd_frm.c */
int sc_cli__cmd_import(sc_cli *cli, int argc, char **argv);    /* tools/cmd_import.c */
int sc_cli__cmd_export(sc_cli *cli, int argc, char **argv);    /* tools/cmd_export.c */
int sc_cli__cmd_track(sc_cli *cli, int argc, char **argv);     /* tools/cmd_track.c */
int sc_cli__cmd_flashback(sc_cli *cli, int argc, char **argv); /* tools/cmd_flashback.c */

/* ------------------------------------------------------------------ */
/* Usage and errors (cli.c)                                             */

/** Print the usage of one command (or the whole tool when cmd is NULL) to f. */
void sc_cli__usage(const sc_cli *cli, FILE *f, const char *cmd);

/**
 * Report a usage error: "syscat CMD: <message>" then the command's usage on
 * stderr. @return SC_CLI_EXIT_USAGE
 */
int sc_cli__usage_error(sc_cli *cli, const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/**
 * The end of a command's getopt switch: -h/--help (c == 'h') prints cmd's
 * usage on stdout and returns -1 (the caller exits 0); anything else is the
 * usage error "bad option '<arg>'" (SC_CLI_EXIT_USAGE).
 */
int sc_cli__other_option(sc_cli *cli, const char *cmd, int c, char **argv);

/**
 * Print an error the way the mysql client does: "ERROR 1146 (42S02): msg"
 * when errno is known, "ERROR: msg" otherwise.
 */
void sc_cli__print_error(FILE *f, unsigned mysql_errno, const char *sqlstate, const char *msg);

/**
 * Print the last error of cli->ctx (falling back to sc_strerror(code) when the
 * context holds no message). @return SC_CLI_EXIT_ERROR
 */
int sc_cli__fail(sc_cli *cli, int code);

/** Print "ERROR: <formatted message>" on stderr. @return SC_CLI_EXIT_ERROR */
int sc_cli__failf(sc_cli *cli, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/**
 * Split "db.table" (each part optionally `back-quoted`) into two malloc'ed
 * strings. @return 0, or -1 when the text is not of that form.
 */
int sc_cli__split_name(char **db_out, char **table_out, const char *text);

/**
 * Escape text for one results.txt line: `\` -> `\\`, newline -> `\n`,
 * CR -> `\r`, TAB -> `\t`. @return malloc'ed string or NULL (no memory).
 */
char *sc_cli__escape(const char *text);

/**
 * Parse a size: "123", "64K", "64M", "4G", "1T" (binary multiples), above 0.
 * @return 0, or -1 when text is not a size
 */
int sc_cli__parse_size(uint64_t *out, const char *text);

/* ------------------------------------------------------------------ */
/* Catalog access (cli.c)                                               */

/**
 * Open the catalog of cli->datadir (never creating one). Prints the error
 * ("no catalog in DIR" when there is none). @return exit status, 0 on success
 */
int sc_cli__open(sc_catalog **out, sc_cli *cli, unsigned flags);

/** Begin a read-only transaction, printing the error. @return exit status */
int sc_cli__read_txn(sc_txn **out, sc_cli *cli, sc_catalog *cat);

/**
 * Open the catalog read-only and begin a read transaction (what the reading
 * commands share); on failure the error is printed and nothing stays open.
 * @return SC_CLI_EXIT_OK or the exit status
 */
int sc_cli__open_read(sc_catalog **cat_out, sc_txn **txn_out, sc_cli *cli);

/**
 * sc_cli__open_read for `--as-of SPEC` (tools/cmd_track.c): the catalog as
 * it was at that point of its log, rebuilt in a scratch catalog
 * (sc_asof_open); a SPEC not understood is a usage error of cmd. Release
 * with sc_cli__close_read_as_of(). @return exit status
 */
int sc_cli__open_read_as_of(
    sc_catalog **cat_out, sc_txn **txn_out, sc_cli *cli, const char *cmd, const char *as_of);
/** End the read transaction and drop the scratch catalog of sc_cli__open_read_as_of. */
void sc_cli__close_read_as_of(sc_catalog *cat, sc_txn *txn);

/* ------------------------------------------------------------------ */
/* SHOW CREATE rendering through the DDL module (show_create.c)         */

/** Print SHOW CREATE DATABASE/TABLE text followed by ";\n". @return exit status */
int sc_cli__print_create_database(sc_cli *cli, sc_txn *txn, const char *db);
int sc_cli__print_create_table(sc_cli *cli, sc_txn *txn, const char *db, const char *table);

/**
 * Print the schema.sql rendering (shared/oracle/README.md) of the named
 * databases, or of every non-system database when n_dbs == 0.
 * @return exit status
 */
int sc_cli__dump_sql(sc_cli *cli, sc_txn *txn, char *const *dbs, size_t n_dbs);

/* ------------------------------------------------------------------ */
/* Aligned text table, drawn like the mysql client (cli.c)              */

typedef struct sc_cli_grid {
    size_t ncols; /* columns, fixed at init */
    size_t nrows; /* data rows added so far (the header is not counted) */
    size_t cap;   /* rows allocated in cells */
    char **cells; /* (nrows + 1) * ncols strings, header first; NULL = SQL NULL */
} sc_cli_grid;

/** Start a table with ncols columns named by headers (copied). @return 0 or -1 */
int sc_cli__grid_init(sc_cli_grid *grid, size_t ncols, const char *const *headers);

/** Append a row of ncols cells (copied; a NULL cell prints as NULL). @return 0 or -1 */
int sc_cli__grid_add(sc_cli_grid *grid, const char *const *cells);

/** Print the table with +---+ borders and columns padded to their width. */
void sc_cli__grid_print(FILE *f, const sc_cli_grid *grid);

/**
 * Print the table as the command was asked to: boxed, or with --json
 * (cli->json) a JSON array of objects keyed by the header, one per row, cells
 * of digits as numbers and NULL cells as null. @return exit status
 */
int sc_cli__grid_output(sc_cli *cli, const sc_cli_grid *grid);

/** The grid as the JSON array sc_cli__grid_output prints. @return new reference or NULL */
json_t *sc_cli__grid_json(const sc_cli_grid *grid);

/**
 * Remove every "--json" from argv[1..argc), setting cli->json when there
 * was one (the commands whose listings have a JSON form).
 */
void sc_cli__take_json(sc_cli *cli, int *argc, char **argv);

/** Free the cells (grid may be zeroed or partly built). */
void sc_cli__grid_free(sc_cli_grid *grid);

#endif /* SC_TOOLS_CLI_H */

/*
 * main.c - entry point of the syscat CLI: global options (--datadir,
 * --help, --version), the command table, dispatch and usage texts.
 *
 * `syscat [--datadir DIR] COMMAND ...`; DIR defaults to $SYSCAT_DATADIR,
 * then ./syscat-data (DESIGN.md section 8, docs/cli.md). Each command lives
 * in its own tools/cmd_*.c and returns the process exit status.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli.h"

#define DEFAULT_DATADIR "./syscat-data"

int sc_cli__cmd_binlog(sc_cli *cli, int argc, char **argv);  /* tools/cmd_binlog.c */
int sc_cli__cmd_replica(sc_cli *cli, int argc, char **argv); /* tools/cmd_replica.c */
int sc_cli__cmd_idmap(sc_cli *cli, int argc, char **argv);   /* tools/cmd_idmap.c */

typedef struct cli_command {
    const char *name; /* command word */
    int (*fn)(sc_cli *cli, int argc, char **argv);
    const char *usage; /* argument synopsis, after "syscat [--datadir DIR] NAME" */
    const char *help;  /* one line of description */
} cli_command;

static const cli_command commands[] = {
    {"init", sc_cli__cmd_init, "[--map-size BYTES] [--map-max BYTES] [--force]",
     "create a new catalog in the data directory"},
    {"show", sc_cli__cmd_show,
     "databases | tables [DB] | create table DB.TABLE | create database DB [--json]\n"
     "            [--as-of GTID|FILE:POS|TIME]",
     "list databases or tables, print SHOW CREATE text"},
    {"describe", sc_cli__cmd_describe, "DB.TABLE [--json]", "describe a table's columns"},
    {"fsck", sc_cli__cmd_fsck, "[--json]", "check the catalog's integrity"},
    {"stats", sc_cli__cmd_stats, "[--json]", "catalog statistics and settings"},
    {"resize", sc_cli__cmd_resize, "[SIZE] [--max SIZE]",
     "set the catalog map size and the ceiling it grows to by itself"},
    {"exec", sc_cli__cmd_exec,
     "[--database DB] [--results] [--force] [--single-transaction] [--dry-run]\n"
     "            [--show-warnings] [--warnings FILE] [-e SQL | FILE | -]",
     "run SQL statements (interactive prompt on a terminal)"},
    {"dump", sc_cli__cmd_dump, "[--show-create | --json] [--as-of GTID|FILE:POS|TIME] [DB...]",
     "print the whole catalog as SQL or JSON"},
    {"binlog", sc_cli__cmd_binlog,
     "list | show [FILE] | decode [FILE] | rebuild | purge [TO FILE] | rotate | verify |\n"
     "            set KEY VALUE   (list, show, verify: [--json])\n"
     "            decode [--format=text|json] [--start-position=N] [--stop-position=N]\n"
     "            [--start-gtid=G] [--stop-gtid=G] [--database=DB] [--table=T]\n"
     "            [--source NAME (json: columns of their time from a tracked source)] PATH... |\n"
     "            flashback PATH... [--result-file F]   (the reversed row log, FULL images)",
     "the catalog log: list, show events, decode rows, rebuild, purge files"},
    {"replica", sc_cli__cmd_replica,
     "add-source NAME --from DIR|HOST:PORT [--rewrite-db FROM=TO]... [--on-conflict stop|rewrite]\n"
     "            [--exec-mode strict|idempotent] [--server-id N] [--user U --password-file F] |\n"
     "            remove-source NAME | list | apply NAME [--json] | follow [NAME...] |\n"
     "            status [NAME] [--json]",
     "replication sources: register them, apply or follow their logs, show their state"},
    {"frm", sc_cli__cmd_frm, "show FILE.frm...",
     "print MariaDB .frm files as SHOW CREATE TABLE (no catalog needed)"},
    {"import", sc_cli__cmd_import, "frm DIR [--skip-bad] [--foreign-keys FILE.sql]",
     "import a MariaDB datadir's .frm files (one transaction, logged)"},
    {"export", sc_cli__cmd_export, "frm DIR [DB[.TABLE]] [--skip-bad]",
     "write the catalog's tables as MariaDB 10.11 .frm files and db.opt"},
    {"track", sc_cli__cmd_track,
     "--source NAME [--skip-unparsed-ddl] FILE... | status [NAME] [--json] |\n"
     "            --source NAME [--skip-unparsed-ddl] --from HOST:PORT [--user U]\n"
     "            [--password-file F] [--server-id N] [--once] [--retry SECONDS]",
     "follow a MariaDB server's schema from its binlog (files or live), DDL and AUTO_INCREMENT"},
    {"flashback", sc_cli__cmd_flashback, "--to GTID|FILE:POS|TIME [--dry-run]",
     "undo every catalog change after that point (one new logged transaction)"},
    {"idmap", sc_cli__cmd_idmap, "[NAME] [--json]",
     "the replica's id map: source ids -> local ids, with names"},
    {"serve", sc_cli__cmd_serve,
     "[--bind ADDR] [--port N] [--socket PATH] [--server-id N] [--max-connections N]\n"
     "            [--ssl-cert F --ssl-key F [--require-secure-transport]]\n"
     "            [--max-allowed-packet BYTES] [--idle-timeout S] [--lock-wait-timeout S]\n"
     "            [--net-write-timeout S] [--output-limit BYTES] [--reader-threads N]",
     "serve the catalog over the MariaDB protocol (clients and replicas)"},
    {"user", sc_cli__cmd_user,
     "add NAME [--host PATTERN] --password-file F --grant PRIV[,PRIV...] |\n"
     "            remove NAME [--host PATTERN] | list [--json] |\n"
     "            passwd NAME [--host PATTERN] --password-file F",
     "accounts of syscat serve (PRIV: SELECT, DDL, REPLICATION SLAVE, ADMIN, ALL)"},
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static const cli_command *find_command(const char *name)
{
    size_t i;

    for (i = 0; i < N_COMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static void usage(FILE *f, const char *cmd)
{
    const cli_command *c = cmd ? find_command(cmd) : NULL;
    size_t i;

    if (c) {
        fprintf(f, "usage: syscat [--datadir DIR] %s%s%s\n", c->name, c->usage[0] ? " " : "",
                c->usage);
        return;
    }
    fputs("usage: syscat [--datadir DIR] COMMAND [ARGS...]\n"
          "       syscat --help | --version\n\n"
          "DIR defaults to $SYSCAT_DATADIR, then " DEFAULT_DATADIR ".\n\ncommands:\n",
          f);
    for (i = 0; i < N_COMMANDS; i++)
        fprintf(f, "  %-9s %s\n            %s\n", commands[i].name,
                commands[i].usage[0] ? commands[i].usage : "(no arguments)", commands[i].help);
    fputs("\nexit status: 0 success, 1 SQL or data error, 2 usage error\n", f);
}

static const char *default_datadir(void)
{
    const char *env = getenv("SYSCAT_DATADIR");
    return env && *env ? env : DEFAULT_DATADIR;
}

/*
 * Parse the global options; on return *cmd_index is the argv index of the
 * command word. @return -1 to continue, else the exit status.
 */
static int parse_global(sc_cli *cli, int argc, char **argv, int *cmd_index)
{
    static const struct option opts[] = {
        {"datadir", required_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    int c;

    opterr = 0;
    while ((c = getopt_long(argc, argv, "+hV", opts, NULL)) != -1) {
        switch (c) {
        case 'd':
            cli->datadir = optarg;
            break;
        case 'h':
            usage(cli->out, NULL);
            return SC_CLI_EXIT_OK;
        case 'V':
            fprintf(cli->out, "syscat %s\n", sc_version());
            return SC_CLI_EXIT_OK;
        default:
            return sc_cli__usage_error(cli, NULL, "bad option '%s'", argv[optind - 1]);
        }
    }
    *cmd_index = optind;
    return -1;
}

/* `syscat CMD --help` prints that command's usage on stdout. */
static bool wants_help(int argc, char **argv)
{
    int i;

    for (i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return true;
    return false;
}

static int dispatch(sc_cli *cli, int argc, char **argv)
{
    const cli_command *c;

    if (argc < 1)
        return sc_cli__usage_error(cli, NULL, "no command given");
    c = find_command(argv[0]);
    if (!c)
        return sc_cli__usage_error(cli, NULL, "unknown command '%s'", argv[0]);
    if (wants_help(argc, argv) && strcmp(c->name, "exec") != 0) {
        usage(cli->out, c->name);
        return SC_CLI_EXIT_OK;
    }
    optind = 0; /* GNU: full reinitialisation for the command's own getopt loop */
    return c->fn(cli, argc, argv);
}

/* Notices of the library (e.g. waiting for another process's write lock) go to stderr. */
static void print_notice(const char *message, void *payload)
{
    FILE *f = payload;

    fprintf(f, "syscat: %s\n", message);
    fflush(f);
}

int main(int argc, char **argv)
{
    sc_cli cli = {
        default_datadir(),       NULL, stdout, stderr, usage, false, sc_cli__open_read_as_of,
        sc_cli__close_read_as_of};
    int cmd_index = 0, status;

    status = parse_global(&cli, argc, argv, &cmd_index);
    if (status >= 0)
        return status;
    if (sc_ctx_new(&cli.ctx, NULL) != SC_OK) {
        fputs("ERROR: out of memory\n", stderr);
        return SC_CLI_EXIT_ERROR;
    }
    sc_ctx_set_notice(cli.ctx, print_notice, cli.err);
    status = dispatch(&cli, argc - cmd_index, argv + cmd_index);
    sc_ctx_free(cli.ctx);
    if (fflush(stdout) != 0 && status == SC_CLI_EXIT_OK)
        status = SC_CLI_EXIT_ERROR;
    return status;
}

/*
 * cmd_init.c - `syscat init [--map-size BYTES]`: create a new catalog in the
 * data directory. Refuses (exit 1) when the directory already holds one, so
 * a typo can never reinitialise live data (DESIGN.md section 8).
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli.h"

/* Parse "123", "64M", "4G"... (binary multiples). @return 0 or -1 */
static int parse_size(uint64_t *out, const char *text)
{
    char *end = NULL;
    unsigned long long v;
    unsigned shift = 0;

    errno = 0;
    v = strtoull(text, &end, 10);
    if (errno != 0 || end == text || *text == '-')
        return -1;
    switch (*end) {
    case 'k':
    case 'K':
        shift = 10;
        end++;
        break;
    case 'm':
    case 'M':
        shift = 20;
        end++;
        break;
    case 'g':
    case 'G':
        shift = 30;
        end++;
        break;
    case 't':
    case 'T':
        shift = 40;
        end++;
        break;
    default:
        break;
    }
    if (*end != '\0' || v == 0 || (shift && v > (UINT64_MAX >> shift)))
        return -1;
    *out = (uint64_t)v << shift;
    return 0;
}

static int parse_args(uint64_t *map_size, sc_cli *cli, int argc, char **argv)
{
    static const struct option opts[] = {
        {"map-size", required_argument, NULL, 'm'},
        {NULL, 0, NULL, 0},
    };
    int c;

    opterr = 0;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        if (c != 'm')
            return sc_cli__usage_error(cli, "init", "bad option '%s'", argv[optind - 1]);
        if (parse_size(map_size, optarg) != 0)
            return sc_cli__usage_error(cli, "init", "bad --map-size '%s'", optarg);
    }
    if (optind != argc)
        return sc_cli__usage_error(cli, "init", "unexpected argument '%s'", argv[optind]);
    return SC_CLI_EXIT_OK;
}

int sc_cli__cmd_init(sc_cli *cli, int argc, char **argv)
{
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    int status, rc;

    status = parse_args(&opts.map_size, cli, argc, argv);
    if (status != SC_CLI_EXIT_OK)
        return status;
    opts.flags = SC_CATALOG_CREATE | SC_CATALOG_EXCL;
    rc = sc_catalog_open(&cat, cli->ctx, cli->datadir, &opts);
    if (rc == SC_EEXISTS)
        return sc_cli__failf(cli, "a catalog already exists in '%s'; refusing to initialise it",
                             cli->datadir);
    if (rc != SC_OK)
        return sc_cli__fail(cli, rc);
    /* Attach the log once: binlog.000001, binlog.enabled=1 and the catalog's logged mark, so
     * every later writer logs (docs/log-format.md "Attaching the log"). */
    rc = sc_log_open(&log, cat);
    status = rc == SC_OK ? SC_CLI_EXIT_OK : sc_cli__fail(cli, rc);
    sc_log_close(log);
    sc_catalog_close(cat);
    if (status != SC_CLI_EXIT_OK)
        return status;
    fprintf(cli->out, "initialised catalog in '%s' (format %d.%d)\n", cli->datadir, SC_FORMAT_MAJOR,
            SC_FORMAT_MINOR);
    return SC_CLI_EXIT_OK;
}

/*
 * cmd_resize.c - `syscat resize [SIZE] [--max SIZE]`: set the catalog's
 * LMDB map size and the ceiling it may grow to by itself (docs/cli.md,
 * "resize"; the growth policy is catalog/mapsize.c). Writers grow the map
 * on their own; this is for an operator who wants it larger now, or a
 * different ceiling. LMDB keeps only increases of the map.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli.h"

static int parse_args(uint64_t *size, uint64_t *max, sc_cli *cli, int argc, char **argv)
{
    static const struct option opts[] = {
        {"max", required_argument, NULL, 'M'},
        {NULL, 0, NULL, 0},
    };
    int c;

    opterr = 0;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        if (c != 'M')
            return sc_cli__other_option(cli, "resize", c, argv);
        if (sc_cli__parse_size(max, optarg) != 0)
            return sc_cli__usage_error(cli, "resize", "bad --max '%s'", optarg);
    }
    if (optind < argc && sc_cli__parse_size(size, argv[optind++]) != 0)
        return sc_cli__usage_error(cli, "resize", "bad size '%s'", argv[optind - 1]);
    if (optind < argc)
        return sc_cli__usage_error(cli, "resize", "unexpected argument '%s'", argv[optind]);
    if (!*size && !*max)
        return sc_cli__usage_error(cli, "resize", "give a SIZE, --max SIZE, or both");
    return SC_CLI_EXIT_OK;
}

int sc_cli__cmd_resize(sc_cli *cli, int argc, char **argv)
{
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    sc_catalog_stats st;
    uint64_t size = 0, max = 0;
    int status, rc;

    status = parse_args(&size, &max, cli, argc, argv);
    if (status != SC_CLI_EXIT_OK)
        return status;
    status = sc_cli__open(&cat, cli, 0);
    if (status != SC_CLI_EXIT_OK)
        return status;
    rc = sc_log_open(&log, cat); /* writers of a logged catalog attach the log */
    if (rc == SC_OK)
        rc = sc_catalog_map_resize(cat, size, max);
    if (rc == SC_OK)
        rc = sc_catalog_stats_get(&st, cat);
    if (rc != SC_OK) {
        status = sc_cli__fail(cli, rc);
    } else {
        fprintf(cli->out,
                "map size %llu bytes (%.1f MiB), %llu in use; it may grow to %llu bytes "
                "(%.1f MiB)\n",
                (unsigned long long)st.map_size, (double)st.map_size / 1048576.0,
                (unsigned long long)st.used_bytes, (unsigned long long)st.map_size_max,
                (double)st.map_size_max / 1048576.0);
    }
    sc_log_close(log);
    sc_catalog_close(cat);
    return status;
}

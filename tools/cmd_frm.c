/*
 * cmd_frm.c - `syscat frm show FILE...`: decode MariaDB .frm files (and a
 * view's text .frm, a table's .TRG) without a catalog and print each as
 * MariaDB 10.11's SHOW CREATE TABLE / VIEW / TRIGGER, each statement
 * followed by ";" and a blank line (the oracle's schema.sql form). A file
 * that cannot be decoded prints an error naming it and the offset (the line
 * in a text file); the others are still printed, and the exit status is 1.
 *
 * The decoder is the library's (include/syscat/frm.h, frm/, docs/frm.md).
 */
#include <string.h>

#include "tools/cli.h"

static int show_one(sc_cli *cli, const char *path)
{
    sc_frm *frm = NULL;
    char *text = NULL;
    int rc = sc_frm_read_file(&frm, cli->ctx, path);

    if (rc == SC_OK)
        rc = sc_frm_show_create(&text, frm);
    if (rc != SC_OK) {
        sc_frm_free(frm);
        return sc_cli__fail(cli, rc);
    }
    fprintf(cli->out, "%s;\n\n", text);
    sc_free(cli->ctx, text);
    sc_frm_free(frm);
    return SC_CLI_EXIT_OK;
}

static int cmd_show(sc_cli *cli, int argc, char **argv)
{
    int status = SC_CLI_EXIT_OK;

    if (argc < 2)
        return sc_cli__usage_error(cli, "frm", "show needs at least one .frm file");
    for (int i = 1; i < argc; i++)
        if (show_one(cli, argv[i]) != SC_CLI_EXIT_OK)
            status = SC_CLI_EXIT_ERROR;
    return status;
}

int sc_cli__cmd_frm(sc_cli *cli, int argc, char **argv)
{
    if (argc < 2)
        return sc_cli__usage_error(cli, "frm", "missing subcommand");
    if (strcmp(argv[1], "show") == 0)
        return cmd_show(cli, argc - 1, argv + 1);
    return sc_cli__usage_error(cli, "frm", "unknown subcommand '%s'", argv[1]);
}

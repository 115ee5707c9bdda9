/*
 * cmd_idmap.c - `syscat idmap [NAME] [--json]`: the replica's id map
 * (syscat.tid_map): for every source schema and table id, the local id and
 * the names on both sides (the source-side database name is the local one
 * with the source's rewrite rule undone). docs/replication.md.
 */
#include <jansson.h>
#include <string.h>

#include "tools/cli.h"

typedef struct idmap_out {
    sc_cli *cli;
    json_t *arr; /* --json */
    size_t n;
} idmap_out;

static int entry_cb(const sc_idmap_entry *e, void *payload)
{
    idmap_out *o = payload;
    const char *kind = e->kind == SC_IDMAP_TABLE ? "table" : "database";

    o->n++;
    if (o->arr)
        return json_array_append_new(
                   o->arr,
                   json_pack("{s:s, s:s, s:I, s:I, s:s, s:s, s:s, s:s}", "source", e->source,
                             "kind", kind, "source_id", (json_int_t)e->source_tid, "local_id",
                             (json_int_t)e->my_tid, "source_database", e->source_schema,
                             "local_database", e->local_schema, "source_table", e->local_table,
                             "local_table", e->local_table)) == 0
                   ? 0
                   : SC_ENOMEM;
    if (e->kind == SC_IDMAP_TABLE)
        fprintf(o->cli->out, "%s\ttable\t%llu -> %llu\t`%s`.`%s` -> `%s`.`%s`\n", e->source,
                (unsigned long long)e->source_tid, (unsigned long long)e->my_tid, e->source_schema,
                e->local_table, e->local_schema, e->local_table);
    else
        fprintf(o->cli->out, "%s\tdatabase\t%llu -> %llu\t`%s` -> `%s`\n", e->source,
                (unsigned long long)e->source_tid, (unsigned long long)e->my_tid, e->source_schema,
                e->local_schema);
    return 0;
}

int sc_cli__cmd_idmap(sc_cli *cli, int argc, char **argv); /* main.c table */

int sc_cli__cmd_idmap(sc_cli *cli, int argc, char **argv)
{
    idmap_out o = {cli, NULL, 0};
    const char *name = NULL;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    int status, rc;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--json") && !o.arr)
            o.arr = json_array();
        else if (argv[i][0] != '-' && !name)
            name = argv[i];
        else {
            json_decref(o.arr);
            return sc_cli__usage_error(cli, "idmap", "unexpected argument '%s'", argv[i]);
        }
    }
    status = sc_cli__open(&cat, cli, SC_CATALOG_READONLY);
    if (status == SC_CLI_EXIT_OK) {
        rc = sc_log_open(&log, cat);
        if (!rc)
            rc = sc_replica_idmap(log, name, entry_cb, &o);
        status = rc ? sc_cli__fail(cli, rc) : SC_CLI_EXIT_OK;
    }
    if (status == SC_CLI_EXIT_OK && o.arr) {
        json_dumpf(o.arr, cli->out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        fputc('\n', cli->out);
    }
    json_decref(o.arr);
    sc_log_close(log);
    sc_catalog_close(cat);
    return status;
}

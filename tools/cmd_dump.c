/*
 * cmd_dump.c - `syscat dump [--show-create | --json] [DB...]`: the whole
 * catalog (or the named databases) as SQL (the schema.sql format, default,
 * see show_create.c) or as JSON (jansson) holding every catalog field of
 * every schema, table, column, index, foreign key and check constraint,
 * with ids and versions. The `syscat` schema is left out unless named.
 * `--system-schema [--engine=E]` prints the syscat.* tables as DDL a MariaDB
 * server runs as is (ENGINE=LMDB replaced, default InnoDB), for a stock
 * replica of `syscat serve` (docs/server.md).
 *
 * JSON layout (docs/cli.md): {"syscat_version", "schemas": [{"id", "name",
 * "charset", "collation", "comment", "tables": [{"id", "schema_id",
 * "version", "name", ..., "columns": [...], "indexes": [...],
 * "foreign_keys": [...], "checks": [...], "partitioning": {...} or null,
 * "sequence": {...} or null, "system_versioning", "period", "system_period"}]}]}.
 * Absent strings are null.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli.h"

/*
 * Catalog text as a JSON string. JSON text is UTF-8, and a binary column's
 * default (or a row written by something other than the DDL path, which fsck
 * reports) may hold other bytes: each such byte becomes U+FFFD, as a
 * decoder's "replace" mode does, instead of failing the whole dump. The
 * pair C0 80, which stands for a NUL in a default, becomes \u0000.
 * @return a new reference, or NULL only when out of memory
 */
static json_t *text_json(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t len = strlen(s), i = 0, o = 0, c;
    char *buf;
    json_t *j;

    while (i < len && (c = sc_utf8_char_len(u + i, len - i)) > 0)
        i += c;
    if (i == len)
        return json_stringn(s, len);
    buf = malloc(len * 3 + 1);
    if (!buf)
        return NULL;
    for (i = 0; i < len; i += c) {
        if (u[i] == 0xC0 && i + 1 < len && u[i + 1] == 0x80) {
            buf[o++] = '\0'; /* how a default keeps a NUL byte (docs/ddl.md) */
            c = 2;
        } else if ((c = sc_utf8_char_len(u + i, len - i)) == 0) {
            memcpy(buf + o, "\xEF\xBF\xBD", 3);
            o += 3;
            c = 1;
        } else {
            memcpy(buf + o, s + i, c);
            o += c;
        }
    }
    j = json_stringn(buf, o);
    free(buf);
    return j;
}

static json_t *str_or_null(const char *s)
{
    return s ? text_json(s) : json_null();
}

static json_t *string_array(const char *const *items, size_t n)
{
    json_t *a = json_array();
    size_t i;

    for (i = 0; a && i < n; i++)
        if (json_array_append_new(a, str_or_null(items[i])) != 0) {
            json_decref(a);
            return NULL;
        }
    return a;
}

static const char *default_kind_name(sc_default_kind k)
{
    static const char *const names[] = {"none", "null", "literal", "expr"};
    return (unsigned)k < 4 ? names[k] : "unknown";
}

static const char *gen_kind_name(sc_gen_kind k)
{
    static const char *const names[] = {"none", "virtual", "stored", "row start", "row end"};
    return (unsigned)k < 5 ? names[k] : "unknown";
}

static json_t *column_flags(unsigned f)
{
    return json_pack("{s:b, s:b, s:b, s:b, s:b, s:b, s:b, s:b, s:b, s:b}", "not_null",
                     (f & SC_COL_NOT_NULL) != 0, "unsigned", (f & SC_COL_UNSIGNED) != 0, "zerofill",
                     (f & SC_COL_ZEROFILL) != 0, "auto_increment", (f & SC_COL_AUTO_INCREMENT) != 0,
                     "invisible", (f & SC_COL_INVISIBLE) != 0, "has_length",
                     (f & SC_COL_HAS_LENGTH) != 0, "has_scale", (f & SC_COL_HAS_SCALE) != 0,
                     "has_srid", (f & SC_COL_HAS_SRID) != 0, "without_system_versioning",
                     (f & SC_COL_WITHOUT_VERSIONING) != 0, "compressed",
                     (f & SC_COL_COMPRESSED) != 0);
}

static json_t *column_json(sc_ctx *ctx, const sc_column_def *c, size_t ordinal)
{
    char *sql = NULL;
    json_t *j;

    if (sc_column_type_sql(&sql, ctx, c) != SC_OK)
        return NULL;
    j = json_pack(
        "{s:o, s:I, s:s, s:o, s:I, s:o, s:I, s:I, s:o, s:o, s:s, s:o, s:o, s:s, s:o, s:o, "
        "s:o, s:o, s:I}",
        "name", str_or_null(c->name), "ordinal", (json_int_t)ordinal, "type",
        sc_coltype_name(c->type), "type_sql", str_or_null(sql), "flags", (json_int_t)c->flags,
        "flag_names", column_flags(c->flags), "length", (json_int_t)c->length, "scale",
        (json_int_t)c->scale, "charset", str_or_null(c->charset), "collation",
        str_or_null(c->collation), "default_kind", default_kind_name(c->default_kind),
        "default_value", str_or_null(c->default_value), "on_update", str_or_null(c->on_update),
        "generated", gen_kind_name(c->generated), "generation_expr",
        str_or_null(c->generation_expr), "check_expr", str_or_null(c->check_expr), "comment",
        str_or_null(c->comment), "elements", string_array(c->elements, c->n_elements), "srid",
        (json_int_t)c->srid);
    sc_free(ctx, sql);
    return j;
}

static const char *index_kind_name(sc_index_kind k)
{
    static const char *const names[] = {"?", "primary", "unique", "key", "fulltext", "spatial"};
    return (unsigned)k < 6 ? names[k] : "unknown";
}

static const char *index_algo_name(sc_index_algo a)
{
    static const char *const names[] = {"default", "btree", "hash", "rtree"};
    return (unsigned)a < 4 ? names[a] : "unknown";
}

static json_t *index_json(const sc_index_def *ix, size_t ordinal)
{
    json_t *parts = json_array();
    size_t i;

    for (i = 0; parts && i < ix->n_parts; i++)
        json_array_append_new(parts, json_pack("{s:o, s:I, s:b}", "column",
                                               str_or_null(ix->parts[i].column), "prefix_len",
                                               (json_int_t)ix->parts[i].prefix_len, "descending",
                                               ix->parts[i].descending));
    return json_pack("{s:o, s:I, s:s, s:s, s:I, s:b, s:o, s:o, s:I, s:o}", "name",
                     str_or_null(ix->name), "ordinal", (json_int_t)ordinal, "kind",
                     index_kind_name(ix->kind), "algorithm", index_algo_name(ix->algorithm),
                     "flags", (json_int_t)ix->flags, "ignored", (ix->flags & SC_INDEX_IGNORED) != 0,
                     "parts", parts, "comment", str_or_null(ix->comment), "key_block_size",
                     (json_int_t)ix->key_block_size, "parser", str_or_null(ix->parser));
}

static const char *fk_action_name(sc_fk_action a)
{
    static const char *const names[] = {"unspecified", "restrict",  "cascade",
                                        "set null",    "no action", "set default"};
    return (unsigned)a < 6 ? names[a] : "unknown";
}

static json_t *fk_json(const sc_fk_def *fk, size_t ordinal)
{
    return json_pack("{s:o, s:I, s:o, s:o, s:o, s:o, s:s, s:s}", "name", str_or_null(fk->name),
                     "ordinal", (json_int_t)ordinal, "columns",
                     string_array(fk->columns, fk->n_columns), "parent_schema",
                     str_or_null(fk->parent_schema), "parent_table", str_or_null(fk->parent_table),
                     "parent_columns", string_array(fk->parent_columns, fk->n_columns), "on_delete",
                     fk_action_name(fk->on_delete), "on_update", fk_action_name(fk->on_update));
}

/* Append one array of definitions to obj under key. @return 0 or -1 */
static int add_list(sc_ctx *ctx, json_t *obj, const char *key, const sc_table_def *d, int which)
{
    json_t *a = json_array();
    size_t i, n = which == 0   ? d->n_columns
                  : which == 1 ? d->n_indexes
                  : which == 2 ? d->n_foreign_keys
                               : d->n_checks;

    for (i = 0; a && i < n; i++) {
        json_t *item =
            which == 0   ? column_json(ctx, &d->columns[i], i + 1)
            : which == 1 ? index_json(&d->indexes[i], i + 1)
            : which == 2
                ? fk_json(&d->foreign_keys[i], i + 1)
                : json_pack("{s:o, s:I, s:o}", "name", str_or_null(d->checks[i].name), "ordinal",
                            (json_int_t)(i + 1), "expr", str_or_null(d->checks[i].expr));
        if (!item || json_array_append_new(a, item) != 0) {
            json_decref(a);
            return -1;
        }
    }
    return a && json_object_set_new(obj, key, a) == 0 ? 0 : -1;
}

static const char *part_type_name(sc_part_type t)
{
    static const char *const names[] = {"none",         "range", "range columns", "list",
                                        "list columns", "hash",  "key",           "system_time"};
    return (unsigned)t < 8 ? names[t] : "unknown";
}

/* PARTITION BY as JSON (null when the table is not partitioned). */
static json_t *partitioning_json(const sc_partitioning_def *pt)
{
    json_t *parts, *j;

    if (!pt)
        return json_null();
    parts = json_array();
    for (size_t i = 0; parts && i < pt->n_parts; i++) {
        const sc_partition_def *p = &pt->parts[i];
        json_t *item = json_pack("{s:I, s:o, s:b, s:o, s:o}", "id", (json_int_t)p->id, "name",
                                 str_or_null(p->name), "subpartition", p->sub, "values",
                                 str_or_null(p->values), "options", str_or_null(p->options));
        if (!item || json_array_append_new(parts, item) != 0) {
            json_decref(parts);
            return NULL;
        }
    }
    j = json_pack("{s:s, s:I, s:o, s:s, s:o, s:o, s:o}", "type", part_type_name(pt->type), "flags",
                  (json_int_t)pt->flags, "expr", str_or_null(pt->expr), "sub_type",
                  part_type_name(pt->sub_type), "sub_expr", str_or_null(pt->sub_expr),
                  "system_time", str_or_null(pt->system_time), "partitions", parts);
    return j;
}

/* Sequence options, periods and versioning of a table (sequences.md / catalog-schema.md). */
static int add_objects(json_t *j, const sc_table_def *d)
{
    json_t *seq = json_null(), *pt = partitioning_json(d->partitioning);

    if (d->sequence)
        seq =
            json_pack("{s:I, s:I, s:I, s:I, s:I, s:b}", "start", (json_int_t)d->sequence->start,
                      "minvalue", (json_int_t)d->sequence->min, "maxvalue",
                      (json_int_t)d->sequence->max, "increment", (json_int_t)d->sequence->increment,
                      "cache", (json_int_t)d->sequence->cache, "cycle", d->sequence->cycle);
    if (!pt || !seq)
        return -1;
    return json_object_set_new(j, "partitioning", pt) || json_object_set_new(j, "sequence", seq) ||
                   json_object_set_new(j, "system_versioning",
                                       json_boolean(d->flags & SC_TABLE_SYSTEM_VERSIONING)) ||
                   json_object_set_new(j, "period",
                                       json_pack("{s:o, s:o, s:o}", "name",
                                                 str_or_null(d->period_name), "start",
                                                 str_or_null(d->period_start), "end",
                                                 str_or_null(d->period_end))) ||
                   json_object_set_new(j, "system_period",
                                       json_pack("{s:o, s:o}", "start", str_or_null(d->sys_start),
                                                 "end", str_or_null(d->sys_end)))
               ? -1
               : 0;
}

/* One table as JSON (also driven by tests/fuzz/fuzz_roundtrip.c). */
json_t *sc_cli__table_json(sc_ctx *ctx, const sc_table *t);

json_t *sc_cli__table_json(sc_ctx *ctx, const sc_table *t)
{
    const sc_table_def *d = sc_table_definition(t);
    json_t *j = json_pack(
        "{s:I, s:I, s:o, s:I, s:o, s:o, s:o, s:o, s:o, s:I, s:o}", "id", (json_int_t)sc_table_id(t),
        "schema_id", (json_int_t)sc_table_schema_id(t), "schema",
        str_or_null(sc_table_schema_name(t)), "version", (json_int_t)sc_table_version(t), "name",
        str_or_null(d->name), "engine", str_or_null(d->engine), "charset", str_or_null(d->charset),
        "collation", str_or_null(d->collation), "comment", str_or_null(d->comment),
        "auto_increment", (json_int_t)d->auto_increment, "options", str_or_null(d->options));

    if (j && (add_list(ctx, j, "columns", d, 0) || add_list(ctx, j, "indexes", d, 1) ||
              add_list(ctx, j, "foreign_keys", d, 2) || add_list(ctx, j, "checks", d, 3) ||
              add_objects(j, d))) {
        json_decref(j);
        return NULL;
    }
    return j;
}

/* ------------------------------------------------------------------ */
/* Streaming the document                                               */

/*
 * The document is written one table at a time (a catalog may hold a million
 * tables): each object is rendered by jansson with JSON_INDENT(2) and shifted
 * right to its depth, so the result reads as one pretty-printed document.
 */
#define DUMP_FLAGS (JSON_INDENT(2) | JSON_PRESERVE_ORDER)

typedef struct json_stream {
    FILE *out;
    sc_txn *txn;
    size_t n_schemas; /* schemas written so far */
    size_t n_tables;  /* tables written so far in the current schema */
} json_stream;

/* Write len bytes of text with every line indented by indent spaces. */
static void put_indented(FILE *out, const char *text, size_t len, int indent)
{
    size_t i;

    fprintf(out, "%*s", indent, "");
    for (i = 0; i < len; i++) {
        fputc(text[i], out);
        if (text[i] == '\n' && i + 1 < len)
            fprintf(out, "%*s", indent, "");
    }
}

static int stream_table(const sc_table_info *info, void *payload)
{
    json_stream *w = payload;
    sc_table *t = NULL;
    json_t *j = NULL;
    char *text = NULL;
    int rc = sc_table_get(&t, w->txn, info->id);

    if (rc != SC_OK)
        return rc;
    j = sc_cli__table_json(sc_catalog_ctx(sc_txn_catalog(w->txn)), t);
    text = j ? json_dumps(j, DUMP_FLAGS) : NULL;
    if (text) {
        fputs(w->n_tables++ ? ",\n" : "\n", w->out);
        put_indented(w->out, text, strlen(text), 8);
    }
    free(text);
    json_decref(j);
    sc_table_free(t);
    return text ? SC_OK : SC_ENOMEM;
}

/* One schema: its fields, then "tables" streamed from the catalog. */
static int stream_schema(json_stream *w, const sc_schema *s)
{
    const sc_schema_def *d = sc_schema_definition(s);
    json_t *j = json_pack("{s:I, s:o, s:o, s:o, s:o}", "id", (json_int_t)sc_schema_id(s), "name",
                          str_or_null(d->name), "charset", str_or_null(d->charset), "collation",
                          str_or_null(d->collation), "comment", str_or_null(d->comment));
    char *text = j ? json_dumps(j, DUMP_FLAGS) : NULL;
    size_t len = text ? strlen(text) : 0;
    int rc;

    json_decref(j);
    if (len < 2) {
        free(text);
        return SC_ENOMEM;
    }
    fputs(w->n_schemas++ ? ",\n" : "\n", w->out);
    put_indented(w->out, text, len - 2, 4); /* without the closing "\n}" */
    free(text);
    fputs(",\n      \"tables\": [", w->out);
    w->n_tables = 0;
    rc = sc_table_foreach(w->txn, sc_schema_id(s), stream_table, w);
    fputs(w->n_tables ? "\n      ]\n    }" : "]\n    }", w->out);
    return rc;
}

static int stream_user_schema(const sc_schema *s, void *payload)
{
    if (strcmp(sc_schema_definition(s)->name, SC_SYSCAT_SCHEMA) == 0)
        return SC_OK;
    return stream_schema(payload, s);
}

static int stream_schemas(json_stream *w, char *const *dbs, size_t n_dbs)
{
    size_t i;
    int rc = SC_OK;

    if (n_dbs == 0)
        return sc_schema_foreach(w->txn, stream_user_schema, w);
    for (i = 0; rc == SC_OK && i < n_dbs; i++) {
        sc_schema *s = NULL;
        rc = sc_schema_lookup(&s, w->txn, dbs[i]);
        if (rc == SC_OK)
            rc = stream_schema(w, s);
        sc_schema_free(s);
    }
    return rc;
}

static int dump_json(sc_cli *cli, sc_txn *txn, char *const *dbs, size_t n_dbs)
{
    json_stream w = {cli->out, txn, 0, 0};
    json_t *version = json_string(sc_version());
    char *v = version ? json_dumps(version, JSON_ENCODE_ANY) : NULL;
    int rc;

    json_decref(version);
    if (!v)
        return sc_cli__fail(cli, SC_ENOMEM);
    fprintf(cli->out, "{\n  \"syscat_version\": %s,\n  \"schemas\": [", v);
    free(v);
    rc = stream_schemas(&w, dbs, n_dbs);
    fputs(w.n_schemas ? "\n  ]\n}\n" : "]\n}\n", cli->out);
    return rc == SC_OK ? SC_CLI_EXIT_OK : sc_cli__fail(cli, rc);
}

/* ------------------------------------------------------------------ */
/* --system-schema                                                      */

typedef struct sys_walk {
    sc_cli *cli;
    sc_txn *txn;
    const char *engine;
} sys_walk;

/*
 * The SHOW CREATE text of a system table with its engine replaced, and its
 * MEDIUMTEXT columns (protobuf `bytes`: defaults and expressions, which may
 * hold bytes that are not UTF-8, e.g. a BINARY column's default) declared
 * MEDIUMBLOB: binlog-compatible with MEDIUMTEXT (both BLOB, 3 length bytes),
 * and a MariaDB server keeps every byte instead of turning invalid UTF-8 into
 * '?', so the replica's rows equal the catalog's.
 */
static int put_system_table(const sc_table_info *info, void *payload)
{
    static const char lmdb[] = ") ENGINE=LMDB ", text_col[] = "` mediumtext NOT NULL";
    sys_walk *w = payload;
    sc_cli *cli = w->cli;
    char *text = NULL, *p, *at;
    int rc = sc_show_create_table(&text, w->txn, SC_SYSCAT_SCHEMA, info->name);

    if (rc != SC_OK)
        return rc;
    for (p = text; (at = strstr(p, text_col)) != NULL; p = at + strlen(text_col)) {
        fwrite(p, 1, (size_t)(at - p), cli->out);
        fputs("` mediumblob NOT NULL", cli->out);
    }
    at = strstr(p, lmdb);
    if (at) {
        fwrite(p, 1, (size_t)(at - p), cli->out);
        fprintf(cli->out, ") ENGINE=%s %s;\n\n", w->engine, at + strlen(lmdb));
    } else {
        fprintf(cli->out, "%s;\n\n", p);
    }
    sc_free(cli->ctx, text);
    return SC_OK;
}

static int dump_system_schema(sc_cli *cli, sc_txn *txn, const char *engine)
{
    sys_walk w = {cli, txn, engine};
    sc_schema *schema = NULL;
    int rc = sc_schema_lookup(&schema, txn, SC_SYSCAT_SCHEMA);

    fprintf(cli->out,
            "-- syscat system tables for a MariaDB server (ENGINE=%s), from syscat %s\n"
            "CREATE DATABASE IF NOT EXISTS `%s` CHARACTER SET utf8mb4 COLLATE "
            "utf8mb4_bin;\nUSE `%s`;\n\n",
            engine, sc_version(), SC_SYSCAT_SCHEMA, SC_SYSCAT_SCHEMA);
    if (rc == SC_OK)
        rc = sc_table_foreach(txn, sc_schema_id(schema), put_system_table, &w);
    sc_schema_free(schema);
    return rc == SC_OK ? SC_CLI_EXIT_OK : sc_cli__fail(cli, rc);
}

/* ------------------------------------------------------------------ */

typedef struct dump_args {
    bool json;          /* --json */
    bool system;        /* --system-schema */
    const char *engine; /* --engine */
    const char *as_of;  /* --as-of: the catalog at that point of its log */
} dump_args;

static bool engine_name_ok(const char *e)
{
    if (!*e || strlen(e) > 64)
        return false;
    for (; *e; e++)
        if (!((*e >= 'a' && *e <= 'z') || (*e >= 'A' && *e <= 'Z') || (*e >= '0' && *e <= '9') ||
              *e == '_'))
            return false;
    return true;
}

static int parse_args(dump_args *a, sc_cli *cli, int argc, char **argv)
{
    static const struct option opts[] = {
        {"show-create", no_argument, NULL, 's'},
        {"sql", no_argument, NULL, 's'},
        {"json", no_argument, NULL, 'j'},
        {"system-schema", no_argument, NULL, 'S'},
        {"engine", required_argument, NULL, 'e'},
        {"as-of", required_argument, NULL, 'a'},
        {NULL, 0, NULL, 0},
    };
    bool sql = false;
    int c;

    opterr = 0;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        if (c == 'j')
            a->json = true;
        else if (c == 's')
            sql = true;
        else if (c == 'S')
            a->system = true;
        else if (c == 'e')
            a->engine = optarg;
        else if (c == 'a')
            a->as_of = optarg;
        else
            return sc_cli__other_option(cli, "dump", c, argv);
    }
    if (sql && a->json)
        return sc_cli__usage_error(cli, "dump", "--show-create and --json exclude each other");
    if (a->system && (sql || a->json || optind < argc))
        return sc_cli__usage_error(cli, "dump",
                                   "--system-schema takes no database names, --json or "
                                   "--show-create");
    if (a->engine && !a->system)
        return sc_cli__usage_error(cli, "dump", "--engine needs --system-schema");
    if (a->engine && !engine_name_ok(a->engine))
        return sc_cli__usage_error(cli, "dump", "bad engine name '%s'", a->engine);
    return SC_CLI_EXIT_OK;
}

int sc_cli__cmd_dump(sc_cli *cli, int argc, char **argv)
{
    sc_catalog *cat = NULL;
    sc_txn *txn = NULL;
    dump_args a = {false, false, NULL, NULL};
    int status;

    status = parse_args(&a, cli, argc, argv);
    if (status != SC_CLI_EXIT_OK)
        return status;
    if (a.as_of && !cli->open_as_of)
        return sc_cli__usage_error(cli, "dump", "--as-of is not available here");
    status = a.as_of ? cli->open_as_of(&cat, &txn, cli, "dump", a.as_of)
                     : sc_cli__open_read(&cat, &txn, cli);
    if (status == SC_CLI_EXIT_OK && a.system) {
        status = dump_system_schema(cli, txn, a.engine ? a.engine : "InnoDB");
    } else if (status == SC_CLI_EXIT_OK) {
        char *const *dbs = argv + optind;
        size_t n = (size_t)(argc - optind);
        status = a.json ? dump_json(cli, txn, dbs, n) : sc_cli__dump_sql(cli, txn, dbs, n);
    }
    if (a.as_of) {
        cli->close_as_of(cat, txn);
        return status;
    }
    sc_txn_abort(txn);
    sc_catalog_close(cat);
    return status;
}

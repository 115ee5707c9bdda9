/*
 * cmd_user.c - `syscat user add NAME [--host PATTERN] --password-file F
 * --grant PRIV[,PRIV...] | remove NAME [--host PATTERN] | list [--json] |
 * passwd NAME [--host PATTERN] --password-file F`: the accounts of
 * `syscat serve` (syscat.users, docs/server.md "Accounts"). The password is
 * read from a file (first line, without its newline; never from the
 * command line, where `ps` would show it) and stored as MariaDB stores a
 * mysql_native_password: '*' + hex SHA1(SHA1(password)). Changes are
 * logged like any catalog change. PRIV: SELECT, DDL, REPLICATION SLAVE
 * (or REPLICATION_SLAVE), ADMIN, ALL.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "server/server.h"
#include "tools/cli.h"

typedef struct user_opts {
    const char *host;
    const char *password_file;
    const char *grant;
    bool json;
} user_opts;

static const struct {
    const char *name;
    uint32_t bit;
} privs[] = {
    {"SELECT", SC_USER_PRIV_SELECT},
    {"DDL", SC_USER_PRIV_DDL},
    {"REPLICATION SLAVE", SC_USER_PRIV_REPL_SLAVE},
    {"REPLICATION_SLAVE", SC_USER_PRIV_REPL_SLAVE},
    {"ADMIN", SC_USER_PRIV_ADMIN},
    {"ALL", SC_USER_PRIV_ALL},
};

static int parse_privs(uint32_t *out, sc_cli *cli, const char *list)
{
    char *copy = strdup(list), *tok, *save = NULL;

    *out = 0;
    if (!copy)
        return sc_cli__fail(cli, SC_ENOMEM);
    for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        size_t i;
        while (*tok == ' ')
            tok++;
        for (i = 0; i < sizeof(privs) / sizeof(privs[0]); i++)
            if (strcasecmp(tok, privs[i].name) == 0)
                break;
        if (i == sizeof(privs) / sizeof(privs[0])) {
            int st = sc_cli__usage_error(
                cli, "user",
                "--grant: unknown privilege '%s' (SELECT, DDL, REPLICATION SLAVE, ADMIN, ALL)",
                tok);
            free(copy);
            return st;
        }
        *out |= privs[i].bit;
    }
    free(copy);
    return SC_CLI_EXIT_OK;
}

static void privs_text(char *out, size_t cap, uint32_t p)
{
    size_t n = 0;

    out[0] = '\0';
    if (p == SC_USER_PRIV_ALL) {
        snprintf(out, cap, "ALL");
        return;
    }
    for (size_t i = 0; i < sizeof(privs) / sizeof(privs[0]); i++) {
        if (privs[i].bit == SC_USER_PRIV_ALL || strchr(privs[i].name, '_') || !(p & privs[i].bit))
            continue;
        n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, "%s%s", n ? "," : "", privs[i].name);
    }
}

/* The password file's first line, hashed into auth ("*HEX"). */
static int read_password(char *auth, sc_cli *cli, const char *path)
{
    FILE *f = fopen(path, "r");
    char line[1024];
    uint8_t h[20];
    size_t n;

    if (!f)
        return sc_cli__failf(cli, "cannot open password file '%s'", path);
    if (!fgets(line, sizeof(line), f))
        line[0] = '\0';
    fclose(f);
    n = strcspn(line, "\r\n");
    line[n] = '\0';
    if (n == 0)
        return sc_cli__failf(cli, "password file '%s' is empty (an account needs a password)",
                             path);
    sc_server_password_hash(h, line, n);
    memset(line, 0, sizeof(line));
    auth[0] = '*';
    for (int i = 0; i < 20; i++)
        snprintf(auth + 1 + 2 * i, 3, "%02X", h[i]);
    return SC_CLI_EXIT_OK;
}

static int parse_args(user_opts *o, sc_cli *cli, int argc, char **argv)
{
    static const struct option opts[] = {
        {"host", required_argument, NULL, 'H'},
        {"password-file", required_argument, NULL, 'p'},
        {"grant", required_argument, NULL, 'g'},
        {"json", no_argument, NULL, 'j'},
        {NULL, 0, NULL, 0},
    };
    int c;

    optind = 0; /* argv[0] is the subcommand; GNU: full reinitialisation */
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case 'H':
            o->host = optarg;
            break;
        case 'p':
            o->password_file = optarg;
            break;
        case 'g':
            o->grant = optarg;
            break;
        case 'j':
            o->json = true;
            break;
        default:
            return sc_cli__other_option(cli, "user", c, argv);
        }
    }
    return SC_CLI_EXIT_OK;
}

/* Run fn in a logged write transaction. */
static int write_txn(sc_cli *cli, int (*fn)(sc_txn *txn, void *payload), void *payload)
{
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    sc_txn *txn = NULL;
    int status = sc_cli__open(&cat, cli, 0), rc;

    if (status != SC_CLI_EXIT_OK)
        return status;
    rc = sc_log_open(&log, cat);
    if (rc == SC_OK)
        rc = sc_txn_begin(&txn, cat, 0);
    if (rc == SC_OK) {
        rc = fn(txn, payload);
        if (rc == SC_OK)
            rc = sc_txn_commit(txn);
        else
            sc_txn_abort(txn);
    }
    status = rc == SC_OK ? SC_CLI_EXIT_OK : sc_cli__fail(cli, rc);
    sc_log_close(log);
    sc_catalog_close(cat);
    return status;
}

typedef struct user_change {
    sc_user user;
    bool must_exist, must_not_exist, remove, keep_privs;
} user_change;

static int apply_change(sc_txn *txn, void *payload)
{
    user_change *ch = payload;
    sc_ctx *ctx = sc_catalog_ctx(sc_txn_catalog(txn));
    sc_user old;
    int rc = sc_user_get(&old, txn, ch->user.name, ch->user.host);

    if (rc != SC_OK && rc != SC_ENOTFOUND)
        return rc;
    if (rc == SC_OK && ch->must_not_exist)
        return sc_error_set(ctx, SC_EEXISTS, 0, NULL, "account '%s'@'%s' exists", ch->user.name,
                            ch->user.host);
    if (rc == SC_ENOTFOUND && ch->must_exist)
        return sc_error_set(ctx, SC_ENOTFOUND, 0, NULL, "no account '%s'@'%s'", ch->user.name,
                            ch->user.host);
    if (ch->remove)
        return sc_user_delete(txn, ch->user.name, ch->user.host);
    if (ch->keep_privs)
        ch->user.privileges = old.privileges;
    return sc_user_put(txn, &ch->user);
}

static int set_name(user_change *ch, sc_cli *cli, const char *name, const char *host)
{
    if (!name || !*name || strlen(name) > SC_USER_NAME_MAX)
        return sc_cli__usage_error(cli, "user", "a user name of 1 to %d bytes is needed",
                                   SC_USER_NAME_MAX);
    if (!*host || strlen(host) > SC_USER_HOST_MAX)
        return sc_cli__usage_error(cli, "user", "--host: 1 to %d bytes", SC_USER_HOST_MAX);
    snprintf(ch->user.name, sizeof(ch->user.name), "%s", name);
    snprintf(ch->user.host, sizeof(ch->user.host), "%s", host);
    return SC_CLI_EXIT_OK;
}

typedef struct list_state {
    sc_cli *cli;
    json_t *arr;
} list_state;

static int list_one(const sc_user *u, void *payload)
{
    list_state *ls = payload;
    char p[128];

    privs_text(p, sizeof(p), u->privileges);
    if (ls->arr)
        return json_array_append_new(ls->arr, json_pack("{s:s, s:s, s:b, s:s}", "user", u->name,
                                                        "host", u->host, "password",
                                                        u->auth[0] != '\0', "privileges", p)) == 0
                   ? 0
                   : SC_ENOMEM;
    fprintf(ls->cli->out, "'%s'@'%s'\t%s\t%s\n", u->name, u->host, u->auth[0] ? "password" : "-",
            p[0] ? p : "USAGE");
    return 0;
}

static int list_users(sc_cli *cli, const user_opts *o)
{
    sc_catalog *cat = NULL;
    sc_txn *txn = NULL;
    list_state ls = {cli, o->json ? json_array() : NULL};
    int status = sc_cli__open_read(&cat, &txn, cli), rc;

    if (status != SC_CLI_EXIT_OK) {
        json_decref(ls.arr);
        return status;
    }
    rc = sc_user_foreach(txn, list_one, &ls);
    if (rc == SC_OK && ls.arr) {
        char *text = json_dumps(ls.arr, JSON_INDENT(2));
        fprintf(cli->out, "%s\n", text ? text : "[]");
        free(text);
    }
    status = rc == SC_OK ? SC_CLI_EXIT_OK : sc_cli__fail(cli, rc);
    json_decref(ls.arr);
    sc_txn_abort(txn);
    sc_catalog_close(cat);
    return status;
}

int sc_cli__cmd_user(sc_cli *cli, int argc, char **argv)
{
    user_opts o = {"%", NULL, NULL, false};
    user_change ch;
    const char *sub = argc > 1 ? argv[1] : NULL, *name;
    int status;

    memset(&ch, 0, sizeof(ch));
    if (!sub)
        return sc_cli__usage_error(cli, "user", "add, remove, list or passwd expected");
    status = parse_args(&o, cli, argc - 1, argv + 1);
    if (status != SC_CLI_EXIT_OK)
        return status;
    name = optind < argc - 1 ? argv[1 + optind] : NULL;
    if (strcmp(sub, "list") == 0)
        return name ? sc_cli__usage_error(cli, "user", "list takes no name") : list_users(cli, &o);
    if (optind + 1 < argc - 1)
        return sc_cli__usage_error(cli, "user", "unexpected argument '%s'", argv[optind + 2]);
    status = set_name(&ch, cli, name, o.host);
    if (status != SC_CLI_EXIT_OK)
        return status;
    if (strcmp(sub, "add") == 0) {
        if (!o.password_file || !o.grant)
            return sc_cli__usage_error(cli, "user", "add needs --password-file and --grant");
        if ((status = parse_privs(&ch.user.privileges, cli, o.grant)) != SC_CLI_EXIT_OK ||
            (status = read_password(ch.user.auth, cli, o.password_file)) != SC_CLI_EXIT_OK)
            return status;
        ch.must_not_exist = true;
    } else if (strcmp(sub, "passwd") == 0) {
        if (!o.password_file || o.grant)
            return sc_cli__usage_error(cli, "user",
                                       "passwd needs --password-file (and no --grant)");
        if ((status = read_password(ch.user.auth, cli, o.password_file)) != SC_CLI_EXIT_OK)
            return status;
        ch.must_exist = ch.keep_privs = true;
    } else if (strcmp(sub, "remove") == 0) {
        if (o.password_file || o.grant)
            return sc_cli__usage_error(cli, "user", "remove takes only --host");
        ch.must_exist = ch.remove = true;
    } else {
        return sc_cli__usage_error(cli, "user", "unknown subcommand '%s'", sub);
    }
    status = write_txn(cli, apply_change, &ch);
    if (status == SC_CLI_EXIT_OK)
        fprintf(cli->out, "%s '%s'@'%s'\n",
                ch.remove       ? "removed"
                : ch.must_exist ? "password changed for"
                                : "added",
                ch.user.name, ch.user.host);
    return status;
}

/*
 * cmd_serve.c - `syscat serve [--bind ADDR] [--port N] [--socket PATH]
 * [--server-id N] [--max-connections N] [--ssl-cert F --ssl-key F
 * [--require-secure-transport]] [--max-allowed-packet BYTES]
 * [--idle-timeout S] [--lock-wait-timeout S] [--net-write-timeout S]
 * [--output-limit BYTES] [--port-file F] [--reader-threads N]`: the catalog
 * as a MariaDB-protocol server (server/server.h, docs/server.md). Runs in
 * the foreground until SIGTERM/SIGINT; connection events go to stderr.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "server/server.h"
#include "tools/cli.h"

static int number(unsigned long long *out, const char *text, unsigned long long max)
{
    char *end = NULL;

    errno = 0;
    *out = strtoull(text, &end, 10);
    return errno == 0 && end != text && *end == '\0' && *text != '-' && *out <= max ? 0 : -1;
}

static int parse_args(sc_server_options *o, sc_cli *cli, int argc, char **argv)
{
    static const struct option opts[] = {
        {"bind", required_argument, NULL, 'b'},
        {"port", required_argument, NULL, 'P'},
        {"socket", required_argument, NULL, 'S'},
        {"server-id", required_argument, NULL, 'i'},
        {"max-connections", required_argument, NULL, 'm'},
        {"ssl-cert", required_argument, NULL, 'c'},
        {"ssl-key", required_argument, NULL, 'k'},
        {"require-secure-transport", no_argument, NULL, 'r'},
        {"max-allowed-packet", required_argument, NULL, 'a'},
        {"idle-timeout", required_argument, NULL, 't'},
        {"output-limit", required_argument, NULL, 'o'},
        {"port-file", required_argument, NULL, 'f'},
        {"lock-wait-timeout", required_argument, NULL, 'w'},
        {"net-write-timeout", required_argument, NULL, 'W'},
        {"reader-threads", required_argument, NULL, 'R'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    unsigned long long v;
    int c;

    optind = 0; /* GNU: full reinitialisation */
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'b':
            o->bind = optarg;
            break;
        case 'P':
            if (number(&v, optarg, 65535) != 0)
                return sc_cli__usage_error(cli, "serve", "--port: '%s' is not a port", optarg);
            o->port = (unsigned)v;
            break;
        case 'S':
            o->socket_path = optarg;
            break;
        case 'i':
            if (number(&v, optarg, 0xFFFFFFFFull) != 0 || v == 0)
                return sc_cli__usage_error(cli, "serve", "--server-id: '%s' is not 1..4294967295",
                                           optarg);
            o->server_id = (uint32_t)v;
            break;
        case 'm':
            if (number(&v, optarg, 100000) != 0 || v == 0)
                return sc_cli__usage_error(cli, "serve", "--max-connections: '%s' is not 1..100000",
                                           optarg);
            o->max_connections = (unsigned)v;
            break;
        case 'c':
            o->ssl_cert = optarg;
            break;
        case 'k':
            o->ssl_key = optarg;
            break;
        case 'r':
            o->require_secure_transport = true;
            break;
        case 'a':
            if (number(&v, optarg, 1ull << 30) != 0 || v < 1024)
                return sc_cli__usage_error(
                    cli, "serve", "--max-allowed-packet: '%s' is not 1024..1073741824", optarg);
            o->max_allowed_packet = (size_t)v;
            break;
        case 't':
            if (number(&v, optarg, 31536000) != 0 || v == 0)
                return sc_cli__usage_error(cli, "serve", "--idle-timeout: '%s' is not 1..31536000",
                                           optarg);
            o->idle_timeout = (unsigned)v;
            break;
        case 'o':
            if (number(&v, optarg, 1ull << 34) != 0 || v < 65536)
                return sc_cli__usage_error(cli, "serve", "--output-limit: '%s' is not >= 65536",
                                           optarg);
            o->output_limit = (size_t)v;
            break;
        case 'f':
            o->port_file = optarg;
            break;
        case 'w':
            if (number(&v, optarg, 31536000) != 0 || v == 0)
                return sc_cli__usage_error(cli, "serve",
                                           "--lock-wait-timeout: '%s' is not 1..31536000", optarg);
            o->lock_wait_timeout = (unsigned)v;
            break;
        case 'W':
            if (number(&v, optarg, 31536000) != 0 || v == 0)
                return sc_cli__usage_error(cli, "serve",
                                           "--net-write-timeout: '%s' is not 1..31536000", optarg);
            o->net_write_timeout = (unsigned)v;
            break;
        case 'R':
            if (number(&v, optarg, SC_SERVER_READERS_MAX) != 0)
                return sc_cli__usage_error(cli, "serve", "--reader-threads: '%s' is not 0..%d",
                                           optarg, SC_SERVER_READERS_MAX);
            o->reader_threads = (int)v;
            break;
        default:
            return sc_cli__other_option(cli, "serve", c, argv);
        }
    }
    if (optind < argc)
        return sc_cli__usage_error(cli, "serve", "unexpected argument '%s'", argv[optind]);
    if (!o->ssl_cert != !o->ssl_key)
        return sc_cli__usage_error(cli, "serve", "--ssl-cert and --ssl-key go together");
    if (o->require_secure_transport && !o->ssl_cert)
        return sc_cli__usage_error(cli, "serve",
                                   "--require-secure-transport needs --ssl-cert and --ssl-key");
    return SC_CLI_EXIT_OK;
}

int sc_cli__cmd_serve(sc_cli *cli, int argc, char **argv)
{
    sc_server_options o = SC_SERVER_OPTIONS_INIT;
    sc_catalog *cat = NULL;
    int status;

    status = parse_args(&o, cli, argc, argv);
    if (status != SC_CLI_EXIT_OK)
        return status < 0 ? SC_CLI_EXIT_OK : status;
    status = sc_cli__open(&cat, cli, 0);
    if (status != SC_CLI_EXIT_OK)
        return status;
    status = sc_server_run(cat, &o, cli->err) == 0 ? SC_CLI_EXIT_OK : SC_CLI_EXIT_ERROR;
    sc_catalog_close(cat);
    return status;
}

/*
 * prompt.h - the interactive prompt of `syscat exec` on a terminal
 * (tools/prompt.c): line editing and history (libedit), the mariadb
 * client's commands (help, \h, \q, \c, \G, \s, source/\., DELIMITER, USE
 * "Database changed"), Ctrl-C that clears the input or interrupts the
 * running statement, and tab completion from the catalog. Statements are
 * run by the host (tools/cmd_exec.c), which prints their outcome.
 */
#ifndef SC_TOOLS_PROMPT_H
#define SC_TOOLS_PROMPT_H

#include <stdbool.h>
#include <stddef.h>

#include "tools/cli.h"

/** What the prompt needs from `exec`. */
typedef struct sc_prompt_host {
    sc_cli *cli;
    sc_catalog *cat;
    sc_session *session;
    /* Run one statement and print its outcome (vertical: \G). */
    void (*run)(void *payload, const char *sql, size_t len, bool vertical);
    /* Run the statements of a file (source, \.), as a script: errors name the file. */
    void (*source)(void *payload, const char *path);
    void *payload;
} sc_prompt_host;

/**
 * Whether text starts a stored program (CREATE ... TRIGGER / PROCEDURE /
 * FUNCTION / EVENT), whose body holds ';': what a custom DELIMITER ends is
 * then sent whole, as a server's parser takes it; other text is run
 * statement by statement.
 */
bool sc_cli__stored_program(const char *text, size_t len);

/**
 * Run the prompt until quit, exit, \q or end of input (Ctrl-D).
 * @return exit status (SC_CLI_EXIT_OK, or SC_CLI_EXIT_ERROR when out of memory)
 */
int sc_cli__prompt(const sc_prompt_host *host);

#endif /* SC_TOOLS_PROMPT_H */

/*
 * query_int.h - helpers shared by the statement handlers of server/
 * (query.c, session_query.c, privilege.c, account.c): a tiny keyword
 * scanner over statement text (blanks and comments skipped), replies,
 * and the handler entry points. Each handler returns true when it
 * answered the statement.
 */
#ifndef SC_SERVER_QUERY_INT_H
#define SC_SERVER_QUERY_INT_H

#include "server/srv_int.h"

/** Index of the first character at or after i that is not a blank or a comment. */
size_t sc_q__skip_space(const char *s, size_t len, size_t i);
/** Accept `word` (case-insensitive, whole word) at *pos after blanks; advances *pos. */
bool sc_q__word(const char *s, size_t len, size_t *pos, const char *word);
/** Nothing but blanks, comments and ';' from pos on. */
bool sc_q__at_end(const char *s, size_t len, size_t pos);

/** OK with the connection's status plus `more` (SC_STATUS_MORE_RESULTS or 0). */
void sc_q__send_ok(sc_conn *c, uint64_t affected, unsigned warnings, unsigned more);

/* session_query.c */
bool sc_q__session_query(sc_conn *c, const char *s, size_t len, unsigned more);

/* privilege.c */
/** Check c may run statement s; sends 1142/1044/1227 and returns false when not. */
bool sc_q__check_privileges(sc_conn *c, const char *s, size_t len);
/** May c select database db? Sends 1044 and returns false when not. */
bool sc_q__may_use_db(sc_conn *c, const char *db, size_t len);
/** Send 1227 naming the privilege needed. */
void sc_q__deny_global(sc_conn *c, const char *priv);

/* account.c */
bool sc_q__account_statement(sc_conn *c, const char *s, size_t len, unsigned more);

#endif /* SC_SERVER_QUERY_INT_H */

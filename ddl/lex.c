/*
 * lex.c - MariaDB 10.11 tokenizer (see lex.h for the token rules).
 *
 * Mirrors the server's sql_lex.cc where it matters for DDL: digits-first
 * identifiers, `--` comments need a following space or control character,
 * executable comments up to version SC_LEX_SERVER_VERSION, '' and backslash
 * escapes, ANSI_QUOTES and NO_BACKSLASH_ESCAPES. Tokens are spans; decoding
 * into values happens on demand (sc_lex__ident, sc_lex__string).
 */
#include <string.h>
#include <strings.h>

#include "syscat/common.h"
#include "syscat/error.h"
#include "ddl/lex.h"

/*
 * MariaDB 10.11 reserved words (KB "Reserved Words", checked against the
 * grammar's keyword_ident lists: GENERAL, SLOW, OPTION, WINDOW... are names),
 * upper-case, sorted (C locale).
 */
/* clang-format off */
static const char *const reserved_words[] = {
    "ACCESSIBLE", "ADD", "ALL", "ALTER", "ANALYZE", "AND", "AS", "ASC", "ASENSITIVE", "BEFORE",
    "BETWEEN", "BIGINT", "BINARY", "BLOB", "BOTH", "BY", "CALL", "CASCADE", "CASE", "CHANGE",
    "CHAR", "CHARACTER", "CHECK", "COLLATE", "COLUMN", "CONDITION", "CONSTRAINT", "CONTINUE",
    "CONVERT", "CREATE", "CROSS", "CURRENT_DATE", "CURRENT_ROLE", "CURRENT_TIME",
    "CURRENT_TIMESTAMP", "CURRENT_USER", "CURSOR", "DATABASE", "DATABASES", "DAY_HOUR",
    "DAY_MICROSECOND", "DAY_MINUTE", "DAY_SECOND", "DEC", "DECIMAL", "DECLARE", "DEFAULT",
    "DELAYED", "DELETE", "DELETE_DOMAIN_ID", "DESC", "DESCRIBE", "DETERMINISTIC", "DISTINCT",
    "DISTINCTROW", "DIV", "DOUBLE", "DO_DOMAIN_IDS", "DROP", "DUAL", "EACH", "ELSE", "ELSEIF",
    "ENCLOSED", "ESCAPED", "EXCEPT", "EXISTS", "EXIT", "EXPLAIN", "FALSE", "FETCH", "FLOAT",
    "FLOAT4", "FLOAT8", "FOR", "FORCE", "FOREIGN", "FROM", "FULLTEXT", "GRANT", "GROUP",
    "HAVING", "HIGH_PRIORITY", "HOUR_MICROSECOND", "HOUR_MINUTE", "HOUR_SECOND", "IF", "IGNORE",
    "IGNORE_DOMAIN_IDS", "IN", "INDEX", "INFILE", "INNER", "INOUT", "INSENSITIVE", "INSERT",
    "INT", "INT1", "INT2", "INT3", "INT4", "INT8", "INTEGER", "INTERSECT", "INTERVAL", "INTO",
    "IS", "ITERATE", "JOIN", "KEY", "KEYS", "KILL", "LEADING", "LEAVE", "LEFT", "LIKE", "LIMIT",
    "LINEAR", "LINES", "LOAD", "LOCALTIME", "LOCALTIMESTAMP", "LOCK", "LONG", "LONGBLOB",
    "LONGTEXT", "LOOP", "LOW_PRIORITY", "MASTER_SSL_VERIFY_SERVER_CERT", "MATCH", "MAXVALUE",
    "MEDIUMBLOB", "MEDIUMINT", "MEDIUMTEXT", "MIDDLEINT", "MINUTE_MICROSECOND", "MINUTE_SECOND",
    "MOD", "MODIFIES", "NATURAL", "NOT", "NO_WRITE_TO_BINLOG", "NULL", "NUMERIC", "OFFSET",
    "ON", "OPTIMIZE", "OPTIONALLY", "OR", "ORDER", "OUT", "OUTER", "OUTFILE", "OVER",
    "PAGE_CHECKSUM", "PARSE_VCOL_EXPR", "PARTITION", "PRECISION", "PRIMARY", "PROCEDURE",
    "PURGE", "RANGE", "READ", "READS", "READ_WRITE", "REAL", "RECURSIVE", "REFERENCES",
    "REF_SYSTEM_ID", "REGEXP", "RELEASE", "RENAME", "REPEAT", "REPLACE", "REQUIRE", "RESIGNAL",
    "RESTRICT", "RETURN", "RETURNING", "REVOKE", "RIGHT", "RLIKE", "ROWS", "ROW_NUMBER",
    "SCHEMA", "SCHEMAS", "SECOND_MICROSECOND", "SELECT", "SENSITIVE", "SEPARATOR", "SET",
    "SHOW", "SIGNAL", "SMALLINT", "SPATIAL", "SPECIFIC", "SQL", "SQLEXCEPTION", "SQLSTATE",
    "SQLWARNING", "SQL_BIG_RESULT", "SQL_CALC_FOUND_ROWS", "SQL_SMALL_RESULT", "SSL",
    "STARTING", "STATS_AUTO_RECALC", "STATS_PERSISTENT", "STATS_SAMPLE_PAGES", "STRAIGHT_JOIN",
    "TABLE", "TERMINATED", "THEN", "TINYBLOB", "TINYINT", "TINYTEXT", "TO", "TRAILING",
    "TRIGGER", "TRUE", "UNDO", "UNION", "UNIQUE", "UNLOCK", "UNSIGNED", "UPDATE", "USAGE",
    "USE", "USING", "UTC_DATE", "UTC_TIME", "UTC_TIMESTAMP", "VALUES", "VARBINARY", "VARCHAR",
    "VARCHARACTER", "VARYING", "WHEN", "WHERE", "WHILE", "WITH", "WRITE", "XOR", "YEAR_MONTH",
    "ZEROFILL",
};
/* clang-format on */

#define N_RESERVED (sizeof(reserved_words) / sizeof(reserved_words[0]))

/*
 * The other keywords of MariaDB's lexer (sql_yacc.yy keyword_ident and its
 * parts): usable as names, but not where the grammar wants IDENT_sys (engine
 * options `NAME = value`, plugin type names), because there they are not
 * plain identifiers. Upper-case, sorted (C locale).
 */
/* clang-format off */
static const char *const nonreserved_keywords[] = {
    "ACCOUNT", "ACTION", "ADDDATE", "ADMIN", "AFTER", "AGAINST", "AGGREGATE", "ALGORITHM",
    "ALWAYS", "ANY", "ASCII", "AT", "ATOMIC", "AUTHORS", "AUTO", "AUTOEXTEND_SIZE",
    "AUTO_INCREMENT", "AVG", "AVG_ROW_LENGTH", "BACKUP", "BEGIN", "BINLOG", "BIT", "BLOCK",
    "BODY", "BOOL", "BOOLEAN", "BTREE", "BYTE", "CACHE", "CASCADED", "CATALOG_NAME", "CHAIN",
    "CHANGED", "CHARSET", "CHECKPOINT", "CHECKSUM", "CIPHER", "CLASS_ORIGIN", "CLIENT", "CLOB",
    "CLOSE", "COALESCE", "CODE", "COLLATION", "COLUMNS", "COLUMN_ADD", "COLUMN_CHECK",
    "COLUMN_CREATE", "COLUMN_DELETE", "COLUMN_GET", "COLUMN_NAME", "COMMENT", "COMMIT",
    "COMMITTED", "COMPACT", "COMPLETION", "COMPRESSED", "CONCURRENT", "CONNECTION",
    "CONSISTENT", "CONSTRAINT_CATALOG", "CONSTRAINT_NAME", "CONSTRAINT_SCHEMA", "CONTAINS",
    "CONTEXT", "CONTRIBUTORS", "CPU", "CUBE", "CURRENT", "CURRENT_POS", "CURSOR_NAME", "CYCLE",
    "DATA", "DATAFILE", "DATE", "DATETIME", "DATE_FORMAT", "DAY", "DEALLOCATE", "DECODE",
    "DEFINER", "DELAY_KEY_WRITE", "DES_KEY_FILE", "DIAGNOSTICS", "DIRECTORY", "DISABLE",
    "DISCARD", "DISK", "DO", "DUMPFILE", "DUPLICATE", "DYNAMIC", "ELSIF", "ENABLE", "END",
    "ENDS", "ENGINE", "ENGINES", "ENUM", "ERROR", "ERRORS", "ESCAPE", "EVENT", "EVENTS",
    "EVERY", "EXAMINED", "EXCEPTION", "EXCHANGE", "EXCLUDE", "EXECUTE", "EXPANSION", "EXPIRE",
    "EXPORT", "EXTENDED", "EXTENT_SIZE", "FAST", "FAULTS", "FEDERATED", "FILE", "FIRST",
    "FIXED", "FLUSH", "FOLLOWING", "FOLLOWS", "FORMAT", "FOUND", "FULL", "FUNCTION", "GENERAL",
    "GENERATED", "GET", "GET_FORMAT", "GLOBAL", "GOTO", "GRANTS", "HANDLER", "HARD", "HASH",
    "HELP", "HISTORY", "HOST", "HOSTS", "HOUR", "ID", "IDENTIFIED", "IGNORE_SERVER_IDS",
    "IMMEDIATE", "IMPORT", "INCREMENT", "INDEXES", "INITIAL_SIZE", "INSERT_METHOD", "INSTALL",
    "INVISIBLE", "INVOKER", "IO", "IPC", "ISOLATION", "ISOPEN", "ISSUER", "JSON",
    "KEY_BLOCK_SIZE", "LANGUAGE", "LAST", "LASTVAL", "LAST_VALUE", "LEAVES", "LESS", "LEVEL",
    "LIST", "LOCAL", "LOCKS", "LOGFILE", "LOGS", "MASTER", "MASTER_CONNECT_RETRY",
    "MASTER_DELAY", "MASTER_GTID_POS", "MASTER_HEARTBEAT_PERIOD", "MASTER_HOST",
    "MASTER_LOG_FILE", "MASTER_LOG_POS", "MASTER_PASSWORD", "MASTER_PORT", "MASTER_SERVER_ID",
    "MASTER_SSL", "MASTER_SSL_CA", "MASTER_SSL_CAPATH", "MASTER_SSL_CERT", "MASTER_SSL_CIPHER",
    "MASTER_SSL_CRL", "MASTER_SSL_CRLPATH", "MASTER_SSL_KEY", "MASTER_USER", "MASTER_USE_GTID",
    "MAX_CONNECTIONS_PER_HOUR", "MAX_QUERIES_PER_HOUR", "MAX_ROWS", "MAX_SIZE",
    "MAX_STATEMENT_TIME", "MAX_UPDATES_PER_HOUR", "MAX_USER_CONNECTIONS", "MEDIUM", "MEMORY",
    "MERGE", "MESSAGE_TEXT", "MICROSECOND", "MIGRATE", "MINUTE", "MINVALUE", "MIN_ROWS", "MODE",
    "MODIFY", "MONITOR", "MONTH", "MUTEX", "MYSQL", "MYSQL_ERRNO", "NAME", "NAMES", "NATIONAL",
    "NCHAR", "NEVER", "NEW", "NEXT", "NEXTVAL", "NO", "NOCACHE", "NOCYCLE", "NODEGROUP",
    "NOMAXVALUE", "NOMINVALUE", "NONE", "NOTFOUND", "NOWAIT", "NO_WAIT", "NUMBER", "NVARCHAR",
    "OF", "OLD_PASSWORD", "ONE", "ONLINE", "ONLY", "OPEN", "OPTION", "OPTIONS", "OTHERS",
    "OWNER", "PACKAGE", "PACK_KEYS", "PAGE", "PARSER", "PARTIAL", "PARTITIONING", "PARTITIONS",
    "PASSWORD", "PERIOD", "PERSISTENT", "PHASE", "PLUGIN", "PLUGINS", "PORT", "PRECEDES",
    "PRECEDING", "PREPARE", "PRESERVE", "PREV", "PREVIOUS", "PRIVILEGES", "PROCESS",
    "PROCESSLIST", "PROFILE", "PROFILES", "PROXY", "QUARTER", "QUERY", "QUICK", "RAISE", "RAW",
    "READ_ONLY", "REBUILD", "RECOVER", "REDOFILE", "REDO_BUFFER_SIZE", "REDUNDANT", "RELAY",
    "RELAYLOG", "RELAY_LOG_FILE", "RELAY_LOG_POS", "RELAY_THREAD", "RELOAD", "REMOVE",
    "REORGANIZE", "REPAIR", "REPEATABLE", "REPLAY", "REPLICATION", "RESET", "RESOURCES",
    "RESTART", "RESTORE", "RESUME", "RETURNED_SQLSTATE", "RETURNS", "REUSE", "REVERSE", "ROLE",
    "ROLLBACK", "ROLLUP", "ROUTINE", "ROW", "ROWCOUNT", "ROWTYPE", "ROW_COUNT", "ROW_FORMAT",
    "RTREE", "SAVEPOINT", "SCHEDULE", "SCHEMA_NAME", "SECOND", "SECURITY", "SEQUENCE", "SERIAL",
    "SERIALIZABLE", "SERVER", "SESSION", "SETVAL", "SHARE", "SHUTDOWN", "SIGNED", "SIMPLE",
    "SLAVE", "SLAVES", "SLAVE_POS", "SLOW", "SNAPSHOT", "SOCKET", "SOFT", "SONAME", "SOUNDS",
    "SOURCE", "SQL_BUFFER_RESULT", "SQL_CACHE", "SQL_NO_CACHE", "SQL_THREAD", "STAGE", "START",
    "STARTS", "STATEMENT", "STATUS", "STOP", "STORAGE", "STORED", "STRING", "SUBCLASS_ORIGIN",
    "SUBDATE", "SUBJECT", "SUBPARTITION", "SUBPARTITIONS", "SUPER", "SUSPEND", "SWAPS",
    "SWITCHES", "SYSTEM", "SYSTEM_TIME", "TABLES", "TABLESPACE", "TABLE_CHECKSUM", "TABLE_NAME",
    "TEMPORARY", "TEMPTABLE", "TEXT", "THAN", "TIES", "TIME", "TIMESTAMP", "TIMESTAMPADD",
    "TIMESTAMPDIFF", "TRANSACTION", "TRANSACTIONAL", "TRIGGERS", "TRUNCATE", "TYPE", "TYPES",
    "UDF_RETURNS", "UNBOUNDED", "UNCOMMITTED", "UNDEFINED", "UNDOFILE", "UNDO_BUFFER_SIZE",
    "UNICODE", "UNINSTALL", "UNKNOWN", "UNTIL", "UPGRADE", "USER", "USE_FRM", "VALUE",
    "VARCHAR2", "VARIABLES", "VERSIONING", "VIA", "VIEW", "VIRTUAL", "WAIT", "WARNINGS", "WEEK",
    "WEIGHT_STRING", "WINDOW", "WITHIN", "WITHOUT", "WORK", "WRAPPER", "X509", "XA", "XML",
    "YEAR",
};
/* clang-format on */

#define N_NONRESERVED (sizeof(nonreserved_keywords) / sizeof(nonreserved_keywords[0]))

static const char *const multi_ops[] = {"<=>", "<=", ">=", "<>", "!=", "<<",
                                        ">>",  "||", "&&", ":=", "@@"};
static const char single_ops[] = "()[],.;=<>+-*/%^&|~!@?{}:";

static bool is_ident_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '$' || c >= 0x80;
}

static bool is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static bool is_hex_digit(unsigned char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static int peek(const sc_lexer *lx, size_t ahead)
{
    size_t i = lx->pos + ahead;
    return i < lx->len ? (unsigned char)lx->sql[i] : -1;
}

/* Move pos forward by n bytes, counting the newlines passed. */
static void advance(sc_lexer *lx, size_t n)
{
    size_t end = lx->pos + n;

    if (end > lx->len)
        end = lx->len;
    for (; lx->pos < end; lx->pos++)
        if (lx->sql[lx->pos] == '\n')
            lx->line++;
}

void sc_lex__init(sc_lexer *lx, const char *sql, size_t len, unsigned flags)
{
    memset(lx, 0, sizeof(*lx));
    lx->sql = sql;
    lx->len = len;
    lx->line = 1;
    lx->flags = flags;
    lx->prev = SC_TOK_EOF;
}

/* Skip to the end of the line (the newline itself stays). */
static void skip_line(sc_lexer *lx)
{
    while (lx->pos < lx->len && lx->sql[lx->pos] != '\n')
        lx->pos++;
}

/* Skip a block comment body up to and including its closing star-slash. */
static bool skip_block(sc_lexer *lx)
{
    while (lx->pos < lx->len) {
        if (peek(lx, 0) == '*' && peek(lx, 1) == '/') {
            advance(lx, 2);
            return true;
        }
        advance(lx, 1);
    }
    return false;
}

/*
 * At an executable comment opener (pos after slash-star-bang or
 * slash-star-M-bang): read the optional version and decide whether the body
 * is executed. need6 = the M form, whose version has six digits.
 */
static void open_vcomment(sc_lexer *lx, bool mform)
{
    size_t n = 0;
    unsigned long version = 0;

    while (n < 6 && is_digit((unsigned char)peek(lx, n))) {
        version = version * 10 + (unsigned long)(peek(lx, n) - '0');
        n++;
    }
    if (n == 5 || n == 6) {
        advance(lx, n);
        /* Newer than us: a comment. Versions 50700..99999 in the plain form
         * are MySQL 5.7+/8.0 syntax (mysqldump's INVISIBLE...): MariaDB skips
         * them too (observed on 10.11.19); the M form always counts. */
        if (version > SC_LEX_SERVER_VERSION || (!mform && version >= 50700 && version <= 99999)) {
            skip_block(lx);
            return;
        }
    } else if (mform && n > 0) {
        advance(lx, n);
    }
    lx->in_vcomment++;
}

/* Skip whitespace and comments; false when an unterminated comment was hit. */
static bool skip_space(sc_lexer *lx, bool *skipped)
{
    for (;;) {
        int c = peek(lx, 0);
        size_t before = lx->pos;

        if (c < 0)
            return true;
        if (is_space((unsigned char)c)) {
            advance(lx, 1);
        } else if (c == '#') {
            skip_line(lx);
        } else if (c == '-' && peek(lx, 1) == '-' && (peek(lx, 2) < 0 || peek(lx, 2) <= ' ')) {
            skip_line(lx);
        } else if (c == '*' && peek(lx, 1) == '/' && lx->in_vcomment) {
            lx->in_vcomment--;
            advance(lx, 2);
        } else if (c == '/' && peek(lx, 1) == '*') {
            if (peek(lx, 2) == '!') {
                advance(lx, 3);
                open_vcomment(lx, false);
            } else if (peek(lx, 2) == 'M' && peek(lx, 3) == '!') {
                advance(lx, 4);
                open_vcomment(lx, true);
            } else {
                advance(lx, 2);
                if (!skip_block(lx)) {
                    lx->pos = before;
                    return false;
                }
            }
        } else {
            return true;
        }
        *skipped = true;
    }
}

/*
 * A quoted run ending at the matching quote q; doubled quotes stay inside.
 * Newlines inside quotes do not count as lines: MariaDB's lexer counts
 * yylineno only in whitespace and comments, and error lines follow it.
 */
static bool scan_quoted(sc_lexer *lx, char q, bool backslash)
{
    size_t i = lx->pos + 1;

    while (i < lx->len) {
        char c = lx->sql[i];
        if (c == '\\' && backslash && i + 1 < lx->len) {
            i += 2;
        } else if (c == q) {
            if (i + 1 < lx->len && lx->sql[i + 1] == q) {
                i += 2;
            } else {
                lx->pos = i + 1;
                return true;
            }
        } else {
            i++;
        }
    }
    lx->pos = lx->len;
    return false;
}

static sc_tok_kind lex_string(sc_lexer *lx)
{
    char q = lx->sql[lx->pos];
    bool ident = q == '`' || (q == '"' && (lx->flags & SC_LEX_ANSI_QUOTES));
    bool backslash = !ident && !(lx->flags & SC_LEX_NO_BACKSLASH_ESCAPES);

    size_t start = lx->pos;

    if (!scan_quoted(lx, q, backslash))
        return SC_TOK_ERROR;
    /* MariaDB's lexer ends a quoted name at a NUL byte (10.11.19: `a\0b` is
       1064 near '`a'); a NUL inside a string literal is data */
    if (ident && memchr(lx->sql + start, '\0', lx->pos - start))
        return SC_TOK_ERROR;
    return ident ? SC_TOK_QIDENT : SC_TOK_STRING;
}

/* X'..' or B'..' (pos at the letter). */
static sc_tok_kind lex_quoted_number(sc_lexer *lx, bool hex)
{
    size_t i = lx->pos + 2, ndig = 0;

    while (i < lx->len && lx->sql[i] != '\'') {
        unsigned char c = (unsigned char)lx->sql[i];
        if (hex ? !is_hex_digit(c) : (c != '0' && c != '1'))
            break;
        i++;
        ndig++;
    }
    if (i >= lx->len || lx->sql[i] != '\'') {
        advance(lx, i - lx->pos);
        return SC_TOK_ERROR;
    }
    advance(lx, i + 1 - lx->pos);
    if (hex && ndig % 2)
        return SC_TOK_ERROR;
    return hex ? SC_TOK_HEX : SC_TOK_BIN;
}

/* Length of the character at pos when it is well-formed UTF-8, or 0. */
static size_t char_len_at(const sc_lexer *lx, size_t pos)
{
    return sc_utf8_char_len((const unsigned char *)lx->sql + pos, lx->len - pos);
}

/*
 * The rest of an unquoted identifier. MariaDB's MY_LEX_IDENT scans it
 * character by character in the (utf8mb4) client character set and ends it at
 * a byte that does not start a well-formed character; that byte is then a
 * token of its own, a syntax error (10.11.19: `(a\xC3\xA9\xC3b int)` gives
 * 1064 near '?b int)'). After a '.' (MY_LEX_IDENT_START) it takes the bytes
 * unchecked, and the name check answers 1300: whole is true there.
 */
static void lex_ident_rest(sc_lexer *lx, bool whole)
{
    while (lx->pos < lx->len && is_ident_char((unsigned char)lx->sql[lx->pos])) {
        size_t n = 1;
        if ((unsigned char)lx->sql[lx->pos] >= 0x80 && !whole &&
            (n = char_len_at(lx, lx->pos)) == 0)
            break;
        lx->pos += n;
    }
}

/* 0x.. / 0b.. : true when a complete literal was consumed. */
static bool lex_zero_x(sc_lexer *lx, sc_tok_kind *kind)
{
    int c = peek(lx, 1);
    bool hex = c == 'x', bin = c == 'b';
    size_t n = 2;

    if (peek(lx, 0) != '0' || (!hex && !bin))
        return false;
    while (peek(lx, n) >= 0 && (hex ? is_hex_digit((unsigned char)peek(lx, n))
                                    : (peek(lx, n) == '0' || peek(lx, n) == '1')))
        n++;
    if (n == 2 || (peek(lx, n) >= 0 && is_ident_char((unsigned char)peek(lx, n))))
        return false;
    advance(lx, n);
    *kind = hex ? SC_TOK_HEX : SC_TOK_BIN;
    return true;
}

/* Length of an exponent (e[+-]digits) at offset n from pos, or 0. */
static size_t exponent_len(const sc_lexer *lx, size_t n)
{
    size_t k = n + 1;
    int c = peek(lx, n);

    if (c != 'e' && c != 'E')
        return 0;
    if (peek(lx, k) == '+' || peek(lx, k) == '-')
        k++;
    if (peek(lx, k) < 0 || !is_digit((unsigned char)peek(lx, k)))
        return 0;
    while (peek(lx, k) >= 0 && is_digit((unsigned char)peek(lx, k)))
        k++;
    return k - n;
}

/* A number starting with a digit or '.'; may turn out to be an identifier (1a). */
static sc_tok_kind lex_number(sc_lexer *lx)
{
    sc_tok_kind kind = SC_TOK_INT;
    size_t n = 0, e;

    if (lex_zero_x(lx, &kind))
        return kind;
    while (peek(lx, n) >= 0 && is_digit((unsigned char)peek(lx, n)))
        n++;
    if (peek(lx, n) == '.' && !(n > 0 && peek(lx, n + 1) == '.')) { /* 1..3: FOR bounds */
        kind = SC_TOK_DECIMAL;
        n++;
        while (peek(lx, n) >= 0 && is_digit((unsigned char)peek(lx, n)))
            n++;
    }
    e = exponent_len(lx, n);
    if (e) {
        advance(lx, n + e);
        return SC_TOK_FLOAT;
    }
    if (kind == SC_TOK_INT && peek(lx, n) >= 0 && is_ident_char((unsigned char)peek(lx, n))) {
        lx->pos += n;
        lex_ident_rest(lx, false);
        return SC_TOK_IDENT;
    }
    advance(lx, n);
    return kind;
}

static sc_tok_kind lex_op(sc_lexer *lx)
{
    size_t i;
    int c = peek(lx, 0);

    for (i = 0; i < sizeof(multi_ops) / sizeof(multi_ops[0]); i++) {
        size_t n;
        if (multi_ops[i][0] != c) /* most operators are '(' ',' ')': no strlen for them */
            continue;
        n = strlen(multi_ops[i]);
        if (lx->pos + n <= lx->len && memcmp(lx->sql + lx->pos, multi_ops[i], n) == 0) {
            advance(lx, n);
            return SC_TOK_OP;
        }
    }
    advance(lx, 1);
    return c > 0 && strchr(single_ops, c) ? SC_TOK_OP : SC_TOK_ERROR;
}

static bool quote_follows(const sc_lexer *lx)
{
    return peek(lx, 1) == '\'';
}

/* glued: the token follows an identifier without space (t.5 is t . 5, x .5 is x 0.5) */
static sc_tok_kind lex_token(sc_lexer *lx, bool glued)
{
    int c = peek(lx, 0);

    if (c == '\'' || c == '"' || c == '`')
        return lex_string(lx);
    if ((c == 'x' || c == 'X') && quote_follows(lx))
        return lex_quoted_number(lx, true);
    if ((c == 'b' || c == 'B') && quote_follows(lx))
        return lex_quoted_number(lx, false);
    if ((c == 'n' || c == 'N') && quote_follows(lx)) {
        lx->pos++;
        return lex_string(lx) == SC_TOK_STRING ? SC_TOK_NSTRING : SC_TOK_ERROR;
    }
    if (lx->ident_dot && is_ident_char((unsigned char)c)) {
        lex_ident_rest(lx, true); /* MariaDB's MY_LEX_IDENT_SEP: t.5 is column `5` */
        return SC_TOK_IDENT;
    }
    if (is_digit((unsigned char)c))
        return lex_number(lx);
    if (c == '.' && peek(lx, 1) >= 0 && is_digit((unsigned char)peek(lx, 1)) && !glued &&
        !(lx->pos > 0 && lx->sql[lx->pos - 1] == '.')) /* 1..3 is 1 .. 3 */
        return lex_number(lx);
    if (c >= 0x80 && char_len_at(lx, lx->pos) == 0) {
        advance(lx, 1); /* not a character: MariaDB's MY_LEX_CHAR, a syntax error */
        return SC_TOK_ERROR;
    }
    if (is_ident_char((unsigned char)c)) {
        lex_ident_rest(lx, false);
        return SC_TOK_IDENT;
    }
    return lex_op(lx);
}

sc_token sc_lex__next(sc_lexer *lx)
{
    sc_token t;
    bool skipped = false;

    memset(&t, 0, sizeof(t));
    if (!skip_space(lx, &skipped)) {
        t.kind = SC_TOK_ERROR;
        t.start = lx->pos;
        t.line = lx->line;
        t.len = lx->len - lx->pos;
        advance(lx, t.len);
        return t;
    }
    t.start = lx->pos;
    t.line = lx->line;
    t.space_before = skipped;
    if (lx->pos >= lx->len) {
        t.kind = SC_TOK_EOF;
        return t;
    }
    t.kind = lex_token(lx, !skipped && (lx->prev == SC_TOK_IDENT || lx->prev == SC_TOK_QIDENT));
    t.len = lx->pos - t.start;
    lx->ident_dot = t.kind == SC_TOK_OP && t.len == 1 && lx->sql[t.start] == '.' && !skipped &&
                    (lx->prev == SC_TOK_IDENT || lx->prev == SC_TOK_QIDENT);
    lx->prev = t.kind;
    return t;
}

static int word_cmp(const char *word, size_t len, const char *res)
{
    size_t i;

    for (i = 0; i < len && res[i]; i++) {
        unsigned char a = (unsigned char)word[i], b = (unsigned char)res[i];
        if (a >= 'a' && a <= 'z')
            a = (unsigned char)(a - 'a' + 'A');
        if (a != b)
            return a < b ? -1 : 1;
    }
    if (i == len)
        return res[i] ? -1 : 0;
    return 1;
}

static bool in_list(const char *const *list, size_t n, const char *word, size_t len)
{
    size_t lo = 0, hi = n;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = word_cmp(word, len, list[mid]);
        if (c == 0)
            return true;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return false;
}

bool sc_lex__is_reserved(const char *word, size_t len)
{
    return in_list(reserved_words, N_RESERVED, word, len);
}

bool sc_lex__is_keyword(const char *word, size_t len)
{
    return in_list(reserved_words, N_RESERVED, word, len) ||
           in_list(nonreserved_keywords, N_NONRESERVED, word, len);
}

char *sc_lex__ident(sc_arena *a, const char *sql, const sc_token *tok, unsigned flags)
{
    const char *s = sql + tok->start;
    char q, *out;
    size_t i, n = 0;

    (void)flags;
    if (tok->kind != SC_TOK_QIDENT)
        return sc__arena_strndup(a, s, tok->len);
    q = s[0];
    out = sc__arena_calloc(a, tok->len);
    if (!out)
        return NULL;
    for (i = 1; i + 1 < tok->len; i++) {
        out[n++] = s[i];
        if (s[i] == q)
            i++; /* doubled quote */
    }
    out[n] = '\0';
    return out;
}

static char unescape(char c, bool *keep_backslash)
{
    *keep_backslash = false;
    switch (c) {
    case '0':
        return '\0';
    case 'b':
        return '\b';
    case 'n':
        return '\n';
    case 'r':
        return '\r';
    case 't':
        return '\t';
    case 'Z':
        return '\032';
    case '%':
    case '_':
        *keep_backslash = true; /* LIKE wildcards keep their backslash */
        return c;
    default:
        return c;
    }
}

int sc_lex__string(
    sc_ast_str *out, sc_arena *a, const char *sql, const sc_token *tok, unsigned flags)
{
    size_t off = tok->kind == SC_TOK_NSTRING ? 1 : 0;
    const char *s = sql + tok->start + off;
    size_t len = tok->len - off, i, n = 0;
    char q = s[0], *buf = sc__arena_calloc(a, len + 1);
    bool bs = !(flags & SC_LEX_NO_BACKSLASH_ESCAPES), keep;

    if (!buf)
        return SC_ENOMEM;
    for (i = 1; i + 1 < len; i++) {
        if (s[i] == '\\' && bs && i + 2 < len) {
            char c = unescape(s[++i], &keep);
            if (keep)
                buf[n++] = '\\';
            buf[n++] = c;
        } else {
            buf[n++] = s[i];
            if (s[i] == q)
                i++; /* doubled quote */
        }
    }
    buf[n] = '\0';
    out->s = buf;
    out->len = n;
    return SC_OK;
}

void sc_lex__digits(size_t *start_out, size_t *len_out, const char *sql, const sc_token *tok)
{
    const char *s = sql + tok->start;

    if (s[0] == '0') { /* 0x.. / 0b.. */
        *start_out = tok->start + 2;
        *len_out = tok->len - 2;
    } else { /* X'..' / B'..' */
        *start_out = tok->start + 2;
        *len_out = tok->len >= 3 ? tok->len - 3 : 0;
    }
}

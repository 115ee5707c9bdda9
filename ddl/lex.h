/*
 * lex.h - tokens of MariaDB 10.11 SQL text, as the server's lexer
 * (sql/sql_lex.cc) cuts them: identifiers (also digits-first like 1a,
 * `quoted`, "quoted" under ANSI_QUOTES), keywords (identifier tokens; the
 * parser matches them by text), strings, numbers, hex/bit literals,
 * operators. Comments are skipped: `-- ` (dash dash + space/control),
 * `#`, C-style block comments; executable comments (slash-star-bang,
 * optionally followed by a 5 or 6 digit version, or slash-star-M-bang) have
 * their contents tokenised when the version is at most SC_LEX_SERVER_VERSION
 * (10.11.99), else they are skipped like comments.
 *
 * The lexer allocates nothing: a token is a span of the input plus its
 * kind and line; sc_lex__ident()/sc_lex__string() decode a span into an
 * arena. Errors (unterminated string or comment, odd hex digits) come back
 * as SC_TOK_ERROR tokens, which the parser reports as MariaDB's 1064.
 */
#ifndef SC_DDL_LEX_H
#define SC_DDL_LEX_H

#include <stddef.h>
#include <stdbool.h>

#include "ddl/ast.h"

/** Version compared with executable comments: MariaDB 10.11.x = 101100 + x; we accept up to 101199.
 */
#define SC_LEX_SERVER_VERSION 101199UL

/* Lexer flags (same bits as SC_PARSE_* in parse.h). */
#define SC_LEX_ANSI_QUOTES 0x1
#define SC_LEX_NO_BACKSLASH_ESCAPES 0x2

typedef enum sc_tok_kind {
    SC_TOK_EOF = 0,
    SC_TOK_IDENT,   /* unquoted identifier or keyword */
    SC_TOK_QIDENT,  /* `quoted` (or "quoted" with ANSI_QUOTES) identifier */
    SC_TOK_STRING,  /* 'string' or "string" */
    SC_TOK_NSTRING, /* N'string' (national) */
    SC_TOK_INT,     /* 123 */
    SC_TOK_DECIMAL, /* 1.5 .5 5. */
    SC_TOK_FLOAT,   /* 1e5 1.5e-3 */
    SC_TOK_HEX,     /* X'41' x'41' 0x41 */
    SC_TOK_BIN,     /* B'101' b'101' 0b101 */
    SC_TOK_OP,      /* punctuation / operator: ( ) , . ; = <=> <= >= <> != < > + - * / % ^
                       & | ~ ! << >> || && := @ @@ ? { } : */
    SC_TOK_ERROR,   /* unterminated string/comment or malformed literal */
} sc_tok_kind;

/** One token: a span of the input. */
typedef struct sc_token {
    sc_tok_kind kind;
    size_t start;      /* byte offset of the first byte */
    size_t len;        /* bytes of the token (quotes included) */
    unsigned line;     /* 1-based line of the first byte */
    bool space_before; /* whitespace or a comment precedes it (function-call rule) */
} sc_token;

/** Lexer state over one text. Zero-initialise with sc_lex__init(). */
typedef struct sc_lexer {
    const char *sql;  /* text (need not be NUL-terminated) */
    size_t len;       /* bytes */
    size_t pos;       /* next byte to read */
    unsigned line;    /* line of pos */
    unsigned flags;   /* SC_LEX_* */
    int in_vcomment;  /* inside an executed comment: its closing star-slash is skipped */
    sc_tok_kind prev; /* kind of the previous token (for the .5 rule) */
    bool ident_dot;   /* previous token is a '.' glued to an identifier: the next word
                         is a name even if it starts with digits (t.1, db.5x) */
} sc_lexer;

/** Start lexing sql[0..len). */
void sc_lex__init(sc_lexer *lx, const char *sql, size_t len, unsigned flags);

/** The next token (SC_TOK_EOF at the end, repeatedly). */
sc_token sc_lex__next(sc_lexer *lx);

/*
 * The parser asks these two for almost every token it tries (a CREATE TABLE
 * of 8 columns: hundreds of calls through chains of accept_word), so they
 * are inline, one pass that stops at the first byte that differs.
 */
/** Whether tok is the operator op (exact text, e.g. "(", "<=>"). */
static inline bool sc_lex__is_op(const char *sql, const sc_token *tok, const char *op)
{
    const char *s = sql + tok->start;
    size_t i;

    if (tok->kind != SC_TOK_OP)
        return false;
    for (i = 0; i < tok->len; i++)
        if (!op[i] || s[i] != op[i])
            return false;
    return op[i] == '\0';
}

/* ASCII upper case (keywords are ASCII; other bytes never match one). */
static inline unsigned char sc_lex__upper(unsigned char c)
{
    return c >= 'a' && c <= 'z' ? (unsigned char)(c - 'a' + 'A') : c;
}

/** Whether an IDENT token equals word, ASCII case-insensitively. */
static inline bool sc_lex__is_word(const char *sql, const sc_token *tok, const char *word)
{
    const unsigned char *s = (const unsigned char *)sql + tok->start;
    size_t i;

    if (tok->kind != SC_TOK_IDENT)
        return false;
    for (i = 0; i < tok->len; i++)
        if (!word[i] || sc_lex__upper(s[i]) != sc_lex__upper((unsigned char)word[i]))
            return false;
    return word[i] == '\0';
}

/** Whether word[0..len) (any case) is a MariaDB 10.11 reserved word (never a bare name). */
bool sc_lex__is_reserved(const char *word, size_t len);

/**
 * Whether word[0..len) is any keyword of MariaDB's lexer, reserved or not.
 * Non-reserved keywords are names, but not the grammar's IDENT_sys.
 */
bool sc_lex__is_keyword(const char *word, size_t len);

/**
 * Decode an IDENT/QIDENT token into a NUL-terminated identifier in the
 * arena (quotes removed, doubled quotes collapsed). NULL on allocation failure.
 */
char *sc_lex__ident(sc_arena *a, const char *sql, const sc_token *tok, unsigned flags);

/**
 * Decode a STRING/NSTRING token into its value (quotes removed, '' and
 * backslash escapes processed unless SC_LEX_NO_BACKSLASH_ESCAPES).
 * @return SC_OK or SC_ENOMEM
 */
int sc_lex__string(
    sc_ast_str *out, sc_arena *a, const char *sql, const sc_token *tok, unsigned flags);

/**
 * The digits of a HEX/BIN token (without X'', 0x, B'', 0b) as a span.
 */
void sc_lex__digits(size_t *start_out, size_t *len_out, const char *sql, const sc_token *tok);

#endif /* SC_DDL_LEX_H */

/*
 * check_ddl_lex.c - the SQL tokenizer (ddl/lex.h): token kinds, comments and
 * executable comments, string escapes, sql_mode flags, positions, reserved
 * words.
 */
#include <string.h>

#include "tests/fixtures.h"
#include "ddl/lex.h"

#define MAX_TOKS 64

/* Tokenize sql into toks (EOF excluded); returns the count. */
static size_t lex_all(const char *sql, unsigned flags, sc_token *toks)
{
    sc_lexer lx;
    size_t n = 0;

    sc_lex__init(&lx, sql, strlen(sql), flags);
    for (;;) {
        sc_token t = sc_lex__next(&lx);
        if (t.kind == SC_TOK_EOF)
            return n;
        ck_assert_uint_lt(n, MAX_TOKS);
        toks[n++] = t;
    }
}

/* Assert token i has kind k and text s. */
static void tok_is(const char *sql, const sc_token *t, sc_tok_kind k, const char *s)
{
    ck_assert_msg(t->kind == k, "token '%.*s': kind %d, want %d", (int)t->len, sql + t->start,
                  (int)t->kind, (int)k);
    ck_assert_uint_eq(t->len, strlen(s));
    ck_assert_msg(memcmp(sql + t->start, s, t->len) == 0, "token '%.*s', want '%s'", (int)t->len,
                  sql + t->start, s);
}

START_TEST(test_ddl_lex_kinds)
{
    const char *sql = "abc 12 1.5 .5 5. 1e3 1.5E-3 'x' \"y\" `z` N'n' X'41' 0x41 B'10' 0b10 "
                      "1a 1e 0x1g <=> != := @@ @ ( ) , ; ~";
    static const struct {
        sc_tok_kind k;
        const char *s;
    } want[] = {
        {SC_TOK_IDENT, "abc"},    {SC_TOK_INT, "12"},       {SC_TOK_DECIMAL, "1.5"},
        {SC_TOK_DECIMAL, ".5"},   {SC_TOK_DECIMAL, "5."},   {SC_TOK_FLOAT, "1e3"},
        {SC_TOK_FLOAT, "1.5E-3"}, {SC_TOK_STRING, "'x'"},   {SC_TOK_STRING, "\"y\""},
        {SC_TOK_QIDENT, "`z`"},   {SC_TOK_NSTRING, "N'n'"}, {SC_TOK_HEX, "X'41'"},
        {SC_TOK_HEX, "0x41"},     {SC_TOK_BIN, "B'10'"},    {SC_TOK_BIN, "0b10"},
        {SC_TOK_IDENT, "1a"},     {SC_TOK_IDENT, "1e"},     {SC_TOK_IDENT, "0x1g"},
        {SC_TOK_OP, "<=>"},       {SC_TOK_OP, "!="},        {SC_TOK_OP, ":="},
        {SC_TOK_OP, "@@"},        {SC_TOK_OP, "@"},         {SC_TOK_OP, "("},
        {SC_TOK_OP, ")"},         {SC_TOK_OP, ","},         {SC_TOK_OP, ";"},
        {SC_TOK_OP, "~"},
    };
    sc_token toks[MAX_TOKS];
    size_t n = lex_all(sql, 0, toks), i;

    ck_assert_uint_eq(n, sizeof(want) / sizeof(want[0]));
    for (i = 0; i < n; i++)
        tok_is(sql, &toks[i], want[i].k, want[i].s);
}
END_TEST

START_TEST(test_ddl_lex_unicode_and_dot)
{
    const char *sql = "größe t.1c `a``b`";
    sc_token toks[MAX_TOKS];
    size_t n = lex_all(sql, 0, toks);

    ck_assert_uint_eq(n, 5);
    tok_is(sql, &toks[0], SC_TOK_IDENT, "größe");
    tok_is(sql, &toks[1], SC_TOK_IDENT, "t");
    tok_is(sql, &toks[2], SC_TOK_OP, ".");
    tok_is(sql, &toks[3], SC_TOK_IDENT, "1c"); /* after an identifier, '.' is not a decimal point */
    tok_is(sql, &toks[4], SC_TOK_QIDENT, "`a``b`");
    /* after `ident.`, a word is a name even when it is all digits */
    sql = "t.5 `u`.12e3 x .5";
    n = lex_all(sql, 0, toks);
    ck_assert_uint_eq(n, 8);
    tok_is(sql, &toks[2], SC_TOK_IDENT, "5");
    tok_is(sql, &toks[5], SC_TOK_IDENT, "12e3");
    tok_is(sql, &toks[7], SC_TOK_DECIMAL, ".5");
}
END_TEST

START_TEST(test_ddl_lex_comments)
{
    const char *sql = "a -- c1\n b --c\n #x\n /* y */ d /*! e */ /*!50100 f */ /*!999999 g */ "
                      "/*M!100100 h */ /*M!999999 i */ /*!101199 j */ k -- ";
    sc_token toks[MAX_TOKS];
    size_t n = lex_all(sql, 0, toks);

    ck_assert_uint_eq(n, 11);
    tok_is(sql, &toks[0], SC_TOK_IDENT, "a");
    tok_is(sql, &toks[1], SC_TOK_IDENT, "b");
    tok_is(sql, &toks[2], SC_TOK_OP, "-"); /* `--c`: no space, so two minus signs */
    tok_is(sql, &toks[3], SC_TOK_OP, "-");
    tok_is(sql, &toks[4], SC_TOK_IDENT, "c");
    tok_is(sql, &toks[5], SC_TOK_IDENT, "d");
    tok_is(sql, &toks[6], SC_TOK_IDENT, "e");
    tok_is(sql, &toks[7], SC_TOK_IDENT, "f");
    tok_is(sql, &toks[8], SC_TOK_IDENT, "h");
    tok_is(sql, &toks[9], SC_TOK_IDENT, "j");
    tok_is(sql, &toks[10], SC_TOK_IDENT, "k"); /* a trailing `-- ` at the end is a comment */
    sql = "/*!101199 k */";
    n = lex_all(sql, 0, toks);
    ck_assert_uint_eq(n, 1);
    sql = "/*!101200 k */";
    n = lex_all(sql, 0, toks);
    ck_assert_uint_eq(n, 0);
    /* MySQL 5.7+/8.0 versions (50700..99999) are skipped by MariaDB, as in
     * mysqldump's versioned INVISIBLE, unless in the M form; checked on 10.11.19. */
    sql = "/*!50699 a */ /*!50700 b */ /*!80023 c */ /*!99999 d */ /*!100000 e */ "
          "/*M!050700 f */";
    n = lex_all(sql, 0, toks);
    ck_assert_uint_eq(n, 3);
    tok_is(sql, &toks[0], SC_TOK_IDENT, "a");
    tok_is(sql, &toks[1], SC_TOK_IDENT, "e");
    tok_is(sql, &toks[2], SC_TOK_IDENT, "f");
}
END_TEST

START_TEST(test_ddl_lex_unterminated)
{
    const char *bad[] = {"'abc", "`abc", "\"abc", "/* abc", "X'4'", "X'4g'", "a \x01"};
    sc_token toks[MAX_TOKS];
    size_t i, n;

    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        n = lex_all(bad[i], 0, toks);
        ck_assert_msg(n > 0 && toks[n - 1].kind == SC_TOK_ERROR, "no error token for %s", bad[i]);
    }
}
END_TEST

static void check_string(const char *sql, unsigned flags, const char *want, size_t want_len)
{
    sc_ctx *ctx;
    sc_arena *a;
    sc_token toks[MAX_TOKS];
    sc_ast_str s;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    a = sc__arena_new(ctx, SC_AST_ARENA_CHUNK);
    ck_assert_ptr_nonnull(a);
    ck_assert_uint_eq(lex_all(sql, flags, toks), 1);
    ck_assert_int_eq(sc_lex__string(&s, a, sql, &toks[0], flags), SC_OK);
    ck_assert_uint_eq(s.len, want_len);
    ck_assert(memcmp(s.s, want, want_len) == 0);
    sc__arena_delete(a);
    sc_ctx_free(ctx);
}

START_TEST(test_ddl_lex_string_escapes)
{
    check_string("'a\\0b\\'c\\\"d\\be\\nf\\rg\\th\\Zi\\\\j\\%k\\_l\\qm'", 0,
                 "a\0b'c\"d\be\nf\rg\th\032i\\j\\%k\\_lqm", 27);
    check_string("'it''s'", 0, "it's", 4);
    check_string("\"say \"\"hi\"\"\"", 0, "say \"hi\"", 8);
    check_string("N'n\\n'", 0, "n\n", 2);
    /* NO_BACKSLASH_ESCAPES: a backslash is a plain character */
    check_string("'a\\'", SC_LEX_NO_BACKSLASH_ESCAPES, "a\\", 2);
}
END_TEST

START_TEST(test_ddl_lex_ansi_quotes)
{
    sc_token toks[MAX_TOKS];
    sc_ctx *ctx;
    sc_arena *a;
    const char *sql = "\"a\"\"b\"";
    char *id;

    ck_assert_uint_eq(lex_all(sql, SC_LEX_ANSI_QUOTES, toks), 1);
    ck_assert_int_eq(toks[0].kind, SC_TOK_QIDENT);
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    a = sc__arena_new(ctx, SC_AST_ARENA_CHUNK);
    id = sc_lex__ident(a, sql, &toks[0], SC_LEX_ANSI_QUOTES);
    ck_assert_str_eq(id, "a\"b");
    ck_assert_uint_eq(lex_all(sql, 0, toks), 1);
    ck_assert_int_eq(toks[0].kind, SC_TOK_STRING);
    sc__arena_delete(a);
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_ddl_lex_positions)
{
    /* lines count newlines in whitespace and comments, not inside quotes (MariaDB's yylineno) */
    const char *sql = "a\n  'x\ny' b\n/* c\n */ d";
    sc_token toks[MAX_TOKS];

    ck_assert_uint_eq(lex_all(sql, 0, toks), 4);
    ck_assert_uint_eq(toks[0].start, 0);
    ck_assert_uint_eq(toks[0].line, 1);
    ck_assert_uint_eq(toks[1].start, 4);
    ck_assert_uint_eq(toks[1].line, 2);
    ck_assert_uint_eq(toks[2].start, 10);
    ck_assert_uint_eq(toks[2].line, 2);
    ck_assert(toks[2].space_before);
    ck_assert_uint_eq(toks[3].line, 4);
    ck_assert_uint_eq(toks[3].start, strlen(sql) - 1);
}
END_TEST

START_TEST(test_ddl_lex_reserved)
{
    ck_assert(sc_lex__is_reserved("select", 6));
    ck_assert(sc_lex__is_reserved("Key", 3));
    ck_assert(sc_lex__is_reserved("ZEROFILL", 8));
    ck_assert(sc_lex__is_reserved("ACCESSIBLE", 10));
    ck_assert(!sc_lex__is_reserved("status", 6));
    ck_assert(!sc_lex__is_reserved("position", 8));
    ck_assert(!sc_lex__is_reserved("keys_", 5));
    ck_assert(!sc_lex__is_reserved("ke", 2));
    ck_assert(!sc_lex__is_reserved("", 0));
    /* names in MariaDB's grammar although some lists call them reserved */
    ck_assert(!sc_lex__is_reserved("window", 6));
    ck_assert(!sc_lex__is_reserved("option", 6));
    ck_assert(!sc_lex__is_reserved("general", 7));
    /* the non-reserved keywords: names, but no IDENT_sys */
    ck_assert(sc_lex__is_keyword("ACCOUNT", 7));
    ck_assert(sc_lex__is_keyword("type", 4));
    ck_assert(sc_lex__is_keyword("X509", 4));
    ck_assert(sc_lex__is_keyword("XML", 3));
    ck_assert(sc_lex__is_keyword("select", 6));
    ck_assert(!sc_lex__is_keyword("foobar", 6));
    ck_assert(!sc_lex__is_keyword("encrypted", 9));
}
END_TEST

Suite *sc_test_ddl_lex_suite(void);

Suite *sc_test_ddl_lex_suite(void)
{
    Suite *s = suite_create("ddl_lex");
    TCase *tc = tcase_create("tokens");

    tcase_add_test(tc, test_ddl_lex_kinds);
    tcase_add_test(tc, test_ddl_lex_unicode_and_dot);
    tcase_add_test(tc, test_ddl_lex_comments);
    tcase_add_test(tc, test_ddl_lex_unterminated);
    tcase_add_test(tc, test_ddl_lex_string_escapes);
    tcase_add_test(tc, test_ddl_lex_ansi_quotes);
    tcase_add_test(tc, test_ddl_lex_positions);
    tcase_add_test(tc, test_ddl_lex_reserved);
    suite_add_tcase(s, tc);
    return s;
}

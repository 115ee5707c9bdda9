/*
 * check_ddl_parse.c - the DDL parser (ddl/parse.h): every statement of the
 * oracle DDL corpus parses as MariaDB 10.11 did (1064 messages identical,
 * everything else free of syntax errors), plus AST shapes of representative
 * statements and error positions.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fixtures.h"
#include "ddl/parse.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */

static sc_ast_stmt *parse_ok(sc_ctx *ctx, const char *sql)
{
    sc_ast_stmt *st = NULL;
    int rc = sc_ddl__parse(&st, ctx, sql, strlen(sql), NULL);

    ck_assert_msg(rc == SC_OK, "parse failed: %s\n  for: %s", sc_ctx_last_error(ctx)->message,
                  sql);
    return st;
}

/* Parse sql expecting failure; returns the error. */
static const sc_error *parse_err(sc_ctx *ctx, const char *sql)
{
    sc_ast_stmt *st = NULL;
    int rc = sc_ddl__parse(&st, ctx, sql, strlen(sql), NULL);

    ck_assert_msg(rc != SC_OK, "parse unexpectedly succeeded: %s", sql);
    ck_assert_ptr_null(st);
    return sc_ctx_last_error(ctx);
}

#define NEAR_PREFIX                                                                                \
    "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB "    \
    "server version for the right syntax to use near "

static void assert_near(sc_ctx *ctx, const char *sql, const char *near_and_line)
{
    const sc_error *e = parse_err(ctx, sql);
    char want[512];

    snprintf(want, sizeof(want), NEAR_PREFIX "%s", near_and_line);
    ck_assert_uint_eq(e->mysql_errno, 1064);
    ck_assert_str_eq(e->sqlstate, "42000");
    ck_assert_str_eq(e->message, want);
}

/* ------------------------------------------------------------------ */
/* Corpus                                                               */

/* Escape a message the way results.txt does (\ \n \r \t). */
static void escape_msg(char *out, size_t size, const char *msg)
{
    size_t n = 0;

    for (; *msg && n + 3 < size; msg++) {
        const char *rep = *msg == '\\' ? "\\\\" : *msg == '\n' ? "\\n" : *msg == '\r' ? "\\r"
                                                  : *msg == '\t' ? "\\t" : NULL;
        if (rep) {
            out[n++] = rep[0];
            out[n++] = rep[1];
        } else {
            out[n++] = *msg;
        }
    }
    out[n] = '\0';
}

/* Errors MariaDB raises from its parser: we must raise them too. */
static bool parser_errno(unsigned e)
{
    return e == 1064 || e == 1300 || e == 4161;
}

typedef struct corpus_stats {
    unsigned statements, failures;
    char report[4096];
} corpus_stats;

static void report(corpus_stats *cs, const char *sql, const char *got, const char *want)
{
    size_t n = strlen(cs->report);

    cs->failures++;
    if (n + 200 < sizeof(cs->report))
        snprintf(cs->report + n, sizeof(cs->report) - n, "- %.120s\n  got:  %s\n  want: %s\n",
                 sql, got, want);
}

/* Compare one statement with its results.txt line. */
static void check_statement(corpus_stats *cs, sc_ctx *ctx, const char *sql, size_t len,
                            const char *expect)
{
    sc_ast_stmt *st = NULL;
    unsigned want_errno = 0;
    char got[1024];
    int rc;

    if (strncmp(expect, "error ", 6) == 0)
        want_errno = (unsigned)strtoul(expect + 6, NULL, 10);
    sc_ctx_clear_error(ctx);
    rc = sc_ddl__parse(&st, ctx, sql, len, NULL);
    sc_ast__stmt_free(st);
    cs->statements++;
    if (rc == SC_OK) {
        if (parser_errno(want_errno))
            report(cs, sql, "ok", expect);
        return;
    }
    if (!parser_errno(want_errno)) {
        report(cs, sql, sc_ctx_last_error(ctx)->message, expect);
        return;
    }
    snprintf(got, sizeof(got), "error %u %s ", sc_ctx_last_error(ctx)->mysql_errno,
             sc_ctx_last_error(ctx)->sqlstate);
    escape_msg(got + strlen(got), sizeof(got) - strlen(got), sc_ctx_last_error(ctx)->message);
    if (strcmp(got, expect) != 0)
        report(cs, sql, got, expect);
}

/* Split input.sql by the README rule and check each statement against results.txt. */
static void check_case(corpus_stats *cs, sc_ctx *ctx, const char *dir)
{
    char path[1024], *in, *res, *line, *rline, *save_in = NULL, *save_res = NULL;
    char stmt[65536];
    size_t slen = 0;

    snprintf(path, sizeof(path), "%s/input.sql", dir);
    in = sc_fixture_read_file(path, NULL);
    snprintf(path, sizeof(path), "%s/results.txt", dir);
    res = sc_fixture_read_file(path, NULL);
    ck_assert_msg(in && res, "cannot read case %s", dir);
    rline = strtok_r(res, "\n", &save_res);
    for (line = strtok_r(in, "\n", &save_in); line; line = strtok_r(NULL, "\n", &save_in)) {
        size_t n = strlen(line);
        while (n && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
            n--;
        if (slen)
            stmt[slen++] = '\n';
        ck_assert(slen + n < sizeof(stmt));
        memcpy(stmt + slen, line, n);
        slen += n;
        if (n && line[n - 1] == ';') {
            ck_assert_msg(rline != NULL, "results.txt too short in %s", dir);
            check_statement(cs, ctx, stmt, slen - 1, rline);
            rline = strtok_r(NULL, "\n", &save_res);
            slen = 0;
        }
    }
    free(in);
    free(res);
}

START_TEST(test_ddl_parse_corpus_all)
{
    char root[1024], dir[2048];
    corpus_stats cs;
    struct dirent *de;
    sc_ctx *ctx;
    DIR *d;

    memset(&cs, 0, sizeof(cs));
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    snprintf(root, sizeof(root), "%s/ddl", sc_fixture_oracle_dir());
    d = opendir(root);
    ck_assert_msg(d != NULL, "no corpus at %s", root);
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] < '0' || de->d_name[0] > '9')
            continue;
        snprintf(dir, sizeof(dir), "%s/%s", root, de->d_name);
        check_case(&cs, ctx, dir);
    }
    closedir(d);
    sc_ctx_free(ctx);
    ck_assert_uint_gt(cs.statements, 500);
    ck_assert_msg(cs.failures == 0, "%u of %u statements differ:\n%s", cs.failures, cs.statements,
                  cs.report);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Error positions                                                      */

START_TEST(test_ddl_parse_error_near_text)
{
    sc_ctx *ctx;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    assert_near(ctx, "ALTER TABLE", "'' at line 1");
    assert_near(ctx, "CREATE TABLE t (a INT)\nENGINE", "'' at line 2");
    assert_near(ctx, "CREATE TABLE t (\n  a INT DEFAULT 1+1,\n  b INT)",
                "'+1,\n  b INT)' at line 2");
    assert_near(ctx, "FOO BAR", "'FOO BAR' at line 1");
    assert_near(ctx, "CREATE TABLE t (a INT, b INT, c INT, d INT, e INT, f INT, g INT, h INT, i INT, "
                     "j INT, k INT) BOGUS",
                "'BOGUS' at line 1");
    /* the rest of the statement is cut at 80 bytes */
    assert_near(ctx, "DROP TABLE t1 t2 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
                     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                "'t2 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' "
                "at line 1");
    /* a reserved word is not a name */
    assert_near(ctx, "CREATE TABLE select (a INT)", "'select (a INT)' at line 1");
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_ddl_parse_error_other_parser_errors)
{
    const sc_error *e;
    sc_ctx *ctx;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    e = parse_err(ctx, "CREATE TABLE t (a FOO)");
    ck_assert_uint_eq(e->mysql_errno, 4161);
    ck_assert_str_eq(e->message, "Unknown data type: 'FOO'");
    e = parse_err(ctx, "CREATE TABLE t (`x\xF0\x9F\x98\x80` INT)");
    ck_assert_uint_eq(e->mysql_errno, 1300);
    ck_assert_str_eq(e->message, "Invalid utf8mb4 character string: 'x\\xF0\\x9F\\x98\\x80'");
    sc_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------------ */
/* AST shapes                                                           */

START_TEST(test_ddl_parse_ast_create_table)
{
    sc_ast_stmt *st;
    const sc_ast_create_table *ct;
    const sc_ast_column *c;
    sc_ctx *ctx;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    st = parse_ok(ctx, "CREATE TABLE IF NOT EXISTS db.t (id INT UNSIGNED NOT NULL AUTO_INCREMENT, "
                       "name VARCHAR(20) CHARACTER SET latin1 DEFAULT 'x' COMMENT 'n', "
                       "PRIMARY KEY (id), KEY k (name(5) DESC)) ENGINE=InnoDB, COMMENT 'c'");
    ck_assert_int_eq(st->kind, SC_AST_STMT_CREATE_TABLE);
    ct = st->create_table;
    ck_assert(ct->if_not_exists);
    ck_assert_str_eq(ct->name.db, "db");
    ck_assert_str_eq(ct->name.name, "t");
    ck_assert_uint_eq(ct->n_defs, 4);
    c = ct->defs[0].column;
    ck_assert_str_eq(c->name, "id");
    ck_assert_int_eq(c->type.kind, SC_AST_TYPE_INT);
    ck_assert(c->type.is_unsigned);
    ck_assert_int_eq(c->null_spec, SC_AST_NULL_NOT_NULL);
    ck_assert(c->auto_increment);
    c = ct->defs[1].column;
    ck_assert_int_eq(c->type.kind, SC_AST_TYPE_VARCHAR);
    ck_assert_uint_eq(c->type.length.value, 20);
    ck_assert_str_eq(c->type.charset, "latin1");
    ck_assert_int_eq(c->default_expr->kind, SC_AST_EXPR_LITERAL);
    ck_assert_int_eq(c->default_expr->lit.kind, SC_AST_LIT_STRING);
    ck_assert_str_eq(c->default_expr->lit.text.s, "x");
    ck_assert_str_eq(c->comment->s, "n");
    ck_assert_int_eq(ct->defs[2].index->kind, SC_AST_INDEX_PRIMARY);
    ck_assert_str_eq(ct->defs[3].index->name, "k");
    ck_assert_uint_eq(ct->defs[3].index->parts[0].length.value, 5);
    ck_assert_int_eq(ct->defs[3].index->parts[0].order, SC_AST_ORDER_DESC);
    ck_assert_uint_eq(ct->n_options, 2);
    ck_assert_int_eq(ct->options[0].kind, SC_AST_TOPT_ENGINE);
    ck_assert_str_eq(ct->options[0].value.s, "InnoDB");
    ck_assert_int_eq(ct->options[1].kind, SC_AST_TOPT_COMMENT);
    sc_ast__stmt_free(st);
    sc_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------------ */

Suite *sc_test_ddl_parse_suite(void);

Suite *sc_test_ddl_parse_suite(void)
{
    Suite *s = suite_create("ddl_parse");
    TCase *tc = tcase_create("corpus");

    tcase_add_test(tc, test_ddl_parse_corpus_all);
    suite_add_tcase(s, tc);
    tc = tcase_create("errors");
    tcase_add_test(tc, test_ddl_parse_error_near_text);
    tcase_add_test(tc, test_ddl_parse_error_other_parser_errors);
    suite_add_tcase(s, tc);
    tc = tcase_create("ast");
    tcase_add_test(tc, test_ddl_parse_ast_create_table);
    suite_add_tcase(s, tc);
    return s;
}

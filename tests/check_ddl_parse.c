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
#include "ddl/select.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                              */

static sc_ast_stmt *parse_ok(sc_ctx *ctx, const char *sql)
{
    sc_ast_stmt *st = NULL;
    int rc = sc_ddl__parse(&st, ctx, sql, strlen(sql), NULL);

    ck_assert_msg(rc == SC_OK, "parse failed: %s\n  for: %s", sc_ctx_last_error(ctx)->message, sql);
    return st;
}

static void parse_ok_free(sc_ctx *ctx, const char *sql)
{
    sc_ast__stmt_free(parse_ok(ctx, sql));
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
    "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB "     \
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
        const char *rep = *msg == '\\'   ? "\\\\"
                          : *msg == '\n' ? "\\n"
                          : *msg == '\r' ? "\\r"
                          : *msg == '\t' ? "\\t"
                                         : NULL;
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
        snprintf(cs->report + n, sizeof(cs->report) - n, "- %.120s\n  got:  %s\n  want: %s\n", sql,
                 got, want);
}

/* Compare one statement with its results.txt line. */
static void
check_statement(corpus_stats *cs, sc_ctx *ctx, const char *sql, size_t len, const char *expect)
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
    /* newlines inside quotes do not advance MariaDB's line counter */
    /* An unknown word in the options is an option name that needs '=' (so the
     * error is at the word after it, or at the end); every expectation below
     * was checked on MariaDB 10.11.19. */
    assert_near(ctx, "CREATE TABLE t (a INT COMMENT 'x\ny\nz'\n) BOGUS BAR", "'BAR' at line 2");
    assert_near(ctx, "CREATE TABLE t (a INT COMMENT 'x\ny\nz'\n) BOGUS", "'' at line 2");
    assert_near(ctx,
                "CREATE TABLE t (a INT, b INT, c INT, d INT, e INT, f INT, g INT, h INT, i INT, "
                "j INT, k INT) ENGINE=InnoDB, BOGUS",
                "'' at line 1");
    /* a rest longer than 80 bytes: 77 bytes of whole characters, then "..." */
    assert_near(
        ctx,
        "DROP TABLE t1 t2 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "'t2 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...' "
        "at line 1");
    /* exactly 80 bytes: whole */
    assert_near(
        ctx,
        "DROP TABLE t1 t2 "
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "'t2 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' "
        "at line 1");
    /* utf8mb3 messages: a 4-byte character prints as '?' */
    assert_near(ctx, "DROP TABLE t1 t2 \xC3\xA9\xF0\x9F\x98\x80x", "'t2 \xC3\xA9?x' at line 1");
    assert_near(
        ctx,
        "DROP TABLE t1 t2 "
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        "\xC3\xA9",
        "'t2 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...' "
        "at line 1");
    /* a reserved word is not a name */
    assert_near(ctx, "CREATE TABLE select (a INT)", "'select (a INT)' at line 1");
    /* MariaDB's grammar, not MySQL's: no COLUMN_FORMAT, no TYPE=, no VISIBLE indexes */
    assert_near(ctx, "CREATE TABLE t (a INT COLUMN_FORMAT FIXED)",
                "'COLUMN_FORMAT FIXED)' at line 1");
    assert_near(ctx, "CREATE TABLE t (a INT) TYPE=InnoDB", "'TYPE=InnoDB' at line 1");
    assert_near(ctx, "CREATE INDEX i ON t (a) INVISIBLE", "'INVISIBLE' at line 1");
    /* COMPRESSED: after a BLOB/TEXT type, or after another attribute */
    assert_near(ctx, "CREATE TABLE t (a INT COMPRESSED)", "'COMPRESSED)' at line 1");
    /* a keyword is no type name (an unknown identifier is 4161) */
    assert_near(ctx, "CREATE TABLE t (a STATUS)", "'STATUS)' at line 1");
    /* predicates chain (a LIKE 'x' LIKE 'y' parses in 10.11.19), but
     * BETWEEN's lower bound is a bit_expr */
    parse_ok_free(ctx, "CREATE TABLE t (a INT CHECK (a LIKE 'x' LIKE 'y'))");
    assert_near(ctx, "CREATE TABLE t (a INT CHECK (a BETWEEN 1 = 1 AND 2))",
                "'= 1 AND 2))' at line 1");
    assert_near(ctx, "ALTER TABLE t DROP CHECK c", "'CHECK c' at line 1");
    assert_near(ctx, "ALTER TABLE t ORDER BY a, FORCE", "'FORCE' at line 1");
    /* a word that can only start one construct is consumed; the error is the next token */
    assert_near(ctx, "CREATE TABLE t (a INT NOT)", "')' at line 1");
    assert_near(ctx, "CREATE TABLE t (a INT ON DELETE CASCADE)", "'DELETE CASCADE)' at line 1");
    assert_near(ctx, "CREATE TABLE t (a INT GENERATED AS (1))", "'AS (1))' at line 1");
    assert_near(ctx, "CREATE TABLE t (a INT CHECK (a NOT 1))", "'1))' at line 1");
    assert_near(ctx, "CREATE TABLE t (a INT) DEFAULT ENGINE=x", "'ENGINE=x' at line 1");
    assert_near(ctx, "CREATE TABLE t (a INT) DATA 'x'", "''x'' at line 1");
    assert_near(ctx, "CREATE TABLE t (a INT CONSTRAINT c CHECK (a > 0))",
                "'CHECK (a > 0))' at line 1");
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
    e = parse_err(ctx, "CREATE TABLE t (a `Foo`(10) NOT NULL)");
    ck_assert_uint_eq(e->mysql_errno, 4161);
    ck_assert_str_eq(e->message, "Unknown data type: 'Foo'");
    e = parse_err(ctx, "CREATE TABLE t (`x\xF0\x9F\x98\x80` INT)");
    ck_assert_uint_eq(e->mysql_errno, 1300);
    ck_assert_str_eq(e->message, "Invalid utf8mb4 character string: 'x\\xF0\\x9F\\x98\\x80'");
    e = parse_err(ctx, "CREATE TABLE `t\xE9t` (a INT)"); /* latin1 bytes are no UTF-8 */
    ck_assert_uint_eq(e->mysql_errno, 1300);
    ck_assert_str_eq(e->message, "Invalid utf8mb4 character string: 't\\xE9t'");
    parse_ok_free(ctx, "CREATE TABLE `t\xC3\xA9t` (`\xE5\x90\x8D` INT)");
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
    st = parse_ok(ctx, "CREATE TABLE t (a INT) `PAGE_COMPRESSED`='ON' foo_bar=1");
    ct = st->create_table;
    ck_assert_int_eq(ct->options[0].kind, SC_AST_TOPT_PAGE_COMPRESSED);
    ck_assert_str_eq(ct->options[0].name, "PAGE_COMPRESSED");
    ck_assert(ct->options[0].value_is_string);
    ck_assert_int_eq(ct->options[1].kind, SC_AST_TOPT_UNKNOWN);
    ck_assert_str_eq(ct->options[1].name, "foo_bar");
    ck_assert_uint_eq(ct->options[1].num.value, 1);
    sc_ast__stmt_free(st);
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_ddl_parse_ast_alter_table)
{
    sc_ast_stmt *st;
    const sc_ast_alter_table *at;
    sc_ctx *ctx;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    st =
        parse_ok(ctx, "ALTER TABLE t ADD COLUMN IF NOT EXISTS c INT FIRST, DROP INDEX IF EXISTS i, "
                      "CHANGE a b BIGINT NOT NULL AFTER c, ALTER d SET DEFAULT (1 + 1), "
                      "RENAME COLUMN x TO y, RENAME KEY k1 TO k2, ALTER INDEX k NOT IGNORED, "
                      "ENGINE=MyISAM ROW_FORMAT=DYNAMIC, CONVERT TO CHARACTER SET latin1 COLLATE "
                      "latin1_bin, ALGORITHM=INPLACE, DROP FOREIGN KEY fk, DROP PRIMARY KEY, "
                      "ADD CONSTRAINT fk2 FOREIGN KEY (a) REFERENCES p (id) ON DELETE SET NULL, "
                      "RENAME TO db2.t2");
    ck_assert_int_eq(st->kind, SC_AST_STMT_ALTER_TABLE);
    at = st->alter_table;
    ck_assert_uint_eq(at->n_specs, 14);
    ck_assert_int_eq(at->specs[0].kind, SC_AST_ALTER_ADD_COLUMN);
    ck_assert(at->specs[0].if_not_exists);
    ck_assert_int_eq(at->specs[0].position, SC_AST_POS_FIRST);
    ck_assert_int_eq(at->specs[1].kind, SC_AST_ALTER_DROP_INDEX);
    ck_assert(at->specs[1].if_exists);
    ck_assert_int_eq(at->specs[2].kind, SC_AST_ALTER_CHANGE_COLUMN);
    ck_assert_str_eq(at->specs[2].name, "a");
    ck_assert_str_eq(at->specs[2].column->name, "b");
    ck_assert_str_eq(at->specs[2].after, "c");
    ck_assert_int_eq(at->specs[3].kind, SC_AST_ALTER_SET_DEFAULT);
    ck_assert(at->specs[3].default_parens);
    ck_assert_int_eq(at->specs[4].kind, SC_AST_ALTER_RENAME_COLUMN);
    ck_assert_str_eq(at->specs[4].new_name, "y");
    ck_assert_int_eq(at->specs[5].kind, SC_AST_ALTER_RENAME_INDEX);
    ck_assert_int_eq(at->specs[6].kind, SC_AST_ALTER_INDEX_IGNORED);
    ck_assert(!at->specs[6].ignored);
    ck_assert_int_eq(at->specs[7].kind, SC_AST_ALTER_TABLE_OPTIONS);
    ck_assert_uint_eq(at->specs[7].n_options, 2);
    ck_assert_int_eq(at->specs[8].kind, SC_AST_ALTER_CONVERT_CHARSET);
    ck_assert_str_eq(at->specs[8].collate, "latin1_bin");
    ck_assert_int_eq(at->specs[9].kind, SC_AST_ALTER_ALGORITHM);
    ck_assert_int_eq(at->specs[10].kind, SC_AST_ALTER_DROP_FOREIGN_KEY);
    ck_assert_int_eq(at->specs[11].kind, SC_AST_ALTER_DROP_PRIMARY_KEY);
    ck_assert_int_eq(at->specs[12].kind, SC_AST_ALTER_ADD_INDEX);
    ck_assert_int_eq(at->specs[12].index->kind, SC_AST_INDEX_FOREIGN);
    ck_assert_str_eq(at->specs[12].index->constraint, "fk2");
    ck_assert_int_eq(at->specs[12].index->references->on_delete, SC_AST_FK_SET_NULL);
    ck_assert_int_eq(at->specs[13].kind, SC_AST_ALTER_RENAME_TABLE);
    ck_assert_str_eq(at->specs[13].new_table.db, "db2");
    sc_ast__stmt_free(st);
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_ddl_parse_ast_columns)
{
    sc_ast_stmt *st;
    const sc_ast_create_def *d;
    sc_ctx *ctx;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    st = parse_ok(ctx, "CREATE TABLE t (a SERIAL, b NATIONAL CHAR VARYING(5), c DOUBLE PRECISION, "
                       "d BOOL, e LONG VARCHAR, f INT4 ZEROFILL, g ENUM('x','y') CHARSET latin1, "
                       "h TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE NOW(6), "
                       "i INT GENERATED ALWAYS AS (a + 1) STORED UNIQUE, j INT DEFAULT -5 "
                       "CHECK (j < 0), k INT CONSTRAINT fk REFERENCES p (id) MATCH FULL, "
                       "l POINT REF_SYSTEM_ID=4326, m INT INVISIBLE)");
    d = st->create_table->defs;
    ck_assert(d[0].column->serial);
    ck_assert_int_eq(d[0].column->type.kind, SC_AST_TYPE_BIGINT);
    ck_assert_int_eq(d[1].column->type.kind, SC_AST_TYPE_VARCHAR);
    ck_assert(d[1].column->type.national);
    ck_assert_int_eq(d[2].column->type.kind, SC_AST_TYPE_DOUBLE);
    ck_assert_int_eq(d[3].column->type.kind, SC_AST_TYPE_TINYINT);
    ck_assert_uint_eq(d[3].column->type.length.value, 1);
    ck_assert_int_eq(d[4].column->type.kind, SC_AST_TYPE_MEDIUMTEXT);
    ck_assert(d[5].column->type.zerofill && d[5].column->type.is_unsigned);
    ck_assert_uint_eq(d[6].column->type.n_values, 2);
    ck_assert_str_eq(d[6].column->type.values[1].s, "y");
    ck_assert_str_eq(d[6].column->type.charset, "latin1");
    ck_assert_int_eq(d[7].column->on_update->kind, SC_AST_EXPR_FUNC);
    ck_assert_uint_eq(d[7].column->on_update->n_args, 1);
    ck_assert_int_eq(d[7].column->default_expr->form, SC_AST_FUNC_PLAIN);
    ck_assert_int_eq(d[8].column->generated, SC_AST_GEN_STORED);
    ck_assert_int_eq(d[8].column->key, SC_AST_COLKEY_UNIQUE);
    ck_assert(d[9].column->default_expr->lit.negative);
    ck_assert_ptr_nonnull(d[9].column->check);
    ck_assert_str_eq(d[10].column->ref_constraint, "fk");
    ck_assert_int_eq(d[10].column->references->match, SC_AST_FK_MATCH_FULL);
    ck_assert_uint_eq(d[11].column->ref_system_id.value, 4326);
    ck_assert(d[12].column->invisible);
    sc_ast__stmt_free(st);
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_ddl_parse_ast_other_statements)
{
    static const struct {
        const char *sql;
        sc_ast_stmt_kind kind;
    } cases[] = {
        {"CREATE SCHEMA IF NOT EXISTS d DEFAULT CHARSET = latin1 COLLATE latin1_bin COMMENT 'x'",
         SC_AST_STMT_CREATE_DATABASE},
        {"ALTER DATABASE CHARACTER SET utf8mb4", SC_AST_STMT_ALTER_DATABASE},
        {"DROP DATABASE IF EXISTS d", SC_AST_STMT_DROP_DATABASE},
        {"DROP TEMPORARY TABLE IF EXISTS a, db.b CASCADE", SC_AST_STMT_DROP_TABLE},
        {"RENAME TABLE a TO b, c TO d", SC_AST_STMT_RENAME_TABLE},
        {"TRUNCATE t", SC_AST_STMT_TRUNCATE_TABLE},
        {"CREATE UNIQUE INDEX i USING HASH ON t (a(10), b DESC) COMMENT 'c' LOCK=NONE",
         SC_AST_STMT_CREATE_INDEX},
        {"DROP INDEX i ON db.t", SC_AST_STMT_DROP_INDEX},
        {"USE `my db`", SC_AST_STMT_USE},
        {"SET SESSION sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES'), foreign_key_checks=OFF",
         SC_AST_STMT_SET},
        {"SET NAMES utf8mb4 COLLATE utf8mb4_bin", SC_AST_STMT_SET},
        {"SET @@session.explicit_defaults_for_timestamp = 0", SC_AST_STMT_SET},
        {"SHOW CREATE TABLE db.t", SC_AST_STMT_SHOW},
        {"SHOW FULL TABLES FROM d LIKE 't%'", SC_AST_STMT_SHOW},
        {"SHOW COLUMNS FROM t FROM d", SC_AST_STMT_SHOW},
        {"BEGIN", SC_AST_STMT_BEGIN},
        {"START TRANSACTION", SC_AST_STMT_BEGIN},
        {"COMMIT WORK", SC_AST_STMT_COMMIT},
        {"ROLLBACK", SC_AST_STMT_ROLLBACK},
        {"CREATE OR REPLACE VIEW v AS SELECT 1", SC_AST_STMT_CREATE_VIEW},
        {"ALTER ALGORITHM=MERGE VIEW v AS SELECT 1", SC_AST_STMT_ALTER_VIEW},
        {"DROP VIEW IF EXISTS v, w", SC_AST_STMT_DROP_VIEW},
        {"CREATE TRIGGER t BEFORE INSERT ON x FOR EACH ROW SET NEW.a = 1",
         SC_AST_STMT_CREATE_TRIGGER},
        {"DROP TRIGGER IF EXISTS d.t", SC_AST_STMT_DROP_TRIGGER},
        {"INSERT INTO t VALUES (1)", SC_AST_STMT_UNSUPPORTED},
        {"CREATE TEMPORARY SEQUENCE s", SC_AST_STMT_CREATE_SEQUENCE},
        {"DROP TEMPORARY SEQUENCE IF EXISTS s", SC_AST_STMT_DROP_SEQUENCE},
        {"ALTER SEQUENCE IF EXISTS s RESTART WITH 5 NOCYCLE", SC_AST_STMT_ALTER_SEQUENCE},
        {"CREATE DEFINER=`root`@`localhost` TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET @x=1",
         SC_AST_STMT_CREATE_TRIGGER},
        {"LOCK TABLES t WRITE", SC_AST_STMT_UNSUPPORTED},
        {"CREATE TABLE t (a INT DEFAULT (SELECT 1), b INT CHECK ((SELECT 1)))",
         SC_AST_STMT_CREATE_TABLE},
        {"CREATE TABLE t2 LIKE t1", SC_AST_STMT_CREATE_TABLE},
        {"CREATE TABLE t3 (LIKE t1)", SC_AST_STMT_CREATE_TABLE},
        {"CREATE TABLE t4 IGNORE AS SELECT * FROM t1", SC_AST_STMT_CREATE_TABLE},
        {"/*!40101 SET NAMES utf8 */", SC_AST_STMT_SET},
        {"CREATE TABLE t (a BLOB COMPRESSED, b INT NULL COMPRESSED, c VARCHAR(5) COMPRESSED "
         "CHARSET latin1, d INT, KEY k TYPE BTREE (d), PRIMARY KEY USING HASH (d))",
         SC_AST_STMT_CREATE_TABLE},
        {"ALTER ONLINE IGNORE TABLE t NOWAIT DROP CONSTRAINT PRIMARY KEY, RENAME = t2",
         SC_AST_STMT_ALTER_TABLE},
        {"CREATE TABLE t (a INT) ENGINE=InnoDB PAGE_CHECKSUM=DEFAULT FOOBAR='x' AUTO_INCREMENT=+5",
         SC_AST_STMT_CREATE_TABLE},
        {"  -- only a comment", SC_AST_STMT_EMPTY},
    };
    sc_ctx *ctx;
    size_t i;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        sc_ast_stmt *st = parse_ok(ctx, cases[i].sql);
        ck_assert_msg(st->kind == cases[i].kind, "%s: kind %s", cases[i].sql,
                      sc_ast__stmt_kind_name(st->kind));
        sc_ast__stmt_free(st);
    }
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_ddl_parse_ast_set_and_show)
{
    sc_ast_stmt *st;
    sc_ctx *ctx;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    st = parse_ok(ctx, "SET SESSION sql_mode = CONCAT(@@sql_mode, ',X'), @@global.y = DEFAULT");
    ck_assert_uint_eq(st->set->n_items, 2);
    ck_assert_int_eq(st->set->items[0].scope, SC_AST_VAR_SESSION);
    ck_assert_str_eq(st->set->items[0].name, "sql_mode");
    ck_assert_int_eq(st->set->items[0].value->kind, SC_AST_EXPR_FUNC);
    ck_assert_int_eq(st->set->items[0].value->args[0]->kind, SC_AST_EXPR_VAR);
    ck_assert_int_eq(st->set->items[1].scope, SC_AST_VAR_GLOBAL);
    ck_assert_int_eq(st->set->items[1].value->kind, SC_AST_EXPR_DEFAULT);
    sc_ast__stmt_free(st);
    st = parse_ok(ctx, "CREATE TABLE t SELECT 1 AS one");
    ck_assert(st->create_table->has_select);
    ck_assert_str_eq(st->create_table->select_text.s, "SELECT 1 AS one");
    sc_ast__stmt_free(st);
    st = parse_ok(ctx, "CREATE VIEW v (x) AS SELECT 1 WITH LOCAL CHECK OPTION");
    ck_assert_uint_eq(st->view->n_columns, 1);
    ck_assert_uint_eq(st->view->query->n_blocks, 1);
    ck_assert_int_eq(st->view->check, SC_VIEW_CHECK_LOCAL);
    sc_ast__stmt_free(st);
    st = parse_ok(ctx, "SHOW CREATE DATABASE d");
    ck_assert_int_eq(st->show->kind, SC_AST_SHOW_CREATE_DATABASE);
    ck_assert_str_eq(st->show->name.name, "d");
    sc_ast__stmt_free(st);
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_ddl_parse_sql_mode_flags)
{
    sc_ddl_parse_options opts = SC_DDL_PARSE_OPTIONS_INIT;
    const char *sql = "CREATE TABLE \"t\" (a INT DEFAULT ('x' || 'y'))";
    sc_ast_stmt *st = NULL;
    sc_ctx *ctx;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    /* default sql_mode: "t" is a string, not a table name */
    ck_assert_int_eq(sc_ddl__parse(&st, ctx, sql, strlen(sql), NULL), SC_ESYNTAX);
    opts.flags = SC_PARSE_ANSI_QUOTES | SC_PARSE_PIPES_AS_CONCAT;
    ck_assert_int_eq(sc_ddl__parse(&st, ctx, sql, strlen(sql), &opts), SC_OK);
    ck_assert_str_eq(st->create_table->name.name, "t");
    ck_assert_int_eq(st->create_table->defs[0].column->default_expr->op, SC_AST_OP_CONCAT);
    sc_ast__stmt_free(st);
    opts.version = 99;
    ck_assert_int_eq(sc_ddl__parse(&st, ctx, sql, strlen(sql), &opts), SC_EINVAL);
    sc_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Robustness                                                           */

/* Every prefix of every corpus statement, and single-byte mutations: no crash, no leak. */
static void hammer(sc_ctx *ctx, const char *sql, size_t len)
{
    static const char subst[] = "(),'`\"/*-#\\@.;0 \x80\xff";
    char buf[4096];
    sc_ast_stmt *st;
    size_t i, k;

    if (len > sizeof(buf))
        len = sizeof(buf);
    for (i = 0; i <= len; i++) {
        st = NULL;
        if (sc_ddl__parse(&st, ctx, sql, i, NULL) == SC_OK)
            sc_ast__stmt_free(st);
        else
            ck_assert_ptr_null(st);
    }
    memcpy(buf, sql, len);
    for (i = 0; i < len; i += 3) {
        for (k = 0; k < sizeof(subst) - 1; k += 4) {
            char keep = buf[i];
            buf[i] = subst[(k + i) % (sizeof(subst) - 1)];
            st = NULL;
            if (sc_ddl__parse(&st, ctx, buf, len, NULL) == SC_OK)
                sc_ast__stmt_free(st);
            buf[i] = keep;
        }
    }
}

START_TEST(test_ddl_parse_robust_prefixes_and_mutations)
{
    static const char *const stmts[] = {
        "CREATE TABLE t (id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, a VARCHAR(10) "
        "CHARACTER SET latin1 COLLATE latin1_bin DEFAULT 'x\\'y', b INT AS (a * 2 + IF(a, 1, "
        "CASE WHEN a IS NULL THEN 0 END)) VIRTUAL, c DATETIME(6) DEFAULT CURRENT_TIMESTAMP(6) ON "
        "UPDATE NOW(6), CONSTRAINT fk FOREIGN KEY (a) REFERENCES p (x) ON DELETE SET NULL, "
        "CHECK (b BETWEEN -1 AND 1 OR a IN ('a', _latin1'b')), FULLTEXT KEY (a) WITH PARSER x) "
        "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COMMENT='c' /*!50100 PARTITION BY HASH(id) */",
        "ALTER TABLE t ADD COLUMN (x INT, KEY (x)), DROP y, MODIFY z TEXT FIRST, ALTER w DROP "
        "DEFAULT, RENAME INDEX a TO b, CONVERT TO CHARSET latin1, ORDER BY x, LOCK=SHARED",
        "SET @@session.sql_mode = CONCAT(@@sql_mode, ',NO_BACKSLASH_ESCAPES'), @x := 1 << 2",
        "CREATE TABLE t (a INT DEFAULT (CAST(TRIM(LEADING 'x' FROM SUBSTRING('abc' FROM 2 FOR 1)) "
        "AS SIGNED) + EXTRACT(DAY FROM NOW()) + POSITION('a' IN 'b') - INTERVAL 1 DAY))",
    };
    sc_ctx *ctx;
    size_t i;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    for (i = 0; i < sizeof(stmts) / sizeof(stmts[0]); i++)
        hammer(ctx, stmts[i], strlen(stmts[i]));
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_ddl_parse_robust_allocation_failure)
{
    const char *sql = "CREATE TABLE t (a INT DEFAULT (1 + 1), b VARCHAR(5000) COMMENT 'x', "
                      "KEY k (b(10)), CHECK (a > 0)) ENGINE=InnoDB";
    sc_fault_alloc fa = {-1, false, false};
    sc_allocator al = sc_fixture_fault_allocator(&fa);
    sc_ctx_options co = SC_CTX_OPTIONS_INIT;
    sc_ast_stmt *st;
    sc_ctx *ctx;
    long n;
    int rc = SC_ENOMEM;

    co.allocator = &al;
    ck_assert_int_eq(sc_ctx_new(&ctx, &co), SC_OK);
    for (n = 0; n < 200 && rc != SC_OK; n++) {
        st = NULL;
        fa.left = n;
        rc = sc_ddl__parse(&st, ctx, sql, strlen(sql), NULL);
        if (rc != SC_OK) {
            ck_assert_int_eq(rc, SC_ENOMEM);
            ck_assert_ptr_null(st);
        }
        sc_ast__stmt_free(st);
    }
    ck_assert_int_eq(rc, SC_OK);
    ck_assert_int_gt(n, 1);
    fa.left = -1;
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
    tcase_add_test(tc, test_ddl_parse_ast_alter_table);
    tcase_add_test(tc, test_ddl_parse_ast_columns);
    tcase_add_test(tc, test_ddl_parse_ast_other_statements);
    tcase_add_test(tc, test_ddl_parse_ast_set_and_show);
    tcase_add_test(tc, test_ddl_parse_sql_mode_flags);
    suite_add_tcase(s, tc);
    tc = tcase_create("robust");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_ddl_parse_robust_prefixes_and_mutations);
    tcase_add_test(tc, test_ddl_parse_robust_allocation_failure);
    suite_add_tcase(s, tc);
    return s;
}

/*
 * check_ddl_expr.c - the expression printer (ddl/expr.h): expressions as
 * written in the oracle corpus input.sql files must print exactly as
 * MariaDB 10.11's SHOW CREATE TABLE printed them in schema.sql; every
 * expression MariaDB printed in the corpus must print back unchanged
 * (fixpoint); plus hand cases for the Item::print rules (precedence
 * parentheses, NOT pushed inwards, function renames) and DEFAULT's
 * parentheses rule.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fixtures.h"
#include "ddl/parse.h"
#include "ddl/expr.h"

typedef struct expr_case {
    const char *in;   /* expression as written */
    const char *want; /* as SHOW CREATE TABLE prints it */
} expr_case;

/* Parse `CREATE TABLE t (x INT AS (<in>))` and print the generated expression. */
static void check_print(sc_ctx *ctx, const expr_case *c)
{
    char sql[1024];
    sc_ast_stmt *st = NULL;
    sc_buf b = SC_BUF_INIT(ctx);
    int rc;

    snprintf(sql, sizeof(sql), "CREATE TABLE t (x INT AS (%s))", c->in);
    rc = sc_ddl__parse(&st, ctx, sql, strlen(sql), NULL);
    ck_assert_msg(rc == SC_OK, "%s: %s", c->in, sc_ctx_last_error(ctx)->message);
    ck_assert_int_eq(sc_ddl__expr_print(&b, st->create_table->defs[0].column->gen_expr), SC_OK);
    ck_assert_msg(strcmp(b.text, c->want) == 0, "%s\n  got:  %s\n  want: %s", c->in, b.text,
                  c->want);
    sc__buf_free(&b);
    sc_ast__stmt_free(st);
}

static void check_all(const expr_case *cases, size_t n)
{
    sc_ctx *ctx;
    size_t i;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    for (i = 0; i < n; i++)
        check_print(ctx, &cases[i]);
    sc_ctx_free(ctx);
}

/* Pairs from the corpus: input.sql text -> schema.sql text. */
static const expr_case corpus_cases[] = {
    {"1 + 1", "1 + 1"},
    {"CONCAT('a', 'b')", "concat('a','b')"},
    {"RAND()", "rand()"},
    {"NOW() + INTERVAL 1 DAY", "current_timestamp() + interval 1 day"},
    {"UUID()", "uuid()"},
    {"a * 2", "`a` * 2"},
    {"UPPER('x')", "ucase('x')"},
    {"REPEAT('z', 3)", "repeat('z',3)"},
    {"CURDATE()", "curdate()"},
    {"CURTIME()", "curtime()"},
    {"USER()", "user()"},
    {"IF(a > b, a, b)", "if(`a` > `b`,`a`,`b`)"},
    {"CASE WHEN a IS NULL THEN 0 ELSE a END", "case when `a` is null then 0 else `a` end"},
    {"DATE_FORMAT(d, '%Y-%m')", "date_format(`d`,'%Y-%m')"},
    {"a DIV 2 MOD 3", "`a` DIV 2 MOD 3"},
    {"COALESCE(a, b, 0)", "coalesce(`a`,`b`,0)"},
    {"a BETWEEN 1 AND 5", "`a` between 1 and 5"},
    {"a IN (1,2,3)", "`a` in (1,2,3)"},
    {"-a", "-`a`"},
    {"a << 2 | b & 3", "`a` << 2 | `b` & 3"},
    {"JSON_UNQUOTE(JSON_EXTRACT(doc, '$.name'))", "json_unquote(json_extract(`doc`,'$.name'))"},
    {"JSON_VALUE(doc, '$.age')", "json_value(`doc`,'$.age')"},
    {"a + b", "`a` + `b`"},
    {"CONCAT(a, '-', b)", "concat(`a`,'-',`b`)"},
    {"a - b", "`a` - `b`"},
    {"a > 0", "`a` > 0"},
    {"b <> ''", "`b` <> ''"},
    {"c BETWEEN 1 AND 10", "`c` between 1 and 10"},
    {"a < b", "`a` < `b`"},
    {"c >= 0", "`c` >= 0"},
    {"a + b < 100", "`a` + `b` < 100"},
    {"y IS NOT NULL", "`y` is not null"},
    {"x <> y", "`x` <> `y`"},
    {"id * 2", "`id` * 2"},
};

START_TEST(test_ddl_expr_print_corpus_pairs)
{
    check_all(corpus_cases, sizeof(corpus_cases) / sizeof(corpus_cases[0]));
}
END_TEST

/* Item::print rules beyond the corpus. */
static const expr_case rule_cases[] = {
    /* parentheses by precedence: left keeps equal precedence bare, right does not */
    {"(a + b) * c", "(`a` + `b`) * `c`"},
    {"a - (b - c)", "`a` - (`b` - `c`)"},
    {"(a - b) - c", "`a` - `b` - `c`"},
    {"a * (b + 1)", "`a` * (`b` + 1)"},
    /* a bare column under AND/OR reads `col <> 0`, NOT col `col = 0` (checked on 10.11.19) */
    {"a OR b AND c", "`a` <> 0 or `b` <> 0 and `c` <> 0"},
    {"NOT a AND a", "`a` = 0 and `a` <> 0"},
    {"a AND (b + 1)", "`a` <> 0 and `b` + 1"},
    {"NOT a IS TRUE", "!(`a` is true)"},
    {"NOT (a + 1)", "!(`a` + 1)"},
    {"(a OR b) AND c", "(`a` <> 0 or `b` <> 0) and `c` <> 0"},
    {"a AND (b AND c)", "`a` <> 0 and `b` <> 0 and `c` <> 0"},
    {"NOT (a AND b)", "`a` = 0 or `b` = 0"},
    {"a XOR b", "`a` xor `b`"},
    {"a != b", "`a` <> `b`"},
    {"a <=> NULL", "`a` <=> NULL"},
    {"a % 3", "`a` MOD 3"},
    {"MOD(a, 3)", "`a` MOD 3"},
    {"a ^ 2", "`a` ^ 2"},
    {"~a", "~`a`"},
    {"-(a + 1)", "-(`a` + 1)"},
    /* NOT is pushed inwards like negate_expression()/neg_transformer() */
    {"NOT a > 1", "`a` <= 1"},
    {"NOT (a = 1)", "`a` <> 1"},
    {"NOT a", "`a` = 0"},
    {"!(a + 1)", "!(`a` + 1)"},
    {"NOT a IS NULL", "`a` is not null"},
    {"a NOT BETWEEN 1 AND 2", "`a` not between 1 and 2"},
    {"NOT (a IN (1, 2))", "`a` not in (1,2)"},
    {"NOT (a > 1 AND b > 2)", "`a` <= 1 or `b` <= 2"},
    {"a NOT REGEXP 'x'", "!(`a` regexp 'x')"},
    /* IN with one value is an equality */
    {"a IN (5)", "`a` = 5"},
    {"a NOT IN (5)", "`a` <> 5"},
    {"a LIKE 'x%'", "`a` like 'x%'"},
    {"a NOT LIKE 'x%' ESCAPE '!'", "`a`  not like 'x%' escape '!'"},
    {"NOT (a LIKE 'x')", "`a`  not like 'x'"},
    {"d + INTERVAL (1 + 2) DAY", "`d` + interval 1 + 2 day"},
    {"SHA1(a)", "sha(`a`)"},
    {"a IS TRUE", "`a` is true"},
    {"a IS NOT FALSE", "`a` is not false"},
    {"ISNULL(a)", "`a` is null"},
    {"a SOUNDS LIKE 'x'", "soundex(`a`) = soundex('x')"},
    {"a RLIKE 'x'", "`a` regexp 'x'"},
    /* NOT has the top precedence in 10.11's grammar so that `predicate NOT BETWEEN|IN|
     * LIKE|REGEXP` can shift: after the right operand of LIKE, REGEXP or ESCAPE such a
     * NOT-form belongs to that operand; without NOT the operators go left to right. The
     * middle operand of BETWEEN is a predicate. (Printed by 10.11.19.) */
    {"a LIKE 'x' NOT BETWEEN 1 AND 2", "`a` like ('x' not between 1 and 2)"},
    {"a LIKE 'x' BETWEEN 1 AND 2", "`a` like 'x' between 1 and 2"},
    {"a LIKE 'x' NOT IN (1,2)", "`a` like ('x' not in (1,2))"},
    {"a LIKE 'x' NOT REGEXP 'y'", "`a` like !('x' regexp 'y')"},
    {"a REGEXP 'x' NOT BETWEEN 1 AND 2", "`a` regexp ('x' not between 1 and 2)"},
    {"a LIKE b NOT LIKE c NOT LIKE d", "`a` like (`b`  not like (`c`  not like `d`))"},
    {"a LIKE 'x' ESCAPE '!' NOT BETWEEN 1 AND 2", "`a` like 'x' escape ('!' not between 1 and 2)"},
    {"a SOUNDS LIKE b NOT BETWEEN 1 AND 2", "soundex(`a`) = soundex(`b` not between 1 and 2)"},
    {"a BETWEEN b LIKE c AND 3", "`a` between `b` like `c` and 3"},
    /* literals */
    {"'it''s'", "'it\\'s'"},
    {"'a\\\\b'", "'a\\\\b'"},
    {"'x' 'y'", "'xy'"},
    {"_latin1'x'", "_latin1'x'"},
    {"1.50", "1.50"},
    {".5", "0.5"},
    {"1e3", "1e3"},
    {"X'4A'", "X'4a'"},
    {"0x4A", "0x4a"},
    {"0x0102030405060708090a", "0x030405060708090a"},
    {"b'101'", "0x05"},
    {"b'1111111111'", "0x03ff"},
    {"TRUE", "1"},
    {"NULL", "NULL"},
    {"DATE '2020-01-02'", "DATE'2020-01-02'"},
    /* functions and their MariaDB names */
    {"LOWER(a)", "lcase(`a`)"},
    {"CURRENT_TIMESTAMP", "current_timestamp()"},
    {"CURRENT_TIMESTAMP(6)", "current_timestamp(6)"},
    {"LOCALTIME", "current_timestamp()"},
    {"CURRENT_DATE", "curdate()"},
    {"SUBSTRING(a, 2, 3)", "substr(`a`,2,3)"},
    {"SUBSTRING(a FROM 2 FOR 3)", "substr(`a`,2,3)"},
    {"MID(a, 2)", "substr(`a`,2)"},
    {"LENGTH(a)", "octet_length(`a`)"},
    {"CHAR_LENGTH(a)", "char_length(`a`)"},
    {"POSITION('b' IN a)", "locate('b',`a`)"},
    {"INSTR(a, 'b')", "locate('b',`a`)"},
    {"TRIM(a)", "trim(`a`)"},
    {"TRIM(LEADING 'x' FROM a)", "trim(leading 'x' from `a`)"},
    {"TRIM('x' FROM a)", "trim(both 'x' from `a`)"},
    {"TRIM(TRAILING FROM a)", "rtrim(`a`)"},
    {"EXTRACT(YEAR FROM d)", "extract(year from `d`)"},
    {"DATE_ADD(d, INTERVAL 2 MONTH)", "`d` + interval 2 month"},
    {"DATE_SUB(d, INTERVAL 1 DAY)", "`d` - interval 1 day"},
    {"ADDDATE(d, 3)", "`d` + interval 3 day"},
    {"INTERVAL 1 HOUR + d", "`d` + interval 1 hour"},
    {"TIMESTAMPADD(MINUTE, 5, d)", "`d` + interval 5 minute"},
    {"DATE(d)", "cast(`d` as date)"},
    {"TIME(d)", "cast(`d` as time)"},
    {"TIMESTAMP(d)", "cast(`d` as datetime)"},
    {"CAST(a AS CHAR(10))", "cast(`a` as char(10) charset utf8mb4)"},
    {"CAST(a AS CHAR CHARACTER SET latin1)", "cast(`a` as char charset latin1)"},
    {"CAST(a AS UNSIGNED)", "cast(`a` as unsigned)"},
    {"CAST(a AS SIGNED INTEGER)", "cast(`a` as signed)"},
    {"CAST(a AS DECIMAL(10,2))", "cast(`a` as decimal(10,2))"},
    {"CAST(a AS DATETIME(3))", "cast(`a` as datetime(3))"},
    {"CONVERT(a, DATE)", "cast(`a` as date)"},
    {"CAST(a AS DATETIME(0))", "cast(`a` as datetime)"},
    {"CAST(a AS VARCHAR(5))", "cast(`a` as char(5) charset utf8mb4)"},
    {"CAST(a AS BINARY(4))", "cast(`a` as char(4) charset binary)"},
    {"TIMESTAMPDIFF(SQL_TSI_DAY, a, b)", "timestampdiff(DAY,`a`,`b`)"},
    {"GET_FORMAT(DATE, 'EUR')", "get_format(DATE, 'EUR')"},
    {"CHAR(65, 66 USING latin1)", "char(65,66 using latin1)"},
    {"CONVERT(a USING latin1)", "convert(`a` using latin1)"},
    {"a COLLATE utf8mb4_bin", "`a` collate utf8mb4_bin"},
    {"CASE a WHEN 1 THEN 'x' WHEN 2 THEN 'y' END", "case `a` when 1 then 'x' when 2 then 'y' end"},
    {"JSON_VALID(doc)", "json_valid(`doc`)"},
    {"t.a + 1", "`a` + 1"},
    {"`we``ird` + 1", "`we``ird` + 1"},
};

START_TEST(test_ddl_expr_print_rules)
{
    check_all(rule_cases, sizeof(rule_cases) / sizeof(rule_cases[0]));
}
END_TEST

/* DEFAULT: parentheses unless a call or a literal (Item::need_parentheses_in_default). */
static void check_default(sc_ctx *ctx, const char *def, const char *want)
{
    char sql[512];
    sc_ast_stmt *st = NULL;
    sc_buf b = SC_BUF_INIT(ctx);
    const sc_ast_column *c;
    bool paren;

    snprintf(sql, sizeof(sql), "CREATE TABLE t (x INT DEFAULT %s)", def);
    ck_assert_msg(sc_ddl__parse(&st, ctx, sql, strlen(sql), NULL) == SC_OK, "%s: %s", def,
                  sc_ctx_last_error(ctx)->message);
    c = st->create_table->defs[0].column;
    paren = sc_ddl__expr_default_needs_parens(c->default_expr);
    if (paren)
        sc__buf_putc(&b, '(');
    ck_assert_int_eq(sc_ddl__expr_print(&b, c->default_expr), SC_OK);
    if (paren)
        sc__buf_putc(&b, ')');
    ck_assert_msg(strcmp(b.text, want) == 0, "DEFAULT %s\n  got:  %s\n  want: %s", def, b.text,
                  want);
    sc__buf_free(&b);
    sc_ast__stmt_free(st);
}

START_TEST(test_ddl_expr_default_parens)
{
    sc_ctx *ctx;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    /* corpus */
    check_default(ctx, "(1 + 1)", "(1 + 1)");
    check_default(ctx, "(CONCAT('a', 'b'))", "concat('a','b')");
    check_default(ctx, "(RAND())", "rand()");
    check_default(ctx, "(NOW() + INTERVAL 1 DAY)", "(current_timestamp() + interval 1 day)");
    check_default(ctx, "(a * 2)", "(`a` * 2)");
    check_default(ctx, "CURDATE()", "curdate()");
    check_default(ctx, "CURRENT_TIMESTAMP", "current_timestamp()");
    check_default(ctx, "(CURDATE())", "curdate()");
    /* rules */
    check_default(ctx, "(a > 1)", "(`a` > 1)");
    /* 10.11.19 prints DEFAULT (`a` DIV 2), (`a` | 1), (1 << 4): the bare form is a 1064 */
    check_default(ctx, "(a DIV 2)", "(`a` DIV 2)");
    check_default(ctx, "(a | 1)", "(`a` | 1)");
    check_default(ctx, "(1 << 4)", "(1 << 4)");
    check_default(ctx, "(a ^ 2)", "(`a` ^ 2)");
    check_default(ctx, "(a & 2)", "(`a` & 2)");
    check_default(ctx, "(DATE_ADD(a, INTERVAL 1 DAY))", "(`a` + interval 1 day)");
    check_default(ctx, "(CAST(a AS SIGNED))", "(cast(`a` as signed))");
    check_default(ctx, "(CAST(a AS DATE))", "cast(`a` as date)");
    check_default(ctx, "(NOT a)", "(`a` = 0)");
    check_default(ctx, "(BINARY 'x')", "(cast('x' as char charset binary))");
    check_default(ctx, "(JSON_VALID('{}'))", "(json_valid('{}'))");
    /* 10.11.19 prints DEFAULT (-`a`): `DEFAULT -a` would not read back (1064) */
    check_default(ctx, "(-a)", "(-`a`)");
    check_default(ctx, "(~a)", "(~`a`)");
    check_default(ctx, "(-1)", "-1");
    /* 10.11.19 prints DEFAULT (case when 1 then 2 else 3 end) (ddl-extra 5113, objects 6310) */
    check_default(ctx, "(CASE WHEN a THEN 1 END)", "(case when `a` then 1 end)");
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_ddl_expr_buf)
{
    sc_ctx *ctx;
    sc_buf b;
    char *s;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    b = (sc_buf)SC_BUF_INIT(ctx);
    ck_assert_int_eq(sc__buf_puts(&b, "ab"), SC_OK);
    ck_assert_int_eq(sc__buf_printf(&b, "%d-%s", 42, "x"), SC_OK);
    ck_assert_int_eq(sc_ddl__quote_ident(&b, "a`b"), SC_OK);
    ck_assert_int_eq(sc_ddl__quote_string(&b, "q'\n\0z", 5), SC_OK);
    ck_assert_int_eq(sc__buf_finish(&s, &b), SC_OK);
    ck_assert_str_eq(s, "ab42-x`a``b`'q\\'\\n\\0z'");
    ck_assert_ptr_null(b.text);
    sc_free(ctx, s);
    ck_assert_int_eq(sc__buf_finish(&s, &b), SC_OK);
    ck_assert_str_eq(s, "");
    sc_free(ctx, s);
    sc_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Fixpoint over the corpus: MariaDB's printed expressions print back unchanged */

typedef struct fix_stats {
    unsigned exprs, diffs;
    char report[2048];
} fix_stats;

static void fix_one(fix_stats *fs,
                    sc_ctx *ctx,
                    const sc_ast_stmt *st,
                    const sc_expr *e,
                    int is_default,
                    bool parens)
{
    sc_buf b = SC_BUF_INIT(ctx);
    size_t n = e->end - e->start, used = strlen(fs->report);

    if (is_default && e->kind == SC_AST_EXPR_LITERAL)
        return; /* literal defaults are the executor's to normalise */
    fs->exprs++;
    ck_assert_int_eq(sc_ddl__expr_print(&b, e), SC_OK);
    if (strlen(b.text) != n || memcmp(b.text, st->text + e->start, n) != 0 ||
        (is_default && sc_ddl__expr_default_needs_parens(e) != parens)) {
        fs->diffs++;
        if (used + 300 < sizeof(fs->report))
            snprintf(fs->report + used, sizeof(fs->report) - used, "- %.*s\n  printed: %.120s\n",
                     (int)(n < 120 ? n : 120), st->text + e->start, b.text);
    }
    sc__buf_free(&b);
}

static void fix_table(fix_stats *fs, sc_ctx *ctx, const sc_ast_stmt *st)
{
    size_t i;

    for (i = 0; i < st->create_table->n_defs; i++) {
        const sc_ast_create_def *d = &st->create_table->defs[i];
        const sc_ast_column *c = d->column;
        if (c && c->default_expr)
            fix_one(fs, ctx, st, c->default_expr, 1, c->default_parens);
        if (c && c->on_update)
            fix_one(fs, ctx, st, c->on_update, 0, false);
        if (c && c->gen_expr)
            fix_one(fs, ctx, st, c->gen_expr, 0, false);
        if (c && c->check)
            fix_one(fs, ctx, st, c->check, 0, false);
        if (d->check)
            fix_one(fs, ctx, st, d->check->expr, 0, false);
    }
}

/* Every CREATE TABLE of a schema.sql-format file (statements end with ";\n\n"). */
static void fix_file(fix_stats *fs, sc_ctx *ctx, const char *path)
{
    char *buf = sc_fixture_read_file(path, NULL), *p, *end;

    if (!buf)
        return;
    for (p = buf; *p; p = end + 3) {
        sc_ast_stmt *st = NULL;
        size_t len;
        end = strstr(p, ";\n\n");
        len = end ? (size_t)(end - p) : strlen(p);
        ck_assert_msg(sc_ddl__parse(&st, ctx, p, len, NULL) == SC_OK, "%s: %s\n%.200s", path,
                      sc_ctx_last_error(ctx)->message, p);
        if (st->kind == SC_AST_STMT_CREATE_TABLE)
            fix_table(fs, ctx, st);
        sc_ast__stmt_free(st);
        if (!end)
            break;
    }
    free(buf);
}

START_TEST(test_ddl_expr_print_corpus_fixpoint)
{
    static const char *const dirs[] = {"ddl", "binlog"};
    static const char *const files[] = {"schema.sql", "schema-final.sql"};
    char root[1024], path[2048];
    fix_stats fs;
    struct dirent *de;
    sc_ctx *ctx;
    size_t k;

    memset(&fs, 0, sizeof(fs));
    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    for (k = 0; k < 2; k++) {
        DIR *d;
        snprintf(root, sizeof(root), "%s/%s", sc_fixture_oracle_dir(), dirs[k]);
        d = opendir(root);
        ck_assert_msg(d != NULL, "no corpus at %s", root);
        while ((de = readdir(d)) != NULL) {
            if (de->d_name[0] == '.')
                continue;
            snprintf(path, sizeof(path), "%s/%s/%s", root, de->d_name, files[k]);
            fix_file(&fs, ctx, path);
        }
        closedir(d);
    }
    sc_ctx_free(ctx);
    ck_assert_uint_gt(fs.exprs, 100);
    ck_assert_msg(fs.diffs == 0, "%u of %u expressions print differently:\n%s", fs.diffs, fs.exprs,
                  fs.report);
}
END_TEST

/* The printer reports SC_ENOMEM (never a partial success) when allocation fails. */
START_TEST(test_ddl_expr_print_allocation_failure)
{
    const char *sql = "CREATE TABLE t (x INT AS (NOT (a > 1 AND b IN (1)) OR "
                      "CONCAT('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', "
                      "c) LIKE 'x%'))";
    sc_fault_alloc fa = {-1, false, false};
    sc_allocator al = sc_fixture_fault_allocator(&fa);
    sc_ctx_options co = SC_CTX_OPTIONS_INIT;
    sc_ast_stmt *st = NULL;
    sc_ctx *ctx;
    char *want;
    long n;
    int rc = SC_ENOMEM;

    co.allocator = &al;
    ck_assert_int_eq(sc_ctx_new(&ctx, &co), SC_OK);
    ck_assert_int_eq(sc_ddl__parse(&st, ctx, sql, strlen(sql), NULL), SC_OK);
    {
        sc_buf b = SC_BUF_INIT(ctx);
        ck_assert_int_eq(sc_ddl__expr_print(&b, st->create_table->defs[0].column->gen_expr), SC_OK);
        ck_assert_int_eq(sc__buf_finish(&want, &b), SC_OK);
    }
    for (n = 0; n < 100 && rc != SC_OK; n++) {
        sc_buf b = SC_BUF_INIT(ctx);
        fa.left = n;
        rc = sc_ddl__expr_print(&b, st->create_table->defs[0].column->gen_expr);
        fa.left = -1;
        if (rc == SC_OK)
            ck_assert_str_eq(b.text, want);
        else
            ck_assert_int_eq(rc, SC_ENOMEM);
        sc__buf_free(&b);
    }
    ck_assert_int_eq(rc, SC_OK);
    ck_assert_int_gt(n, 1);
    sc_free(ctx, want);
    sc_ast__stmt_free(st);
    sc_ctx_free(ctx);
}
END_TEST

Suite *sc_test_ddl_expr_suite(void);

Suite *sc_test_ddl_expr_suite(void)
{
    Suite *s = suite_create("ddl_expr");
    TCase *tc = tcase_create("print");

    tcase_add_test(tc, test_ddl_expr_print_corpus_pairs);
    tcase_add_test(tc, test_ddl_expr_print_rules);
    tcase_add_test(tc, test_ddl_expr_default_parens);
    tcase_add_test(tc, test_ddl_expr_buf);
    tcase_add_test(tc, test_ddl_expr_print_allocation_failure);
    suite_add_tcase(s, tc);
    tc = tcase_create("corpus");
    tcase_add_test(tc, test_ddl_expr_print_corpus_fixpoint);
    suite_add_tcase(s, tc);
    return s;
}

/*
 * check_ddl_show.c - unit tests of the DDL back end pieces that need no
 * parser: the charset/collation table, type rendering and default
 * canonicalisation, and SHOW CREATE TABLE/DATABASE from hand-built
 * definitions (expected texts taken from the oracle corpus schema.sql files).
 */
#include <check.h>
#include <string.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "ddl/show.h"
#include "ddl/types.h"
#include "syscat/ddl.h"
#include "tests/fixtures.h"

Suite *sc_test_ddl_show_suite(void);

/* ------------------------------------------------------------------ */
/* charsets                                                             */

START_TEST(test_ddl_charset_lookup)
{
    const sc_collation_info *c;
    const sc_charset_info *cs;

    c = sc_charset__collation_find("utf8mb4_general_ci");
    ck_assert_ptr_nonnull(c);
    ck_assert_uint_eq(c->id, 45);
    ck_assert(c->is_default);
    ck_assert_uint_eq(sc_charset__collation_find("LATIN1_SWEDISH_CI")->id, 8);
    ck_assert_uint_eq(sc_charset__collation_find("utf8mb4_bin")->id, 46);
    ck_assert_uint_eq(sc_charset__collation_find("binary")->id, 63);
    ck_assert_uint_eq(sc_charset__collation_find("utf8mb4_unicode_ci")->id, 224);
    ck_assert_uint_eq(sc_charset__collation_find("utf8mb4_unicode_520_ci")->id, 246);
    ck_assert_uint_eq(sc_charset__collation_find("utf8mb3_general_ci")->id, 33);
    ck_assert_str_eq(sc_charset__collation_by_id(33)->name, "utf8mb3_general_ci");
    /* utf8 is utf8mb3 */
    c = sc_charset__collation_find("utf8_unicode_ci");
    ck_assert_str_eq(c->name, "utf8mb3_unicode_ci");
    cs = sc_charset__find("UTF8");
    ck_assert_str_eq(cs->name, "utf8mb3");
    ck_assert_uint_eq(cs->maxlen, 3);
    ck_assert_uint_eq(sc_charset__maxlen("utf8mb4"), 4);
    ck_assert_uint_eq(sc_charset__maxlen("latin1"), 1);
    ck_assert_str_eq(sc_charset__find("latin1")->default_collation, "latin1_swedish_ci");
    ck_assert_ptr_null(sc_charset__find("nope"));
    ck_assert_ptr_null(sc_charset__collation_find("nope_ci"));
}
END_TEST

START_TEST(test_ddl_charset_resolve_errors)
{
    sc_ctx *ctx;
    const sc_charset_info *cs;
    const sc_collation_info *coll;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    ck_assert_int_eq(sc_charset__resolve(&cs, &coll, ctx, "latin1", NULL), SC_OK);
    ck_assert_str_eq(coll->name, "latin1_swedish_ci");
    ck_assert_int_eq(sc_charset__resolve(&cs, &coll, ctx, NULL, "utf8mb4_bin"), SC_OK);
    ck_assert_str_eq(cs->name, "utf8mb4");
    ck_assert_int_eq(sc_charset__resolve(&cs, &coll, ctx, "x", NULL), SC_ESQL);
    ck_assert_uint_eq(sc_ctx_last_error(ctx)->mysql_errno, 1115);
    ck_assert_str_eq(sc_ctx_last_error(ctx)->message, "Unknown character set: 'x'");
    ck_assert_int_eq(sc_charset__resolve(&cs, &coll, ctx, NULL, "y"), SC_ESQL);
    ck_assert_uint_eq(sc_ctx_last_error(ctx)->mysql_errno, 1273);
    ck_assert_str_eq(sc_ctx_last_error(ctx)->message, "Unknown collation: 'y'");
    ck_assert_int_eq(sc_charset__resolve(&cs, &coll, ctx, "latin1", "utf8mb4_bin"), SC_ESQL);
    ck_assert_uint_eq(sc_ctx_last_error(ctx)->mysql_errno, 1253);
    ck_assert_str_eq(sc_ctx_last_error(ctx)->sqlstate, "42000");
    ck_assert_str_eq(sc_ctx_last_error(ctx)->message,
                     "COLLATION 'utf8mb4_bin' is not valid for CHARACTER SET 'latin1'");
    sc_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------------ */
/* types                                                                */

static char *render_type(sc_ctx *ctx, const sc_column_def *c)
{
    sc_buf b;
    char *out = NULL;
    sc__buf_init(&b, ctx);
    sc_type__render(&b, c);
    ck_assert_int_eq(sc__buf_finish(&out, &b), SC_OK);
    return out;
}

static void expect_type(sc_ctx *ctx, sc_column_def c, const char *want)
{
    char *got = render_type(ctx, &c);
    ck_assert_str_eq(got, want);
    sc_free(ctx, got);
}

START_TEST(test_ddl_types_render)
{
    sc_ctx *ctx;
    const char *els[] = {"a", "it's", "back\\slash"};
    sc_column_def c;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    memset(&c, 0, sizeof(c));
    c.type = SC_TYPE_INT;
    c.length = 11;
    expect_type(ctx, c, "int(11)");
    c.flags = SC_COL_UNSIGNED;
    c.length = 10;
    expect_type(ctx, c, "int(10) unsigned");
    c.type = SC_TYPE_TINYINT;
    c.length = 3;
    c.flags = SC_COL_ZEROFILL;
    expect_type(ctx, c, "tinyint(3) unsigned zerofill");
    memset(&c, 0, sizeof(c));
    c.type = SC_TYPE_DECIMAL;
    c.length = 10;
    expect_type(ctx, c, "decimal(10,0)");
    c.type = SC_TYPE_FLOAT;
    expect_type(ctx, c, "float");
    c.flags = SC_COL_HAS_LENGTH | SC_COL_HAS_SCALE;
    c.length = 7;
    c.scale = 3;
    expect_type(ctx, c, "float(7,3)");
    memset(&c, 0, sizeof(c));
    c.type = SC_TYPE_DATETIME;
    c.scale = 6;
    expect_type(ctx, c, "datetime(6)");
    c.type = SC_TYPE_TIMESTAMP;
    c.scale = 0;
    expect_type(ctx, c, "timestamp");
    c.type = SC_TYPE_YEAR;
    c.length = 4;
    expect_type(ctx, c, "year(4)");
    c.type = SC_TYPE_VARBINARY;
    c.length = 255;
    expect_type(ctx, c, "varbinary(255)");
    memset(&c, 0, sizeof(c));
    c.type = SC_TYPE_ENUM;
    c.elements = els;
    c.n_elements = 3;
    expect_type(ctx, c, "enum('a','it''s','back\\\\slash')");
    c.type = SC_TYPE_LONGTEXT;
    expect_type(ctx, c, "longtext");
    c.type = SC_TYPE_INET6;
    expect_type(ctx, c, "inet6");
    ck_assert_uint_eq(sc_type__default_length(SC_TYPE_SMALLINT, false), 6);
    ck_assert_uint_eq(sc_type__default_length(SC_TYPE_MEDIUMINT, true), 8);
    ck_assert_uint_eq(sc_type__default_length(SC_TYPE_BIGINT, true), 20);
    sc_ctx_free(ctx);
}
END_TEST

static void
expect_default(sc_ctx *ctx, sc_column_def c, const char *in, bool is_string, const char *want)
{
    char *out = NULL;
    int rc = sc_type__canon_default(&out, ctx, &c, in, is_string);
    if (!want) {
        ck_assert_int_eq(rc, SC_EINVAL);
        return;
    }
    ck_assert_int_eq(rc, SC_OK);
    ck_assert_str_eq(out, want);
    sc_free(ctx, out);
}

START_TEST(test_ddl_types_defaults)
{
    sc_ctx *ctx;
    sc_column_def c;
    const char *els[] = {"read", "write", "exec"};

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    memset(&c, 0, sizeof(c));
    c.type = SC_TYPE_DECIMAL;
    c.length = 10;
    c.scale = 2;
    expect_default(ctx, c, "1", false, "1.00");
    expect_default(ctx, c, "abc", true, NULL);
    c.type = SC_TYPE_TINYINT;
    c.length = 4;
    expect_default(ctx, c, "127", false, "127");
    expect_default(ctx, c, "128", false, NULL);
    expect_default(ctx, c, "'5'", true, NULL);
    c.flags = SC_COL_ZEROFILL;
    expect_default(ctx, c, "-5", false, NULL);
    memset(&c, 0, sizeof(c));
    c.type = SC_TYPE_DATETIME;
    c.scale = 2;
    expect_default(ctx, c, "2000-01-01 00:00:00", true, "2000-01-01 00:00:00.00");
    expect_default(ctx, c, "2001-02-30", true, NULL);
    c.type = SC_TYPE_TIME;
    c.scale = 0;
    expect_default(ctx, c, "12:34:56", true, "12:34:56");
    c.type = SC_TYPE_BIT;
    c.length = 3;
    expect_default(ctx, c, "5", false, "101");
    expect_default(ctx, c, "9", false, NULL);
    c.type = SC_TYPE_YEAR;
    expect_default(ctx, c, "2024", false, "2024");
    memset(&c, 0, sizeof(c));
    c.type = SC_TYPE_SET;
    c.elements = els;
    c.n_elements = 3;
    expect_default(ctx, c, "write,read", true, "read,write");
    expect_default(ctx, c, "nope", true, NULL);
    c.type = SC_TYPE_VARCHAR;
    c.length = 3;
    expect_default(ctx, c, "abcd", true, NULL);
    expect_default(ctx, c, "ünï", true, "ünï");
    /* DECIMAL rounds half away from zero on the literal's digits */
    memset(&c, 0, sizeof(c));
    c.type = SC_TYPE_DECIMAL;
    c.length = 10;
    expect_default(ctx, c, "12.5", true, "13");
    c.length = 5;
    c.scale = 2;
    expect_default(ctx, c, "-1.005", false, "-1.01");
    expect_default(ctx, c, "-0.004", false, "0.00");
    c.length = 3;
    expect_default(ctx, c, "9.999", false, NULL); /* rounds out of range */
    /* ZEROFILL pads to the display width */
    memset(&c, 0, sizeof(c));
    c.type = SC_TYPE_INT;
    c.length = 10;
    c.flags = SC_COL_UNSIGNED | SC_COL_ZEROFILL;
    expect_default(ctx, c, "5", false, "0000000005");
    /* doubles print without exponents for moderate magnitudes */
    memset(&c, 0, sizeof(c));
    c.type = SC_TYPE_DOUBLE;
    expect_default(ctx, c, "-2.5e3", false, "-2500");
    expect_default(ctx, c, "1e20", false, "1e20");
    /* BINARY(n) pads with NUL bytes, carried as C0 80 */
    memset(&c, 0, sizeof(c));
    c.type = SC_TYPE_BINARY;
    c.length = 3;
    expect_default(ctx, c, "ab", true, "ab\xC0\x80");
    expect_default(ctx, c, "abcd", true, NULL);
    sc_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------------ */
/* SHOW CREATE                                                          */

static char *render_table(sc_ctx *ctx, const sc_table_def *def, const char *schema)
{
    sc_buf b;
    char *out = NULL;
    sc__buf_init(&b, ctx);
    sc_show__table(&b, def, schema);
    ck_assert_int_eq(sc__buf_finish(&out, &b), SC_OK);
    return out;
}

START_TEST(test_ddl_show_create_table_fk_and_check)
{
    /* corpus 0106-fk-actions, reduced, plus a CHECK and a comment */
    sc_ctx *ctx;
    sc_column_def cols[2];
    sc_index_part p_a = {"a", 0, false};
    sc_index_def idx[1];
    const char *fk_cols[] = {"a"}, *fk_pcols[] = {"id"};
    sc_fk_def fk = {"c_ibfk_1", fk_cols, fk_pcols, 1, "test", "p", SC_FK_CASCADE, SC_FK_RESTRICT};
    sc_check_def ck = {"CONSTRAINT_1", "`a` > 0"};
    sc_table_def t;
    char *got;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    memset(cols, 0, sizeof(cols));
    memset(idx, 0, sizeof(idx));
    memset(&t, 0, sizeof(t));
    cols[0].name = "a";
    cols[0].type = SC_TYPE_INT;
    cols[0].length = 11;
    cols[0].default_kind = SC_DEFAULT_NULL;
    cols[1].name = "b";
    cols[1].type = SC_TYPE_VARCHAR;
    cols[1].length = 10;
    cols[1].charset = "latin1";
    cols[1].collation = "latin1_swedish_ci";
    cols[1].flags = SC_COL_NOT_NULL;
    cols[1].default_kind = SC_DEFAULT_LITERAL;
    cols[1].default_value = "it's";
    cols[1].comment = "c\\d";
    idx[0].name = "a";
    idx[0].kind = SC_INDEX_KEY;
    idx[0].parts = &p_a;
    idx[0].n_parts = 1;
    t.name = "c";
    t.engine = "InnoDB";
    t.charset = "utf8mb4";
    t.collation = "utf8mb4_general_ci";
    t.columns = cols;
    t.n_columns = 2;
    t.indexes = idx;
    t.n_indexes = 1;
    t.foreign_keys = &fk;
    t.n_foreign_keys = 1;
    t.checks = &ck;
    t.n_checks = 1;
    t.auto_increment = 10;
    t.comment = "many";
    t.options = "ROW_FORMAT=DYNAMIC";
    got = render_table(ctx, &t, "test");
    ck_assert_str_eq(got, "CREATE TABLE `c` (\n"
                          "  `a` int(11) DEFAULT NULL,\n"
                          "  `b` varchar(10) CHARACTER SET latin1 COLLATE latin1_swedish_ci NOT "
                          "NULL DEFAULT 'it''s' COMMENT 'c\\\\d',\n"
                          "  KEY `a` (`a`),\n"
                          "  CONSTRAINT `c_ibfk_1` FOREIGN KEY (`a`) REFERENCES `p` (`id`) ON "
                          "DELETE CASCADE,\n"
                          "  CONSTRAINT `CONSTRAINT_1` CHECK (`a` > 0)\n"
                          ") ENGINE=InnoDB AUTO_INCREMENT=10 DEFAULT CHARSET=utf8mb4 "
                          "COLLATE=utf8mb4_general_ci ROW_FORMAT=DYNAMIC COMMENT='many'");
    sc_free(ctx, got);
    /* a parent in another schema is qualified */
    fk.parent_schema = "o";
    got = render_table(ctx, &t, "test");
    ck_assert_ptr_nonnull(strstr(got, "REFERENCES `o`.`p` (`id`)"));
    sc_free(ctx, got);
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_ddl_show_create_table_columns)
{
    /* corpus 0013-timestamp-defaults / 0062-invisible-columns / 0047 binary */
    sc_ctx *ctx;
    sc_column_def cols[3];
    sc_index_part p = {"u", 20, true};
    sc_index_def ix = {"uk", SC_INDEX_UNIQUE, SC_ALGO_HASH, SC_INDEX_IGNORED, &p, 1, "x", 0, NULL};
    sc_table_def t;
    char *got;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    memset(cols, 0, sizeof(cols));
    memset(&t, 0, sizeof(t));
    cols[0].name = "touched";
    cols[0].type = SC_TYPE_TIMESTAMP;
    cols[0].flags = SC_COL_NOT_NULL;
    cols[0].default_kind = SC_DEFAULT_LITERAL;
    cols[0].default_value = "0000-00-00 00:00:00";
    cols[0].on_update = "current_timestamp()";
    cols[1].name = "h";
    cols[1].type = SC_TYPE_INT;
    cols[1].length = 11;
    cols[1].flags = SC_COL_INVISIBLE;
    cols[1].generated = SC_GEN_VIRTUAL;
    cols[1].generation_expr = "`id` * 2";
    cols[2].name = "u";
    cols[2].type = SC_TYPE_BLOB;
    cols[2].default_kind = SC_DEFAULT_NULL;
    t.name = "t`x";
    t.engine = "InnoDB";
    t.charset = "binary";
    t.collation = "binary";
    t.columns = cols;
    t.n_columns = 3;
    t.indexes = &ix;
    t.n_indexes = 1;
    got = render_table(ctx, &t, "test");
    ck_assert_str_eq(got, "CREATE TABLE `t``x` (\n"
                          "  `touched` timestamp NOT NULL DEFAULT '0000-00-00 00:00:00' ON UPDATE "
                          "current_timestamp(),\n"
                          "  `h` int(11) GENERATED ALWAYS AS (`id` * 2) VIRTUAL INVISIBLE,\n"
                          "  `u` blob DEFAULT NULL,\n"
                          "  UNIQUE KEY `uk` (`u`(20) DESC) USING HASH COMMENT 'x' IGNORED\n"
                          ") ENGINE=InnoDB DEFAULT CHARSET=binary");
    sc_free(ctx, got);
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_ddl_show_create_database)
{
    sc_ctx *ctx;
    sc_schema_def d = {"test", "utf8mb4", "utf8mb4_general_ci", NULL};
    sc_buf b;
    char *out;

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    sc__buf_init(&b, ctx);
    sc_show__database(&b, &d);
    ck_assert_int_eq(sc__buf_finish(&out, &b), SC_OK);
    ck_assert_str_eq(out, "CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 "
                          "COLLATE utf8mb4_general_ci */");
    sc_free(ctx, out);
    d.comment = "it's";
    sc__buf_init(&b, ctx);
    sc_show__database(&b, &d);
    ck_assert_int_eq(sc__buf_finish(&out, &b), SC_OK);
    ck_assert_str_eq(out, "CREATE DATABASE `test` /*!40100 DEFAULT CHARACTER SET utf8mb4 "
                          "COLLATE utf8mb4_general_ci */ COMMENT 'it''s'");
    sc_free(ctx, out);
    /* escaping: quote doubled, backslash, CR/LF, the NUL carrier; TAB and 0x1A raw */
    sc__buf_init(&b, ctx);
    sc_show__quoted(&b, "a'b\\c\r\n\t\032\xC0\x80");
    ck_assert_int_eq(sc__buf_finish(&out, &b), SC_OK);
    ck_assert_str_eq(out, "'a''b\\\\c\\r\\n\t\032\\0'");
    sc_free(ctx, out);
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_ddl_dump_show_create)
{
    sc_txn *txn;
    sc_schema_def b = {"b", "latin1", "latin1_swedish_ci", NULL};
    sc_schema_def a = {"a", "utf8mb4", "utf8mb4_general_ci", NULL};
    sc_column_def col;
    sc_table_def t;
    uint64_t bid;
    char *out;

    memset(&col, 0, sizeof(col));
    memset(&t, 0, sizeof(t));
    col.name = "x";
    col.type = SC_TYPE_INT;
    col.length = 11;
    col.default_kind = SC_DEFAULT_NULL;
    t.engine = "InnoDB";
    t.charset = "latin1";
    t.collation = "latin1_swedish_ci";
    t.columns = &col;
    t.n_columns = 1;
    ck_assert_int_eq(sc_txn_begin(&txn, sc_fx.cat, 0), SC_OK);
    ck_assert_int_eq(sc_schema_create(&bid, txn, &b), SC_OK);
    ck_assert_int_eq(sc_schema_create(NULL, txn, &a), SC_OK);
    t.name = "t2";
    ck_assert_int_eq(sc_table_create(NULL, txn, bid, &t), SC_OK);
    t.name = "t1";
    ck_assert_int_eq(sc_table_create(NULL, txn, bid, &t), SC_OK);
    ck_assert_int_eq(sc_dump_show_create(&out, txn), SC_OK);
    ck_assert_str_eq(out, "CREATE DATABASE `a` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE "
                          "utf8mb4_general_ci */;\n\n"
                          "CREATE DATABASE `b` /*!40100 DEFAULT CHARACTER SET latin1 COLLATE "
                          "latin1_swedish_ci */;\n\n"
                          "CREATE TABLE `t1` (\n  `x` int(11) DEFAULT NULL\n) ENGINE=InnoDB "
                          "DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;\n\n"
                          "CREATE TABLE `t2` (\n  `x` int(11) DEFAULT NULL\n) ENGINE=InnoDB "
                          "DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;\n\n");
    sc_free(sc_fx.ctx, out);
    ck_assert_int_eq(sc_show_create_table(&out, txn, "b", "nope"), SC_ESQL);
    ck_assert_uint_eq(sc_ctx_last_error(sc_fx.ctx)->mysql_errno, 1146);
    ck_assert_str_eq(sc_ctx_last_error(sc_fx.ctx)->message, "Table 'b.nope' doesn't exist");
    sc_txn_abort(txn);
}
END_TEST

Suite *sc_test_ddl_show_suite(void)
{
    Suite *s = suite_create("ddl_show");
    TCase *tc = tcase_create("charset");
    tcase_add_test(tc, test_ddl_charset_lookup);
    tcase_add_test(tc, test_ddl_charset_resolve_errors);
    suite_add_tcase(s, tc);
    tc = tcase_create("types");
    tcase_add_test(tc, test_ddl_types_render);
    tcase_add_test(tc, test_ddl_types_defaults);
    suite_add_tcase(s, tc);
    tc = tcase_create("show_create");
    tcase_add_test(tc, test_ddl_show_create_table_fk_and_check);
    tcase_add_test(tc, test_ddl_show_create_table_columns);
    tcase_add_test(tc, test_ddl_show_create_database);
    suite_add_tcase(s, tc);
    tc = tcase_create("dump");
    tcase_add_checked_fixture(tc, sc_fixture_catalog_setup, sc_fixture_catalog_teardown);
    tcase_add_test(tc, test_ddl_dump_show_create);
    suite_add_tcase(s, tc);
    return s;
}

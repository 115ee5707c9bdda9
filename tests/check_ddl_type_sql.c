/*
 * check_ddl_type_sql.c - sc_column_type_sql(), the public type text that
 * DESCRIBE and `dump --json` print: MariaDB's widths (given or default),
 * signedness, fractional precision, ENUM/SET quoting, COMPRESSED, errors.
 */
#include <check.h>
#include <stdlib.h>

#include "syscat/ddl.h"

Suite *sc_test_ddl_type_sql_suite(void);

/* The type text of col, checked against want. */
static void expect_type(sc_ctx *ctx, const sc_column_def *col, const char *want)
{
    char *out = NULL;

    ck_assert_int_eq(sc_column_type_sql(&out, ctx, col), SC_OK);
    ck_assert_str_eq(out, want);
    sc_free(ctx, out);
}

START_TEST(test_type_sql_numbers)
{
    sc_ctx *ctx;
    sc_column_def c = {.name = "c", .type = SC_TYPE_INT};

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    expect_type(ctx, &c, "int(11)");
    c.flags = SC_COL_UNSIGNED;
    expect_type(ctx, &c, "int(10) unsigned");
    c.type = SC_TYPE_TINYINT;
    c.flags = SC_COL_ZEROFILL;
    c.length = 3;
    expect_type(ctx, &c, "tinyint(3) unsigned zerofill");
    c = (sc_column_def){.name = "d", .type = SC_TYPE_DECIMAL, .length = 0, .scale = 0};
    expect_type(ctx, &c, "decimal(10,0)");
    c = (sc_column_def){
        .name = "f", .type = SC_TYPE_FLOAT, .flags = SC_COL_HAS_SCALE, .length = 7, .scale = 2};
    expect_type(ctx, &c, "float(7,2)");
    c = (sc_column_def){.name = "g", .type = SC_TYPE_DOUBLE};
    expect_type(ctx, &c, "double");
    sc_ctx_free(ctx);
}
END_TEST

START_TEST(test_type_sql_strings_temporal)
{
    static const char *const vals[] = {"x", "y'z", "back\\slash"};
    sc_ctx *ctx;
    sc_column_def c = {.name = "c", .type = SC_TYPE_CHAR};

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    expect_type(ctx, &c, "char(1)");
    c = (sc_column_def){.name = "v",
                        .type = SC_TYPE_VARCHAR,
                        .length = 10,
                        .flags = SC_COL_COMPRESSED,
                        .charset = "utf8mb4"};
    expect_type(ctx, &c, "varchar(10) /*M!100301 COMPRESSED*/");
    c = (sc_column_def){.name = "e", .type = SC_TYPE_ENUM, .elements = vals, .n_elements = 3};
    expect_type(ctx, &c, "enum('x','y''z','back\\\\slash')");
    c.type = SC_TYPE_SET;
    c.n_elements = 1;
    expect_type(ctx, &c, "set('x')");
    c = (sc_column_def){.name = "t", .type = SC_TYPE_DATETIME, .scale = 6};
    expect_type(ctx, &c, "datetime(6)");
    c = (sc_column_def){.name = "y", .type = SC_TYPE_YEAR};
    expect_type(ctx, &c, "year(4)");
    c = (sc_column_def){.name = "b", .type = SC_TYPE_MEDIUMBLOB};
    expect_type(ctx, &c, "mediumblob");
    c = (sc_column_def){.name = "u", .type = SC_TYPE_UUID};
    expect_type(ctx, &c, "uuid");
    sc_ctx_free(ctx);
}
END_TEST

/* The bare type names come from the DDL module's one table. */
START_TEST(test_type_sql_coltype_names)
{
    ck_assert_str_eq(sc_coltype_name(SC_TYPE_INT), "int");
    ck_assert_str_eq(sc_coltype_name(SC_TYPE_MEDIUMTEXT), "mediumtext");
    ck_assert_str_eq(sc_coltype_name(SC_TYPE_GEOMETRYCOLLECTION), "geometrycollection");
    ck_assert_str_eq(sc_coltype_name(SC_TYPE_UUID), "uuid");
    ck_assert_str_eq(sc_coltype_name(SC_TYPE_NONE), "unknown");
    ck_assert_str_eq(sc_coltype_name(SC_TYPE__COUNT), "unknown");
    for (int t = SC_TYPE_NONE + 1; t < SC_TYPE__COUNT; t++)
        ck_assert_str_ne(sc_coltype_name((sc_coltype)t), "unknown");
}
END_TEST

START_TEST(test_type_sql_bad_type)
{
    sc_ctx *ctx;
    char *out = (char *)"unset";
    sc_column_def c = {.name = "c", .type = SC_TYPE_NONE};

    ck_assert_int_eq(sc_ctx_new(&ctx, NULL), SC_OK);
    ck_assert_int_eq(sc_column_type_sql(&out, ctx, &c), SC_EINVAL);
    ck_assert_ptr_null(out);
    ck_assert_int_eq(sc_ctx_last_error(ctx)->code, SC_EINVAL);
    c.type = SC_TYPE__COUNT;
    ck_assert_int_eq(sc_column_type_sql(&out, ctx, &c), SC_EINVAL);
    sc_ctx_free(ctx);
}
END_TEST

Suite *sc_test_ddl_type_sql_suite(void)
{
    Suite *s = suite_create("ddl_type_sql");
    TCase *tc = tcase_create("type_sql");

    tcase_add_test(tc, test_type_sql_numbers);
    tcase_add_test(tc, test_type_sql_strings_temporal);
    tcase_add_test(tc, test_type_sql_bad_type);
    tcase_add_test(tc, test_type_sql_coltype_names);
    suite_add_tcase(s, tc);
    return s;
}

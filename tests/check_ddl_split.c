/*
 * check_ddl_split.c - sc_sql_split_next(), the mysql client's statement
 * splitting that the CLI uses (ddl/split.c): where a ';' ends a statement
 * and where it does not (quotes, escapes, the three comment forms, the
 * executable comment), and whether a piece holds anything to run.
 */
#include <check.h>
#include <string.h>

#include "syscat/ddl.h"

Suite *sc_test_ddl_split_suite(void);

/* First statement end in s: expect found/end/content. */
static void cut(const char *s, bool found, size_t end, bool content)
{
    size_t e = 12345;
    bool c = !content;
    bool f = sc_sql_split_next(&e, &c, s, strlen(s));

    ck_assert_msg(f == found, "%s: found %d", s, f);
    ck_assert_msg(e == end, "%s: end %zu, want %zu", s, e, end);
    ck_assert_msg(c == content, "%s: content %d", s, c);
}

START_TEST(test_ddl_split_plain)
{
    cut("a;b", true, 1, true);
    cut(";", true, 0, false);
    cut("  \n\t;", true, 4, false);
    cut("select 1", false, 8, true);
    cut("", false, 0, false);
}
END_TEST

START_TEST(test_ddl_split_quotes)
{
    cut("'x;y';z", true, 5, true);
    cut("\"a\\\";b\";c", true, 7, true); /* backslash escapes in "" */
    cut("'it''s;';", true, 8, true);     /* doubled quote */
    cut("`a;b`;", true, 5, true);
    cut("`a\\`;", true, 4, true); /* no backslash escape in `` */
    cut("'never closed;", false, 14, true);
}
END_TEST

START_TEST(test_ddl_split_comments)
{
    cut("# c;\nx;", true, 6, true);
    cut("-- c;\nx;", true, 7, true);
    cut("--c;", true, 3, true); /* "--" needs a blank after it */
    cut("/* ; */x;", true, 8, true);
    cut("/*!50000 x;*/", true, 10, true); /* executable comments are SQL */
    cut("  -- only\n", false, 10, false);
    cut("/* open ;", false, 9, false);
}
END_TEST

Suite *sc_test_ddl_split_suite(void)
{
    Suite *s = suite_create("ddl_split");
    TCase *tc = tcase_create("split");

    tcase_add_test(tc, test_ddl_split_plain);
    tcase_add_test(tc, test_ddl_split_quotes);
    tcase_add_test(tc, test_ddl_split_comments);
    suite_add_tcase(s, tc);
    return s;
}

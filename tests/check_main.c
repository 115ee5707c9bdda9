/*
 * check_main.c - the one test runner: adds every suite (the list is
 * generated from the tests/check_*.c file names, see the Makefile) to one
 * SRunner and returns the number of failures as exit status.
 * CK_RUN_SUITE / CK_RUN_CASE narrow a run; CK_FORK=no keeps one process.
 */
#include <check.h>
#include <stdlib.h>

#define SC_SUITE(name) Suite *sc_test_##name##_suite(void);
#include SC_SUITES_H
#undef SC_SUITE

int main(void)
{
    SRunner *sr = srunner_create(NULL);
    int failed;

#define SC_SUITE(name) srunner_add_suite(sr, sc_test_##name##_suite());
#include SC_SUITES_H
#undef SC_SUITE

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

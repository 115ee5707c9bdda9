/*
 * show_partition.c - the PARTITION BY part of SHOW CREATE TABLE, as
 * MariaDB 10.11 prints it (sql_partition.cc generate_partition_syntax, the
 * form without the versioned-comment wrapper that SHOW CREATE TABLE gives):
 *
 *    PARTITION BY RANGE (`id`)          one space before PARTITION
 *   SUBPARTITION BY HASH (expr)         when subpartitioned
 *   SUBPARTITIONS n                     a default subpartition list of n
 *   PARTITIONS n                        a default partition list (n given or SYSTEM_TIME)
 *   (PARTITION `p0` VALUES ... ENGINE = InnoDB,
 *    PARTITION `p1` ...
 *    (SUBPARTITION `s0` ENGINE = InnoDB,
 *     SUBPARTITION `s1` ENGINE = InnoDB))
 *
 * Every text (values, options) is stored as printed; see ddl/partition.h.
 */
#include <string.h>

#include "ddl/expr.h"
#include "ddl/partition.h"

static const char *type_word(sc_part_type t)
{
    switch (t) {
    case SC_PART_RANGE:
    case SC_PART_RANGE_COLUMNS:
        return "RANGE ";
    case SC_PART_LIST:
    case SC_PART_LIST_COLUMNS:
        return "LIST ";
    case SC_PART_HASH:
        return "HASH ";
    case SC_PART_KEY:
        return "KEY ";
    case SC_PART_SYSTEM_TIME:
        return "SYSTEM_TIME ";
    default:
        return "";
    }
}

/* RANGE (expr), LIST  COLUMNS(`a`), LINEAR KEY (`a`), SYSTEM_TIME LIMIT n */
static void method(sc_buf *b, sc_part_type t, bool linear, const char *expr, const char *st)
{
    if (linear)
        sc__buf_puts(b, "LINEAR ");
    sc__buf_puts(b, type_word(t));
    if (t == SC_PART_RANGE_COLUMNS || t == SC_PART_LIST_COLUMNS) {
        sc__buf_printf(b, " COLUMNS(%s)", expr ? expr : "");
    } else if (t == SC_PART_SYSTEM_TIME) {
        if (st)
            sc__buf_puts(b, st);
    } else {
        sc__buf_printf(b, "(%s)", expr ? expr : "");
    }
}

static void engine_clause(sc_buf *b, const sc_partition_def *pd, const char *table_engine)
{
    sc__buf_puts(b, " ENGINE = ");
    sc__buf_puts(b, pd->engine ? pd->engine : table_engine ? table_engine : "InnoDB");
}

static void partition_head(sc_buf *b, const sc_partition_def *pd, const char *keyword)
{
    sc__buf_puts(b, keyword);
    sc_ddl__quote_ident(b, pd->name);
    if (pd->values) {
        sc__buf_putc(b, ' ');
        sc__buf_puts(b, pd->values);
    }
    if (pd->options) {
        sc__buf_putc(b, ' ');
        sc__buf_puts(b, pd->options);
    }
}

/* The explicit list: partitions, each with its subpartitions when listed. */
static void partition_list(sc_buf *b, const sc_partitioning_def *pt, const char *engine)
{
    bool subs = pt->sub_type != SC_PART_NONE && !(pt->flags & SC_PART_SUB_DEFAULT_LIST);
    bool first = true;
    size_t i = 0;

    sc__buf_puts(b, "\n(");
    while (i < pt->n_parts) {
        const sc_partition_def *pd = &pt->parts[i++];
        if (pd->sub)
            continue; /* a default subpartition */
        if (!first)
            sc__buf_puts(b, ",\n ");
        first = false;
        partition_head(b, pd, "PARTITION ");
        if (!subs) {
            engine_clause(b, pd, engine);
            continue;
        }
        sc__buf_puts(b, "\n (");
        for (bool sfirst = true; i < pt->n_parts && pt->parts[i].sub; i++, sfirst = false) {
            if (!sfirst)
                sc__buf_puts(b, ",\n  ");
            partition_head(b, &pt->parts[i], "SUBPARTITION ");
            engine_clause(b, &pt->parts[i], engine);
        }
        sc__buf_putc(b, ')');
    }
    sc__buf_putc(b, ')');
}

static size_t count_parts(const sc_partitioning_def *pt, bool sub)
{
    size_t n = 0;

    for (size_t i = 0; i < pt->n_parts; i++)
        n += pt->parts[i].sub == sub;
    return n;
}

void sc_show__partitioning(sc_buf *b, const sc_partitioning_def *pt, const char *table_engine)
{
    size_t parts = count_parts(pt, false);

    sc__buf_puts(b, "\n PARTITION BY ");
    method(b, pt->type, (pt->flags & SC_PART_LINEAR) != 0, pt->expr, pt->system_time);
    if ((pt->flags & SC_PART_DEFAULT_LIST) && !(pt->flags & SC_PART_DEFAULT_NUM))
        sc__buf_printf(b, "\nPARTITIONS %zu", parts);
    if (pt->sub_type != SC_PART_NONE) {
        sc__buf_puts(b, "\nSUBPARTITION BY ");
        method(b, pt->sub_type, (pt->flags & SC_PART_SUB_LINEAR) != 0, pt->sub_expr, NULL);
    }
    if (pt->sub_type != SC_PART_NONE && (pt->flags & SC_PART_SUB_DEFAULT_LIST) &&
        !(pt->flags & SC_PART_SUB_DEFAULT_NUM))
        sc__buf_printf(b, "\nSUBPARTITIONS %zu", parts ? count_parts(pt, true) / parts : 0);
    if (!(pt->flags & SC_PART_DEFAULT_LIST))
        partition_list(b, pt, table_engine);
}

/*
 * partition.h - PARTITION BY and the partition ALTERs: the syntax tree
 * (parsed by ddl/parse_partition.c), the executor steps (ddl/exec_partition.c)
 * and the SHOW CREATE TABLE text of a partitioned table (ddl/show_partition.c).
 *
 * The catalog keeps the scheme in the tables row and one syscat.partitions
 * row per partition and subpartition (sc_partitioning_def, include/syscat/
 * catalog.h), with every text already in the form MariaDB 10.11 prints:
 * VALUES LESS THAN (10), VALUES IN (1,2), per-partition options. Rules and
 * errors are MariaDB's (sql/partition_info.cc, sql_partition.cc), see
 * docs/ddl.md "Partitioning".
 */
#ifndef SC_DDL_PARTITION_H
#define SC_DDL_PARTITION_H

#include "syscat/catalog.h"
#include "catalog/buf.h"
#include "ddl/ast.h"

struct sc_parser;
struct sc_exec;
struct sc_xtable;

/* ------------------------------------------------------------------ */
/* Syntax tree                                                          */

typedef enum sc_ast_pvalues {
    SC_AST_PV_NONE = 0,
    SC_AST_PV_LESS_THAN, /* VALUES LESS THAN (...) | MAXVALUE */
    SC_AST_PV_IN,        /* VALUES IN (...) */
    SC_AST_PV_DEFAULT,   /* DEFAULT (LIST) */
    SC_AST_PV_CURRENT,   /* CURRENT (SYSTEM_TIME) */
    SC_AST_PV_HISTORY,   /* HISTORY (SYSTEM_TIME) */
} sc_ast_pvalues;

/** One value tuple: vals[i] NULL = MAXVALUE. */
typedef struct sc_ast_ptuple {
    sc_expr **vals;
    size_t n;
} sc_ast_ptuple;

/** Per-partition options (opt_part_options); NULL / !present = not given. */
typedef struct sc_ast_popts {
    const char *engine;
    sc_ast_str *comment;
    sc_ast_str *data_dir;
    sc_ast_str *index_dir;
    sc_ast_num nodegroup, max_rows, min_rows;
} sc_ast_popts;

typedef struct sc_ast_pdef {
    const char *name;
    sc_ast_pvalues vkind;
    bool maxvalue;         /* LESS THAN MAXVALUE (no parentheses) */
    sc_ast_ptuple *tuples; /* LESS THAN: one tuple; IN: one tuple per value (or row) */
    size_t n_tuples;
    sc_ast_popts opts;
    struct sc_ast_pdef *subs; /* SUBPARTITION list, or NULL */
    size_t n_subs;
} sc_ast_pdef;

/** PARTITION BY ... (also ADD PARTITION / REORGANIZE INTO lists: type NONE). */
typedef struct sc_ast_partitioning {
    sc_part_type type;
    bool linear;
    bool key_algorithm; /* KEY ALGORITHM = n written */
    sc_expr *expr;      /* HASH / RANGE / LIST expression */
    const char **cols;  /* KEY / COLUMNS column list */
    size_t n_cols;
    sc_ast_num parts; /* PARTITIONS n */
    sc_part_type sub_type;
    bool sub_linear;
    sc_expr *sub_expr;
    const char **sub_cols;
    size_t n_sub_cols;
    sc_ast_num subparts; /* SUBPARTITIONS n */
    sc_expr *interval;   /* SYSTEM_TIME INTERVAL n unit */
    const char *interval_unit;
    sc_expr *starts;   /* STARTS value, or NULL */
    sc_ast_num limit;  /* SYSTEM_TIME LIMIT n */
    bool auto_;        /* SYSTEM_TIME ... AUTO */
    sc_ast_pdef *defs; /* ( PARTITION ... ) list, or NULL */
    size_t n_defs;
} sc_ast_partitioning;

typedef enum sc_ast_part_op_kind {
    SC_AST_POP_NONE = 0,
    SC_AST_POP_BY,                /* [alter_list] PARTITION BY ...: part */
    SC_AST_POP_REMOVE,            /* [alter_list] REMOVE PARTITIONING */
    SC_AST_POP_ADD,               /* ADD PARTITION (defs) | PARTITIONS n: part (defs / parts) */
    SC_AST_POP_DROP,              /* DROP PARTITION [IF EXISTS] names */
    SC_AST_POP_REORGANIZE,        /* REORGANIZE PARTITION [names INTO (defs)] */
    SC_AST_POP_COALESCE,          /* COALESCE PARTITION n: count */
    SC_AST_POP_TRUNCATE,          /* TRUNCATE PARTITION names | ALL */
    SC_AST_POP_EXCHANGE,          /* EXCHANGE PARTITION name WITH TABLE table */
    SC_AST_POP_CONVERT_PARTITION, /* CONVERT PARTITION name TO TABLE table */
    SC_AST_POP_CONVERT_TABLE,     /* CONVERT TABLE table TO PARTITION def (part->defs[0]) */
    SC_AST_POP_MAINTAIN,          /* ANALYZE/CHECK/OPTIMIZE/REBUILD/REPAIR PARTITION names | ALL */
} sc_ast_part_op_kind;

typedef struct sc_ast_part_op {
    sc_ast_part_op_kind kind;
    const char **names; /* partition names */
    size_t n_names;
    bool all;           /* ... PARTITION ALL */
    bool if_exists;     /* DROP PARTITION IF EXISTS */
    bool if_not_exists; /* ADD PARTITION IF NOT EXISTS */
    sc_ast_partitioning *part;
    sc_ast_num count;   /* COALESCE n */
    sc_ast_qname table; /* EXCHANGE / CONVERT */
} sc_ast_part_op;

/* ------------------------------------------------------------------ */
/* Parser (ddl/parse_partition.c)                                       */

/** PARTITION BY ... at the current token (PARTITION). */
int sc_parse__partitioning(struct sc_parser *p, sc_ast_partitioning **out);
/**
 * An ALTER TABLE partition command at the current token, or *out = NULL when
 * none starts here. after_list: an alter list came before (only PARTITION BY
 * and REMOVE PARTITIONING may follow one).
 */
int sc_parse__part_op(struct sc_parser *p, sc_ast_part_op **out, bool after_list);

/* ------------------------------------------------------------------ */
/* Executor (ddl/exec_partition.c)                                      */

/** Build t->part from PARTITION BY of CREATE TABLE (t has its columns and keys). */
int sc_exec__partition_create(struct sc_exec *x,
                              struct sc_xtable *t,
                              const sc_ast_partitioning *ap);
/** Apply an ALTER TABLE partition command to t (table id for CONVERT/EXCHANGE). */
int sc_exec__partition_alter(struct sc_exec *x,
                             struct sc_xtable *t,
                             const sc_ast_part_op *op,
                             uint64_t table_id);
/** The rules a partitioned table's final definition must keep (1503, 1506...). */
int sc_exec__partition_check(struct sc_exec *x, const struct sc_xtable *t);
/** Deep copy of a stored partitioning into the statement arena (NULL stays NULL). */
sc_partitioning_def *sc_exec__partition_copy(struct sc_exec *x, const sc_partitioning_def *src);
/** Rename column from to to in the partitioning expressions (ALTER ... CHANGE). */
int sc_exec__partition_rename_column(struct sc_exec *x,
                                     struct sc_xtable *t,
                                     const char *from,
                                     const char *to);

/* ------------------------------------------------------------------ */
/* SHOW CREATE TABLE (ddl/show_partition.c)                             */

/** Append "\n PARTITION BY ..." as SHOW CREATE TABLE prints it. */
void sc_show__partitioning(sc_buf *b, const sc_partitioning_def *pt, const char *table_engine);

#endif /* SC_DDL_PARTITION_H */

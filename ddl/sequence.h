/*
 * sequence.h - CREATE / ALTER / DROP SEQUENCE (MariaDB 10.11): the syntax
 * tree (ddl/parse_sequence.c), the executor (ddl/exec_sequence.c) and the
 * SHOW CREATE SEQUENCE / SHOW CREATE TABLE texts of a sequence.
 *
 * A sequence is a tables row flagged SC_TABLE_SEQUENCE with MariaDB's eight
 * sequence columns (so SHOW TABLES, DESCRIBE, RENAME and DROP TABLE work on
 * it) plus one syscat.sequence_options row with its options. The running
 * value is not DDL and is not kept (issue 11).
 */
#ifndef SC_DDL_SEQUENCE_H
#define SC_DDL_SEQUENCE_H

#include "syscat/catalog.h"
#include "catalog/buf.h"
#include "ddl/ast.h"

struct sc_parser;
struct sc_exec;

/** One signed option value as written. */
typedef struct sc_ast_seqnum {
    bool present;
    long long value;
} sc_ast_seqnum;

typedef struct sc_ast_sequence {
    bool or_replace, temporary, if_not_exists, if_exists;
    sc_ast_qname name;   /* CREATE / ALTER */
    sc_ast_qname *names; /* DROP */
    size_t n_names;
    sc_ast_seqnum start, min, max, increment, cache, restart;
    bool no_min, no_max;          /* NO MINVALUE / NOMINVALUE ... */
    bool nocache;                 /* NOCACHE */
    int cycle;                    /* -1 not given, 0 NOCYCLE, 1 CYCLE */
    sc_ast_table_option *options; /* ENGINE=, COMMENT= ... (CREATE) */
    size_t n_options;
} sc_ast_sequence;

/* parse_sequence.c: after CREATE [OR REPLACE] [TEMPORARY] / ALTER / DROP [TEMPORARY] */
int sc_parse__create_sequence(struct sc_parser *p,
                              sc_ast_stmt *st,
                              bool or_replace,
                              bool temporary);
int sc_parse__alter_sequence(struct sc_parser *p, sc_ast_stmt *st);
int sc_parse__drop_sequence(struct sc_parser *p, sc_ast_stmt *st, bool temporary);

/* exec_sequence.c */
int sc_exec__create_sequence(struct sc_exec *x);
/** The options CREATE SEQUENCE gives when none is written. */
void sc_exec__sequence_defaults(sc_sequence_def *sq);
struct sc_xtable;
/** CREATE TABLE ... SEQUENCE=1: check the definition (4086) and make it a sequence. */
int sc_exec__table_as_sequence(struct sc_exec *x, struct sc_xtable *t);
int sc_exec__alter_sequence(struct sc_exec *x);
int sc_exec__drop_sequence(struct sc_exec *x);
/** 4086 / 1031 for table statements a sequence refuses (ALTER TABLE columns, TRUNCATE). */
bool sc_exec__is_sequence(struct sc_exec *x, uint64_t table_id);

/** Resolve NEXTVAL/LASTVAL/SETVAL calls of a column definition (1146, 1901, 1970). */
int sc_exec__sequence_refs(struct sc_exec *x, const sc_ast_column *ac);

/** The same for one expression of clause ("DEFAULT", "CHECK", ...) of column col. */
int sc_exec__sequence_expr(struct sc_exec *x,
                           const sc_expr *e,
                           const char *clause,
                           const char *col);

/** SHOW CREATE SEQUENCE text of a sequence's definition. */
void sc_show__sequence(sc_buf *b, const sc_table_def *def);
/** SHOW CREATE TABLE text of a sequence (the eight columns, ENGINE=x SEQUENCE=1). */
void sc_show__sequence_table(sc_buf *b, const sc_table_def *def);

#endif /* SC_DDL_SEQUENCE_H */

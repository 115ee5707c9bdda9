/*
 * exec_alter_int.h - internals shared by the ALTER TABLE files:
 *   exec_alter.c        the driver (MariaDB's evaluation order, store, rename)
 *   exec_alter_column.c DROP/ADD/MODIFY/CHANGE/RENAME COLUMN, ALTER COLUMN
 *                       DEFAULT, and what dropped columns take with them
 *   exec_alter_key.c    DROP/ADD/RENAME of keys, foreign keys and CHECKs
 *   exec_alter_table.c  table options, CONVERT TO, RENAME TO, child tables
 *   exec_alter_check.c  the altered table against the stored one: foreign
 *                       keys on both sides, ALGORITHM= and LOCK=
 * Not used outside ddl/exec_alter*.c. Every function returns SC_OK or an
 * error already set on x->ctx (ddl/exec.h conventions).
 */
#ifndef SC_DDL_EXEC_ALTER_INT_H
#define SC_DDL_EXEC_ALTER_INT_H

#include "ddl/exec.h"

/** What one ALTER TABLE statement has done so far to the table model t. */
typedef struct sc_alter_state {
    sc_xtable t;
    const char *old_name;
    const char **dropped; /* dropped column names */
    size_t n_dropped;
    const char **ren_from, **ren_to; /* column renames, in order */
    size_t n_ren;
    const char **modified; /* columns redefined by MODIFY/CHANGE (new names) */
    size_t n_modified;
    /* columns an ALTER COLUMN can no longer name: stored columns (by stored
     * name) changed, renamed or already given a default; new ones by name */
    const char **touched_orig, **touched_new;
    size_t n_touched_orig, n_touched_new;
    size_t first_new_fk;
    const char *new_db, *new_name;
    bool renamed;
    bool engine_changed;
    bool table_charset_given; /* a CHARACTER SET / COLLATE table option: it wins over CONVERT TO */
} sc_alter_state;

/* exec_alter.c */
/** 1091 for a DROP of something missing (a Note under IF EXISTS). */
int sc_exec__alter_not_exists(sc_exec *x,
                              const sc_ast_alter_spec *sp,
                              const char *what,
                              const char *name);

/* exec_alter_column.c */
int sc_exec__alter_drop_column(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp);
/** Take dropped columns out of keys and expressions (1072/1054 when MariaDB refuses). */
int sc_exec__alter_prune_keys(sc_exec *x, sc_alter_state *st);
int sc_exec__alter_change_column(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp);
int sc_exec__alter_rename_column(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp);
/** ALTER COLUMN SET DEFAULT / DROP DEFAULT. */
int sc_exec__alter_set_default(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp);
int sc_exec__alter_add_column(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp);

/* exec_alter_key.c */
/** DROP INDEX / PRIMARY KEY / FOREIGN KEY / CONSTRAINT; other specs are no-ops. */
int sc_exec__alter_drop_key(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp);
/** RENAME INDEX/KEY and ALTER INDEX ... [NOT] IGNORED. */
int sc_exec__alter_index_rename(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp);
int sc_exec__alter_add_index(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp);

/* exec_alter_table.c */
/** Table options (applied before any other spec). */
int sc_exec__alter_apply_options(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp);
/** CONVERT TO CHARACTER SET, RENAME TO, refused options (table options: no-op). */
int sc_exec__alter_table_level(sc_exec *x,
                               sc_alter_state *st,
                               const sc_ast_alter_spec *sp,
                               const sc_schema_def *sdef);

/* exec_alter_check.c (old: the stored definition before the ALTER) */
/** 1553/1025: the index a foreign key of the table itself needs must remain. */
int sc_exec__alter_check_own_fk_indexes(sc_exec *x, sc_alter_state *st, const sc_table_def *old);
/** 1832/1830/1846: redefined foreign key columns of the table itself. */
int sc_exec__alter_check_own_fk_types(sc_exec *x, sc_alter_state *st, const sc_table_def *old);
/** 1829/1846/1553/1833/1025: foreign keys of child tables that reference this one. */
int sc_exec__alter_check_parent_side(sc_exec *x,
                                     sc_alter_state *st,
                                     uint64_t id,
                                     const sc_table_def *old);
/** Whether InnoDB gets the table by a copy (ALGORITHM=COPY, another engine,
 *  a column change or repartitioning it cannot do in place). */
bool sc_exec__alter_copies(const sc_alter_state *st,
                           const sc_ast_alter_table *at,
                           const sc_table_def *old);
/** ALTER ... ORDER BY: Warning 1105 on an InnoDB table clustered on a key of
 *  its own, else 1054 for a column the table does not have. */
int sc_exec__alter_check_order_by(sc_exec *x,
                                  const sc_alter_state *st,
                                  const sc_ast_alter_table *at);
/** 1845/1846: the ALGORITHM= and LOCK= the statement asks for are possible. */
int sc_exec__alter_check_algorithm(sc_exec *x,
                                   sc_alter_state *st,
                                   const sc_ast_alter_table *at,
                                   const sc_table_def *old);

#endif /* SC_DDL_EXEC_ALTER_INT_H */

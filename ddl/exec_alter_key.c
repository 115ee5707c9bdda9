/*
 * exec_alter_key.c - the key specs of ALTER TABLE: DROP INDEX / PRIMARY KEY
 * / FOREIGN KEY / CONSTRAINT (a CHECK, a foreign key or a unique key by that
 * name, in that order), ADD INDEX / KEY / CONSTRAINT, RENAME INDEX and ALTER
 * INDEX ... [NOT] IGNORED.
 */
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"
#include "ddl/exec_alter_int.h"

/* ------------------------------------------------------------------ */
/* Drops                                                               */

static int drop_fk(sc_exec *x, sc_alter_state *st, const char *name)
{
    for (size_t i = 0; i < st->t.n_fks; i++)
        if (strcasecmp(st->t.fks[i].name, name) == 0) {
            memmove(&st->t.fks[i], &st->t.fks[i + 1], (st->t.n_fks - i - 1) * sizeof(sc_fk_def));
            st->t.n_fks--;
            return SC_OK;
        }
    (void)x;
    return SC_ENOTFOUND;
}

static int drop_index_named(sc_alter_state *st, const char *name)
{
    for (size_t i = 0; i < st->t.n_idx; i++)
        if (strcasecmp(st->t.idx[i].d.name, name) == 0) {
            sc_xtable__remove_index(&st->t, i);
            return SC_OK;
        }
    return SC_ENOTFOUND;
}

static int drop_check(sc_alter_state *st, const char *name)
{
    for (size_t i = 0; i < st->t.n_checks; i++)
        if (strcasecmp(st->t.checks[i].name, name) == 0) {
            memmove(&st->t.checks[i], &st->t.checks[i + 1],
                    (st->t.n_checks - i - 1) * sizeof(sc_check_def));
            st->t.n_checks--;
            return SC_OK;
        }
    return SC_ENOTFOUND;
}

int sc_exec__alter_drop_key(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp)
{
    switch (sp->kind) {
    case SC_AST_ALTER_DROP_INDEX:
        if (drop_index_named(st, sp->name) != SC_OK)
            return sc_exec__alter_not_exists(x, sp, "INDEX", sp->name);
        return SC_OK;
    case SC_AST_ALTER_DROP_PRIMARY_KEY:
        if (drop_index_named(st, "PRIMARY") != SC_OK)
            return sc_exec__alter_not_exists(x, sp, "INDEX", "PRIMARY");
        return SC_OK;
    case SC_AST_ALTER_DROP_FOREIGN_KEY:
        if (drop_fk(x, st, sp->name) != SC_OK)
            return sc_exec__alter_not_exists(x, sp, "FOREIGN KEY", sp->name);
        return SC_OK;
    case SC_AST_ALTER_DROP_CONSTRAINT:
        if (drop_check(st, sp->name) == SC_OK || drop_fk(x, st, sp->name) == SC_OK)
            return SC_OK;
        {
            sc_xindex *ix = sc_xtable__find_index(&st->t, sp->name);
            if (ix && (ix->d.kind == SC_INDEX_UNIQUE || ix->d.kind == SC_INDEX_PRIMARY))
                return drop_index_named(st, sp->name);
        }
        return sc_exec__alter_not_exists(x, sp, "CONSTRAINT", sp->name);
    default:
        return SC_OK;
    }
}

/* ------------------------------------------------------------------ */
/* Renames and adds                                                    */

int sc_exec__alter_index_rename(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp)
{
    sc_xindex *ix = sc_xtable__find_index(&st->t, sp->name);

    if (!ix)
        return sc_exec__err(x, SC_ER_KEY_DOES_NOT_EXISTS, sp->name, st->old_name);
    if (sp->kind == SC_AST_ALTER_INDEX_IGNORED) {
        if (ix->d.kind == SC_INDEX_PRIMARY && sp->ignored)
            return sc_exec__err(x, SC_ER_PK_INDEX_CANT_BE_IGNORED);
        if (sp->ignored)
            ix->d.flags |= SC_INDEX_IGNORED;
        else
            ix->d.flags &= ~(unsigned)SC_INDEX_IGNORED;
        return SC_OK;
    }
    if (strcasecmp(sp->new_name, "PRIMARY") == 0)
        return sc_exec__err(x, SC_ER_WRONG_NAME_FOR_INDEX, sp->new_name);
    if (strcasecmp(sp->name, sp->new_name) != 0 && sc_xtable__find_index(&st->t, sp->new_name))
        return sc_exec__err(x, SC_ER_DUP_KEYNAME, sp->new_name);
    ix->d.name = sp->new_name;
    /* a renamed implicit FK index is the user's from now on: 10.11.19 keeps
     * it when another key covers the columns later (ALTER INDEX ... IGNORED
     * does not) */
    ix->generated = false;
    ix->d.flags &= ~(unsigned)SC_INDEX_GENERATED;
    return SC_OK;
}

int sc_exec__alter_add_index(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp)
{
    const sc_ast_index *ai = sp->index;
    const char *nm = ai->name ? ai->name : ai->constraint;

    if (ai->if_not_exists && nm && ai->kind != SC_AST_INDEX_FOREIGN &&
        sc_xtable__find_index(&st->t, nm)) {
        sc_exec__warn(x, SC_ER_DUP_KEYNAME, nm);
        return SC_OK;
    }
    return sc_exec__add_index(x, &st->t, ai);
}

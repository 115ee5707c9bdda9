/*
 * exec_alter.c - ALTER TABLE with MariaDB's evaluation order: every DROP is
 * matched against the original table, then MODIFY/CHANGE/RENAME and ALTER
 * COLUMN, then ADDs in statement order, then table options, CONVERT TO and
 * RENAME TO; the result goes through the same final pass as CREATE TABLE,
 * the checks against the stored table (exec_alter_check.c), and is stored,
 * renamed and referenced anew. The specs themselves are in
 * exec_alter_{column,key,table}.c (see ddl/exec_alter_int.h).
 */
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"
#include "ddl/partition.h"
#include "ddl/period.h"
#include "ddl/exec_alter_int.h"

int sc_exec__alter_not_exists(sc_exec *x,
                              const sc_ast_alter_spec *sp,
                              const char *what,
                              const char *name)
{
    if (sp->if_exists) {
        sc_exec__warn(x, SC_ER_CANT_DROP_FIELD_OR_KEY, what, name);
        return SC_OK;
    }
    return sc_exec__err(x, SC_ER_CANT_DROP_FIELD_OR_KEY, what, name);
}

static int apply_drop(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp)
{
    if (sp->kind == SC_AST_ALTER_DROP_COLUMN)
        return sc_exec__alter_drop_column(x, st, sp);
    return sc_exec__alter_drop_key(x, st, sp);
}

static int apply_change(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp)
{
    switch (sp->kind) {
    case SC_AST_ALTER_MODIFY_COLUMN:
    case SC_AST_ALTER_CHANGE_COLUMN:
        return sc_exec__alter_change_column(x, st, sp);
    case SC_AST_ALTER_RENAME_COLUMN:
        return sc_exec__alter_rename_column(x, st, sp);
    case SC_AST_ALTER_RENAME_INDEX:
    case SC_AST_ALTER_INDEX_IGNORED:
        return sc_exec__alter_index_rename(x, st, sp);
    default:
        return SC_OK;
    }
}

static int apply_add(sc_exec *x, sc_alter_state *st, const sc_ast_alter_spec *sp)
{
    switch (sp->kind) {
    case SC_AST_ALTER_ADD_COLUMN:
        return sc_exec__alter_add_column(x, st, sp);
    case SC_AST_ALTER_ADD_INDEX:
        return sc_exec__alter_add_index(x, st, sp);
    case SC_AST_ALTER_ADD_CHECK:
        return sc_exec__add_check(x, &st->t, sp->check, true);
    default:
        return SC_OK;
    }
}

/* ------------------------------------------------------------------ */
/* Entry                                                               */

static int load_for_alter(sc_exec *x,
                          sc_alter_state *st,
                          const sc_ast_qname *q,
                          uint64_t *id_out,
                          sc_table **tbl_out,
                          sc_schema_def *sdef)
{
    const char *db;
    sc_schema *s = NULL;
    int rc;

    *tbl_out = NULL;
    if ((rc = sc_exec__resolve_db(x, &db, q)) != SC_OK ||
        (rc = sc_exec__guard_system(x, db)) != SC_OK)
        return rc;
    rc = sc_table_lookup(tbl_out, x->txn, db, q->name);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, db, q->name);
    if (rc != SC_OK)
        return rc;
    *id_out = sc_table_id(*tbl_out);
    if ((rc = sc_exec__need_base_table(x, *id_out, db, q->name)) != SC_OK)
        return rc;
    rc = sc_xtable__load(x, &st->t, sc_table_definition(*tbl_out), db);
    if (rc != SC_OK)
        return rc;
    rc = sc_schema_get(&s, x->txn, sc_table_schema_id(*tbl_out));
    if (rc != SC_OK)
        return rc;
    *sdef = *sc_schema_definition(s);
    sdef->charset = sc_exec__strdup(x, sdef->charset);
    sdef->collation = sc_exec__strdup(x, sdef->collation);
    sdef->name = sc_exec__strdup(x, sdef->name);
    sc_schema_free(s);
    st->t.db_charset = sdef->charset ? sdef->charset : x->s->charset_server;
    st->t.db_collation = sdef->collation ? sdef->collation : x->s->collation_server;
    st->old_name = st->t.name;
    return SC_OK;
}

/* Store t over table id, then rename/move it and fix references. */
static int store_altered(sc_exec *x, sc_alter_state *st, uint64_t id)
{
    sc_table_def def;
    int rc;

    if (st->renamed &&
        (strcmp(st->new_db, st->t.schema) != 0 || strcmp(st->new_name, st->old_name) != 0)) {
        size_t ol = strlen(st->old_name);
        for (size_t i = 0; i < st->t.n_fks; i++) {
            const char *n = st->t.fks[i].name;
            if (strncmp(n, st->old_name, ol) == 0 && strncmp(n + ol, "_ibfk_", 6) == 0)
                st->t.fks[i].name = sc_exec__printf(x, "%s%s", st->new_name, n + ol);
            if (strcmp(st->t.fks[i].parent_schema, st->t.schema) == 0 &&
                strcmp(st->t.fks[i].parent_table, st->old_name) == 0) {
                st->t.fks[i].parent_schema = st->new_db;
                st->t.fks[i].parent_table = st->new_name;
            }
        }
    }
    sc_xtable__to_def(x, &st->t, &def);
    def.name = st->old_name;
    rc = sc_table_alter(x->txn, id, &def);
    if (rc != SC_OK)
        return rc;
    for (size_t r = 0; r < st->n_ren; r++) {
        rc = sc_exec__update_children(x, st->t.schema, st->old_name, st->t.schema, st->old_name,
                                      st->ren_from[r], st->ren_to[r]);
        if (rc != SC_OK)
            return rc;
    }
    if (!st->renamed ||
        (strcmp(st->new_db, st->t.schema) == 0 && strcmp(st->new_name, st->old_name) == 0))
        return SC_OK;
    return sc_exec__rename_one(x, id, st->t.schema, st->old_name, st->new_db, st->new_name, false);
}

static bool has_fk_relations(sc_exec *x, sc_alter_state *st, uint64_t id)
{
    return st->t.n_fks > 0 || sc_exec__is_parent(x, st->t.schema, st->old_name, id);
}

static int alter_temp(sc_exec *x, const sc_ast_alter_table *at, const char *db)
{
    sc_temp_table *tt = sc_exec__temp(x, db, at->name.name);

    for (size_t i = 0; i < at->n_specs; i++) {
        const sc_ast_alter_spec *sp = &at->specs[i];
        char *n;
        if (sp->kind != SC_AST_ALTER_RENAME_TABLE)
            continue;
        n = sc__strdup(x->ctx, sp->new_table.name);
        if (!n)
            return SC_ENOMEM;
        sc_free(x->ctx, tt->name);
        tt->name = n;
    }
    return SC_OK;
}

static int alloc_state(sc_exec *x, sc_alter_state *st, size_t n)
{
    st->dropped = sc_exec__alloc(x, (n + 1) * sizeof(char *));
    st->ren_from = sc_exec__alloc(x, (n + 1) * sizeof(char *));
    st->ren_to = sc_exec__alloc(x, (n + 1) * sizeof(char *));
    st->modified = sc_exec__alloc(x, (n + st->t.n_cols + 1) * sizeof(char *));
    st->touched_orig = sc_exec__alloc(x, (n + 1) * sizeof(char *));
    st->touched_new = sc_exec__alloc(x, (n + 1) * sizeof(char *));
    if (!st->dropped || !st->ren_from || !st->ren_to || !st->modified || !st->touched_orig ||
        !st->touched_new)
        return SC_ENOMEM;
    return SC_OK;
}

/*
 * Every DROP against the original table. A DROP of something missing (1091)
 * is reported after the column checks (1090, unknown MODIFY/CHANGE
 * columns), as MariaDB does: it is kept in *missing_err (*missing set).
 */
static int apply_drops(sc_exec *x,
                       sc_alter_state *st,
                       const sc_ast_alter_table *at,
                       bool *missing,
                       sc_error *missing_err)
{
    size_t n = at->n_specs;
    int rc = SC_OK;

    for (size_t i = 0; i < n && rc == SC_OK; i++) {
        rc = apply_drop(x, st, &at->specs[i]);
        if (rc == SC_ESQL && !*missing && sc_ctx_last_error(x->ctx)->mysql_errno == 1091) {
            *missing = true;
            *missing_err = *sc_ctx_last_error(x->ctx);
            rc = SC_OK;
        } else if (rc == SC_ESQL && sc_ctx_last_error(x->ctx)->mysql_errno == 1091) {
            rc = SC_OK;
        }
    }
    if (rc == SC_OK && st->t.n_cols == 0) {
        bool adds = false;
        for (size_t i = 0; i < n; i++)
            if (at->specs[i].kind == SC_AST_ALTER_ADD_COLUMN)
                adds = true;
        if (!adds)
            rc = sc_exec__err(x, SC_ER_CANT_REMOVE_ALL_FIELDS);
    }
    return rc;
}

/* ALTER TABLE t RENAME TO u and nothing else: the table is not rebuilt. */
static bool rename_only(const sc_ast_alter_table *at)
{
    for (size_t i = 0; i < at->n_specs; i++)
        if (at->specs[i].kind != SC_AST_ALTER_RENAME_TABLE)
            return false;
    return at->n_specs > 0;
}

/*
 * All specs, in MariaDB's order (see the file comment). A rebuilt table
 * keeps PAGE_CHECKSUM only from Aria (the one engine whose share holds it):
 * 10.11.19 prints it after ALTER ... ENGINE=MyISAM of an Aria table, and
 * no more after the next ALTER, unless that ALTER gives it again.
 */
/* The added and changed columns' expressions and the added CHECKs, against
 * the table all specs made (a CHECK may name a column a later spec adds). */
static int alter_refs(sc_exec *x, sc_alter_state *st, const sc_ast_alter_table *at)
{
    const sc_ast_column **cols = sc_exec__alloc(x, (at->n_specs + 1) * sizeof(*cols));
    const sc_ast_check **checks = sc_exec__alloc(x, (at->n_specs + 1) * sizeof(*checks));
    size_t nc = 0, nk = 0;

    if (!cols || !checks)
        return SC_ENOMEM;
    for (size_t i = 0; i < at->n_specs; i++) {
        const sc_ast_alter_spec *sp = &at->specs[i];
        if ((sp->kind == SC_AST_ALTER_ADD_COLUMN || sp->kind == SC_AST_ALTER_MODIFY_COLUMN ||
             sp->kind == SC_AST_ALTER_CHANGE_COLUMN) &&
            sp->column)
            cols[nc++] = sp->column;
        else if (sp->kind == SC_AST_ALTER_ADD_CHECK && sp->check)
            checks[nk++] = sp->check;
    }
    return sc_exec__deferred_refs(x, &st->t, cols, nc, checks, nk);
}

static int
apply_specs(sc_exec *x, sc_alter_state *st, const sc_ast_alter_table *at, const sc_schema_def *sdef)
{
    size_t n = at->n_specs;
    bool missing_drop = false;
    sc_error missing_err;
    int rc = SC_OK;

    memset(&missing_err, 0, sizeof(missing_err));
    st->t.defer_refs = true;
    if (sc_exec__engine(st->t.engine) != SC_ENGINE_ARIA && !rename_only(at))
        st->t.opts[SC_XOPT_PAGE_CHECKSUM] = NULL;
    for (size_t i = 0; i < n && rc == SC_OK; i++)
        rc = sc_exec__alter_apply_options(x, st, &at->specs[i]);
    if (rc == SC_OK)
        rc = apply_drops(x, st, at, &missing_drop, &missing_err);
    if (rc == SC_OK)
        rc = sc_exec__alter_prune_keys(x, st);
    for (size_t i = 0; i < n && rc == SC_OK; i++)
        rc = apply_change(x, st, &at->specs[i]);
    if (rc == SC_OK && missing_drop)
        rc = sc_error_set(x->ctx, SC_ESQL, missing_err.mysql_errno, missing_err.sqlstate, "%s",
                          missing_err.message);
    st->first_new_fk = st->t.n_fks;
    for (size_t i = 0; i < n && rc == SC_OK; i++)
        rc = apply_add(x, st, &at->specs[i]);
    for (size_t i = 0; i < n && rc == SC_OK; i++)
        if (at->specs[i].kind == SC_AST_ALTER_SET_DEFAULT ||
            at->specs[i].kind == SC_AST_ALTER_DROP_DEFAULT)
            rc = sc_exec__alter_set_default(x, st, &at->specs[i]);
    for (size_t i = 0; i < n && rc == SC_OK; i++)
        rc = sc_exec__alter_table_level(x, st, &at->specs[i], sdef);
    if (rc == SC_OK && st->t.n_cols == 0)
        rc = sc_exec__err(x, SC_ER_CANT_REMOVE_ALL_FIELDS);
    if (rc == SC_OK)
        rc = alter_refs(x, st, at);
    st->t.defer_refs = false;
    return rc;
}

/* The final pass, the checks against the stored table old, then store. */
static int finish_and_store(sc_exec *x,
                            sc_alter_state *st,
                            const sc_ast_alter_table *at,
                            uint64_t id,
                            const sc_table_def *old)
{
    int rc;

    if (st->engine_changed && sc_exec__engine(st->t.engine) != SC_ENGINE_INNODB &&
        x->s->foreign_key_checks && has_fk_relations(x, st, id))
        return sc_exec__err(x, SC_ER_ROW_IS_REFERENCED);
    if (sc_exec__engine(st->t.engine) != SC_ENGINE_INNODB)
        st->t.n_fks = 0;
    rc = sc_exec__finish_table(x, &st->t);
    if (rc == SC_OK && !(old->flags & SC_TABLE_SYSTEM_VERSIONING))
        rc = sc_exec__versioning_keys(x, &st->t);
    if (rc == SC_OK)
        rc = sc_exec__partition_check(x, &st->t);
    if (rc == SC_OK) /* the expressions as fix_fields() leaves them */
        rc = sc_exec__convert_constants(x, &st->t);
    if (rc == SC_OK) /* the new default record */
        rc = sc_exec__const_defaults(x, &st->t);
    if (rc == SC_OK)
        rc = sc_exec__alter_check_own_fk_indexes(x, st, old);
    if (rc == SC_OK)
        rc = sc_exec__alter_check_own_fk_types(x, st, old);
    if (rc == SC_OK)
        rc = sc_exec__check_fks(x, &st->t, st->first_new_fk, true);
    if (rc == SC_OK)
        rc = sc_exec__alter_check_parent_side(x, st, id, old);
    if (rc == SC_OK)
        rc = sc_exec__alter_check_algorithm(x, st, at, old);
    if (rc == SC_OK)
        rc = sc_exec__alter_check_order_by(x, st, at);
    if (rc == SC_OK && st->engine_changed)
        rc = sc_exec__engine_refuses_create(x, st->t.schema, st->t.name, st->t.engine);
    if (rc == SC_OK)
        rc = sc_exec__innodb_options(x, &st->t,
                                     sc_exec__alter_copies(st, at, old) ? SC_INNODB_ALTER_COPY
                                                                        : SC_INNODB_ALTER_INPLACE);
    if (rc == SC_OK)
        rc = sc_exec__table_dirs(x, &st->t, true);
    if (rc == SC_OK)
        rc = store_altered(x, st, id);
    return rc;
}

int sc_exec__alter_table(sc_exec *x)
{
    const sc_ast_alter_table *at = x->stmt->alter_table;
    sc_alter_state st;
    sc_table *tbl = NULL;
    sc_schema_def sdef = {0};
    uint64_t id = 0;
    int rc;

    memset(&st, 0, sizeof(st));
    if ((rc = sc_exec__alter_subqueries(x, at)) != SC_OK)
        return rc;
    if (at->has_partition && !at->part_op)
        return sc_exec__err(x, SC_ER_NOT_SUPPORTED_YET, "PARTITION BY");
    {
        /* temporary tables are not catalog objects: accept, follow renames */
        const char *tdb = at->name.db ? at->name.db : x->s->database;
        if (tdb && sc_exec__is_temp(x, tdb, at->name.name))
            return alter_temp(x, at, tdb);
    }
    rc = load_for_alter(x, &st, &at->name, &id, &tbl, &sdef);
    if (rc == SC_ESQL && at->if_exists && sc_ctx_last_error(x->ctx)->mysql_errno == 1146) {
        /* MariaDB 10.11 keeps it at level Error although the statement succeeds */
        const sc_error *e = sc_ctx_last_error(x->ctx);
        sc_exec__error_row(x, e->mysql_errno, e->sqlstate, "%s", e->message);
        sc_ctx_clear_error(x->ctx);
        x->err_at = 0;
        rc = SC_OK;
        goto out;
    }
    if (rc == SC_OK && at->n_specs == 1 && at->specs[0].kind == SC_AST_ALTER_UNSUPPORTED &&
        at->specs[0].value &&
        (strcmp(at->specs[0].value, "DISCARD") == 0 || strcmp(at->specs[0].value, "IMPORT") == 0)) {
        /* the catalog holds no tablespace files: DISCARD changes nothing, and IMPORT
         * finds none, as MariaDB does without a .ibd/.cfg beside the table */
        if (strcmp(at->specs[0].value, "IMPORT") == 0)
            rc = sc_exec__err(x, SC_ER_GET_ERRNO_NO_TABLESPACE);
        goto out;
    }
    if (rc == SC_OK)
        rc = sc_exec__versioning_precheck(x, at, sc_table_definition(tbl), st.t.schema);
    if (rc == SC_OK)
        rc = alloc_state(x, &st, at->n_specs);
    if (rc == SC_OK)
        rc = apply_specs(x, &st, at, &sdef);
    if (rc == SC_OK)
        rc = sc_exec__versioning_alter(x, &st.t, at, sc_table_definition(tbl));
    if (rc == SC_OK && at->part_op)
        rc = sc_exec__partition_alter(x, &st.t, at->part_op, id);
    if (rc == SC_OK && (st.t.tflags & SC_TABLE_SEQUENCE) && st.t.n_cols != 8)
        rc = sc_exec__err(x, SC_ER_SEQUENCE_INVALID_TABLE_STRUCTURE, st.t.schema, st.t.name,
                          "Wrong number of columns");
    if (rc == SC_OK)
        rc = finish_and_store(x, &st, at, id, sc_table_definition(tbl));
out:
    sc_table_free(tbl);
    return rc;
}

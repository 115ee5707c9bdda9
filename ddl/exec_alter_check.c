/*
 * exec_alter_check.c - the altered table model against the stored
 * definition, before anything is written: foreign keys of the table itself
 * (their index must remain, their columns keep their types), foreign keys of
 * child tables referencing it (MariaDB's 1829/1553/1833/1846/1025 depending
 * on whether InnoDB works in place or copies), and the ALGORITHM= / LOCK=
 * clauses.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "ddl/exec.h"
#include "ddl/exec_alter_int.h"
#include "ddl/types.h"

static bool was_modified(const sc_alter_state *st, const char *col);

/* ------------------------------------------------------------------ */
/* Foreign key consistency after the change                            */

static bool fk_index_exists(const sc_xtable *t, const char *const *cols, size_t n)
{
    for (size_t i = 0; i < t->n_idx; i++) {
        const sc_xindex *ix = &t->idx[i];
        size_t k;
        if (ix->d.n_parts < n || ix->d.kind == SC_INDEX_FULLTEXT ||
            ix->d.kind == SC_INDEX_SPATIAL || ix->long_hash)
            continue;
        for (k = 0;
             k < n && strcasecmp(ix->parts[k].column, cols[k]) == 0 && !ix->parts[k].prefix_len;
             k++)
            ;
        if (k == n)
            return true;
    }
    return false;
}

/* A redefined child column must still match its parent column (1832). */
/* How a redefinition changes a foreign key column: not at all (display
 * width and NULL-ness do not count), in a way InnoDB would apply in place
 * (longer VARCHAR in the same length-byte class, another collation of the
 * same charset), or otherwise (a table copy). */
typedef enum col_change { COL_SAME, COL_INPLACE, COL_COPY } col_change;

/*
 * How InnoDB changes column o into n. A VARCHAR/VARBINARY that grows is
 * changed in place, even instantly, unless its length prefix must grow from
 * one byte to two: the old maximum above 127 bytes and the new one above
 * 255, outside ROW_FORMAT=REDUNDANT (10.11.19: latin1 VARCHAR(127) to
 * VARCHAR(300) is instant, VARCHAR(128) to VARCHAR(300) a copy).
 */
static col_change
column_change(const sc_column_def *o, const sc_column_def *n, bool in_pk, bool redundant)
{
    bool same_coll = (!o->collation && !n->collation) ||
                     (o->collation && n->collation && strcasecmp(o->collation, n->collation) == 0);
    bool same_cs = (!o->charset && !n->charset) ||
                   (o->charset && n->charset && strcasecmp(o->charset, n->charset) == 0);
    unsigned ml = n->charset ? sc_charset__maxlen(n->charset) : 1;

    if (o->type != n->type ||
        (o->flags & (SC_COL_UNSIGNED | SC_COL_ZEROFILL)) !=
            (n->flags & (SC_COL_UNSIGNED | SC_COL_ZEROFILL)) ||
        o->scale != n->scale || !same_cs)
        return COL_COPY;
    if (!sc_type__is_integer(o->type) && o->length != n->length) {
        uint64_t ob = (uint64_t)o->length * ml, nb = (uint64_t)n->length * ml;
        bool grow = n->length > o->length &&
                    (o->type == SC_TYPE_VARCHAR || o->type == SC_TYPE_VARBINARY) &&
                    (redundant || ob <= 127 || (ob > 255) == (nb > 255));
        return grow ? COL_INPLACE : COL_COPY;
    }
    if (same_coll)
        return COL_SAME;
    /* a primary key column in another collation means a table copy */
    return in_pk ? COL_COPY : COL_INPLACE;
}

/* Whether the stored table has ROW_FORMAT=REDUNDANT. */
static bool old_redundant(const sc_table_def *old)
{
    const char *p = old && old->options ? strstr(old->options, "ROW_FORMAT=") : NULL;
    return p && strncasecmp(p + 11, "REDUNDANT", 9) == 0;
}

/* As column_change() in a stored table: MariaDB copies a table that has a
 * long UNIQUE (USING HASH) key instead of changing a column in place. */
static col_change stored_column_change(const sc_table_def *old,
                                       const sc_column_def *o,
                                       const sc_column_def *n,
                                       bool in_pk)
{
    col_change ch = column_change(o, n, in_pk, old_redundant(old));
    for (size_t i = 0; ch == COL_INPLACE && i < old->n_indexes; i++)
        if (old->indexes[i].flags & SC_INDEX_LONG_HASH)
            ch = COL_COPY;
    return ch;
}

static bool in_primary_key(const sc_xtable *t, const char *col)
{
    for (size_t i = 0; i < t->n_idx; i++)
        if (t->idx[i].d.kind == SC_INDEX_PRIMARY)
            for (size_t k = 0; k < t->idx[i].d.n_parts; k++)
                if (strcasecmp(t->idx[i].parts[k].column, col) == 0)
                    return true;
    return false;
}

static const sc_column_def *old_column(const sc_table_def *old, const char *name)
{
    for (size_t c = 0; old && c < old->n_columns; c++)
        if (strcasecmp(old->columns[c].name, name) == 0)
            return &old->columns[c];
    return NULL;
}

/* Whether MariaDB copies the table: another engine, or a column changed
 * in a way InnoDB cannot do in place. */
static bool table_copies(const sc_alter_state *st, const sc_table_def *old)
{
    if (st->engine_changed)
        return true;
    for (size_t i = 0; i < st->n_modified; i++) {
        const sc_xcol *c = sc_xtable__find_col((sc_xtable *)&st->t, st->modified[i]);
        const sc_column_def *oc =
            c ? old_column(old, c->orig_name ? c->orig_name : c->d.name) : NULL;
        if (!oc)
            continue;
        /* InnoDB adds AUTO_INCREMENT only by copying */
        if ((c->d.flags & SC_COL_AUTO_INCREMENT) && !(oc->flags & SC_COL_AUTO_INCREMENT))
            return true;
        if (stored_column_change(old, oc, &c->d, in_primary_key(&st->t, c->d.name)) == COL_COPY)
            return true;
    }
    return false;
}

bool sc_exec__alter_copies(const sc_alter_state *st,
                           const sc_ast_alter_table *at,
                           const sc_table_def *old)
{
    if (at->part_op || table_copies(st, old))
        return true;
    for (size_t i = 0; i < at->n_specs; i++)
        if (at->specs[i].kind == SC_AST_ALTER_ALGORITHM && at->specs[i].value &&
            strcasecmp(at->specs[i].value, "COPY") == 0)
            return true;
    return false;
}

/* Whether an InnoDB table clusters on a key of its own: a PRIMARY KEY, or a
 * UNIQUE key of NOT NULL columns. */
static bool user_clustered(const sc_xtable *t)
{
    for (size_t i = 0; i < t->n_idx; i++) {
        const sc_xindex *ix = &t->idx[i];
        bool not_null = ix->d.kind == SC_INDEX_PRIMARY || ix->d.kind == SC_INDEX_UNIQUE;
        for (size_t k = 0; not_null && ix->d.kind == SC_INDEX_UNIQUE && k < ix->d.n_parts; k++) {
            const sc_xcol *c = sc_xtable__find_col((sc_xtable *)t, ix->d.parts[k].column);
            not_null = c && (c->d.flags & SC_COL_NOT_NULL);
        }
        if (not_null)
            return true;
    }
    return false;
}

int sc_exec__alter_check_order_by(sc_exec *x,
                                  const sc_alter_state *st,
                                  const sc_ast_alter_table *at)
{
    bool clustered = sc_exec__engine(st->t.engine) == SC_ENGINE_INNODB && user_clustered(&st->t);

    for (size_t i = 0; i < at->n_specs; i++) {
        const sc_ast_alter_spec *sp = &at->specs[i];
        if (sp->kind != SC_AST_ALTER_ORDER_BY)
            continue;
        if (clustered) { /* InnoDB keeps the rows in the key's order: no column is read */
            sc_exec__warning(x, SC_ER_ORDER_BY_IGNORED_CLUSTERED, st->t.name);
            return SC_OK;
        }
        if (!sc_xtable__find_col((sc_xtable *)&st->t, sp->name))
            return sc_exec__err(x, SC_ER_BAD_FIELD_ERROR, sp->name, "ORDER BY");
    }
    return SC_OK;
}

/* A table copy cannot rename a column of a foreign key (either side). */
static int fk_renamed_err(sc_exec *x)
{
    return sc_exec__err(x, SC_ER_ALTER_OPERATION_NOT_SUPPORTED_REASON, "ALGORITHM=COPY",
                        "Columns participating in a foreign key are renamed", "ALGORITHM=INPLACE");
}

/* A redefined child column must keep its type (1832), and may not become
 * NOT NULL under ON ... SET NULL (1830). */
int sc_exec__alter_check_own_fk_types(sc_exec *x, sc_alter_state *st, const sc_table_def *old)
{
    bool copy = table_copies(st, old);

    /* the type rule holds even with foreign_key_checks=0 (MariaDB 10.4.31+) */
    for (size_t i = 0; i < st->first_new_fk && i < st->t.n_fks; i++) {
        const sc_fk_def *fk = &st->t.fks[i];

        for (size_t k = 0; copy && k < fk->n_columns; k++) {
            const sc_xcol *cc = sc_xtable__find_col(&st->t, fk->columns[k]);
            if (cc && cc->orig_name && strcasecmp(cc->orig_name, cc->d.name) != 0)
                return fk_renamed_err(x);
        }

        for (size_t k = 0; k < fk->n_columns; k++) {
            const sc_xcol *cc = sc_xtable__find_col(&st->t, fk->columns[k]);
            const sc_column_def *oc;
            col_change ch;
            if (!cc || !was_modified(st, cc->d.name))
                continue;
            oc = old_column(old, cc->orig_name ? cc->orig_name : cc->d.name);
            ch = oc ? stored_column_change(old, oc, &cc->d, in_primary_key(&st->t, cc->d.name))
                    : COL_SAME;
            if (ch == COL_INPLACE)
                return sc_exec__err(x, SC_ER_FK_COLUMN_CANNOT_CHANGE_INPLACE, cc->d.name,
                                    st->t.schema, fk->name);
            if (ch == COL_COPY && cc->orig_name && strcasecmp(cc->orig_name, cc->d.name) != 0)
                return fk_renamed_err(x);
            if (ch == COL_COPY)
                return sc_exec__err(x, SC_ER_FK_COLUMN_CANNOT_CHANGE, cc->d.name, fk->name);
            if (x->s->foreign_key_checks && (cc->d.flags & SC_COL_NOT_NULL) &&
                (fk->on_delete == SC_FK_SET_NULL || fk->on_update == SC_FK_SET_NULL))
                return sc_exec__err(x, SC_ER_FK_COLUMN_NOT_NULL, cc->d.name, fk->name);
        }
    }
    return SC_OK;
}

/* The index needed by a foreign key of t itself must remain. */
static bool
clusters_on(const sc_index_def *ix, bool (*not_null)(const void *, const char *), const void *tbl);
static bool old_not_null(const void *tbl, const char *col);
static bool new_clusters(const sc_alter_state *st);
static int fk_rename_err(sc_exec *x, sc_alter_state *st);

int sc_exec__alter_check_own_fk_indexes(sc_exec *x, sc_alter_state *st, const sc_table_def *old)
{
    for (size_t i = 0; i < st->t.n_fks; i++) {
        const sc_fk_def *fk = &st->t.fks[i];
        const sc_index_def *served = NULL;
        size_t at = 0;
        if (fk_index_exists(&st->t, fk->columns, fk->n_columns))
            continue;
        /* the old index that served it */
        for (size_t k = 0; k < old->n_indexes && !served; k++) {
            const sc_index_def *ix = &old->indexes[k];
            size_t c;
            if (ix->n_parts < fk->n_columns)
                continue;
            for (c = 0; c < fk->n_columns && strcasecmp(ix->parts[c].column, fk->columns[c]) == 0;
                 c++)
                ;
            if (c == fk->n_columns) {
                served = ix;
                at = k;
            }
        }
        /* the clustered key: rebuilt in place (the foreign key is left
         * without an index) when another key can cluster, else a copy whose
         * final rename fails */
        if (served && at == 0 && clusters_on(served, old_not_null, old)) {
            if (new_clusters(st))
                continue;
            return fk_rename_err(x, st);
        }
        return sc_exec__err(x, SC_ER_DROP_INDEX_FK, served ? served->name : fk->name);
    }
    return SC_OK;
}

static int fk_rename_err(sc_exec *x, sc_alter_state *st)
{
    return sc_exec__err(x, SC_ER_ERROR_ON_RENAME_FK_150, st->t.schema, st->t.schema, st->old_name);
}

typedef struct parent_check {
    sc_exec *x;
    sc_alter_state *st;
    const sc_table_def *old; /* the parent before the ALTER */
    uint64_t self_id;
    unsigned err;      /* first problem found: 1829, 1553, 1025, 1833 or 1846 */
    const char *col;   /* 1829/1833: the parent column */
    const char *name;  /* 1829/1833: constraint; 1553: index */
    const char *child; /* 1829: `db`.`t`; 1833: db.t */
} parent_check;

static bool was_modified(const sc_alter_state *st, const char *col)
{
    for (size_t i = 0; i < st->n_modified; i++)
        if (strcasecmp(st->modified[i], col) == 0)
            return true;
    return false;
}

static bool was_dropped(const sc_alter_state *st, const char *col)
{
    for (size_t i = 0; i < st->n_dropped; i++)
        if (strcasecmp(st->dropped[i], col) == 0)
            return true;
    return false;
}

/* The index of the old parent that served a foreign key, or NULL. */
static const sc_index_def *old_parent_index(const sc_table_def *old, const sc_fk_def *fk)
{
    for (size_t i = 0; i < old->n_indexes; i++) {
        const sc_index_def *ix = &old->indexes[i];
        size_t k;
        if (ix->n_parts < fk->n_columns || ix->kind == SC_INDEX_FULLTEXT ||
            ix->kind == SC_INDEX_SPATIAL)
            continue;
        for (k = 0;
             k < fk->n_columns && strcasecmp(ix->parts[k].column, fk->parent_columns[k]) == 0; k++)
            ;
        if (k == fk->n_columns)
            return ix;
    }
    return NULL;
}

/* A key InnoDB clusters on: PRIMARY, or a UNIQUE key of whole NOT NULL
 * columns (no prefix, no hash) when there is no PRIMARY KEY. */
static bool
clusters_on(const sc_index_def *ix, bool (*not_null)(const void *, const char *), const void *tbl)
{
    if (ix->kind == SC_INDEX_PRIMARY)
        return true;
    if (ix->kind != SC_INDEX_UNIQUE || (ix->flags & SC_INDEX_LONG_HASH))
        return false;
    for (size_t k = 0; k < ix->n_parts; k++)
        if (ix->parts[k].prefix_len || !not_null(tbl, ix->parts[k].column))
            return false;
    return true;
}

static bool old_not_null(const void *tbl, const char *col)
{
    const sc_column_def *c = old_column(tbl, col);
    return c && (c->flags & SC_COL_NOT_NULL);
}

static bool new_not_null(const void *tbl, const char *col)
{
    const sc_xcol *c = sc_xtable__find_col((sc_xtable *)tbl, col);
    return c && (c->d.flags & SC_COL_NOT_NULL);
}

/* The altered table still has a key to cluster on, so InnoDB rebuilds it in
 * place, without checking the references to the old clustered key. */
static bool new_clusters(const sc_alter_state *st)
{
    for (size_t i = 0; i < st->t.n_idx; i++)
        if (!st->t.idx[i].long_hash && clusters_on(&st->t.idx[i].d, new_not_null, &st->t))
            return true;
    return false;
}

/* Classify a child's foreign key that the new parent no longer satisfies:
 * MariaDB reports it from the SQL layer (1829, copy algorithm: the primary
 * key changes), from InnoDB's in-place check (1553) or at the final rename
 * of the copy (1025). */
static void broken_reference(parent_check *pc,
                             const sc_fk_def *fk,
                             const char *dropped,
                             const char *child_db,
                             const char *child)
{
    const sc_index_def *ix = old_parent_index(pc->old, fk);
    bool primary = ix && ix->kind == SC_INDEX_PRIMARY;

    if (dropped && primary) {
        pc->err = 1829;
        pc->col = sc_exec__strdup(pc->x, dropped);
        pc->name = sc_exec__strdup(pc->x, fk->name);
        pc->child = sc_exec__printf(pc->x, "`%s`.`%s`", child_db, child);
    } else if (ix && ix == &pc->old->indexes[0] && clusters_on(ix, old_not_null, pc->old)) {
        /* the clustered key goes: an in-place rebuild when another key can
         * cluster (the reference is left dangling), else the copy's rename */
        if (!new_clusters(pc->st))
            pc->err = 1025;
    } else if (ix && !primary) {
        pc->err = 1553;
        pc->name = sc_exec__strdup(pc->x, ix->name);
    } else {
        pc->err = 1025;
    }
}

static void
check_child_fk(parent_check *pc, const sc_table_def *d, const char *child_db, const sc_fk_def *fk)
{
    const char *cols[64] = {0}, *dropped = NULL;
    size_t n = fk->n_columns < 64 ? fk->n_columns : 64;
    bool missing = false;

    for (size_t k = 0; k < n; k++) {
        cols[k] = fk->parent_columns[k];
        for (size_t r = 0; r < pc->st->n_ren; r++)
            if (strcasecmp(cols[k], pc->st->ren_from[r]) == 0)
                cols[k] = pc->st->ren_to[r];
        if (!sc_xtable__find_col(&pc->st->t, cols[k])) {
            missing = true;
            if (!dropped && was_dropped(pc->st, cols[k]))
                dropped = cols[k];
        }
    }
    if (!missing && table_copies(pc->st, pc->old))
        for (size_t k = 0; k < n; k++)
            if (strcasecmp(cols[k], fk->parent_columns[k]) != 0) {
                pc->err = 1846;
                return;
            }
    if (missing || !fk_index_exists(&pc->st->t, cols, n)) {
        if (pc->x->s->foreign_key_checks)
            broken_reference(pc, fk, dropped, child_db, d->name);
        return;
    }
    for (size_t k = 0; k < n; k++) {
        const sc_xcol *pcol = sc_xtable__find_col(&pc->st->t, cols[k]);
        const sc_column_def *ocol = old_column(pc->old, fk->parent_columns[k]);
        col_change ch;
        if (!was_modified(pc->st, pcol->d.name) || !ocol)
            continue;
        ch =
            stored_column_change(pc->old, ocol, &pcol->d, in_primary_key(&pc->st->t, pcol->d.name));
        if (ch == COL_SAME)
            continue;
        if (ch == COL_COPY && strcasecmp(pcol->d.name, fk->parent_columns[k]) != 0) {
            pc->err = 1846;
            return;
        }
        pc->err = 1833;
        pc->col = sc_exec__strdup(pc->x, pcol->d.name);
        /* InnoDB (in place) names `db/constraint` and `db/table`; the copy path db.table */
        pc->name = ch == COL_INPLACE ? sc_exec__printf(pc->x, "%s/%s", child_db, fk->name)
                                     : sc_exec__strdup(pc->x, fk->name);
        pc->child =
            sc_exec__printf(pc->x, ch == COL_INPLACE ? "%s/%s" : "%s.%s", child_db, d->name);
        return;
    }
}

static int check_child(const sc_table_info *info, void *payload)
{
    parent_check *pc = payload;
    sc_table *ct = NULL;
    const sc_table_def *d;
    int rc;

    if (info->id == pc->self_id)
        return 0;
    rc = sc_table_get(&ct, pc->x->txn, info->id);
    if (rc != SC_OK)
        return rc;
    d = sc_table_definition(ct);
    for (size_t i = 0; i < d->n_foreign_keys && !pc->err; i++) {
        const sc_fk_def *fk = &d->foreign_keys[i];
        if (strcmp(fk->parent_schema, pc->st->t.schema) == 0 &&
            strcmp(fk->parent_table, pc->st->old_name) == 0)
            check_child_fk(pc, d, sc_table_schema_name(ct), fk);
    }
    sc_table_free(ct);
    return 0;
}

int sc_exec__alter_check_parent_side(sc_exec *x,
                                     sc_alter_state *st,
                                     uint64_t id,
                                     const sc_table_def *old)
{
    parent_check pc = {x, st, old, id, 0, NULL, NULL, NULL};
    int rc;

    rc = sc_table_foreach_child(x->txn, st->t.schema, st->old_name, check_child, &pc);
    if (rc != SC_OK)
        return rc;
    switch (pc.err) {
    case 1829:
        return sc_exec__err(x, SC_ER_FK_COLUMN_CANNOT_DROP_CHILD, pc.col, pc.name, pc.child);
    case 1846:
        return fk_renamed_err(x);
    case 1553:
        return sc_exec__err(x, SC_ER_DROP_INDEX_FK, pc.name);
    case 1833:
        return sc_exec__err(x, SC_ER_FK_COLUMN_CANNOT_CHANGE_CHILD, pc.col, pc.name, pc.child);
    case 1025:
        return sc_exec__err(x, SC_ER_ERROR_ON_RENAME_FK_150, st->t.schema, st->t.schema,
                            st->old_name);
    default:
        return SC_OK;
    }
}

/* ------------------------------------------------------------------ */
/* ALGORITHM= / LOCK= clauses                                          */

static bool has_primary(const sc_index_def *ix, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (ix[i].kind == SC_INDEX_PRIMARY)
            return true;
    return false;
}

static bool old_has_fulltext(const sc_table_def *old)
{
    for (size_t i = 0; i < old->n_indexes; i++)
        if (old->indexes[i].kind == SC_INDEX_FULLTEXT)
            return true;
    return false;
}

/*
 * Whether the table options of the ALTER make InnoDB rebuild the table
 * (innobase_need_rebuild()): ROW_FORMAT or KEY_BLOCK_SIZE given, whatever
 * the value, or PAGE_COMPRESSED or ENCRYPTED changed.
 */
static bool
options_rebuild(const sc_ast_alter_table *at, const sc_table_def *old, const char *new_options)
{
    char a[32], b[32];

    for (size_t i = 0; i < at->n_specs; i++) {
        const sc_ast_alter_spec *sp = &at->specs[i];
        for (size_t k = 0; sp->kind == SC_AST_ALTER_TABLE_OPTIONS && k < sp->n_options; k++)
            if (sp->options[k].kind == SC_AST_TOPT_ROW_FORMAT ||
                sp->options[k].kind == SC_AST_TOPT_KEY_BLOCK_SIZE)
                return true;
    }
    sc_exec__option_value(a, sizeof(a), old->options, "PAGE_COMPRESSED");
    sc_exec__option_value(b, sizeof(b), new_options, "PAGE_COMPRESSED");
    if (sc_exec__option_on(a) != sc_exec__option_on(b))
        return true;
    sc_exec__option_value(a, sizeof(a), old->options, "ENCRYPTED");
    sc_exec__option_value(b, sizeof(b), new_options, "ENCRYPTED");
    return strcasecmp(*a ? a : "DEFAULT", *b ? b : "DEFAULT") != 0;
}

/* Whether the ALTER does more than InnoDB's table options and what it
 * ignores (renaming the table, column defaults). */
static bool more_than_options(const sc_ast_alter_table *at)
{
    for (size_t i = 0; i < at->n_specs; i++)
        switch (at->specs[i].kind) {
        case SC_AST_ALTER_TABLE_OPTIONS:
        case SC_AST_ALTER_ALGORITHM:
        case SC_AST_ALTER_LOCK:
        case SC_AST_ALTER_RENAME_TABLE:
        case SC_AST_ALTER_SET_DEFAULT:
        case SC_AST_ALTER_DROP_DEFAULT:
            break;
        default:
            return true;
        }
    return false;
}

static int algo_err(sc_exec *x, const char *algo, const char *reason, const char *try_algo)
{
    if (!reason)
        return sc_exec__err(x, SC_ER_ALTER_OPERATION_NOT_SUPPORTED_ALGORITHM, algo, try_algo);
    return sc_exec__err(x, SC_ER_ALTER_OPERATION_NOT_SUPPORTED_REASON_ALGORITHM, algo, reason,
                        try_algo);
}

/*
 * The ALGORITHM and LOCK an ALTER asks for must be possible, as InnoDB and
 * the SQL layer decide it (the common cases: table copies for column type
 * changes, other engines and primary key drops; no instant index creation;
 * no instant column changes with FULLTEXT keys or compressed rows).
 */
int sc_exec__alter_check_algorithm(sc_exec *x,
                                   sc_alter_state *st,
                                   const sc_ast_alter_table *at,
                                   const sc_table_def *old)
{
    const char *algo = NULL, *lock = NULL, *copy_reason = NULL;
    bool add_index = false, add_fk = st->t.n_fks > st->first_new_fk, columns = false;
    bool rebuild = false, nullness = false, copy;

    for (size_t i = 0; i < st->n_dropped; i++) {
        const sc_column_def *oc = old_column(old, st->dropped[i]);
        if (!oc || oc->generated != SC_GEN_VIRTUAL)
            columns = true;
    }

    for (size_t i = 0; i < at->n_specs; i++) {
        const sc_ast_alter_spec *sp = &at->specs[i];
        if (sp->kind == SC_AST_ALTER_ALGORITHM && sp->value && strcasecmp(sp->value, "DEFAULT"))
            algo = sp->value;
        else if (sp->kind == SC_AST_ALTER_LOCK && sp->value && strcasecmp(sp->value, "DEFAULT"))
            lock = sp->value;
        else if (sp->kind == SC_AST_ALTER_ADD_COLUMN) {
            /* VIRTUAL columns are metadata only: instant even with FULLTEXT */
            if (sp->column->generated != SC_AST_GEN_VIRTUAL)
                columns = true;
            if (sp->column->auto_increment)
                rebuild = true; /* an AUTO_INCREMENT column is filled by a rebuild */
        } else if (sp->kind == SC_AST_ALTER_FORCE)
            rebuild = true; /* FORCE and ENGINE= rebuild the table */
        else if (sp->kind == SC_AST_ALTER_TABLE_OPTIONS)
            for (size_t k = 0; k < sp->n_options; k++)
                if (sp->options[k].kind == SC_AST_TOPT_ENGINE)
                    rebuild = true;
    }
    if (!algo && !lock)
        return SC_OK;
    for (size_t i = 0; i < st->t.n_idx; i++)
        if (!st->t.idx[i].loaded && !st->t.idx[i].generated)
            add_index = true;
    for (size_t i = 0; i < st->n_modified && !copy_reason; i++) {
        const sc_xcol *c = sc_xtable__find_col(&st->t, st->modified[i]);
        const sc_column_def *oc =
            c ? old_column(old, c->orig_name ? c->orig_name : c->d.name) : NULL;
        if (oc && column_change(oc, &c->d, in_primary_key(&st->t, c->d.name), old_redundant(old)) ==
                      COL_COPY)
            copy_reason = "Cannot change column type";
        /* NOT NULL added, or dropped outside ROW_FORMAT=REDUNDANT: in place, not instant */
        if (oc && (oc->flags & SC_COL_NOT_NULL) != (c->d.flags & SC_COL_NOT_NULL) &&
            ((c->d.flags & SC_COL_NOT_NULL) || !old_redundant(old)))
            nullness = true;
    }
    if (!copy_reason && has_primary(old->indexes, old->n_indexes)) {
        bool now = false;
        for (size_t i = 0; i < st->t.n_idx; i++)
            if (st->t.idx[i].d.kind == SC_INDEX_PRIMARY)
                now = true;
        if (!now)
            copy_reason = "Dropping a primary key is not allowed without also adding a new "
                          "primary key";
    }
    copy = sc_exec__engine(st->t.engine) != SC_ENGINE_INNODB || st->engine_changed;
    if (algo && strcasecmp(algo, "COPY") != 0) {
        char up[16];
        size_t n = 0;
        for (; algo[n] && n + 1 < sizeof(up); n++)
            up[n] = (char)toupper((unsigned char)algo[n]);
        up[n] = '\0';
        if (copy)
            return algo_err(x, up, NULL, "COPY");
        if (copy_reason)
            return algo_err(x, up, copy_reason, "COPY");
        if (add_fk && x->s->foreign_key_checks)
            return algo_err(x, up, "Adding foreign keys needs foreign_key_checks=OFF", "COPY");
        if ((strcmp(up, "INSTANT") == 0 || strcmp(up, "NOCOPY") == 0) && nullness)
            return algo_err(x, up, NULL, "INPLACE");
        if ((strcmp(up, "INSTANT") == 0 || strcmp(up, "NOCOPY") == 0) &&
            options_rebuild(at, old, st->t.engine_opts)) /* not in place without a rebuild */
            return algo_err(x, up,
                            more_than_options(at)
                                ? NULL
                                : "Changing table options requires the table to be rebuilt",
                            "INPLACE");
        if (strcmp(up, "INSTANT") == 0) {
            if (rebuild ||
                (columns && (old_has_fulltext(old) ||
                             (st->t.opts[SC_XOPT_ROW_FORMAT] &&
                              strcmp(st->t.opts[SC_XOPT_ROW_FORMAT], "COMPRESSED") == 0))))
                return algo_err(x, up, NULL, "INPLACE");
            if (add_index)
                return algo_err(x, up, "ADD INDEX", "NOCOPY");
        }
    }
    if (lock && strcasecmp(lock, "NONE") == 0) {
        if (copy || (algo && strcasecmp(algo, "COPY") == 0))
            return sc_exec__err(x, SC_ER_ALTER_OPERATION_NOT_SUPPORTED_REASON, "LOCK=NONE",
                                "COPY algorithm requires a lock", "LOCK=SHARED");
        if (copy_reason)
            return sc_exec__err(x, SC_ER_ALTER_OPERATION_NOT_SUPPORTED_REASON, "LOCK=NONE",
                                copy_reason, "LOCK=SHARED");
    }
    return SC_OK;
}

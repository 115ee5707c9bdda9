/*
 * exec_create.c - CREATE TABLE (plain, LIKE, IF NOT EXISTS, OR REPLACE,
 * TEMPORARY), CREATE INDEX, and the foreign-key checks InnoDB makes when a
 * constraint is added (errno 150 -> 1005).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "catalog/charset.h"
#include "ddl/exec.h"
#include "ddl/sequence.h"
#include "ddl/partition.h"
#include "ddl/period.h"
#include "ddl/parse.h"
#include "ddl/types.h"

/* ------------------------------------------------------------------ */
/* Foreign keys                                                         */

struct fk_problem;
static void fk_warning_150(sc_exec *x,
                           const sc_xtable *t,
                           const sc_fk_def *fk,
                           bool auto_named,
                           const struct fk_problem *pb,
                           bool is_alter);

/* 1005 errno 150 between InnoDB's Warning 150 (when pb says why) and Warning 1215. */
static int fk_error(sc_exec *x,
                    const sc_xtable *t,
                    const sc_fk_def *fk,
                    bool auto_named,
                    const struct fk_problem *pb,
                    bool is_alter)
{
    int rc;

    if (pb)
        fk_warning_150(x, t, fk, auto_named, pb, is_alter);
    rc = sc_exec__err(x, SC_ER_CANT_CREATE_TABLE, t->schema, t->name,
                      "150 \"Foreign key constraint is incorrectly formed\"");
    sc_exec__warning(x, SC_ER_CANNOT_ADD_FOREIGN, t->name);
    return rc;
}

static const sc_column_def *def_col(const sc_table_def *d, const char *name)
{
    for (size_t i = 0; i < d->n_columns; i++)
        if (strcasecmp(d->columns[i].name, name) == 0)
            return &d->columns[i];
    return NULL;
}

/* Same storage type as InnoDB compares them for a foreign key. */
bool sc_exec__fk_types_match(const sc_column_def *a, const sc_column_def *b)
{
    bool as = a->type == SC_TYPE_CHAR || a->type == SC_TYPE_VARCHAR;
    bool bs = b->type == SC_TYPE_CHAR || b->type == SC_TYPE_VARCHAR;
    bool ab = a->type == SC_TYPE_BINARY || a->type == SC_TYPE_VARBINARY;
    bool bb = b->type == SC_TYPE_BINARY || b->type == SC_TYPE_VARBINARY;

    if (as || bs)
        return as && bs && a->collation && b->collation &&
               strcasecmp(a->collation, b->collation) == 0;
    if (ab || bb)
        return ab && bb;
    if (a->type != b->type)
        return false;
    if (sc_type__is_integer(a->type))
        return (a->flags & SC_COL_UNSIGNED) == (b->flags & SC_COL_UNSIGNED);
    if (a->type == SC_TYPE_DECIMAL)
        return a->length == b->length && a->scale == b->scale &&
               (a->flags & SC_COL_UNSIGNED) == (b->flags & SC_COL_UNSIGNED);
    return true;
}

/* Is there an index of d whose leading columns are cols (in order)? */
static bool has_index_on(const sc_table_def *d, const char *const *cols, size_t n)
{
    for (size_t i = 0; i < d->n_indexes; i++) {
        const sc_index_def *ix = &d->indexes[i];
        size_t k;
        if (ix->n_parts < n || ix->kind == SC_INDEX_FULLTEXT || ix->kind == SC_INDEX_SPATIAL ||
            (ix->kind == SC_INDEX_UNIQUE && ix->algorithm == SC_ALGO_HASH))
            continue;
        for (k = 0; k < n; k++)
            if (strcasecmp(ix->parts[k].column, cols[k]) != 0 || ix->parts[k].prefix_len)
                break;
        if (k == n)
            return true;
    }
    return false;
}

/* What InnoDB finds wrong with a foreign key (its Warning 150 names it). */
typedef enum fk_kind {
    FK_FINE,
    FK_NO_TABLE,  /* parent missing or not InnoDB */
    FK_NO_COLUMN, /* a referenced column is missing */
    FK_NO_INDEX,  /* no parent index starts with the referenced columns */
    FK_TYPE,      /* a column pair of different types or character sets */
    FK_SET_NULL,  /* SET NULL on a NOT NULL column */
    FK_DUP_NAME   /* the same constraint name twice in one statement */
} fk_kind;

typedef struct fk_problem {
    fk_kind kind;
    const char *column;        /* FK_NO_COLUMN: the parent's; FK_TYPE, FK_SET_NULL: the child's */
    const char *parent_column; /* FK_TYPE: the referenced column */
} fk_problem;

/* What InnoDB finds wrong with a foreign key against its parent. */
static fk_problem
fk_parent_problem(const sc_table_def *child, const sc_fk_def *fk, const sc_table_def *parent)
{
    fk_problem pb = {FK_FINE, NULL, NULL};

    for (size_t k = 0; k < fk->n_columns; k++)
        if (!def_col(parent, fk->parent_columns[k]))
            return (fk_problem){FK_NO_COLUMN, fk->parent_columns[k], NULL};
    if (!has_index_on(parent, fk->parent_columns, fk->n_columns))
        return (fk_problem){FK_NO_INDEX, NULL, NULL};
    for (size_t k = 0; k < fk->n_columns; k++) {
        const sc_column_def *cc = def_col(child, fk->columns[k]);
        const sc_column_def *pc = def_col(parent, fk->parent_columns[k]);
        if (!cc || !sc_exec__fk_types_match(cc, pc))
            return (fk_problem){FK_TYPE, fk->columns[k], pc->name};
        if ((fk->on_delete == SC_FK_SET_NULL || fk->on_update == SC_FK_SET_NULL) &&
            (cc->flags & SC_COL_NOT_NULL))
            return (fk_problem){FK_SET_NULL, fk->columns[k], NULL};
    }
    return pb;
}

/* How InnoDB names a foreign key in Warning 150: `name` when it was given, else (a, b). */
static const char *fk_label(sc_exec *x, const sc_fk_def *fk, bool auto_named)
{
    sc_buf b = SC_BUF_INIT(x->ctx);
    const char *out;

    if (!auto_named)
        return sc_exec__printf(x, "`%s`", fk->name);
    sc__buf_putc(&b, '(');
    for (size_t k = 0; k < fk->n_columns; k++)
        sc__buf_printf(&b, "%s%s", k ? ", " : "", fk->columns[k]);
    sc__buf_putc(&b, ')');
    out = sc_exec__strdup(x, b.text ? b.text : "()");
    sc__buf_free(&b);
    return out;
}

/* InnoDB's Warning 150, which explains a 1005 errno 150 (raised before it). */
static void fk_warning_150(sc_exec *x,
                           const sc_xtable *t,
                           const sc_fk_def *fk,
                           bool auto_named,
                           const fk_problem *pb,
                           bool is_alter)
{
    const char *op = is_alter ? "Alter" : "Create", *label = fk_label(x, fk, auto_named);
    char *why = NULL;
    bool with = true;

    switch (pb->kind) {
    case FK_NO_TABLE:
        why = sc_exec__printf(x, "Referenced table `%s`.`%s` not found in the data dictionary.",
                              fk->parent_schema, fk->parent_table);
        break;
    case FK_NO_COLUMN:
        with = false;
        why = sc_exec__printf(x, "Column %s was not found.", pb->column);
        break;
    case FK_NO_INDEX:
        why = sc_exec__strdup(x, "There is no index in the referenced table where the referenced "
                                 "columns appear as the first columns.");
        break;
    case FK_TYPE:
        why = sc_exec__printf(x,
                              "Field type or character set for column '%s' does not match "
                              "referenced column '%s'.",
                              pb->column, pb->parent_column);
        break;
    case FK_SET_NULL:
        why = sc_exec__printf(x,
                              "You have defined a SET NULL condition but column '%s' is defined "
                              "as NOT NULL.",
                              pb->column);
        break;
    default:
        return; /* InnoDB gives no detail */
    }
    if (!why || !label)
        return;
    sc_exec__warning(x, SC_ER_INNODB_FK_WARNING_150, op, t->schema, t->name,
                     with ? sc_exec__printf(x, "with foreign key %s", label)
                          : sc_exec__printf(x, "foreign key %s", label),
                     why);
}

int sc_exec__fk_no_parent_columns(sc_exec *x,
                                  const sc_xtable *t,
                                  const char *column,
                                  const char *constraint)
{
    const char *cols[1] = {column};
    sc_fk_def fk;
    fk_problem pb = {FK_NO_COLUMN, column, NULL};

    memset(&fk, 0, sizeof(fk));
    fk.name = constraint;
    fk.columns = cols;
    fk.n_columns = 1;
    return fk_error(x, t, &fk, constraint == NULL, &pb, x->stmt->kind == SC_AST_STMT_ALTER_TABLE);
}

/*
 * The error for a foreign key problem: 1005 (errno 150) normally; an ALTER
 * with foreign_key_checks=0 runs in place and InnoDB reports 1822 (no
 * usable parent index; the name is '' for an unnamed key) or 1825.
 */
static int fk_problem_error(sc_exec *x,
                            const sc_xtable *t,
                            const sc_fk_def *fk,
                            bool auto_named,
                            fk_problem pb,
                            bool is_alter)
{
    if (pb.kind == FK_FINE)
        return SC_OK;
    if (is_alter && !x->s->foreign_key_checks) {
        if (pb.kind == FK_NO_TABLE || pb.kind == FK_NO_COLUMN || pb.kind == FK_NO_INDEX)
            return sc_exec__err(x, SC_ER_FK_NO_INDEX_PARENT, auto_named ? "" : fk->name,
                                fk->parent_table);
        return sc_exec__err(x, SC_ER_FK_INCORRECT_OPTION_INNODB, t->name, t->schema, fk->name);
    }
    return fk_error(x, t, fk, auto_named, pb.kind == FK_DUP_NAME ? NULL : &pb, is_alter);
}

/* Highest N of `<table>_ibfk_N` names among t's foreign keys. */
static unsigned max_ibfk(const sc_xtable *t)
{
    size_t pl = strlen(t->name);
    unsigned max = 0;

    for (size_t i = 0; i < t->n_fks; i++) {
        const char *n = t->fks[i].name;
        if (n && strncmp(n, t->name, pl) == 0 && strncmp(n + pl, "_ibfk_", 6) == 0) {
            unsigned v = (unsigned)strtoul(n + pl + 6, NULL, 10);
            if (v > max)
                max = v;
        }
    }
    return max;
}

typedef struct fk_name_scan {
    sc_exec *x;
    const sc_xtable *t;
    size_t first;
    const char *self; /* the table's stored name (skip: its keys are in t) */
    bool dup;
} fk_name_scan;

static int scan_fk_names(const sc_table_info *info, void *payload)
{
    fk_name_scan *sc = payload;
    sc_table *tb = NULL;
    const sc_table_def *d;

    if (sc->self && strcmp(info->name, sc->self) == 0)
        return 0;
    if (sc_table_get(&tb, sc->x->txn, info->id) != SC_OK)
        return 0;
    d = sc_table_definition(tb);
    for (size_t k = 0; k < d->n_foreign_keys && !sc->dup; k++)
        for (size_t i = sc->first; i < sc->t->n_fks; i++)
            if (strcasecmp(d->foreign_keys[k].name, sc->t->fks[i].name) == 0)
                sc->dup = true;
    sc_table_free(tb);
    return sc->dup ? 1 : 0;
}

/* InnoDB constraint names are unique per database, ignoring case (errno 121). */
static bool fk_name_taken(sc_exec *x, const sc_xtable *t, size_t first, const char *self)
{
    fk_name_scan sc = {x, t, first, self, false};
    sc_schema *s = NULL;

    for (size_t i = first; i < t->n_fks; i++)
        for (size_t k = 0; k < i; k++)
            if (strcasecmp(t->fks[k].name, t->fks[i].name) == 0)
                return true;
    if (sc_schema_lookup(&s, x->txn, t->schema) != SC_OK)
        return false;
    sc_table_foreach(x->txn, sc_schema_id(s), scan_fk_names, &sc);
    sc_schema_free(s);
    return sc.dup;
}

/* InnoDB records the parent's own spelling of the referenced columns. */
static void parent_spelling(sc_exec *x, sc_fk_def *fk, const sc_table_def *parent)
{
    for (size_t k = 0; k < fk->n_columns; k++) {
        const sc_column_def *pc = def_col(parent, fk->parent_columns[k]);
        if (pc) /* copied: the parent definition may be freed */
            ((const char **)fk->parent_columns)[k] = sc_exec__strdup(x, pc->name);
    }
}

static int
validate_fks(sc_exec *x, sc_xtable *t, size_t first, const bool *auto_named, bool is_alter)
{
    sc_table_def child;
    int rc = SC_OK;

    sc_xtable__to_def(x, t, &child);
    for (size_t i = first; i < t->n_fks && rc == SC_OK; i++) {
        const sc_fk_def *fk = &t->fks[i];
        bool an = auto_named[i - first];
        sc_table *pt = NULL;

        if (strcmp(fk->parent_schema, t->schema) == 0 && strcmp(fk->parent_table, t->name) == 0) {
            rc = fk_problem_error(x, t, fk, an, fk_parent_problem(&child, fk, &child), is_alter);
            parent_spelling(x, &t->fks[i], &child);
            continue;
        }
        rc = sc_table_lookup(&pt, x->txn, fk->parent_schema, fk->parent_table);
        if (rc == SC_ENOTFOUND) {
            /* a missing parent is fine only with foreign_key_checks=0 */
            rc = x->s->foreign_key_checks
                     ? fk_problem_error(x, t, fk, an, (fk_problem){FK_NO_TABLE, NULL, NULL},
                                        is_alter)
                     : SC_OK;
            continue;
        }
        if (rc != SC_OK)
            return rc;
        if (sc_exec__engine(sc_table_definition(pt)->engine) != SC_ENGINE_INNODB)
            rc = fk_problem_error(x, t, fk, an, (fk_problem){FK_NO_TABLE, NULL, NULL}, is_alter);
        else
            rc = fk_problem_error(x, t, fk, an,
                                  fk_parent_problem(&child, fk, sc_table_definition(pt)), is_alter);
        if (rc == SC_OK)
            parent_spelling(x, &t->fks[i], sc_table_definition(pt));
        sc_table_free(pt);
    }
    return rc;
}

/* A named CHECK constraint and a foreign key share the constraint namespace
 * (the SQL layer's test, before the engine sees the keys): 1826. */
static int check_names_clash(sc_exec *x, const sc_xtable *t, size_t first, const bool *auto_named)
{
    for (size_t i = 0; i < t->n_checks; i++)
        for (size_t k = 0; k < t->n_fks && t->checks[i].name; k++)
            if (!(k >= first && auto_named[k - first]) &&
                strcasecmp(t->checks[i].name, t->fks[k].name) == 0)
                return sc_exec__err(x, SC_ER_DUP_CONSTRAINT_NAME, "CHECK", t->checks[i].name);
    return SC_OK;
}

int sc_exec__check_fks(sc_exec *x, sc_xtable *t, size_t first, bool is_alter)
{
    unsigned next = max_ibfk(t);
    bool *auto_named = sc_exec__alloc(x, (t->n_fks - first + 1) * sizeof(bool));
    int rc;

    if (!auto_named)
        return SC_ENOMEM;
    for (size_t i = first; i < t->n_fks; i++) {
        auto_named[i - first] = t->fks[i].name == NULL;
        if (!t->fks[i].name) {
            t->fks[i].name = sc_exec__printf(x, "%s_ibfk_%u", t->name, ++next);
            if (!t->fks[i].name)
                return SC_ENOMEM;
        }
    }
    if ((rc = check_names_clash(x, t, first, auto_named)) != SC_OK)
        return rc;
    /* the same name twice in one statement: InnoDB's set of the new keys
     * (compared byte for byte) refuses the definition; names equal but for
     * case pass it and clash in its dictionary (121, below) */
    for (size_t i = first; i < t->n_fks; i++)
        for (size_t k = first; k < i; k++)
            if (strcmp(t->fks[k].name, t->fks[i].name) == 0)
                return fk_error(x, t, &t->fks[i], false, NULL, is_alter);
    /* InnoDB checks the references (errno 150) before it stores the names (121) */
    rc = validate_fks(x, t, first, auto_named, is_alter);
    if (rc != SC_OK)
        return rc;
    if (first < t->n_fks && fk_name_taken(x, t, first, NULL))
        return sc_exec__err(x, SC_ER_CANT_CREATE_TABLE, t->schema, t->name,
                            "121 \"Duplicate key on write or update\"");
    /* InnoDB lists foreign keys ordered by name */
    for (size_t i = 1; i < t->n_fks; i++) {
        sc_fk_def tmp = t->fks[i];
        size_t j = i;
        while (j > 0 && strcmp(tmp.name, t->fks[j - 1].name) < 0) {
            t->fks[j] = t->fks[j - 1];
            j--;
        }
        t->fks[j] = tmp;
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* CREATE TABLE                                                         */

int sc_exec__store_new(sc_exec *x, sc_xtable *t, uint64_t schema_id)
{
    sc_table_def def;
    int rc;

    sc_xtable__to_def(x, t, &def);
    if (t->part) { /* a new table's partitions get ids of their own (LIKE, CONVERT) */
        sc_partitioning_def *pt = sc_exec__partition_copy(x, t->part);
        if (!pt)
            return SC_ENOMEM;
        for (size_t i = 0; i < pt->n_parts; i++)
            ((sc_partition_def *)(uintptr_t)pt->parts)[i].id = 0;
        def.partitioning = pt;
    }
    rc = sc_table_create(NULL, x->txn, schema_id, &def);
    if (rc == SC_EEXISTS)
        return sc_exec__err(x, SC_ER_TABLE_EXISTS_ERROR, t->name);
    return rc;
}

int sc_exec__add_temp(sc_exec *x, const char *db, const char *name)
{
    sc_session *s = x->s;
    sc_temp_table *n;

    if (sc_exec__is_temp(x, db, name))
        return SC_OK;
    n = sc__realloc(x->ctx, s->temps, (s->n_temps + 1) * sizeof(*n));
    if (!n)
        return SC_ENOMEM;
    s->temps = n;
    n[s->n_temps].schema = sc__strdup(x->ctx, db);
    n[s->n_temps].name = sc__strdup(x->ctx, name);
    n[s->n_temps].create_sql = sc__strdup(x->ctx, x->stmt->text);
    if (!n[s->n_temps].schema || !n[s->n_temps].name || !n[s->n_temps].create_sql) {
        sc_free(x->ctx, n[s->n_temps].schema);
        sc_free(x->ctx, n[s->n_temps].name);
        sc_free(x->ctx, n[s->n_temps].create_sql);
        return SC_ENOMEM;
    }
    s->n_temps++;
    return SC_OK;
}

/* Is table (db, name) referenced by a foreign key of another table? */
static int referenced_by_other(const sc_table_info *info, void *payload)
{
    const uint64_t *self = payload;
    return info->id != *self ? 1 : 0;
}

int sc_exec__is_parent(sc_exec *x, const char *db, const char *name, uint64_t self_id)
{
    int rc = sc_table_foreach_child(x->txn, db, name, referenced_by_other, &self_id);
    return rc == 1;
}

static int build_table(sc_exec *x, sc_xtable *t, const sc_ast_create_table *ct);
static int
create_like(sc_exec *x, const sc_ast_create_table *ct, const char *db, uint64_t schema_id);

/*
 * CREATE TABLE ... LIKE a temporary table: temporary tables are not catalog
 * objects, so the definition is rebuilt from the statement that created it.
 */
static int create_from_temp(
    sc_exec *x, const sc_temp_table *tt, const char *name, const char *db, uint64_t schema_id)
{
    sc_ast_stmt *st = NULL;
    sc_ast_create_table ct;
    sc_schema *s = NULL;
    sc_schema_def sdef;
    sc_xtable t;
    int rc;

    rc = sc_ddl__parse(&st, x->ctx, tt->create_sql, strlen(tt->create_sql), NULL);
    if (rc != SC_OK)
        return rc;
    ct = *st->create_table;
    ct.name.name = name;
    ct.name.db = db;
    ct.temporary = false;
    if (ct.like) {
        rc = create_like(x, &ct, db, schema_id);
        goto out;
    }
    rc = sc_schema_get(&s, x->txn, schema_id);
    if (rc != SC_OK)
        goto out;
    sdef = *sc_schema_definition(s);
    sdef.charset = sc_exec__strdup(x, sdef.charset);
    sdef.collation = sc_exec__strdup(x, sdef.collation);
    sc_schema_free(s);
    rc = sc_exec__init_table(x, &t, db, name, &sdef);
    if (rc == SC_OK)
        rc = build_table(x, &t, &ct);
    if (rc == SC_OK) {
        t.n_fks = 0; /* as with any LIKE */
        t.auto_increment = 0;
        rc = sc_exec__store_new(x, &t, schema_id);
    }
out:
    sc_ast__stmt_free(st);
    return rc;
}

static int
create_like(sc_exec *x, const sc_ast_create_table *ct, const char *db, uint64_t schema_id)
{
    const char *sdb = ct->like->db ? ct->like->db : x->s->database;
    sc_table *src = NULL;
    sc_xtable t;
    int rc;

    if (!sdb)
        return sc_exec__err(x, SC_ER_NO_DB_ERROR);
    if (sc_exec__is_temp(x, sdb, ct->like->name))
        return create_from_temp(x, sc_exec__temp(x, sdb, ct->like->name), ct->name.name, db,
                                schema_id);
    rc = sc_table_lookup(&src, x->txn, sdb, ct->like->name);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, sdb, ct->like->name);
    if (rc != SC_OK)
        return rc;
    if ((rc = sc_exec__need_base_table(x, sc_table_id(src), sdb, ct->like->name)) != SC_OK) {
        sc_table_free(src);
        return rc;
    }
    rc = sc_xtable__load(x, &t, sc_table_definition(src), db);
    sc_table_free(src);
    if (rc != SC_OK)
        return rc;
    t.name = ct->name.name;
    t.n_fks = 0; /* LIKE copies indexes and CHECKs, not foreign keys */
    t.dirs[SC_XDIR_DATA] = t.dirs[SC_XDIR_INDEX] = NULL; /* nor DATA/INDEX DIRECTORY */
    t.auto_increment = 0;
    if (t.seq) /* the options live in the sequence's row, which LIKE does not copy */
        sc_exec__sequence_defaults(t.seq);
    return sc_exec__store_new(x, &t, schema_id);
}

static int build_columns(sc_exec *x, sc_xtable *t, const sc_ast_create_table *ct)
{
    for (size_t i = 0; i < ct->n_defs; i++) {
        const sc_ast_create_def *cd = &ct->defs[i];
        sc_xcol *c;
        int rc;

        if (cd->kind != SC_AST_DEF_COLUMN)
            continue;
        if (sc_xtable__find_col(t, cd->column->name))
            return sc_exec__err(x, SC_ER_DUP_FIELDNAME, cd->column->name);
        c = sc_xtable__add_col(x, t, t->n_cols);
        if (!c)
            return SC_ENOMEM;
        rc = sc_exec__column(x, t, c, cd->column);
        if (rc != SC_OK)
            return rc;
    }
    return SC_OK;
}

static int build_keys(sc_exec *x, sc_xtable *t, const sc_ast_create_table *ct)
{
    /* a full-text parser plugin is looked up before any key's columns
     * (10.11.19: 1128 wins over an earlier key's 1072) */
    for (size_t i = 0; i < ct->n_defs; i++)
        if (ct->defs[i].kind == SC_AST_DEF_INDEX && ct->defs[i].index->parser)
            return sc_exec__err(x, SC_ER_FUNCTION_NOT_DEFINED, ct->defs[i].index->parser);
    for (size_t i = 0; i < ct->n_defs; i++) {
        const sc_ast_create_def *cd = &ct->defs[i];
        int rc = SC_OK;

        switch (cd->kind) {
        case SC_AST_DEF_COLUMN:
            rc = sc_exec__add_column_keys(x, t, cd->column);
            break;
        case SC_AST_DEF_INDEX:
            rc = sc_exec__add_index(x, t, cd->index);
            break;
        case SC_AST_DEF_CHECK:
            rc = sc_exec__add_check(x, t, cd->check, false);
            break;
        default: /* PERIOD FOR: sc_exec__versioning_create() */
            break;
        }
        if (rc != SC_OK)
            return rc;
    }
    return SC_OK;
}

int sc_exec__init_table(
    sc_exec *x, sc_xtable *t, const char *db, const char *name, const sc_schema_def *sdef)
{
    memset(t, 0, sizeof(*t));
    t->schema = sc_exec__strdup(x, db);
    t->name = name;
    t->engine = x->s->default_engine;
    t->charset = sc_exec__strdup(x, sdef->charset ? sdef->charset : x->s->charset_server);
    t->collation = sc_exec__strdup(x, sdef->collation ? sdef->collation : x->s->collation_server);
    t->db_charset = t->charset;
    t->db_collation = t->collation;
    return t->schema && t->charset && t->collation ? SC_OK : SC_ENOMEM;
}

/* SEQUENCE=n with n other than 0 (the last one written counts). */
static bool sequence_option(const sc_ast_create_table *ct)
{
    bool on = false;

    for (size_t i = 0; i < ct->n_options; i++)
        if (ct->options[i].kind == SC_AST_TOPT_SEQUENCE)
            on = !ct->options[i].value_is_default && strtoull(ct->options[i].value.s, NULL, 10);
    return on;
}

/* The column and CHECK expressions, once the columns and keys are known. */
static int create_refs(sc_exec *x, sc_xtable *t, const sc_ast_create_table *ct)
{
    const sc_ast_column **cols = sc_exec__alloc(x, (ct->n_defs + 1) * sizeof(*cols));
    const sc_ast_check **checks = sc_exec__alloc(x, (ct->n_defs + 1) * sizeof(*checks));
    size_t nc = 0, nk = 0;

    if (!cols || !checks)
        return SC_ENOMEM;
    for (size_t i = 0; i < ct->n_defs; i++) {
        if (ct->defs[i].kind == SC_AST_DEF_COLUMN)
            cols[nc++] = ct->defs[i].column;
        else if (ct->defs[i].kind == SC_AST_DEF_CHECK)
            checks[nk++] = ct->defs[i].check;
    }
    return sc_exec__deferred_refs(x, t, cols, nc, checks, nk);
}

static int build_table(sc_exec *x, sc_xtable *t, const sc_ast_create_table *ct)
{
    int rc = sc_exec__table_options(x, t, ct->options, ct->n_options);

    t->defer_refs = true;

    if (rc == SC_OK && ct->partition)
        rc = sc_exec__engine_refuses_partitioning(x, t->engine);
    if (rc == SC_OK)
        rc = build_columns(x, t, ct);
    if (rc == SC_OK)
        rc = sc_exec__versioning_create(x, t, ct);
    if (rc == SC_OK && ct->has_select)
        rc = sc_exec__create_select(x, t);
    if (rc == SC_OK && t->n_cols == 0)
        rc = sc_exec__err(x, SC_ER_TABLE_MUST_HAVE_COLUMNS);
    if (rc == SC_OK)
        rc = build_keys(x, t, ct);
    if (rc == SC_OK && sequence_option(ct))
        rc = sc_exec__table_as_sequence(x, t);
    if (rc == SC_OK)
        rc = sc_exec__finish_table(x, t);
    if (rc == SC_OK)
        rc = sc_exec__versioning_keys(x, t);
    if (rc == SC_OK)
        rc = sc_exec__engine_hash_keys(x, t);
    if (rc == SC_OK)
        rc = create_refs(x, t, ct);
    t->defer_refs = false;
    if (rc == SC_OK) /* the expressions as fix_fields() leaves them */
        rc = sc_exec__convert_constants(x, t);
    if (rc == SC_OK) /* the default record is written */
        rc = sc_exec__const_defaults(x, t);
    if (rc == SC_OK) /* SEQUENCE, PERFORMANCE_SCHEMA: CREATE fails in the engine */
        rc = sc_exec__engine_refuses_create(x, t->schema, t->name, t->engine);
    if (rc == SC_OK && ct->partition)
        rc = sc_exec__partition_create(x, t, ct->partition);
    if (rc == SC_OK)
        rc = sc_exec__partition_check(x, t);
    if (rc == SC_OK) /* the engine creates the table */
        rc = sc_exec__innodb_options(x, t, SC_INNODB_CREATE);
    if (rc == SC_OK)
        rc = sc_exec__table_dirs(x, t, false);
    if (rc == SC_OK && sc_exec__engine(t->engine) == SC_ENGINE_ARIA && !t->part &&
        !t->opts[SC_XOPT_PAGE_CHECKSUM])
        t->opts[SC_XOPT_PAGE_CHECKSUM] = "1";
    if (rc == SC_OK)
        rc = sc_exec__check_fks(x, t, 0, false);
    return rc;
}

/*
 * A temporary table's engine (its definition is not kept): PERFORMANCE_SCHEMA
 * has no TEMPORARY create option (1478), SEQUENCE's create() refuses (1005),
 * InnoDB checks the options (exec_innodb.c).
 */
static int temporary_engine(sc_exec *x, const sc_ast_create_table *ct, const char *db)
{
    const char *e = NULL;

    for (size_t i = 0; i < ct->n_options; i++)
        if (ct->options[i].kind == SC_AST_TOPT_ENGINE)
            e = sc_exec__engine_name(ct->options[i].value.s);
    if (!e)
        e = x->s->default_engine;
    else if (sc_exec__engine(e) == SC_ENGINE_PERFORMANCE_SCHEMA)
        return sc_exec__err(x, SC_ER_ILLEGAL_HA_CREATE_OPTION, e, "TEMPORARY");
    int rc = sc_exec__engine_refuses_create(x, db, ct->name.name, e);
    if (rc != SC_OK || sc_exec__engine(e) != SC_ENGINE_INNODB)
        return rc;
    return sc_exec__innodb_temporary_options(x, ct->options, ct->n_options, db, ct->name.name);
}

/* An ENGINE= MariaDB's parser refuses (NO_ENGINE_SUBSTITUTION): its 1286 comes first. */
static bool unknown_engine(sc_exec *x, const sc_ast_create_table *ct)
{
    for (size_t i = 0; i < ct->n_options; i++)
        if (ct->options[i].kind == SC_AST_TOPT_ENGINE &&
            !sc_exec__engine_name(ct->options[i].value.s) &&
            (x->s->sql_mode & SC_MODE_NO_ENGINE_SUBSTITUTION))
            return true;
    return false;
}

/* Drop an existing table for CREATE OR REPLACE. */
static int replace_existing(sc_exec *x, const char *db, const char *name, uint64_t id)
{
    if (x->s->foreign_key_checks && sc_exec__is_parent(x, db, name, id))
        return sc_exec__err(x, SC_ER_ROW_IS_REFERENCED_2_SHORT);
    return sc_table_drop(x->txn, id);
}

int sc_exec__create_table(sc_exec *x)
{
    const sc_ast_create_table *ct = x->stmt->create_table;
    const char *db;
    sc_schema *s = NULL;
    sc_schema_def sdef;
    uint64_t schema_id, old_id;
    sc_xtable t;
    int rc;

    if ((rc = sc_exec__create_subqueries(x, ct)) != SC_OK ||
        (rc = sc_exec__resolve_db(x, &db, &ct->name)) != SC_OK)
        return rc;
    if ((rc = sc_exec__check_table_name(x, ct->name.name)) != SC_OK ||
        (rc = sc_exec__guard_system(x, db)) != SC_OK)
        return rc;
    rc = sc_schema_lookup(&s, x->txn, db);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_BAD_DB_ERROR, db);
    if (rc != SC_OK)
        return rc;
    schema_id = sc_schema_id(s);
    sdef = *sc_schema_definition(s);
    sdef.charset = sc_exec__strdup(x, sdef.charset);
    sdef.collation = sc_exec__strdup(x, sdef.collation);
    sc_schema_free(s);
    if (ct->or_replace && ct->if_not_exists)
        return sc_exec__err(x, SC_ER_WRONG_USAGE, "OR REPLACE", "IF NOT EXISTS");
    if (ct->like) {
        const char *ldb = ct->like->db ? ct->like->db : x->s->database;
        if (ldb && strcmp(ldb, db) == 0 && strcmp(ct->like->name, ct->name.name) == 0)
            return sc_exec__err(x, SC_ER_NONUNIQ_TABLE, ct->name.name);
    }
    if (!ct->like && !unknown_engine(x, ct) &&
        (rc = sc_exec__dirs_precheck(x, ct->options, ct->n_options, ct->name.name)) != SC_OK)
        return rc;
    if (ct->temporary && ct->has_system_versioning)
        return sc_exec__err(x, SC_ER_VERS_NOT_SUPPORTED, "CREATE TEMPORARY TABLE");
    if (ct->temporary && ct->partition)
        return sc_exec__err(x, SC_ER_FEATURE_NOT_SUPPORTED_WITH_PARTITIONING,
                            "CREATE TEMPORARY TABLE");
    if (ct->temporary && (rc = temporary_engine(x, ct, db)) != SC_OK)
        return rc;
    if (ct->temporary) {
        if (sc_exec__is_temp(x, db, ct->name.name) && !ct->or_replace) {
            if (ct->if_not_exists) {
                sc_exec__warn(x, SC_ER_TABLE_EXISTS_ERROR, ct->name.name);
                return SC_OK;
            }
            return sc_exec__err(x, SC_ER_TABLE_EXISTS_ERROR, ct->name.name);
        }
        return sc_exec__add_temp(x, db, ct->name.name);
    }
    rc = sc_table_lookup_id(&old_id, x->txn, schema_id, ct->name.name);
    if (rc == SC_OK) {
        if (ct->if_not_exists) {
            sc_exec__warn(x, SC_ER_TABLE_EXISTS_ERROR, ct->name.name);
            return SC_OK;
        }
        if (!ct->or_replace)
            return sc_exec__err(x, SC_ER_TABLE_EXISTS_ERROR, ct->name.name);
        if ((rc = replace_existing(x, db, ct->name.name, old_id)) != SC_OK)
            return rc;
    } else if (rc != SC_ENOTFOUND) {
        return rc;
    }
    if (ct->like)
        return create_like(x, ct, db, schema_id);
    if ((rc = sc_exec__init_table(x, &t, db, ct->name.name, &sdef)) != SC_OK)
        return rc;
    if ((rc = build_table(x, &t, ct)) != SC_OK)
        return rc;
    return sc_exec__store_new(x, &t, schema_id);
}

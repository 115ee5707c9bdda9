/*
 * exec_period.c - system versioning and application-time periods in CREATE
 * and ALTER TABLE, with MariaDB 10.11's rules and errors (see ddl/period.h):
 * explicit ROW START/ROW END columns need PERIOD FOR SYSTEM_TIME over them
 * (4125, 4126) and a type of TIMESTAMP(6) or BIGINT UNSIGNED (4110); a
 * versioned table keeps at least one versioned column (4123); a column
 * WITH SYSTEM VERSIONING makes the table versioned and the other columns
 * WITHOUT; an application-time period takes two DATE/DATETIME/TIMESTAMP
 * columns of one type (1054, 1110, 1063, 4153, 4155), makes them NOT NULL,
 * and may be named by a WITHOUT OVERLAPS key; ALTER TABLE may not change
 * the columns of a versioned table (4119, system_versioning_alter_history=
 * ERROR, the default).
 */
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"
#include "ddl/period.h"

void sc_exec__period_column(sc_xcol *c, const sc_ast_column *ac)
{
    if (ac->row_period) {
        c->d.generated = ac->row_period == 1 ? SC_GEN_ROW_START : SC_GEN_ROW_END;
        c->d.default_kind = SC_DEFAULT_NONE;
        c->d.default_value = NULL;
        c->d.on_update = NULL;
    }
    if (ac->versioning < 0)
        c->d.flags |= SC_COL_WITHOUT_VERSIONING;
    else if (ac->versioning > 0)
        c->d.flags &= ~(unsigned)SC_COL_WITHOUT_VERSIONING;
}

static bool is_row_col(const sc_xcol *c)
{
    return c->d.generated == SC_GEN_ROW_START || c->d.generated == SC_GEN_ROW_END;
}

/* ------------------------------------------------------------------ */
/* Application-time period                                              */

static bool period_type(sc_coltype t)
{
    return t == SC_TYPE_DATE || t == SC_TYPE_DATETIME || t == SC_TYPE_TIMESTAMP;
}

static int app_period(sc_exec *x, sc_xtable *t, const sc_ast_period *p)
{
    sc_xcol *s = sc_xtable__find_col(t, p->start), *e = sc_xtable__find_col(t, p->end);

    if (t->period_name)
        return sc_exec__err(x, SC_ER_MORE_THAN_ONE_PERIOD);
    if (!s || !e)
        return sc_exec__err(x, SC_ER_BAD_FIELD_ERROR, !s ? p->start : p->end, p->name);
    if (s == e)
        return sc_exec__err(x, SC_ER_FIELD_SPECIFIED_TWICE, s->d.name);
    if (!period_type(s->d.type) || !period_type(e->d.type))
        return sc_exec__err(x, SC_ER_WRONG_FIELD_SPEC, (!period_type(s->d.type) ? s : e)->d.name);
    if (s->d.generated != SC_GEN_NONE || e->d.generated != SC_GEN_NONE)
        return sc_exec__err(x, SC_ER_PERIOD_FIELD_WRONG_ATTRIBUTES,
                            (s->d.generated != SC_GEN_NONE ? s : e)->d.name, "GENERATED ALWAYS AS");
    if (s->d.type != e->d.type || s->d.scale != e->d.scale)
        return sc_exec__err(x, SC_ER_PERIOD_TYPES_MISMATCH, p->name);
    s->d.flags |= SC_COL_NOT_NULL;
    e->d.flags |= SC_COL_NOT_NULL;
    if (s->d.default_kind == SC_DEFAULT_NULL)
        s->d.default_kind = SC_DEFAULT_NONE;
    if (e->d.default_kind == SC_DEFAULT_NULL)
        e->d.default_kind = SC_DEFAULT_NONE;
    t->period_name = p->name;
    t->period_start = s->d.name;
    t->period_end = e->d.name;
    return SC_OK;
}

int sc_exec__without_overlaps(sc_exec *x, const sc_xtable *t, const sc_ast_index **ai, bool *flag)
{
    const sc_ast_index *in = *ai;
    sc_ast_index *copy;
    size_t k;

    *flag = false;
    for (k = 0; k < in->n_parts && !in->parts[k].without_overlaps; k++)
        ;
    if (k == in->n_parts)
        return SC_OK;
    if (!t->period_name || strcasecmp(t->period_name, in->parts[k].column) != 0)
        return sc_exec__err(x, SC_ER_PERIOD_NOT_FOUND, in->parts[k].column);
    if (!(copy = sc_exec__alloc(x, sizeof(*copy))))
        return SC_ENOMEM;
    *copy = *in;
    copy->n_parts = k; /* the period is the last part */
    *ai = copy;
    *flag = true;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* System versioning                                                    */

/* ROW START / ROW END columns: one each, under PERIOD FOR SYSTEM_TIME, typed right. */
static int row_columns(sc_exec *x, sc_xtable *t, bool versioned)
{
    sc_xcol *start = NULL, *end = NULL;

    for (size_t i = 0; i < t->n_cols; i++) {
        sc_xcol *c = &t->cols[i];
        sc_xcol **slot = c->d.generated == SC_GEN_ROW_START ? &start
                         : c->d.generated == SC_GEN_ROW_END ? &end
                                                            : NULL;
        if (!slot)
            continue;
        if (*slot)
            return sc_exec__err(x, SC_ER_VERS_DUPLICATE_ROW_START_END,
                                slot == &start ? "START" : "END", c->d.name);
        *slot = c;
    }
    if (!start && !end)
        return SC_OK;
    if (!t->sys_start)
        return sc_exec__err(x, SC_ER_MISSING, t->name, "PERIOD FOR SYSTEM_TIME");
    if (!versioned)
        return sc_exec__err(x, SC_ER_MISSING, t->name, "WITH SYSTEM VERSIONING");
    if (!start || !end || strcasecmp(t->sys_start, start->d.name) != 0 ||
        strcasecmp(t->sys_end, end->d.name) != 0)
        return sc_exec__err(x, SC_ER_VERS_PERIOD_COLUMNS, start ? start->d.name : t->sys_start,
                            end ? end->d.name : t->sys_end);
    for (sc_xcol *c = start; c; c = c == start ? end : NULL) {
        bool integer = c->d.type >= SC_TYPE_TINYINT && c->d.type <= SC_TYPE_BIGINT;
        if (integer && sc_exec__engine(t->engine) != SC_ENGINE_INNODB)
            /* transaction-precise history (BIGINT UNSIGNED) is InnoDB's only */
            return sc_exec__err(x, SC_ER_VERS_FIELD_WRONG_TYPE, c->d.name, "TIMESTAMP(6)", t->name);
        if (integer && !(c->d.type == SC_TYPE_BIGINT && (c->d.flags & SC_COL_UNSIGNED)))
            return sc_exec__err(x, SC_ER_VERS_FIELD_WRONG_TYPE, c->d.name, "BIGINT(20) UNSIGNED",
                                t->name);
        if (!integer && !(c->d.type == SC_TYPE_TIMESTAMP && c->d.scale == 6))
            return sc_exec__err(x, SC_ER_VERS_FIELD_WRONG_TYPE, c->d.name, "TIMESTAMP(6)", t->name);
    }
    t->sys_start = start->d.name;
    t->sys_end = end->d.name;
    return SC_OK;
}

/* A versioned table keeps one versioned column at least (4123). */
static int versioned_columns(sc_exec *x, const sc_xtable *t)
{
    for (size_t i = 0; i < t->n_cols; i++)
        if (!is_row_col(&t->cols[i]) && !(t->cols[i].d.flags & SC_COL_WITHOUT_VERSIONING))
            return SC_OK;
    return sc_exec__err(x, SC_ER_VERS_TABLE_MUST_HAVE_COLUMNS, t->name);
}

int sc_exec__versioning_create(sc_exec *x, sc_xtable *t, const sc_ast_create_table *ct)
{
    bool any_with = false, versioned = ct->has_system_versioning;
    int rc;

    for (size_t i = 0; i < ct->n_defs; i++) {
        const sc_ast_create_def *d = &ct->defs[i];
        if (d->kind == SC_AST_DEF_COLUMN && d->column->versioning > 0)
            any_with = true;
        if (d->kind != SC_AST_DEF_PERIOD || !d->period)
            continue;
        if (d->period->name) {
            if ((rc = app_period(x, t, d->period)) != SC_OK)
                return rc;
        } else {
            t->sys_start = d->period->start;
            t->sys_end = d->period->end;
        }
    }
    versioned = versioned || any_with;
    if ((rc = row_columns(x, t, versioned)) != SC_OK)
        return rc;
    if (!versioned) { /* WITHOUT SYSTEM VERSIONING means nothing in a plain table */
        for (size_t i = 0; i < t->n_cols; i++)
            t->cols[i].d.flags &= ~(unsigned)SC_COL_WITHOUT_VERSIONING;
        return SC_OK;
    }
    if (any_with && !ct->has_system_versioning) /* only the columns named WITH are versioned */
        for (size_t i = 0; i < ct->n_defs; i++) {
            const sc_ast_create_def *d = &ct->defs[i];
            sc_xcol *c =
                d->kind == SC_AST_DEF_COLUMN ? sc_xtable__find_col(t, d->column->name) : NULL;
            if (c && d->column->versioning == 0 && !is_row_col(c))
                c->d.flags |= SC_COL_WITHOUT_VERSIONING;
        }
    if ((rc = versioned_columns(x, t)) != SC_OK)
        return rc;
    t->tflags |= SC_TABLE_SYSTEM_VERSIONING;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* ALTER TABLE                                                          */

static bool changes_columns_spec(const sc_ast_alter_spec *sp)
{
    switch (sp->kind) {
    case SC_AST_ALTER_ADD_COLUMN:
    case SC_AST_ALTER_DROP_COLUMN:
    case SC_AST_ALTER_MODIFY_COLUMN:
    case SC_AST_ALTER_CHANGE_COLUMN:
    case SC_AST_ALTER_ADD_PERIOD:
        return true;
    default:
        return false;
    }
}

static bool changes_columns(const sc_ast_alter_table *at)
{
    for (size_t i = 0; i < at->n_specs; i++)
        if (changes_columns_spec(&at->specs[i]))
            return true;
    return false;
}

int sc_exec__versioning_precheck(sc_exec *x,
                                 const sc_ast_alter_table *at,
                                 const sc_table_def *old,
                                 const char *schema)
{
    bool columns = false;

    for (size_t i = 0; i < at->n_specs; i++)
        columns = columns || (at->specs[i].kind != SC_AST_ALTER_ADD_PERIOD &&
                              changes_columns_spec(&at->specs[i]));
    for (size_t i = 0; (old->flags & SC_TABLE_SYSTEM_VERSIONING) && !columns && i < at->n_specs;
         i++)
        if (at->specs[i].kind == SC_AST_ALTER_ADD_PERIOD && !at->specs[i].period->name)
            return sc_exec__err(x, SC_ER_VERS_ALREADY_VERSIONED, old->name);
    if ((old->flags & SC_TABLE_SYSTEM_VERSIONING) && changes_columns(at))
        return sc_exec__err(x, SC_ER_VERS_ALTER_NOT_ALLOWED, schema, old->name);
    return SC_OK;
}

/*
 * With explicit ROW START/END columns, MariaDB adds the ROW END column to
 * every PRIMARY and UNIQUE key (SHOW CREATE TABLE shows it).
 */
int sc_exec__versioning_keys(sc_exec *x, sc_xtable *t)
{
    if (!(t->tflags & SC_TABLE_SYSTEM_VERSIONING) || !t->sys_end)
        return SC_OK;
    for (size_t i = 0; i < t->n_idx; i++) {
        sc_xindex *ix = &t->idx[i];
        sc_index_part *parts;
        bool has = false;
        if (ix->d.kind != SC_INDEX_PRIMARY && ix->d.kind != SC_INDEX_UNIQUE)
            continue;
        for (size_t k = 0; k < ix->d.n_parts; k++)
            has = has || strcasecmp(ix->parts[k].column, t->sys_end) == 0;
        if (has)
            continue;
        if (!(parts = sc_exec__alloc(x, (ix->d.n_parts + 1) * sizeof(*parts))))
            return SC_ENOMEM;
        memcpy(parts, ix->parts, ix->d.n_parts * sizeof(*parts));
        memset(&parts[ix->d.n_parts], 0, sizeof(*parts));
        parts[ix->d.n_parts].column = t->sys_end;
        ix->parts = parts;
        ix->d.parts = parts;
        ix->d.n_parts++;
    }
    return SC_OK;
}

static int drop_versioning(sc_exec *x, sc_xtable *t, bool was)
{
    if (!was)
        return sc_exec__err(x, SC_ER_VERS_NOT_VERSIONED, t->name);
    if (t->part && t->part->type == SC_PART_SYSTEM_TIME)
        return sc_exec__err(x, SC_ER_DROP_VERSIONING_SYSTEM_TIME_PARTITION, t->name);
    for (size_t i = 0; i < t->n_cols; i++)
        if (is_row_col(&t->cols[i]))
            return sc_exec__err(x, SC_ER_MISSING, t->name,
                                sc_exec__printf(x, "DROP COLUMN `%s`", t->cols[i].d.name));
    for (size_t i = 0; i < t->n_cols; i++)
        t->cols[i].d.flags &= ~(unsigned)SC_COL_WITHOUT_VERSIONING;
    t->tflags &= ~(unsigned)SC_TABLE_SYSTEM_VERSIONING;
    t->sys_start = t->sys_end = NULL;
    return SC_OK;
}

static bool period_in_key(const sc_xtable *t)
{
    for (size_t i = 0; i < t->n_idx; i++)
        if (t->idx[i].d.flags & SC_INDEX_WITHOUT_OVERLAPS)
            return true;
    return false;
}

static int drop_period(sc_exec *x, sc_xtable *t, const sc_ast_alter_spec *sp, bool was)
{
    if (strcmp(sp->name, "SYSTEM_TIME") == 0) {
        if (!was)
            return sc_exec__err(x, SC_ER_VERS_NOT_VERSIONED, t->name);
        if (!t->sys_start) /* implicit row_start/row_end: no period to name */
            return sc_exec__err(x, SC_ER_CANT_DROP_FIELD_OR_KEY, "PERIOD FOR SYSTEM_TIME on",
                                t->name);
        if (sc_xtable__find_col(t, t->sys_start) || sc_xtable__find_col(t, t->sys_end))
            return sc_exec__err(
                x, SC_ER_MISSING, t->name,
                sc_exec__printf(x, "DROP COLUMN `%s`, DROP COLUMN `%s`", t->sys_start, t->sys_end));
        t->sys_start = t->sys_end = NULL;
        return SC_OK;
    }
    if (!t->period_name || strcasecmp(t->period_name, sp->name) != 0) {
        if (sp->if_exists) {
            sc_exec__warn(x, SC_ER_CANT_DROP_FIELD_OR_KEY, "PERIOD", sp->name);
            return SC_OK;
        }
        return sc_exec__err(x, SC_ER_CANT_DROP_FIELD_OR_KEY, "PERIOD", sp->name);
    }
    if (period_in_key(t))
        return sc_exec__err(x, SC_ER_PERIOD_NOT_FOUND, sp->name);
    t->period_name = t->period_start = t->period_end = NULL;
    return SC_OK;
}

static int add_period(sc_exec *x, sc_xtable *t, const sc_ast_period *p)
{
    if (!p->name) {
        t->sys_start = p->start;
        t->sys_end = p->end;
        return SC_OK;
    }
    if (p->if_not_exists && t->period_name && strcasecmp(t->period_name, p->name) == 0) {
        sc_exec__warn(x, SC_ER_DUP_FIELDNAME, p->name);
        return SC_OK;
    }
    return app_period(x, t, p);
}

int sc_exec__versioning_alter(sc_exec *x,
                              sc_xtable *t,
                              const sc_ast_alter_table *at,
                              const sc_table_def *old)
{
    bool was = (old->flags & SC_TABLE_SYSTEM_VERSIONING) != 0;
    int rc = SC_OK;

    if (was && changes_columns(at))
        return sc_exec__err(x, SC_ER_VERS_ALTER_NOT_ALLOWED, t->schema, t->name);
    for (size_t i = 0; i < at->n_specs && rc == SC_OK; i++) {
        const sc_ast_alter_spec *sp = &at->specs[i];
        if (sp->kind == SC_AST_ALTER_ADD_VERSIONING) {
            if (was)
                return sc_exec__err(x, SC_ER_VERS_ALREADY_VERSIONED, t->name);
            t->tflags |= SC_TABLE_SYSTEM_VERSIONING;
        } else if (sp->kind == SC_AST_ALTER_DROP_VERSIONING) {
            rc = drop_versioning(x, t, was);
        } else if (sp->kind == SC_AST_ALTER_ADD_PERIOD) {
            rc = add_period(x, t, sp->period);
        } else if (sp->kind == SC_AST_ALTER_DROP_PERIOD) {
            rc = drop_period(x, t, sp, was);
        }
    }
    if (rc == SC_OK && t->period_name &&
        (!sc_xtable__find_col(t, t->period_start) || !sc_xtable__find_col(t, t->period_end)))
        /* the period's implicit CHECK (start < end) names the dropped column */
        return sc_exec__err(
            x, SC_ER_BAD_FIELD_ERROR,
            sc_xtable__find_col(t, t->period_start) ? t->period_end : t->period_start, "CHECK");
    if (rc == SC_OK && was &&
        (sc_exec__engine(old->engine) == SC_ENGINE_INNODB) !=
            (sc_exec__engine(t->engine) == SC_ENGINE_INNODB))
        /* InnoDB keeps transaction-precise history, the others do not */
        return sc_exec__err(x, SC_ER_VERS_ALTER_ENGINE_PROHIBITED, t->schema, t->name);
    if (rc == SC_OK)
        rc = row_columns(x, t, (t->tflags & SC_TABLE_SYSTEM_VERSIONING) != 0);
    if (rc == SC_OK && (t->tflags & SC_TABLE_SYSTEM_VERSIONING))
        rc = versioned_columns(x, t);
    return rc;
}

/* ------------------------------------------------------------------ */
/* SHOW CREATE TABLE                                                    */

void sc_show__app_period(sc_buf *b, const sc_table_def *def, bool *first)
{
    if (!def->period_name)
        return;
    sc__buf_puts(b, *first ? "  PERIOD FOR " : ",\n  PERIOD FOR ");
    *first = false;
    sc_ddl__quote_ident(b, def->period_name);
    sc__buf_puts(b, " (");
    sc_ddl__quote_ident(b, def->period_start);
    sc__buf_puts(b, ", ");
    sc_ddl__quote_ident(b, def->period_end);
    sc__buf_putc(b, ')');
}

void sc_show__system_period(sc_buf *b, const sc_table_def *def, bool *first)
{
    if (!def->sys_start)
        return;
    sc__buf_puts(b, *first ? "  PERIOD FOR SYSTEM_TIME (" : ",\n  PERIOD FOR SYSTEM_TIME (");
    *first = false;
    sc_ddl__quote_ident(b, def->sys_start);
    sc__buf_puts(b, ", ");
    sc_ddl__quote_ident(b, def->sys_end);
    sc__buf_putc(b, ')');
}

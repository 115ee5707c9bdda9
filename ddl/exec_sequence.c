/*
 * exec_sequence.c - CREATE / ALTER / DROP SEQUENCE with MariaDB 10.11's
 * defaults and checks (sql/sql_sequence.cc sequence_definition::
 * check_and_adjust), and the SHOW CREATE texts of a sequence.
 *
 * Defaults: INCREMENT 1; an ascending sequence has MINVALUE 1 and MAXVALUE
 * 2^63-2, a descending one MINVALUE -(2^63-1) and MAXVALUE -1; START is
 * MINVALUE (ascending) or MAXVALUE; CACHE 1000. Options out of range (MAXVALUE
 * not above MINVALUE, START outside them, the 64-bit extremes, a negative
 * CACHE) are 4085. A sequence is a tables row with MariaDB's eight columns
 * and the SEQUENCE flag, plus its options row (ddl/sequence.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"
#include "ddl/sequence.h"

/* The eight columns of a sequence table, as MariaDB creates them. */
static const struct {
    const char *name;
    sc_coltype type;
    uint32_t length;
    unsigned flags;
    const char *comment;
} seq_columns[] = {
    {"next_not_cached_value", SC_TYPE_BIGINT, 21, 0, NULL},
    {"minimum_value", SC_TYPE_BIGINT, 21, 0, NULL},
    {"maximum_value", SC_TYPE_BIGINT, 21, 0, NULL},
    {"start_value", SC_TYPE_BIGINT, 21, 0,
     "start value when sequences is created or value if RESTART is used"},
    {"increment", SC_TYPE_BIGINT, 21, 0, "increment value"},
    {"cache_size", SC_TYPE_BIGINT, 21, SC_COL_UNSIGNED, NULL},
    {"cycle_option", SC_TYPE_TINYINT, 1, SC_COL_UNSIGNED,
     "0 if no cycles are allowed, 1 if the sequence should begin a new cycle when "
     "maximum_value is passed"},
    {"cycle_count", SC_TYPE_BIGINT, 21, 0, "How many cycles have been done"},
};
#define N_SEQ_COLUMNS (sizeof(seq_columns) / sizeof(seq_columns[0]))

static bool is_seq_table(const sc_table_def *def)
{
    return (def->flags & SC_TABLE_SEQUENCE) && def->sequence;
}

/* ------------------------------------------------------------------ */
/* Options                                                              */

/* MariaDB's defaults for what the statement left out (CREATE: all of them). */
static void apply_defaults(sc_sequence_def *sq, const sc_ast_sequence *a, bool create)
{
    long long real; /* INCREMENT 0 means @@auto_increment_increment, 1 */

    if (a->increment.present)
        sq->increment = a->increment.value;
    else if (create)
        sq->increment = 1;
    real = sq->increment ? sq->increment : 1;
    if (a->min.present)
        sq->min = a->min.value;
    else if (create || a->no_min)
        sq->min = real < 0 ? INT64_MIN + 1 : 1;
    if (a->max.present)
        sq->max = a->max.value;
    else if (create || a->no_max)
        sq->max = real > 0 ? INT64_MAX - 1 : -1;
    if (a->start.present)
        sq->start = a->start.value;
    else if (create)
        sq->start = real < 0 ? sq->max : sq->min;
    if (a->cache.present)
        sq->cache = (uint64_t)a->cache.value;
    else if (a->nocache)
        sq->cache = 0;
    else if (create)
        sq->cache = 1000;
    if (a->cycle >= 0)
        sq->cycle = a->cycle == 1;
}

/* 4085 unless MINVALUE <= START <= MAXVALUE, MINVALUE < MAXVALUE, and no extreme. */
static int check_options(sc_exec *x,
                         const sc_sequence_def *sq,
                         const sc_ast_sequence *a,
                         const char *db,
                         const char *name)
{
    unsigned long long inc = sq->increment < 0 ? 0ull - (unsigned long long)sq->increment
                                               : (unsigned long long)sq->increment;

    if (inc == 0)
        inc = 1;
    if ((a->cache.present && a->cache.value < 0) || sq->max < sq->start || sq->max <= sq->min ||
        sq->start < sq->min || sq->max == INT64_MAX || sq->min == INT64_MIN ||
        sq->cache >= (unsigned long long)(INT64_MAX - (long long)inc) / inc)
        return sc_exec__err(x, SC_ER_SEQUENCE_INVALID_DATA, db, name);
    return SC_OK;
}

/* ENGINE= and COMMENT= of CREATE SEQUENCE; other table options are ignored. */
static int seq_table_options(sc_exec *x, sc_xtable *t, const sc_ast_sequence *a)
{
    for (size_t i = 0; i < a->n_options; i++) {
        const sc_ast_table_option *o = &a->options[i];
        if (o->kind == SC_AST_TOPT_ENGINE) {
            const char *e = sc_exec__engine_name(o->value.s);
            if (!e)
                return sc_exec__err(x, SC_ER_UNKNOWN_STORAGE_ENGINE, o->value.s);
            t->engine = e;
        } else if (o->kind == SC_AST_TOPT_COMMENT) {
            t->comment = sc_exec__strdup(x, o->value.s);
        }
    }
    if (sc_exec__engine(t->engine) == SC_ENGINE_MEMORY ||
        sc_exec__engine(t->engine) == SC_ENGINE_CSV)
        return sc_exec__err(x, SC_ER_ILLEGAL_HA_CREATE_OPTION, t->engine, "SEQUENCE");
    return SC_OK;
}

/* The model of a new sequence table: the eight columns, no charset. */
static int
seq_model(sc_exec *x, sc_xtable *t, const char *db, const char *name, const sc_schema_def *sdef)
{
    int rc = sc_exec__init_table(x, t, db, name, sdef);

    if (rc != SC_OK)
        return rc;
    t->charset = t->collation = NULL;
    for (size_t i = 0; i < N_SEQ_COLUMNS; i++) {
        sc_xcol *c = sc_xtable__add_col(x, t, t->n_cols);
        if (!c)
            return SC_ENOMEM;
        memset(&c->d, 0, sizeof(c->d));
        c->d.name = seq_columns[i].name;
        c->d.type = seq_columns[i].type;
        c->d.length = seq_columns[i].length;
        c->d.flags = SC_COL_NOT_NULL | SC_COL_HAS_LENGTH | seq_columns[i].flags;
        c->d.comment = seq_columns[i].comment;
    }
    t->tflags = SC_TABLE_SEQUENCE;
    t->seq = sc_exec__alloc(x, sizeof(*t->seq));
    if (!t->seq)
        return SC_ENOMEM;
    memset(t->seq, 0, sizeof(*t->seq));
    return SC_OK;
}

void sc_exec__sequence_defaults(sc_sequence_def *sq)
{
    sc_ast_sequence none;

    memset(&none, 0, sizeof(none));
    none.cycle = -1;
    memset(sq, 0, sizeof(*sq));
    apply_defaults(sq, &none, true);
}

/*
 * CREATE TABLE ... SEQUENCE=1 (sequence_definition::check_sequence_fields):
 * no keys or constraints, MariaDB's eight columns in order with their types,
 * NOT NULL and signedness and no DEFAULT, else 4086 naming the reason or the
 * first column that differs. The table becomes a sequence with the default
 * options; its own ENGINE and COMMENT stay.
 */
int sc_exec__table_as_sequence(sc_exec *x, sc_xtable *t)
{
    const char *why = NULL;

    if (t->n_idx)
        why = "Sequence tables cannot have any keys";
    else if (t->n_checks)
        why = "Sequence tables cannot have any constraints";
    else if (t->n_cols != N_SEQ_COLUMNS)
        why = "Wrong number of columns";
    for (size_t i = 0; !why && i < N_SEQ_COLUMNS; i++) {
        const sc_column_def *d = &t->cols[i].d;
        if (strcasecmp(d->name, seq_columns[i].name) != 0 || d->type != seq_columns[i].type ||
            !(d->flags & SC_COL_NOT_NULL) ||
            (d->flags & SC_COL_UNSIGNED) != (seq_columns[i].flags & SC_COL_UNSIGNED) ||
            d->default_kind != SC_DEFAULT_NONE || d->generated != SC_GEN_NONE || d->check_expr ||
            (d->flags & SC_COL_AUTO_INCREMENT))
            why = d->name;
    }
    if (why)
        return sc_exec__err(x, SC_ER_SEQUENCE_INVALID_TABLE_STRUCTURE, t->schema, t->name, why);
    for (size_t i = 0; i < N_SEQ_COLUMNS; i++) {
        sc_column_def *d = &t->cols[i].d;
        memset(d, 0, sizeof(*d));
        d->name = seq_columns[i].name;
        d->type = seq_columns[i].type;
        d->length = seq_columns[i].length;
        d->flags = SC_COL_NOT_NULL | SC_COL_HAS_LENGTH | seq_columns[i].flags;
        d->comment = seq_columns[i].comment;
    }
    t->charset = t->collation = NULL;
    t->tflags |= SC_TABLE_SEQUENCE;
    if (!(t->seq = sc_exec__alloc(x, sizeof(*t->seq))))
        return SC_ENOMEM;
    sc_exec__sequence_defaults(t->seq);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Lookups                                                              */

int sc_exec__locate(sc_exec *x,
                    const sc_ast_qname *q,
                    const char **db,
                    uint64_t *schema_id,
                    uint64_t *id,
                    sc_schema_def *sdef,
                    bool missing_as_table)
{
    sc_schema *s = NULL;
    int rc;

    if ((rc = sc_exec__resolve_db(x, db, q)) != SC_OK)
        return rc;
    rc = sc_schema_lookup(&s, x->txn, *db);
    if (rc == SC_ENOTFOUND && missing_as_table)
        return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, *db, q->name);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(x, SC_ER_BAD_DB_ERROR, *db);
    if (rc != SC_OK)
        return rc;
    *schema_id = sc_schema_id(s);
    if (sdef) {
        *sdef = *sc_schema_definition(s);
        sdef->charset = sc_exec__strdup(x, sdef->charset);
        sdef->collation = sc_exec__strdup(x, sdef->collation);
    }
    sc_schema_free(s);
    rc = sc_table_lookup_id(id, x->txn, *schema_id, q->name);
    if (rc == SC_ENOTFOUND)
        sc_ctx_clear_error(x->ctx);
    return rc;
}

bool sc_exec__is_sequence(sc_exec *x, uint64_t table_id)
{
    sc_table *t = NULL;
    bool seq = false;

    if (sc_table_get(&t, x->txn, table_id) == SC_OK)
        seq = is_seq_table(sc_table_definition(t));
    else
        sc_ctx_clear_error(x->ctx);
    sc_table_free(t);
    return seq;
}

/* ------------------------------------------------------------------ */
/* Statements                                                           */

int sc_exec__create_sequence(sc_exec *x)
{
    const sc_ast_sequence *a = x->stmt->sequence;
    const char *db;
    uint64_t schema_id, id;
    sc_schema_def sdef;
    sc_xtable t;
    int rc;

    if (a->or_replace && a->if_not_exists)
        return sc_exec__err(x, SC_ER_WRONG_USAGE, "OR REPLACE", "IF NOT EXISTS");
    if ((rc = sc_exec__resolve_db(x, &db, &a->name)) != SC_OK ||
        (rc = sc_exec__check_table_name(x, a->name.name)) != SC_OK ||
        (rc = sc_exec__guard_system(x, db)) != SC_OK)
        return rc;
    rc = sc_exec__locate(x, &a->name, &db, &schema_id, &id, &sdef, false);
    if (rc != SC_OK && rc != SC_ENOTFOUND)
        return rc;
    if ((rc = seq_model(x, &t, db, a->name.name, &sdef)) != SC_OK ||
        (rc = seq_table_options(x, &t, a)) != SC_OK)
        return rc;
    apply_defaults(t.seq, a, true);
    if ((rc = check_options(x, t.seq, a, db, a->name.name)) != SC_OK)
        return rc;
    if (a->temporary)
        return sc_exec__add_temp(x, db, a->name.name);
    if (sc_table_lookup_id(&id, x->txn, schema_id, a->name.name) == SC_OK) {
        if (a->if_not_exists) {
            sc_exec__warn(x, SC_ER_TABLE_EXISTS_ERROR, a->name.name);
            return SC_OK;
        }
        if (!a->or_replace)
            return sc_exec__err(x, SC_ER_TABLE_EXISTS_ERROR, a->name.name);
        if ((rc = sc_table_drop(x->txn, id)) != SC_OK)
            return rc;
    }
    sc_ctx_clear_error(x->ctx);
    return sc_exec__store_new(x, &t, schema_id);
}

int sc_exec__alter_sequence(sc_exec *x)
{
    const sc_ast_sequence *a = x->stmt->sequence;
    const char *db;
    uint64_t schema_id, id;
    sc_table *tbl = NULL;
    sc_table_def def;
    sc_sequence_def sq;
    int rc = sc_exec__locate(x, &a->name, &db, &schema_id, &id, NULL, false);

    if (rc == SC_ENOTFOUND) {
        if (a->if_exists) {
            sc_ctx_clear_error(x->ctx);
            x->err_at = 0;
            sc_exec__warn(x, SC_ER_UNKNOWN_SEQUENCES,
                          sc_exec__printf(x, "%s.%s", db ? db : "", a->name.name));
            return SC_OK;
        }
        return sc_exec__err(x, SC_ER_UNKNOWN_SEQUENCES, a->name.name);
    }
    if (rc != SC_OK || (rc = sc_table_get(&tbl, x->txn, id)) != SC_OK)
        return rc;
    def = *sc_table_definition(tbl);
    if (!is_seq_table(&def)) {
        sc_table_free(tbl);
        return sc_exec__err(x, SC_ER_NOT_SEQUENCE, db, a->name.name);
    }
    sq = *def.sequence;
    apply_defaults(&sq, a, false);
    rc = check_options(x, &sq, a, db, a->name.name);
    if (rc == SC_OK && memcmp(&sq, def.sequence, sizeof(sq)) != 0) {
        def.sequence = &sq;
        rc = sc_table_alter(x->txn, id, &def);
    }
    sc_table_free(tbl);
    return rc;
}

/* One DROP SEQUENCE name: SC_ENOTFOUND when missing, 4090 when not a sequence. */
static int drop_one(sc_exec *x, const sc_ast_qname *q, const char **db)
{
    uint64_t schema_id, id;
    int rc;

    if ((rc = sc_exec__resolve_db(x, db, q)) != SC_OK)
        return rc;
    if (sc_exec__drop_temp(x, *db, q->name))
        return SC_OK;
    if (x->stmt->sequence->temporary)
        return SC_ENOTFOUND;
    if ((rc = sc_exec__guard_system(x, *db)) != SC_OK)
        return rc;
    rc = sc_exec__locate(x, q, db, &schema_id, &id, NULL, false);
    if (rc == SC_ESQL && sc_ctx_last_error(x->ctx)->mysql_errno == 1049) {
        sc_ctx_clear_error(x->ctx);
        return SC_ENOTFOUND;
    }
    if (rc != SC_OK)
        return rc;
    if (!sc_exec__is_sequence(x, id)) {
        char *full = sc_exec__printf(x, "%s.%s", *db, q->name);
        return sc_exec__err(x, SC_ER_NOT_SEQUENCE2, full ? full : q->name);
    }
    return sc_table_drop(x->txn, id);
}

int sc_exec__drop_sequence(sc_exec *x)
{
    const sc_ast_sequence *a = x->stmt->sequence;
    sc_buf unknown = SC_BUF_INIT(x->ctx);
    int rc = SC_OK;

    for (size_t i = 0; i < a->n_names && rc == SC_OK; i++) {
        const char *db = NULL;
        int r = drop_one(x, &a->names[i], &db);
        if (r == SC_ENOTFOUND) {
            sc__buf_printf(&unknown, "%s%s.%s", unknown.len ? "," : "", db, a->names[i].name);
        } else {
            rc = r;
        }
    }
    if (rc == SC_OK && unknown.len && a->if_exists) /* one Note names them all */
        sc_exec__warn(x, SC_ER_UNKNOWN_SEQUENCES, unknown.text);
    if (rc == SC_OK && unknown.len && !a->if_exists)
        rc = sc_exec__err(x, SC_ER_UNKNOWN_SEQUENCES, unknown.text);
    sc__buf_free(&unknown);
    return rc;
}

/* ------------------------------------------------------------------ */
/* SHOW CREATE                                                          */

void sc_show__sequence(sc_buf *b, const sc_table_def *def)
{
    const sc_sequence_def *sq = def->sequence;

    sc__buf_puts(b, "CREATE SEQUENCE ");
    sc_ddl__quote_ident(b, def->name);
    sc__buf_printf(b, " start with %lld minvalue %lld maxvalue %lld increment by %lld",
                   (long long)sq->start, (long long)sq->min, (long long)sq->max,
                   (long long)sq->increment);
    if (sq->cache)
        sc__buf_printf(b, " cache %llu", (unsigned long long)sq->cache);
    else
        sc__buf_puts(b, " nocache");
    sc__buf_puts(b, sq->cycle ? " cycle" : " nocycle");
    sc__buf_printf(b, " ENGINE=%s", def->engine ? def->engine : "InnoDB");
    if (def->comment) {
        sc__buf_puts(b, " COMMENT=");
        sc_show__quoted(b, def->comment);
    }
}

void sc_show__sequence_table(sc_buf *b, const sc_table_def *def)
{
    sc__buf_puts(b, "CREATE TABLE ");
    sc_ddl__quote_ident(b, def->name);
    sc__buf_puts(b, " (\n");
    for (size_t i = 0; i < def->n_columns; i++) {
        sc__buf_puts(b, i ? ",\n  " : "  ");
        sc_show__column(b, &def->columns[i], def);
    }
    sc__buf_printf(b, "\n) ENGINE=%s SEQUENCE=1", def->engine ? def->engine : "InnoDB");
    if (def->comment) {
        sc__buf_puts(b, " COMMENT=");
        sc_show__quoted(b, def->comment);
    }
}

/* ------------------------------------------------------------------ */
/* NEXTVAL(s) / LASTVAL(s) / SETVAL(s, ...) in column expressions       */

static bool is_sequence_func(const sc_expr *e)
{
    return e->kind == SC_AST_EXPR_FUNC && e->name &&
           (strcasecmp(e->name, "nextval") == 0 || strcasecmp(e->name, "lastval") == 0 ||
            strcasecmp(e->name, "setval") == 0);
}

/* setval(s, n) prints with its defaults: setval(s,n,1,0). */
static int pad_setval(sc_exec *x, sc_expr *e)
{
    static const char *const defaults[] = {"1", "0"};
    sc_expr **args;

    if (strcasecmp(e->name, "setval") != 0 || e->n_args < 2 || e->n_args >= 4)
        return SC_OK;
    if (!(args = sc_exec__alloc(x, 4 * sizeof(*args))))
        return SC_ENOMEM;
    memcpy(args, e->args, e->n_args * sizeof(*args));
    for (size_t i = e->n_args; i < 4; i++) {
        sc_expr *lit = sc_exec__alloc(x, sizeof(*lit));
        if (!lit)
            return SC_ENOMEM;
        memset(lit, 0, sizeof(*lit));
        lit->kind = SC_AST_EXPR_LITERAL;
        lit->lit.kind = SC_AST_LIT_INT;
        lit->lit.text.s = defaults[i - 2];
        lit->lit.text.len = 1;
        args[i] = lit;
    }
    e->args = args;
    e->n_args = 4;
    return SC_OK;
}

/* The sequence a call names: it must exist (1146); printed `db`.`s`. */
static int resolve_call(sc_exec *x, sc_expr *e)
{
    sc_expr *arg = e->args[0], *word;
    sc_ast_qname q = {arg->qual_table, arg->name};
    const char *db;
    uint64_t schema_id, id;
    int rc;

    if (arg->qual_db)
        return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, arg->qual_db, arg->name);
    rc = sc_exec__locate(x, &q, &db, &schema_id, &id, NULL, false);
    if (rc == SC_ENOTFOUND || (rc == SC_ESQL && sc_ctx_last_error(x->ctx)->mysql_errno == 1049))
        return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, db, q.name);
    if (rc != SC_OK)
        return rc;
    if (!sc_exec__is_sequence(x, id))
        return sc_exec__err(x, SC_ER_NOT_SEQUENCE, db, q.name);
    if (!(word = sc_exec__alloc(x, sizeof(*word))))
        return SC_ENOMEM;
    memset(word, 0, sizeof(*word));
    word->kind = SC_AST_EXPR_WORD;
    {
        sc_buf b = SC_BUF_INIT(x->ctx);
        sc_ddl__quote_ident(&b, db);
        sc__buf_putc(&b, '.');
        sc_ddl__quote_ident(&b, q.name);
        word->name = b.failed ? NULL : sc_exec__strdup(x, b.text);
        sc__buf_free(&b);
    }
    if (!word->name)
        return SC_ENOMEM;
    e->args[0] = word;
    return pad_setval(x, e);
}

/*
 * Sequence calls of one expression: only DEFAULT may use them (GENERATED
 * ALWAYS AS: 1901, CHECK: 1970, as MariaDB); the sequence is resolved.
 */
static int sequence_calls(sc_exec *x, sc_expr *e, const char *clause, const char *col)
{
    int rc;

    if (!e)
        return SC_OK;
    if (is_sequence_func(e) && e->n_args >= 1 && e->args[0]->kind == SC_AST_EXPR_COLUMN) {
        if (strcmp(clause, "CHECK") == 0)
            return sc_exec__err(x, SC_ER_SUBQUERIES_NOT_SUPPORTED, "CHECK");
        if (strcmp(clause, "DEFAULT") != 0) {
            char *fn = sc_exec__printf(x, "%s()", e->name);
            for (char *c = fn; c && *c; c++)
                *c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
            return sc_exec__err(x, SC_ER_GENERATED_COLUMN_FUNCTION_IS_NOT_ALLOWED, fn, clause, col);
        }
        return resolve_call(x, e);
    }
    for (size_t i = 0; i < e->n_args; i++)
        if ((rc = sequence_calls(x, e->args[i], clause, col)) != SC_OK)
            return rc;
    return SC_OK;
}

int sc_exec__sequence_expr(sc_exec *x, const sc_expr *e, const char *clause, const char *col)
{
    return sequence_calls(x, (sc_expr *)(uintptr_t)e, clause, col);
}

int sc_exec__sequence_refs(sc_exec *x, const sc_ast_column *ac)
{
    int rc = sequence_calls(x, (sc_expr *)(uintptr_t)ac->default_expr, "DEFAULT", ac->name);

    if (rc == SC_OK)
        rc = sequence_calls(x, (sc_expr *)(uintptr_t)ac->gen_expr, "GENERATED ALWAYS AS", ac->name);
    if (rc == SC_OK)
        rc = sequence_calls(x, (sc_expr *)(uintptr_t)ac->check, "CHECK", ac->name);
    return rc;
}

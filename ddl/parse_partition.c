/*
 * parse_partition.c - MariaDB 10.11's partitioning grammar (sql_yacc.yy
 * partition_clause, part_definition, opt_part_options, and the partition
 * commands of alter_commands): PARTITION BY of CREATE/ALTER TABLE, ADD,
 * DROP, REORGANIZE, COALESCE, TRUNCATE, EXCHANGE, CONVERT PARTITION/TABLE,
 * REMOVE PARTITIONING and the maintenance commands. Syntax only: values are
 * kept as expression trees, checked and printed by ddl/exec_partition.c.
 */
#include <string.h>
#include <strings.h>

#include "ddl/expr_walk.h"
#include "ddl/parse_int.h"
#include "ddl/partition.h"

/* '(' ident {, ident} ')', the list may be empty when allow_empty (KEY ()). */
static int column_list(sc_parser *p, const char ***cols, size_t *n, bool allow_empty)
{
    if (allow_empty && sc_parse__is_op(p, 0, "(") && sc_parse__is_op(p, 1, ")")) {
        sc_parse__skip(p);
        sc_parse__skip(p);
        return SC_OK;
    }
    return sc_parse__ident_list(p, cols, n);
}

/* KEY [ALGORITHM = n] (cols) */
static int key_method(sc_parser *p, const char ***cols, size_t *n, bool *algorithm)
{
    if (sc_parse__accept_word(p, "ALGORITHM")) {
        sc_ast_num num;
        SC_TRY(sc_parse__expect_op(p, "="));
        SC_TRY(sc_parse__number(p, &num));
        if (num.value != 1 && num.value != 2)
            return sc_parse__syntax_error_at(p, p->pos - 1);
        *algorithm = num.value == 1;
    }
    return column_list(p, cols, n, true);
}

static int find_column(sc_expr *col, void *payload)
{
    (void)col;
    (void)payload;
    return 1;
}

/* Whether e calls a function whose value is random or depends on the clock,
 * or a stored function (the call makes the statement uncacheable in MariaDB). */
static bool volatile_call(const sc_expr *e)
{
    static const char *const names[] = {"rand",
                                        "uuid",
                                        "now",
                                        "sysdate",
                                        "curdate",
                                        "curtime",
                                        "current_timestamp",
                                        "localtime",
                                        "localtimestamp",
                                        "uuid_short",
                                        "utc_timestamp"};

    if (!e)
        return false;
    if (sc_ddl__expr_func_class(e) & SC_EXPR_STORED)
        return true;
    for (size_t i = 0; e->kind == SC_AST_EXPR_FUNC && i < sizeof(names) / sizeof(names[0]); i++)
        if (strcasecmp(e->name, names[i]) == 0)
            return true;
    for (size_t i = 0; i < e->n_args; i++)
        if (volatile_call(e->args[i]))
            return true;
    return false;
}

/* '(' expr ')' of HASH/RANGE/LIST: 1064 for a constant or volatile expression. */
static int part_func(sc_parser *p, sc_expr **out)
{
    SC_TRY(sc_parse__expect_op(p, "("));
    SC_TRY(sc_parse__expr(p, out));
    if (sc_parse__is_op(p, 0, ")") &&
        (sc_ddl__expr_foreach_column(*out, find_column, NULL) == 0 || volatile_call(*out)))
        return sc_parse__error_text_at(p, p->pos,
                                       "Constant, random or timezone-dependent expressions in "
                                       "(sub)partitioning function are not allowed");
    return sc_parse__expect_op(p, ")");
}

/* SYSTEM_TIME [INTERVAL expr unit [STARTS expr] | LIMIT n] [AUTO] */
static int system_time(sc_parser *p, sc_ast_partitioning *pt)
{
    if (sc_parse__accept_word(p, "INTERVAL")) {
        SC_TRY(sc_parse__expr(p, &pt->interval));
        SC_TRY(sc_parse__ident(p, &pt->interval_unit));
        if (sc_parse__accept_word(p, "STARTS"))
            SC_TRY(sc_parse__expr(p, &pt->starts));
    } else if (sc_parse__accept_word(p, "LIMIT")) {
        SC_TRY(sc_parse__number(p, &pt->limit));
    }
    pt->auto_ = sc_parse__accept_word(p, "AUTO");
    return SC_OK;
}

static int part_method(sc_parser *p, sc_ast_partitioning *pt)
{
    pt->linear = sc_parse__accept_word(p, "LINEAR");
    if (sc_parse__accept_word(p, "HASH")) {
        pt->type = SC_PART_HASH;
        return part_func(p, &pt->expr);
    }
    if (sc_parse__accept_word(p, "KEY")) {
        pt->type = SC_PART_KEY;
        return key_method(p, &pt->cols, &pt->n_cols, &pt->key_algorithm);
    }
    if (pt->linear)
        return sc_parse__syntax_error(p);
    if (sc_parse__is_word(p, 0, "RANGE") || sc_parse__is_word(p, 0, "LIST")) {
        bool range = sc_parse__is_word(p, 0, "RANGE");
        sc_parse__skip(p);
        if (sc_parse__accept_word(p, "COLUMNS")) {
            pt->type = range ? SC_PART_RANGE_COLUMNS : SC_PART_LIST_COLUMNS;
            return column_list(p, &pt->cols, &pt->n_cols, false);
        }
        pt->type = range ? SC_PART_RANGE : SC_PART_LIST;
        return part_func(p, &pt->expr);
    }
    if (sc_parse__accept_word(p, "SYSTEM_TIME")) {
        pt->type = SC_PART_SYSTEM_TIME;
        return system_time(p, pt);
    }
    return sc_parse__syntax_error(p);
}

static int sub_method(sc_parser *p, sc_ast_partitioning *pt)
{
    bool algorithm = false;

    pt->sub_linear = sc_parse__accept_word(p, "LINEAR");
    if (sc_parse__accept_word(p, "HASH")) {
        pt->sub_type = SC_PART_HASH;
        SC_TRY(part_func(p, &pt->sub_expr));
    } else if (sc_parse__accept_word(p, "KEY")) {
        pt->sub_type = SC_PART_KEY;
        SC_TRY(key_method(p, &pt->sub_cols, &pt->n_sub_cols, &algorithm));
    } else {
        return sc_parse__syntax_error(p);
    }
    if (sc_parse__accept_word(p, "SUBPARTITIONS"))
        SC_TRY(sc_parse__number(p, &pt->subparts));
    return SC_OK;
}

/* A value of a list: MAXVALUE (only in LESS THAN) or an expression. */
/* Does e hold a variable or a time, random or session function? */
static bool not_constant(const sc_expr *e)
{
    if (!e)
        return false;
    if (sc_ddl__expr_func_class(e))
        return true;
    for (size_t i = 0; i < e->n_args; i++)
        if (not_constant(e->args[i]))
            return true;
    return not_constant(e->case_operand) || not_constant(e->case_else);
}

/* A VALUES expression; MariaDB's grammar refuses one that is not constant
 * as a syntax error at the token after it (part_bit_expr). */
/* A predicate (comparison, AND/OR, IS, BETWEEN, IN, LIKE, NOT) outside
 * parentheses: not in part_bit_expr's grammar. */
static bool is_bare_predicate(const sc_expr *e)
{
    bool pred =
        e->kind == SC_AST_EXPR_IS || e->kind == SC_AST_EXPR_BETWEEN || e->kind == SC_AST_EXPR_IN ||
        e->kind == SC_AST_EXPR_LIKE || (e->kind == SC_AST_EXPR_UNARY && e->op == SC_AST_OP_NOT) ||
        (e->kind == SC_AST_EXPR_BINARY && e->op >= SC_AST_OP_OR && e->op <= SC_AST_OP_SOUNDS_LIKE);

    return pred;
}

/* Do the tokens [from, to) form one parenthesised group? */
static bool one_group(const sc_parser *p, size_t from, size_t to)
{
    long depth = 0;

    if (to <= from + 1 || !sc_lex__is_op(p->sql, &p->toks[from], "("))
        return false;
    for (size_t k = from; k < to; k++) {
        if (sc_lex__is_op(p->sql, &p->toks[k], "("))
            depth++;
        else if (sc_lex__is_op(p->sql, &p->toks[k], ")"))
            depth--;
        if (depth == 0 && k + 1 < to)
            return false;
    }
    return depth == 0;
}

/* A VALUES expression. group: a parenthesised predicate is an operand
 * (VALUES LESS THAN; in VALUES IN its parentheses open a row instead). */
static int value_expr(sc_parser *p, sc_expr **out, bool group)
{
    size_t first = p->pos;

    /* bit_expr's DEFAULT is DEFAULT(col): VALUES IN (DEFAULT) fails after it */
    if (sc_parse__is_word(p, 0, "DEFAULT") && !sc_parse__is_op(p, 1, "("))
        return sc_parse__syntax_error_at(p, p->pos + 1);
    SC_TRY(sc_parse__expr(p, out));
    if (is_bare_predicate(*out) && !(group && one_group(p, first, p->pos))) {
        /* MariaDB stops at the predicate's operator (NOT: at NOT itself) */
        size_t at = (*out)->n_args && (*out)->kind != SC_AST_EXPR_UNARY ? (*out)->args[0]->end
                                                                        : (*out)->start;
        size_t k = 0;
        while (k + 1 < p->n_toks && p->toks[k].start < at)
            k++;
        return sc_parse__syntax_error_at(p, k);
    }
    if (not_constant(*out))
        return sc_parse__error_text_at(p, p->pos,
                                       "Constant, random or timezone-dependent expressions in "
                                       "(sub)partitioning function are not allowed");
    return SC_OK;
}

static int part_value(sc_parser *p, sc_expr **out, bool allow_max)
{
    if (allow_max && sc_parse__accept_word(p, "MAXVALUE")) {
        *out = NULL;
        return SC_OK;
    }
    return value_expr(p, out, true);
}

static sc_ast_ptuple *new_tuple(sc_parser *p, sc_ast_pdef *d)
{
    return sc_parse__push(p, (void **)&d->tuples, &d->n_tuples, sizeof(sc_ast_ptuple));
}

static int tuple_push(sc_parser *p, sc_ast_ptuple *t, sc_expr *e)
{
    sc_expr **slot = sc_parse__push(p, (void **)&t->vals, &t->n, sizeof(*slot));

    if (!slot)
        return sc_parse__nomem(p);
    *slot = e;
    return SC_OK;
}

/* VALUES LESS THAN (v, ...) | MAXVALUE */
#define COLUMN_LIST_ERROR "Inconsistency in usage of column lists for partitioning"

/* The width a value tuple must have under pt (0: not known, ADD PARTITION lists). */
static size_t tuple_width(const sc_ast_partitioning *pt)
{
    if (!pt || pt->type == SC_PART_NONE)
        return 0;
    if (pt->type == SC_PART_RANGE_COLUMNS || pt->type == SC_PART_LIST_COLUMNS)
        return pt->n_cols;
    return 1;
}

static int less_than(sc_parser *p, sc_ast_pdef *d, const sc_ast_partitioning *pt)
{
    sc_ast_ptuple *t;

    d->vkind = SC_AST_PV_LESS_THAN;
    if (sc_parse__accept_word(p, "MAXVALUE")) {
        d->maxvalue = true;
        return SC_OK;
    }
    if (!(t = new_tuple(p, d)))
        return sc_parse__nomem(p);
    SC_TRY(sc_parse__expect_op(p, "("));
    do {
        sc_expr *e;
        SC_TRY(part_value(p, &e, true));
        SC_TRY(tuple_push(p, t, e));
    } while (sc_parse__accept_op(p, ","));
    if (tuple_width(pt) && t->n < tuple_width(pt) && sc_parse__is_op(p, 0, ")"))
        return sc_parse__error_text_at(p, p->pos, COLUMN_LIST_ERROR);
    return sc_parse__expect_op(p, ")");
}

/* VALUES IN (v, ...) where a v may be a row (a, b) of a COLUMNS list */
static int values_in(sc_parser *p, sc_ast_pdef *d, const sc_ast_partitioning *pt)
{
    d->vkind = SC_AST_PV_IN;
    SC_TRY(sc_parse__expect_op(p, "("));
    do {
        sc_ast_ptuple *t = new_tuple(p, d);
        sc_expr *e;
        if (!t)
            return sc_parse__nomem(p);
        SC_TRY(value_expr(p, &e, false));
        if (e->kind == SC_AST_EXPR_ROW) {
            for (size_t i = 0; i < e->n_args; i++)
                SC_TRY(tuple_push(p, t, e->args[i]));
        } else {
            SC_TRY(tuple_push(p, t, e));
        }
        if (tuple_width(pt) > 1 && t->n < tuple_width(pt))
            return sc_parse__error_text_at(p, p->pos - 1, COLUMN_LIST_ERROR);
    } while (sc_parse__accept_op(p, ","));
    return sc_parse__expect_op(p, ")");
}

static int opt_string(sc_parser *p, sc_ast_str **out)
{
    *out = sc_parse__alloc(p, sizeof(**out));
    if (!*out)
        return sc_parse__nomem(p);
    sc_parse__opt_equal(p);
    return sc_parse__text_string(p, *out);
}

static int opt_number(sc_parser *p, sc_ast_num *out)
{
    sc_parse__opt_equal(p);
    return sc_parse__number(p, out);
}

/* opt_part_options: any order, the last one of a kind wins. */
static int part_options(sc_parser *p, sc_ast_popts *o)
{
    const char *ignored;
    sc_ast_str *ignored_s;

    for (;;) {
        if (sc_parse__accept_word(p, "STORAGE") || sc_parse__is_word(p, 0, "ENGINE")) {
            SC_TRY(sc_parse__expect_word(p, "ENGINE"));
            sc_parse__opt_equal(p);
            SC_TRY(sc_parse__ident_or_text(p, &o->engine));
        } else if (sc_parse__accept_word(p, "COMMENT")) {
            SC_TRY(opt_string(p, &o->comment));
        } else if (sc_parse__is_word(p, 0, "DATA") && sc_parse__is_word(p, 1, "DIRECTORY")) {
            p->pos += 2;
            SC_TRY(opt_string(p, &o->data_dir));
        } else if (sc_parse__is_word(p, 0, "INDEX") && sc_parse__is_word(p, 1, "DIRECTORY")) {
            p->pos += 2;
            SC_TRY(opt_string(p, &o->index_dir));
        } else if (sc_parse__accept_word(p, "MAX_ROWS")) {
            SC_TRY(opt_number(p, &o->max_rows));
        } else if (sc_parse__accept_word(p, "MIN_ROWS")) {
            SC_TRY(opt_number(p, &o->min_rows));
        } else if (sc_parse__accept_word(p, "NODEGROUP")) {
            SC_TRY(opt_number(p, &o->nodegroup));
        } else if (sc_parse__accept_word(p, "TABLESPACE")) {
            sc_parse__opt_equal(p);
            SC_TRY(sc_parse__ident(p, &ignored));
        } else if (sc_parse__accept_word(p, "CONNECTION")) {
            SC_TRY(opt_string(p, &ignored_s));
        } else {
            return SC_OK;
        }
    }
}

static int sub_definitions(sc_parser *p, sc_ast_pdef *d)
{
    SC_TRY(sc_parse__expect_op(p, "("));
    do {
        sc_ast_pdef *s = sc_parse__push(p, (void **)&d->subs, &d->n_subs, sizeof(*s));
        if (!s)
            return sc_parse__nomem(p);
        SC_TRY(sc_parse__expect_word(p, "SUBPARTITION"));
        SC_TRY(sc_parse__ident(p, &s->name));
        SC_TRY(part_options(p, &s->opts));
    } while (sc_parse__accept_op(p, ","));
    return sc_parse__expect_op(p, ")");
}

/* PARTITION name [values] [options] [(SUBPARTITION ...)] */
static int part_definition(sc_parser *p, sc_ast_pdef *d, const sc_ast_partitioning *pt)
{
    SC_TRY(sc_parse__expect_word(p, "PARTITION"));
    SC_TRY(sc_parse__ident(p, &d->name));
    if (sc_parse__accept_word(p, "VALUES")) {
        if (sc_parse__accept_word(p, "LESS")) {
            SC_TRY(sc_parse__expect_word(p, "THAN"));
            SC_TRY(less_than(p, d, pt));
        } else if (sc_parse__accept_word(p, "IN")) {
            SC_TRY(values_in(p, d, pt));
        } else {
            return sc_parse__syntax_error(p);
        }
    } else if (sc_parse__accept_word(p, "DEFAULT")) {
        d->vkind = SC_AST_PV_DEFAULT;
    } else if (sc_parse__accept_word(p, "CURRENT")) {
        d->vkind = SC_AST_PV_CURRENT;
    } else if (sc_parse__accept_word(p, "HISTORY")) {
        d->vkind = SC_AST_PV_HISTORY;
    }
    SC_TRY(part_options(p, &d->opts));
    if (sc_parse__is_op(p, 0, "("))
        SC_TRY(sub_definitions(p, d));
    return SC_OK;
}

/*
 * Every partition lists the same number of subpartitions (SUBPARTITIONS n
 * when given); MariaDB's grammar reports a mismatch as 1064 at the ')' that
 * ends the offending list.
 */
static int check_subpartitions(sc_parser *p, const sc_ast_partitioning *pt, size_t end_tok)
{
    const char *msg = "Wrong number of subpartitions defined, mismatch with previous setting";
    size_t want = pt->subparts.present ? (size_t)pt->subparts.value : pt->defs[0].n_subs;
    const sc_ast_pdef *d = &pt->defs[pt->n_defs - 1];

    if (d->n_subs && want == 0 && pt->type == SC_PART_NONE && pt->n_defs > 1) {
        /* ALTER's list: earlier partitions set none; MariaDB stops at this
           partition's first SUBPARTITION */
        size_t k = end_tok;
        long depth = 0;
        for (; k > 0; k--) {
            if (sc_lex__is_op(p->sql, &p->toks[k], ")"))
                depth++;
            else if (sc_lex__is_op(p->sql, &p->toks[k], "(") && --depth == 0)
                break;
        }
        return sc_parse__error_text_at(p, k + 1, msg);
    }
    if (d->n_subs && d->n_subs != want)
        return sc_parse__error_text_at(p, end_tok, msg);
    if (!d->n_subs && pt->n_defs > 1 && pt->defs[0].n_subs)
        return sc_parse__error_text_at(p, p->pos, msg);
    return SC_OK;
}

static int part_definitions(sc_parser *p, sc_ast_partitioning *pt)
{
    SC_TRY(sc_parse__expect_op(p, "("));
    do {
        sc_ast_pdef *d = sc_parse__push(p, (void **)&pt->defs, &pt->n_defs, sizeof(*d));
        if (!d)
            return sc_parse__nomem(p);
        SC_TRY(part_definition(p, d, pt));
        SC_TRY(check_subpartitions(p, pt, p->pos - 1));
    } while (sc_parse__accept_op(p, ","));
    if (pt->parts.present && pt->parts.value != pt->n_defs && sc_parse__is_op(p, 0, ")"))
        return sc_parse__error_text_at(
            p, p->pos, "Wrong number of partitions defined, mismatch with previous setting");
    return sc_parse__expect_op(p, ")");
}

int sc_parse__partitioning(sc_parser *p, sc_ast_partitioning **out)
{
    sc_ast_partitioning *pt = sc_parse__alloc(p, sizeof(*pt));

    if (!(*out = pt))
        return sc_parse__nomem(p);
    SC_TRY(sc_parse__expect_word(p, "PARTITION"));
    SC_TRY(sc_parse__expect_word(p, "BY"));
    SC_TRY(part_method(p, pt));
    if (sc_parse__accept_word(p, "PARTITIONS"))
        SC_TRY(sc_parse__number(p, &pt->parts));
    if (sc_parse__accept_word(p, "SUBPARTITION")) {
        SC_TRY(sc_parse__expect_word(p, "BY"));
        SC_TRY(sub_method(p, pt));
    }
    if (sc_parse__is_op(p, 0, "("))
        SC_TRY(part_definitions(p, pt));
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* ALTER TABLE partition commands                                       */

static int name_list(sc_parser *p, sc_ast_part_op *op, bool allow_all)
{
    if (allow_all && sc_parse__accept_word(p, "ALL")) {
        op->all = true;
        return SC_OK;
    }
    do {
        const char **slot = sc_parse__push(p, (void **)&op->names, &op->n_names, sizeof(*slot));
        if (!slot)
            return sc_parse__nomem(p);
        SC_TRY(sc_parse__ident(p, slot));
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

static void no_write_to_binlog(sc_parser *p)
{
    if (!sc_parse__accept_word(p, "NO_WRITE_TO_BINLOG"))
        (void)sc_parse__accept_word(p, "LOCAL");
}

static int add_partition(sc_parser *p, sc_ast_part_op *op)
{
    op->kind = SC_AST_POP_ADD;
    SC_TRY(sc_parse__if_not_exists(p, &op->if_not_exists));
    no_write_to_binlog(p);
    if (!(op->part = sc_parse__alloc(p, sizeof(*op->part))))
        return sc_parse__nomem(p);
    if (sc_parse__accept_word(p, "PARTITIONS"))
        return sc_parse__number(p, &op->part->parts);
    if (sc_parse__is_op(p, 0, "("))
        return part_definitions(p, op->part);
    return SC_OK;
}

static int reorganize(sc_parser *p, sc_ast_part_op *op)
{
    op->kind = SC_AST_POP_REORGANIZE;
    no_write_to_binlog(p);
    if (sc_parse__at_end(p) || sc_parse__is_op(p, 0, ";"))
        return SC_OK;
    SC_TRY(name_list(p, op, false));
    SC_TRY(sc_parse__expect_word(p, "INTO"));
    if (!(op->part = sc_parse__alloc(p, sizeof(*op->part))))
        return sc_parse__nomem(p);
    return part_definitions(p, op->part);
}

/* EXCHANGE PARTITION p WITH TABLE t */
static int exchange(sc_parser *p, sc_ast_part_op *op)
{
    op->kind = SC_AST_POP_EXCHANGE;
    SC_TRY(name_list(p, op, false));
    SC_TRY(sc_parse__expect_word(p, "WITH"));
    SC_TRY(sc_parse__expect_word(p, "TABLE"));
    /* [WITH|WITHOUT VALIDATION] came with MariaDB 11.4: 1064 in 10.11 */
    return sc_parse__qname(p, &op->table);
}

static int convert(sc_parser *p, sc_ast_part_op *op)
{
    if (sc_parse__accept_word(p, "PARTITION")) {
        op->kind = SC_AST_POP_CONVERT_PARTITION;
        op->names = sc_parse__alloc(p, sizeof(*op->names));
        if (!op->names)
            return sc_parse__nomem(p);
        op->n_names = 1;
        SC_TRY(sc_parse__ident(p, &op->names[0]));
        SC_TRY(sc_parse__expect_word(p, "TO"));
        SC_TRY(sc_parse__expect_word(p, "TABLE"));
        return sc_parse__qname(p, &op->table);
    }
    SC_TRY(sc_parse__expect_word(p, "TABLE"));
    op->kind = SC_AST_POP_CONVERT_TABLE;
    SC_TRY(sc_parse__qname(p, &op->table));
    SC_TRY(sc_parse__expect_word(p, "TO"));
    if (!(op->part = sc_parse__alloc(p, sizeof(*op->part))) ||
        !(op->part->defs = sc_parse__alloc(p, sizeof(*op->part->defs))))
        return sc_parse__nomem(p);
    op->part->n_defs = 1;
    return part_definition(p, op->part->defs, NULL);
}

static const char *const maintain_words[] = {"ANALYZE", "CHECK", "OPTIMIZE", "REBUILD", "REPAIR"};

/* The command after its first word(s); the word and PARTITION were consumed. */
static int command(sc_parser *p, sc_ast_part_op *op, const char *word)
{
    if (strcmp(word, "ADD") == 0)
        return add_partition(p, op);
    if (strcmp(word, "DROP") == 0) {
        op->kind = SC_AST_POP_DROP;
        SC_TRY(sc_parse__if_exists(p, &op->if_exists));
        return name_list(p, op, false);
    }
    if (strcmp(word, "REORGANIZE") == 0)
        return reorganize(p, op);
    if (strcmp(word, "COALESCE") == 0) {
        op->kind = SC_AST_POP_COALESCE;
        no_write_to_binlog(p);
        return sc_parse__number(p, &op->count);
    }
    if (strcmp(word, "TRUNCATE") == 0) {
        op->kind = SC_AST_POP_TRUNCATE;
        return name_list(p, op, true);
    }
    if (strcmp(word, "EXCHANGE") == 0)
        return exchange(p, op);
    op->kind = SC_AST_POP_MAINTAIN;
    no_write_to_binlog(p);
    return name_list(p, op, true);
}

/* Whether a partition command starts at the current token; its first word. */
static const char *command_word(const sc_parser *p)
{
    static const char *const with_partition[] = {"ADD",      "DROP",     "REORGANIZE",
                                                 "COALESCE", "TRUNCATE", "EXCHANGE"};
    size_t i;

    for (i = 0; i < sizeof(with_partition) / sizeof(with_partition[0]); i++)
        if (sc_parse__is_word(p, 0, with_partition[i]) && sc_parse__is_word(p, 1, "PARTITION"))
            return with_partition[i];
    for (i = 0; i < sizeof(maintain_words) / sizeof(maintain_words[0]); i++)
        if (sc_parse__is_word(p, 0, maintain_words[i]) && sc_parse__is_word(p, 1, "PARTITION"))
            return maintain_words[i];
    if (sc_parse__is_word(p, 0, "CONVERT") &&
        (sc_parse__is_word(p, 1, "PARTITION") || sc_parse__is_word(p, 1, "TABLE")))
        return "CONVERT";
    return NULL;
}

int sc_parse__part_op(sc_parser *p, sc_ast_part_op **out, bool after_list)
{
    const char *word = after_list ? NULL : command_word(p);
    sc_ast_part_op *op;

    *out = NULL;
    if (!word && !(sc_parse__is_word(p, 0, "PARTITION") && sc_parse__is_word(p, 1, "BY")) &&
        !(sc_parse__is_word(p, 0, "REMOVE") && sc_parse__is_word(p, 1, "PARTITIONING")))
        return SC_OK;
    if (!(op = sc_parse__alloc(p, sizeof(*op))))
        return sc_parse__nomem(p);
    *out = op;
    if (sc_parse__is_word(p, 0, "REMOVE")) {
        p->pos += 2;
        op->kind = SC_AST_POP_REMOVE;
        if (sc_parse__is_op(p, 0, ",")) /* REMOVE PARTITIONING ends the statement */
            return sc_parse__syntax_error_after(p, p->pos);
        return SC_OK;
    }
    if (!word) {
        op->kind = SC_AST_POP_BY;
        return sc_parse__partitioning(p, &op->part);
    }
    sc_parse__skip(p);
    if (strcmp(word, "CONVERT") == 0)
        return convert(p, op);
    sc_parse__skip(p); /* PARTITION */
    return command(p, op, word);
}

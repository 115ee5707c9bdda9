/*
 * parse_table.c - CREATE TABLE, ALTER TABLE and CREATE INDEX: column
 * definitions (attributes in any order, generated columns, CHECK,
 * REFERENCES), index and foreign-key definitions, CHECK constraints.
 * Types and table options are in parse_type.c.
 *
 * Grammar shape kept from MariaDB 10.11 because it decides which token a
 * syntax error names:
 *   column_def: name type (attribute* | [GENERATED ALWAYS] AS (expr)
 *               [VIRTUAL|PERSISTENT|STORED] vcol_attribute*)
 *               [CHECK (expr)] [[CONSTRAINT [name]] REFERENCES ...]
 * so `CHECK (...) DEFAULT 5` and `CONSTRAINT c CHECK` at column level fail at
 * DEFAULT and CHECK; REFERENCES only in CREATE TABLE and ALTER ... ADD.
 */
#include <string.h>

#include "ddl/parse_int.h"
#include "ddl/partition.h"
#include "ddl/period.h"
#include "ddl/select.h"

/* ------------------------------------------------------------------ */
/* REFERENCES                                                           */

static int fk_action(sc_parser *p, sc_ast_fk_action *out)
{
    if (sc_parse__accept_word(p, "RESTRICT"))
        *out = SC_AST_FK_RESTRICT;
    else if (sc_parse__accept_word(p, "CASCADE"))
        *out = SC_AST_FK_CASCADE;
    else if (sc_parse__accept_word(p, "SET")) {
        *out = SC_AST_FK_SET_NULL;
        if (!sc_parse__accept_word(p, "NULL")) {
            SC_TRY(sc_parse__expect_word(p, "DEFAULT"));
            *out = SC_AST_FK_SET_DEFAULT;
        }
    } else if (sc_parse__accept_word(p, "NO")) {
        SC_TRY(sc_parse__expect_word(p, "ACTION"));
        *out = SC_AST_FK_NO_ACTION;
    } else
        return sc_parse__syntax_error(p);
    return SC_OK;
}

/* ON DELETE x [ON UPDATE y] | ON UPDATE y [ON DELETE x], each at most once. */
static int fk_rules(sc_parser *p, sc_ast_references *r)
{
    bool del = false, upd = false;

    while (sc_parse__is_word(p, 0, "ON")) {
        if (sc_parse__is_word(p, 1, "DELETE") && !del) {
            sc_parse__skip(p);
            sc_parse__skip(p);
            SC_TRY(fk_action(p, &r->on_delete));
            del = true;
        } else if (sc_parse__is_word(p, 1, "UPDATE") && !upd) {
            sc_parse__skip(p);
            sc_parse__skip(p);
            SC_TRY(fk_action(p, &r->on_update));
            upd = true;
        } else {
            return sc_parse__syntax_error_at(p, p->pos + 1);
        }
    }
    return SC_OK;
}

/* REFERENCES tbl [(cols)] [MATCH FULL|PARTIAL|SIMPLE] [ON ...] */
static int references(sc_parser *p, sc_ast_references **out)
{
    sc_ast_references *r = sc_parse__alloc(p, sizeof(*r));

    if (!r)
        return sc_parse__nomem(p);
    SC_TRY(sc_parse__expect_word(p, "REFERENCES"));
    SC_TRY(sc_parse__qname(p, &r->table));
    if (sc_parse__is_op(p, 0, "("))
        SC_TRY(sc_parse__ident_list(p, &r->columns, &r->n_columns));
    if (sc_parse__accept_word(p, "MATCH")) {
        if (sc_parse__accept_word(p, "FULL"))
            r->match = SC_AST_FK_MATCH_FULL;
        else if (sc_parse__accept_word(p, "PARTIAL"))
            r->match = SC_AST_FK_MATCH_PARTIAL;
        else if (sc_parse__accept_word(p, "SIMPLE"))
            r->match = SC_AST_FK_MATCH_SIMPLE;
        else
            return sc_parse__syntax_error(p);
    }
    SC_TRY(fk_rules(p, r));
    *out = r;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Column attributes                                                    */

/* '(' expr ')' for AS, CHECK and DEFAULT (expr). */
static int paren_expr(sc_parser *p, sc_expr **out)
{
    return sc_parse__paren_expr(p, out);
}

static int default_clause(sc_parser *p, sc_expr **out, bool *parens)
{
    *parens = sc_parse__is_op(p, 0, "(");
    if (*parens)
        return paren_expr(p, out);
    return sc_parse__default_value(p, out);
}

static int column_option(sc_parser *p, sc_ast_column *c)
{
    sc_ast_option *o = sc_parse__push(p, (void **)&c->options, &c->n_options, sizeof(*o));
    const sc_token *t;

    if (!o)
        return sc_parse__nomem(p);
    SC_TRY(sc_parse__ident(p, &o->name));
    SC_TRY(sc_parse__expect_op(p, "="));
    t = sc_parse__tok(p, 0);
    if (t->kind == SC_TOK_STRING) {
        o->value_is_string = true;
        return sc_parse__string(p, &o->value);
    }
    if (sc_parse__is_word(p, 0, "DEFAULT"))
        o->value_is_default = true;
    else if (t->kind != SC_TOK_INT && !sc_parse__is_ident(p, 0))
        return sc_parse__syntax_error(p);
    return sc_parse__token_value(p, &o->value);
}

/*
 * serial_attribute: NOT NULL, [PRIMARY] KEY, UNIQUE [KEY], COMMENT 's',
 * INVISIBLE, NAME = value (engine attributes), WITH[OUT] SYSTEM VERSIONING.
 */
static int serial_attribute(sc_parser *p, sc_ast_column *c, bool *found)
{
    *found = true;
    if (sc_parse__accept_word(p, "NOT")) { /* only NOT NULL here: error after NOT */
        SC_TRY(sc_parse__expect_word(p, "NULL"));
        c->null_spec = SC_AST_NULL_NOT_NULL;
    } else if (sc_parse__accept_word(p, "PRIMARY")) {
        SC_TRY(sc_parse__expect_word(p, "KEY"));
        c->key = SC_AST_COLKEY_PRIMARY;
    } else if (sc_parse__accept_word(p, "KEY")) {
        c->key = SC_AST_COLKEY_PRIMARY;
    } else if (sc_parse__accept_word(p, "UNIQUE")) {
        (void)sc_parse__accept_word(p, "KEY");
        if (c->key != SC_AST_COLKEY_PRIMARY)
            c->key = SC_AST_COLKEY_UNIQUE;
    } else if (sc_parse__accept_word(p, "COMMENT")) {
        c->comment = sc_parse__alloc(p, sizeof(*c->comment));
        if (!c->comment)
            return sc_parse__nomem(p);
        return sc_parse__text_string(p, c->comment);
    } else if (sc_parse__accept_word(p, "INVISIBLE")) {
        c->invisible = true;
    } else if (sc_parse__is_ident_sys(p, 0) && sc_parse__is_op(p, 1, "=")) {
        return column_option(p, c);
    } else if (sc_parse__is_word(p, 0, "WITH") || sc_parse__is_word(p, 0, "WITHOUT")) {
        c->versioning = sc_parse__is_word(p, 0, "WITH") ? 1 : -1;
        sc_parse__skip(p);
        SC_TRY(sc_parse__expect_word(p, "SYSTEM"));
        return sc_parse__expect_word(p, "VERSIONING");
    } else {
        *found = false;
    }
    return SC_OK;
}

/* COMPRESSED [= method] */
static int compressed(sc_parser *p, sc_ast_column *c)
{
    const char *method;

    c->compressed = true;
    if (sc_parse__accept_op(p, "=") || sc_parse__accept_op(p, ":="))
        return sc_parse__ident(p, &method);
    return SC_OK;
}

/* One attribute of the attribute list; *found = false when none starts here. */
static int attribute(sc_parser *p, sc_ast_column *c, bool *found)
{
    *found = true;
    if (sc_parse__accept_word(p, "NULL")) {
        c->null_spec = SC_AST_NULL_NULL;
    } else if (sc_parse__accept_word(p, "DEFAULT")) {
        return default_clause(p, &c->default_expr, &c->default_parens);
    } else if (sc_parse__accept_word(p, "ON")) {
        SC_TRY(sc_parse__expect_word(p, "UPDATE"));
        return sc_parse__on_update_value(p, &c->on_update);
    } else if (sc_parse__accept_word(p, "AUTO_INCREMENT")) {
        c->auto_increment = true;
    } else if (sc_parse__accept_word(p, "SERIAL")) {
        SC_TRY(sc_parse__expect_word(p, "DEFAULT"));
        SC_TRY(sc_parse__expect_word(p, "VALUE"));
        c->serial_default_value = true;
    } else if (sc_parse__accept_word(p, "COLLATE")) {
        /* every COLLATE of a column must name the same collation */
        const char *prev = c->collate ? c->collate : c->type.collate;
        SC_TRY(sc_parse__ident_or_text(p, &c->collate));
        if (prev && !c->collate_prev && strcasecmp(prev, c->collate) != 0)
            c->collate_prev = prev;
    } else {
        return serial_attribute(p, c, found);
    }
    return SC_OK;
}

/* vcol_attribute: UNIQUE [KEY] | COMMENT 's' | INVISIBLE */
static int vcol_attributes(sc_parser *p, sc_ast_column *c)
{
    for (;;) {
        if (sc_parse__accept_word(p, "UNIQUE")) {
            (void)sc_parse__accept_word(p, "KEY");
            c->key = SC_AST_COLKEY_UNIQUE;
        } else if (sc_parse__accept_word(p, "COMMENT")) {
            c->comment = sc_parse__alloc(p, sizeof(*c->comment));
            if (!c->comment)
                return sc_parse__nomem(p);
            SC_TRY(sc_parse__text_string(p, c->comment));
        } else if (sc_parse__accept_word(p, "INVISIBLE")) {
            c->invisible = true;
        } else {
            return SC_OK;
        }
    }
}

/* [GENERATED ALWAYS] AS (expr) [VIRTUAL|PERSISTENT|STORED] vcol_attribute* */
static int generated(sc_parser *p, sc_ast_column *c)
{
    if (sc_parse__accept_word(p, "GENERATED"))
        SC_TRY(sc_parse__expect_word(p, "ALWAYS"));
    SC_TRY(sc_parse__expect_word(p, "AS"));
    if (sc_parse__is_word(p, 0, "ROW") &&
        (sc_parse__is_word(p, 1, "START") || sc_parse__is_word(p, 1, "END"))) {
        c->row_period = sc_parse__is_word(p, 1, "START") ? 1 : 2;
        p->pos += 2;
        return vcol_attributes(p, c);
    }
    SC_TRY(paren_expr(p, &c->gen_expr));
    c->generated = SC_AST_GEN_VIRTUAL;
    if (sc_parse__accept_word(p, "PERSISTENT") || sc_parse__accept_word(p, "STORED"))
        c->generated = SC_AST_GEN_STORED;
    else
        (void)sc_parse__accept_word(p, "VIRTUAL");
    return vcol_attributes(p, c);
}

/*
 * attribute_list [COMPRESSED [attribute_list]] | [GENERATED ALWAYS] AS (...):
 * the deprecated COMPRESSED column attribute may appear once, after at least
 * one other attribute (right after the type it belongs to the type).
 */
static int field_def(sc_parser *p, sc_ast_column *c)
{
    bool found = true, compressed_seen = false;
    size_t n_attrs = 0;

    if (sc_parse__is_word(p, 0, "AS") || sc_parse__is_word(p, 0, "GENERATED"))
        return generated(p, c);
    for (;;) {
        if (c->serial)
            SC_TRY(serial_attribute(p, c, &found));
        else
            SC_TRY(attribute(p, c, &found));
        if (found) {
            n_attrs++;
            continue;
        }
        if (c->serial || compressed_seen || n_attrs == 0 || !sc_parse__is_word(p, 0, "COMPRESSED"))
            return SC_OK;
        sc_parse__skip(p);
        SC_TRY(compressed(p, c));
        compressed_seen = true;
    }
}

/*
 * name type attributes [CHECK (expr)] and, with refs, [[CONSTRAINT [name]]
 * REFERENCES ...]. c->name must be set by the caller or is parsed here.
 */
static int column_def(sc_parser *p, sc_ast_column *c, bool refs)
{
    size_t start = sc_parse__tok(p, 0)->start;

    c->start = start;
    SC_TRY(sc_parse__ident(p, &c->name));
    SC_TRY(sc_parse__type(p, &c->type, &c->serial, false));
    c->ref_system_id = c->type.srid;
    c->compressed = c->type.compressed;
    SC_TRY(field_def(p, c));
    if (sc_parse__accept_word(p, "CHECK"))
        SC_TRY(paren_expr(p, &c->check));
    if (refs && sc_parse__accept_word(p, "CONSTRAINT")) {
        if (sc_parse__is_ident(p, 0))
            SC_TRY(sc_parse__ident(p, &c->ref_constraint));
        if (!sc_parse__is_word(p, 0, "REFERENCES"))
            return sc_parse__syntax_error(p);
    }
    if (refs && sc_parse__is_word(p, 0, "REFERENCES"))
        SC_TRY(references(p, &c->references));
    c->end = p->toks[p->pos - 1].start + p->toks[p->pos - 1].len;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Index definitions                                                    */

static int using_type(sc_parser *p, sc_ast_index_using *out)
{
    if (sc_parse__accept_word(p, "BTREE"))
        *out = SC_AST_USING_BTREE;
    else if (sc_parse__accept_word(p, "HASH"))
        *out = SC_AST_USING_HASH;
    else if (sc_parse__accept_word(p, "RTREE"))
        *out = SC_AST_USING_RTREE;
    else
        return sc_parse__syntax_error(p);
    return SC_OK;
}

/* col [(len)] [ASC|DESC] */
static int key_part(sc_parser *p, void *slot)
{
    sc_ast_key_part *kp = slot;

    SC_TRY(sc_parse__ident(p, &kp->column));
    if (sc_parse__accept_op(p, "(")) {
        SC_TRY(sc_parse__number(p, &kp->length));
        SC_TRY(sc_parse__expect_op(p, ")"));
    }
    if (sc_parse__accept_word(p, "ASC"))
        kp->order = SC_AST_ORDER_ASC;
    else if (sc_parse__accept_word(p, "DESC"))
        kp->order = SC_AST_ORDER_DESC;
    if (sc_parse__is_word(p, 0, "WITHOUT") && sc_parse__is_word(p, 1, "OVERLAPS")) {
        p->pos += 2;
        kp->without_overlaps = true;
    }
    return SC_OK;
}

/* '(' key_part, ... ')' */
static int key_list(sc_parser *p, sc_ast_index *ix)
{
    SC_TRY(sc_parse__expect_op(p, "("));
    SC_TRY(sc_parse__list(p, (void **)&ix->parts, &ix->n_parts, sizeof(*ix->parts), key_part));
    return sc_parse__expect_op(p, ")");
}

static int index_option_generic(sc_parser *p, sc_ast_index *ix)
{
    sc_ast_column tmp;

    memset(&tmp, 0, sizeof(tmp));
    tmp.options = ix->options;
    tmp.n_options = ix->n_options;
    SC_TRY(column_option(p, &tmp));
    ix->options = tmp.options;
    ix->n_options = tmp.n_options;
    return SC_OK;
}

/* Index options; USING only for plain/unique/primary, WITH PARSER only for FULLTEXT. */
static int index_options(sc_parser *p, sc_ast_index *ix)
{
    bool normal = ix->kind != SC_AST_INDEX_FULLTEXT && ix->kind != SC_AST_INDEX_SPATIAL;

    for (;;) {
        if (sc_parse__accept_word(p, "KEY_BLOCK_SIZE")) {
            sc_parse__opt_equal(p);
            SC_TRY(sc_parse__number(p, &ix->key_block_size));
        } else if (sc_parse__accept_word(p, "COMMENT")) {
            ix->comment = sc_parse__alloc(p, sizeof(*ix->comment));
            if (!ix->comment)
                return sc_parse__nomem(p);
            SC_TRY(sc_parse__text_string(p, ix->comment));
        } else if (normal &&
                   (sc_parse__accept_word(p, "USING") || sc_parse__accept_word(p, "TYPE"))) {
            SC_TRY(using_type(p, &ix->using));
        } else if (ix->kind == SC_AST_INDEX_FULLTEXT && sc_parse__accept_word(p, "WITH")) {
            SC_TRY(sc_parse__expect_word(p, "PARSER"));
            if (!sc_parse__is_ident_sys(p, 0))
                return sc_parse__syntax_error(p);
            SC_TRY(sc_parse__ident(p, &ix->parser));
        } else if (sc_parse__accept_word(p, "IGNORED")) {
            ix->ignored = 1;
        } else if (sc_parse__accept_word(p, "NOT")) {
            SC_TRY(sc_parse__expect_word(p, "IGNORED"));
            ix->ignored = 0;
        } else if (sc_parse__is_ident_sys(p, 0) && sc_parse__is_op(p, 1, "=")) {
            SC_TRY(index_option_generic(p, ix));
        } else {
            return SC_OK;
        }
    }
}

static sc_ast_index *new_index(sc_parser *p, sc_ast_index_kind kind)
{
    sc_ast_index *ix = sc_parse__alloc(p, sizeof(*ix));

    if (ix) {
        ix->kind = kind;
        ix->ignored = -1;
        ix->visible = -1;
    }
    return ix;
}

/* [IF NOT EXISTS] [name] [USING x] (parts) options; the kind words are consumed. */
static int index_body(sc_parser *p, sc_ast_index *ix)
{
    bool normal = ix->kind != SC_AST_INDEX_FULLTEXT && ix->kind != SC_AST_INDEX_SPATIAL;

    SC_TRY(sc_parse__if_not_exists(p, &ix->if_not_exists));
    if (sc_parse__is_ident(p, 0))
        SC_TRY(sc_parse__ident(p, &ix->name));
    /* USING x, or TYPE x after a name (TYPE is also a valid index name) */
    if (normal && ix->kind != SC_AST_INDEX_FOREIGN &&
        (sc_parse__accept_word(p, "USING") || (ix->name && sc_parse__accept_word(p, "TYPE"))))
        SC_TRY(using_type(p, &ix->using));
    SC_TRY(key_list(p, ix));
    if (ix->kind == SC_AST_INDEX_FOREIGN)
        return references(p, &ix->references);
    return index_options(p, ix);
}

/* After [CONSTRAINT [name]]: PRIMARY KEY | UNIQUE [KEY|INDEX] | FOREIGN KEY. */
static int constraint_key(sc_parser *p, sc_ast_index **out)
{
    sc_ast_index_kind kind;

    if (sc_parse__accept_word(p, "PRIMARY")) {
        SC_TRY(sc_parse__expect_word(p, "KEY"));
        kind = SC_AST_INDEX_PRIMARY;
    } else if (sc_parse__accept_word(p, "UNIQUE")) {
        if (!sc_parse__accept_word(p, "KEY"))
            (void)sc_parse__accept_word(p, "INDEX");
        kind = SC_AST_INDEX_UNIQUE;
    } else if (sc_parse__accept_word(p, "FOREIGN")) {
        SC_TRY(sc_parse__expect_word(p, "KEY"));
        kind = SC_AST_INDEX_FOREIGN;
    } else {
        return sc_parse__syntax_error(p);
    }
    *out = new_index(p, kind);
    if (!*out)
        return sc_parse__nomem(p);
    return index_body(p, *out);
}

/* KEY/INDEX, FULLTEXT/SPATIAL [KEY|INDEX] */
static int plain_key(sc_parser *p, sc_ast_index **out)
{
    sc_ast_index_kind kind = SC_AST_INDEX_KEY;

    if (sc_parse__accept_word(p, "FULLTEXT") || sc_parse__accept_word(p, "SPATIAL")) {
        kind = sc_lex__is_word(p->sql, &p->toks[p->pos - 1], "FULLTEXT") ? SC_AST_INDEX_FULLTEXT
                                                                         : SC_AST_INDEX_SPATIAL;
        if (!sc_parse__accept_word(p, "KEY"))
            (void)sc_parse__accept_word(p, "INDEX");
    } else if (!sc_parse__accept_word(p, "KEY") && !sc_parse__accept_word(p, "INDEX")) {
        return sc_parse__syntax_error(p);
    }
    *out = new_index(p, kind);
    if (!*out)
        return sc_parse__nomem(p);
    return index_body(p, *out);
}

static bool at_key_def(const sc_parser *p)
{
    static const char *const words[] = {"KEY",    "INDEX",   "FULLTEXT",   "SPATIAL", "PRIMARY",
                                        "UNIQUE", "FOREIGN", "CONSTRAINT", "CHECK"};
    size_t i;

    for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (sc_parse__is_word(p, 0, words[i]))
            return true;
    return sc_parse__is_word(p, 0, "PERIOD") &&
           (sc_parse__is_word(p, 1, "FOR") || sc_parse__is_word(p, 1, "IF"));
}

/* PERIOD FOR {SYSTEM_TIME | name} (start, end); ADD PERIOD [IF NOT EXISTS] FOR ... */
static int period_def(sc_parser *p, sc_ast_create_def *d)
{
    sc_ast_period *pd = sc_parse__alloc(p, sizeof(*pd));

    if (!pd)
        return sc_parse__nomem(p);
    d->kind = SC_AST_DEF_PERIOD;
    d->period = pd;
    sc_parse__skip(p); /* PERIOD */
    SC_TRY(sc_parse__if_not_exists(p, &pd->if_not_exists));
    SC_TRY(sc_parse__expect_word(p, "FOR"));
    if (pd->if_not_exists && sc_parse__is_word(p, 0, "SYSTEM_TIME"))
        return sc_parse__syntax_error(p); /* IF NOT EXISTS is for application periods */
    if (!sc_parse__accept_word(p, "SYSTEM_TIME"))
        SC_TRY(sc_parse__ident(p, &pd->name));
    SC_TRY(sc_parse__expect_op(p, "("));
    SC_TRY(sc_parse__ident(p, &pd->start));
    SC_TRY(sc_parse__expect_op(p, ","));
    SC_TRY(sc_parse__ident(p, &pd->end));
    return sc_parse__expect_op(p, ")");
}

/* A key, FK, CHECK or PERIOD definition (table level). */
static int key_def(sc_parser *p, sc_ast_create_def *d)
{
    const char *cname = NULL;
    bool constraint = false, ine = false;

    if (sc_parse__is_word(p, 0, "PERIOD"))
        return period_def(p, d);
    if (sc_parse__accept_word(p, "CONSTRAINT")) {
        constraint = true;
        SC_TRY(sc_parse__if_not_exists(p, &ine));
        if (sc_parse__is_ident(p, 0))
            SC_TRY(sc_parse__ident(p, &cname));
    }
    if (sc_parse__accept_word(p, "CHECK")) {
        d->kind = SC_AST_DEF_CHECK;
        d->check = sc_parse__alloc(p, sizeof(*d->check));
        if (!d->check)
            return sc_parse__nomem(p);
        d->check->name = cname;
        d->check->if_not_exists = ine;
        return paren_expr(p, &d->check->expr);
    }
    d->kind = SC_AST_DEF_INDEX;
    if (constraint || sc_parse__is_word(p, 0, "PRIMARY") || sc_parse__is_word(p, 0, "UNIQUE") ||
        sc_parse__is_word(p, 0, "FOREIGN"))
        SC_TRY(constraint_key(p, &d->index));
    else
        SC_TRY(plain_key(p, &d->index));
    d->index->constraint_given = constraint;
    d->index->if_not_exists = d->index->if_not_exists || ine;
    d->index->constraint = cname;
    return SC_OK;
}

/* One element of a create list: a column or a key/check definition. */
static int create_def(sc_parser *p, sc_ast_create_def *d)
{
    if (at_key_def(p))
        return key_def(p, d);
    d->kind = SC_AST_DEF_COLUMN;
    d->column = sc_parse__alloc(p, sizeof(*d->column));
    if (!d->column)
        return sc_parse__nomem(p);
    return column_def(p, d->column, true);
}

static int create_def_item(sc_parser *p, void *slot)
{
    return create_def(p, slot);
}

static int create_list(sc_parser *p, sc_ast_create_def **defs, size_t *n)
{
    SC_TRY(sc_parse__list(p, (void **)defs, n, sizeof(**defs), create_def_item));
    return sc_parse__expect_op(p, ")");
}

/* ------------------------------------------------------------------ */
/* CREATE TABLE                                                         */

static int like_table(sc_parser *p, sc_ast_create_table *ct)
{
    ct->like = sc_parse__alloc(p, sizeof(*ct->like));
    if (!ct->like)
        return sc_parse__nomem(p);
    return sc_parse__qname(p, ct->like);
}

/* [IGNORE|REPLACE] [AS] SELECT ... | ( SELECT ...) : keep the text. */
static int create_select(sc_parser *p, sc_ast_create_table *ct)
{
    size_t start;

    if (sc_parse__accept_word(p, "IGNORE"))
        ct->select_dup = 1;
    else if (sc_parse__accept_word(p, "REPLACE"))
        ct->select_dup = 2;
    (void)sc_parse__accept_word(p, "AS");
    if (!sc_parse__is_word(p, 0, "SELECT") && !sc_parse__is_word(p, 0, "WITH") &&
        !sc_parse__is_word(p, 0, "VALUES") && !sc_parse__is_op(p, 0, "("))
        return sc_parse__syntax_error(p);
    ct->has_select = true;
    start = sc_parse__tok(p, 0)->start;
    /* the query is parsed whole, as for a view: its syntax errors are 1064 */
    SC_TRY(sc_parse__select(p, &ct->select));
    if (!sc_parse__at_end(p) && !sc_parse__is_op(p, 0, ";"))
        return sc_parse__syntax_error(p);
    ct->select_text.s =
        sc_parse__text(p, start, p->toks[p->pos - 1].start + p->toks[p->pos - 1].len);
    if (!ct->select_text.s)
        return sc_parse__nomem(p);
    ct->select_text.len = strlen(ct->select_text.s);
    return SC_OK;
}

/* Table options, PARTITION BY (refused: skipped), then an optional SELECT. */
static int create_tail(sc_parser *p, sc_ast_create_table *ct)
{
    SC_TRY(sc_parse__table_options(p, &ct->options, &ct->n_options, false));
    if (sc_parse__is_word(p, 0, "PARTITION") && sc_parse__is_word(p, 1, "BY")) {
        ct->has_partition = true;
        SC_TRY(sc_parse__partitioning(p, &ct->partition));
    }
    if (sc_parse__at_end(p) || sc_parse__is_op(p, 0, ";"))
        return SC_OK;
    return create_select(p, ct);
}

int sc_parse__create_table(sc_parser *p, sc_ast_stmt *st, bool or_replace, bool temporary)
{
    sc_ast_create_table *ct = sc_parse__alloc(p, sizeof(*ct));
    size_t i;

    if (!ct)
        return sc_parse__nomem(p);
    st->kind = SC_AST_STMT_CREATE_TABLE;
    st->create_table = ct;
    ct->or_replace = or_replace;
    ct->temporary = temporary;
    SC_TRY(sc_parse__if_not_exists(p, &ct->if_not_exists));
    SC_TRY(sc_parse__qname(p, &ct->name));
    if (sc_parse__accept_word(p, "LIKE"))
        return like_table(p, ct);
    if (sc_parse__is_op(p, 0, "(") && sc_parse__is_word(p, 1, "LIKE")) {
        sc_parse__skip(p);
        sc_parse__skip(p);
        SC_TRY(like_table(p, ct));
        return sc_parse__expect_op(p, ")");
    }
    if (sc_parse__is_op(p, 0, "(") && !sc_parse__is_word(p, 1, "SELECT")) {
        sc_parse__skip(p);
        SC_TRY(create_list(p, &ct->defs, &ct->n_defs));
    }
    SC_TRY(create_tail(p, ct));
    for (i = 0; i < ct->n_options; i++)
        if (ct->options[i].kind == SC_AST_TOPT_WITH_SYSTEM_VERSIONING)
            ct->has_system_versioning = true;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* CREATE INDEX                                                         */

/* [ALGORITHM [=] x | LOCK [=] x]... */
static int algorithm_lock(sc_parser *p, const char **algorithm, const char **lock)
{
    for (;;) {
        const char **slot;
        if (sc_parse__is_word(p, 0, "ALGORITHM"))
            slot = algorithm;
        else if (sc_parse__is_word(p, 0, "LOCK"))
            slot = lock;
        else
            return SC_OK;
        sc_parse__skip(p);
        sc_parse__opt_equal(p);
        SC_TRY(sc_parse__charset_name(p, slot, true));
    }
}

int sc_parse__create_index(sc_parser *p, sc_ast_stmt *st, bool or_replace)
{
    sc_ast_index_stmt *is = sc_parse__alloc(p, sizeof(*is));
    sc_ast_index_kind kind = SC_AST_INDEX_KEY;

    if (!is)
        return sc_parse__nomem(p);
    st->kind = SC_AST_STMT_CREATE_INDEX;
    st->index_stmt = is;
    is->or_replace = or_replace;
    if (sc_parse__accept_word(p, "UNIQUE"))
        kind = SC_AST_INDEX_UNIQUE;
    else if (sc_parse__accept_word(p, "FULLTEXT"))
        kind = SC_AST_INDEX_FULLTEXT;
    else if (sc_parse__accept_word(p, "SPATIAL"))
        kind = SC_AST_INDEX_SPATIAL;
    SC_TRY(sc_parse__expect_word(p, "INDEX"));
    is->index = new_index(p, kind);
    if (!is->index)
        return sc_parse__nomem(p);
    SC_TRY(sc_parse__if_not_exists(p, &is->if_not_exists));
    is->index->if_not_exists = is->if_not_exists;
    SC_TRY(sc_parse__ident(p, &is->index->name));
    if (kind != SC_AST_INDEX_FULLTEXT && kind != SC_AST_INDEX_SPATIAL &&
        (sc_parse__accept_word(p, "USING") || sc_parse__accept_word(p, "TYPE")))
        SC_TRY(using_type(p, &is->index->using));
    SC_TRY(sc_parse__expect_word(p, "ON"));
    SC_TRY(sc_parse__qname(p, &is->table));
    SC_TRY(key_list(p, is->index));
    SC_TRY(sc_parse__opt_lock_wait(p));
    SC_TRY(index_options(p, is->index));
    return algorithm_lock(p, &is->algorithm, &is->lock);
}

/* ------------------------------------------------------------------ */
/* ALTER TABLE                                                          */

static sc_ast_alter_spec *new_spec(sc_parser *p, sc_ast_alter_table *at, sc_ast_alter_kind kind)
{
    sc_ast_alter_spec *s = sc_parse__push(p, (void **)&at->specs, &at->n_specs, sizeof(*s));

    if (s)
        s->kind = kind;
    return s;
}

/* [FIRST | AFTER col] */
static int place(sc_parser *p, sc_ast_alter_spec *s)
{
    if (sc_parse__accept_word(p, "FIRST")) {
        s->position = SC_AST_POS_FIRST;
        return SC_OK;
    }
    if (sc_parse__accept_word(p, "AFTER")) {
        s->position = SC_AST_POS_AFTER;
        return sc_parse__ident(p, &s->after);
    }
    return SC_OK;
}

static int add_column(sc_parser *p, sc_ast_alter_table *at, bool if_not_exists)
{
    sc_ast_alter_spec *s = new_spec(p, at, SC_AST_ALTER_ADD_COLUMN);

    if (!s || !(s->column = sc_parse__alloc(p, sizeof(*s->column))))
        return sc_parse__nomem(p);
    s->if_not_exists = if_not_exists;
    SC_TRY(column_def(p, s->column, true));
    return place(p, s);
}

/* ADD [COLUMN] (a INT, b INT, KEY (a)...) */
static int add_list(sc_parser *p, sc_ast_alter_table *at)
{
    sc_ast_create_def *defs = NULL;
    size_t n = 0, i;

    sc_parse__skip(p); /* ( */
    SC_TRY(create_list(p, &defs, &n));
    for (i = 0; i < n; i++) {
        sc_ast_alter_kind k = defs[i].kind == SC_AST_DEF_COLUMN  ? SC_AST_ALTER_ADD_COLUMN
                              : defs[i].kind == SC_AST_DEF_CHECK ? SC_AST_ALTER_ADD_CHECK
                                                                 : SC_AST_ALTER_ADD_INDEX;
        sc_ast_alter_spec *s = new_spec(p, at, k);
        if (!s)
            return sc_parse__nomem(p);
        if (defs[i].kind == SC_AST_DEF_PERIOD)
            s->kind = SC_AST_ALTER_ADD_PERIOD, s->period = defs[i].period;
        s->column = defs[i].column;
        s->index = defs[i].index;
        s->check = defs[i].check;
    }
    return SC_OK;
}

/* ADD key/check definition */
static int add_key(sc_parser *p, sc_ast_alter_table *at)
{
    sc_ast_create_def d;
    sc_ast_alter_spec *s;

    memset(&d, 0, sizeof(d));
    SC_TRY(key_def(p, &d));
    s = new_spec(p, at,
                 d.kind == SC_AST_DEF_CHECK ? SC_AST_ALTER_ADD_CHECK : SC_AST_ALTER_ADD_INDEX);
    if (!s)
        return sc_parse__nomem(p);
    if (d.kind == SC_AST_DEF_PERIOD)
        s->kind = SC_AST_ALTER_ADD_PERIOD, s->period = d.period;
    s->index = d.index;
    s->check = d.check;
    return SC_OK;
}

static int alter_add(sc_parser *p, sc_ast_alter_table *at)
{
    bool column = sc_parse__accept_word(p, "COLUMN"), ine = false;

    if (!column && (at_key_def(p) && !sc_parse__is_word(p, 0, "IF")))
        return add_key(p, at);
    if (!column && sc_parse__is_word(p, 0, "SYSTEM")) {
        sc_ast_alter_spec *s = new_spec(p, at, SC_AST_ALTER_ADD_VERSIONING);
        if (!s)
            return sc_parse__nomem(p);
        sc_parse__skip(p);
        return sc_parse__expect_word(p, "VERSIONING");
    }
    SC_TRY(sc_parse__if_not_exists(p, &ine));
    if (sc_parse__is_op(p, 0, "("))
        return add_list(p, at);
    return add_column(p, at, ine);
}

/* MODIFY [COLUMN] [IF EXISTS] def [place] / CHANGE [COLUMN] [IF EXISTS] old def [place] */
static int alter_modify(sc_parser *p, sc_ast_alter_table *at, bool change)
{
    sc_ast_alter_spec *s =
        new_spec(p, at, change ? SC_AST_ALTER_CHANGE_COLUMN : SC_AST_ALTER_MODIFY_COLUMN);

    if (!s || !(s->column = sc_parse__alloc(p, sizeof(*s->column))))
        return sc_parse__nomem(p);
    (void)sc_parse__accept_word(p, "COLUMN");
    SC_TRY(sc_parse__if_exists(p, &s->if_exists));
    if (change)
        SC_TRY(sc_parse__ident(p, &s->name));
    SC_TRY(column_def(p, s->column, false));
    if (!change)
        s->name = s->column->name;
    return place(p, s);
}

static int drop_named(sc_parser *p, sc_ast_alter_spec *s)
{
    SC_TRY(sc_parse__if_exists(p, &s->if_exists));
    return sc_parse__ident(p, &s->name);
}

static int alter_drop(sc_parser *p, sc_ast_alter_table *at)
{
    sc_ast_alter_spec *s = new_spec(p, at, SC_AST_ALTER_DROP_COLUMN);

    if (!s)
        return sc_parse__nomem(p);
    if (sc_parse__accept_word(p, "PRIMARY")) {
        s->kind = SC_AST_ALTER_DROP_PRIMARY_KEY;
        return sc_parse__expect_word(p, "KEY");
    }
    if (sc_parse__accept_word(p, "INDEX") || sc_parse__accept_word(p, "KEY")) {
        s->kind = SC_AST_ALTER_DROP_INDEX;
        return drop_named(p, s);
    }
    if (sc_parse__accept_word(p, "FOREIGN")) {
        s->kind = SC_AST_ALTER_DROP_FOREIGN_KEY;
        SC_TRY(sc_parse__expect_word(p, "KEY"));
        return drop_named(p, s);
    }
    if (sc_parse__accept_word(p, "CONSTRAINT")) {
        if (sc_parse__accept_word(p, "PRIMARY")) {
            s->kind = SC_AST_ALTER_DROP_PRIMARY_KEY;
            return sc_parse__expect_word(p, "KEY");
        }
        s->kind = SC_AST_ALTER_DROP_CONSTRAINT;
        return drop_named(p, s);
    }
    if (sc_parse__is_word(p, 0, "SYSTEM") && sc_parse__is_word(p, 1, "VERSIONING")) {
        s->kind = SC_AST_ALTER_DROP_VERSIONING;
        p->pos += 2;
        return SC_OK;
    }
    if (sc_parse__accept_word(p, "PERIOD")) { /* DROP PERIOD [IF EXISTS] FOR name */
        s->kind = SC_AST_ALTER_DROP_PERIOD;
        SC_TRY(sc_parse__if_exists(p, &s->if_exists));
        SC_TRY(sc_parse__expect_word(p, "FOR"));
        if (sc_parse__accept_word(p, "SYSTEM_TIME"))
            s->name = "SYSTEM_TIME";
        else
            SC_TRY(sc_parse__ident(p, &s->name));
        return SC_OK;
    }
    (void)sc_parse__accept_word(p, "COLUMN");
    SC_TRY(drop_named(p, s));
    if (!sc_parse__accept_word(p, "RESTRICT"))
        (void)sc_parse__accept_word(p, "CASCADE");
    return SC_OK;
}

/* ALTER [COLUMN] [IF EXISTS] c SET DEFAULT x | DROP DEFAULT; ALTER INDEX i [NOT] IGNORED */
static int alter_alter(sc_parser *p, sc_ast_alter_table *at)
{
    sc_ast_alter_spec *s = new_spec(p, at, SC_AST_ALTER_SET_DEFAULT);

    if (!s)
        return sc_parse__nomem(p);
    if (sc_parse__accept_word(p, "INDEX") || sc_parse__accept_word(p, "KEY")) {
        s->kind = SC_AST_ALTER_INDEX_IGNORED;
        SC_TRY(sc_parse__ident(p, &s->name));
        s->ignored = !sc_parse__accept_word(p, "NOT");
        return sc_parse__expect_word(p, "IGNORED");
    }
    (void)sc_parse__accept_word(p, "COLUMN");
    SC_TRY(drop_named(p, s));
    if (sc_parse__accept_word(p, "DROP")) {
        s->kind = SC_AST_ALTER_DROP_DEFAULT;
        return sc_parse__expect_word(p, "DEFAULT");
    }
    SC_TRY(sc_parse__expect_word(p, "SET"));
    SC_TRY(sc_parse__expect_word(p, "DEFAULT"));
    return default_clause(p, &s->default_expr, &s->default_parens);
}

/* RENAME COLUMN a TO b | RENAME INDEX|KEY a TO b | RENAME [TO|AS] t */
static int alter_rename(sc_parser *p, sc_ast_alter_table *at)
{
    sc_ast_alter_spec *s = new_spec(p, at, SC_AST_ALTER_RENAME_TABLE);

    if (!s)
        return sc_parse__nomem(p);
    if (sc_parse__accept_word(p, "COLUMN") || sc_parse__accept_word(p, "INDEX") ||
        sc_parse__accept_word(p, "KEY")) {
        s->kind = sc_lex__is_word(p->sql, &p->toks[p->pos - 1], "COLUMN")
                      ? SC_AST_ALTER_RENAME_COLUMN
                      : SC_AST_ALTER_RENAME_INDEX;
        SC_TRY(sc_parse__ident(p, &s->name));
        SC_TRY(sc_parse__expect_word(p, "TO"));
        return sc_parse__ident(p, &s->new_name);
    }
    if (!sc_parse__accept_word(p, "TO") && !sc_parse__accept_word(p, "AS"))
        (void)sc_parse__accept_op(p, "=");
    return sc_parse__qname(p, &s->new_table);
}

/* CONVERT TO CHARACTER SET x [COLLATE y] */
static int alter_convert(sc_parser *p, sc_ast_alter_table *at)
{
    sc_ast_alter_spec *s = new_spec(p, at, SC_AST_ALTER_CONVERT_CHARSET);

    if (!s)
        return sc_parse__nomem(p);
    SC_TRY(sc_parse__expect_word(p, "TO"));
    if (sc_parse__accept_word(p, "CHARACTER"))
        SC_TRY(sc_parse__expect_word(p, "SET"));
    else
        SC_TRY(sc_parse__expect_word(p, "CHARSET"));
    SC_TRY(sc_parse__charset_name(p, &s->charset, true));
    if (sc_parse__accept_word(p, "COLLATE")) {
        if (sc_parse__is_word(p, 0, "DEFAULT"))
            return sc_parse__charset_name(p, &s->collate, true);
        return sc_parse__ident_or_text(p, &s->collate);
    }
    return SC_OK;
}

/* ORDER BY col [ASC|DESC], ... (must be the last alter item): a spec per column */
static int alter_order(sc_parser *p, sc_ast_alter_table *at)
{
    sc_ast_alter_spec *s;
    sc_ast_qname col;

    SC_TRY(sc_parse__expect_word(p, "BY"));
    do {
        SC_TRY(sc_parse__qname(p, &col));
        if (!(s = new_spec(p, at, SC_AST_ALTER_ORDER_BY)))
            return sc_parse__nomem(p);
        s->name = col.name;
        if (!sc_parse__accept_word(p, "ASC"))
            (void)sc_parse__accept_word(p, "DESC");
        /* bison shifts a ',' here into the ORDER BY list: ORDER BY a, ADD ... is 1064 */
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

static int alter_word_value(sc_parser *p, sc_ast_alter_table *at, sc_ast_alter_kind kind)
{
    sc_ast_alter_spec *s = new_spec(p, at, kind);

    if (!s)
        return sc_parse__nomem(p);
    sc_parse__opt_equal(p);
    return sc_parse__charset_name(p, &s->value, true);
}

static int alter_keys(sc_parser *p, sc_ast_alter_table *at, sc_ast_alter_kind kind)
{
    if (!new_spec(p, at, kind))
        return sc_parse__nomem(p);
    return sc_parse__expect_word(p, "KEYS");
}

static int alter_options(sc_parser *p, sc_ast_alter_table *at)
{
    sc_ast_alter_spec *s = new_spec(p, at, SC_AST_ALTER_TABLE_OPTIONS);

    if (!s)
        return sc_parse__nomem(p);
    SC_TRY(sc_parse__table_options(p, &s->options, &s->n_options, true));
    if (s->n_options == 0)
        return sc_parse__syntax_error(p);
    return SC_OK;
}

static int alter_item(sc_parser *p, sc_ast_alter_table *at)
{
    if (sc_parse__accept_word(p, "ADD"))
        return alter_add(p, at);
    if (sc_parse__accept_word(p, "DROP"))
        return alter_drop(p, at);
    if (sc_parse__accept_word(p, "MODIFY"))
        return alter_modify(p, at, false);
    if (sc_parse__accept_word(p, "CHANGE"))
        return alter_modify(p, at, true);
    if (sc_parse__accept_word(p, "ALTER"))
        return alter_alter(p, at);
    if (sc_parse__accept_word(p, "RENAME"))
        return alter_rename(p, at);
    if (sc_parse__accept_word(p, "CONVERT"))
        return alter_convert(p, at);
    if (sc_parse__accept_word(p, "ORDER"))
        return alter_order(p, at);
    if (sc_parse__accept_word(p, "ALGORITHM"))
        return alter_word_value(p, at, SC_AST_ALTER_ALGORITHM);
    if (sc_parse__accept_word(p, "LOCK"))
        return alter_word_value(p, at, SC_AST_ALTER_LOCK);
    if (sc_parse__accept_word(p, "FORCE"))
        return new_spec(p, at, SC_AST_ALTER_FORCE) ? SC_OK : sc_parse__nomem(p);
    if (sc_parse__accept_word(p, "ENABLE"))
        return alter_keys(p, at, SC_AST_ALTER_ENABLE_KEYS);
    if (sc_parse__accept_word(p, "DISABLE"))
        return alter_keys(p, at, SC_AST_ALTER_DISABLE_KEYS);
    return alter_options(p, at);
}

/* DISCARD/IMPORT TABLESPACE and partition maintenance: recognised, refused later. */
static bool alter_unsupported(sc_parser *p, sc_ast_alter_table *at)
{
    static const char *const words[] = {"DISCARD",    "IMPORT",   "PARTITION", "REMOVE", "ANALYZE",
                                        "CHECK",      "OPTIMIZE", "REBUILD",   "REPAIR", "COALESCE",
                                        "REORGANIZE", "EXCHANGE", "TRUNCATE"};
    size_t i;

    for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
        if (sc_parse__is_word(p, 0, words[i])) {
            sc_ast_alter_spec *s = new_spec(p, at, SC_AST_ALTER_UNSUPPORTED);
            if (s)
                s->value = words[i];
            at->has_partition = strcmp(words[i], "DISCARD") != 0 && strcmp(words[i], "IMPORT");
            while (!sc_parse__at_end(p))
                sc_parse__skip(p);
            return true;
        }
    }
    return false;
}

/* DISCARD|IMPORT TABLESPACE: an ALTER of its own (10.11 has no partition form). */
static int discard_import(sc_parser *p, sc_ast_alter_table *at)
{
    sc_ast_alter_spec *s = new_spec(p, at, SC_AST_ALTER_UNSUPPORTED);

    if (!s)
        return sc_parse__nomem(p);
    s->value = sc_parse__is_word(p, 0, "DISCARD") ? "DISCARD" : "IMPORT";
    sc_parse__skip(p);
    SC_TRY(sc_parse__expect_word(p, "TABLESPACE"));
    if (sc_parse__is_op(p, 0, ","))
        return sc_parse__syntax_error_after(p, p->pos);
    return SC_OK;
}

int sc_parse__alter_table(sc_parser *p, sc_ast_stmt *st)
{
    sc_ast_alter_table *at = sc_parse__alloc(p, sizeof(*at));

    if (!at)
        return sc_parse__nomem(p);
    st->kind = SC_AST_STMT_ALTER_TABLE;
    st->alter_table = at;
    for (;;) { /* alter_option_list: ONLINE / IGNORE in any order */
        if (sc_parse__accept_word(p, "ONLINE"))
            at->online = true;
        else if (sc_parse__accept_word(p, "IGNORE"))
            at->ignore = true;
        else
            break;
    }
    SC_TRY(sc_parse__expect_word(p, "TABLE"));
    SC_TRY(sc_parse__if_exists(p, &at->if_exists));
    SC_TRY(sc_parse__qname(p, &at->name));
    SC_TRY(sc_parse__opt_lock_wait(p));
    SC_TRY(sc_parse__part_op(p, &at->part_op, false));
    if (at->part_op)
        return SC_OK;
    if (sc_parse__is_word(p, 0, "DISCARD") || sc_parse__is_word(p, 0, "IMPORT"))
        return discard_import(p, at);
    if (sc_parse__at_end(p) || sc_parse__is_op(p, 0, ";") || alter_unsupported(p, at))
        return SC_OK;
    do {
        /* PARTITION BY / REMOVE PARTITIONING follow an alter list without a comma */
        if (at->n_specs &&
            (sc_parse__is_word(p, 0, "PARTITION") ||
             (sc_parse__is_word(p, 0, "REMOVE") && sc_parse__is_word(p, 1, "PARTITIONING"))))
            return sc_parse__syntax_error(p);
        if (sc_parse__is_word(p, 0, "DISCARD") || sc_parse__is_word(p, 0, "IMPORT"))
            return sc_parse__syntax_error(p);
        if (alter_unsupported(p, at))
            return SC_OK;
        SC_TRY(alter_item(p, at));
    } while (sc_parse__accept_op(p, ","));
    /* alter_list followed by partitioning (PARTITION BY ..., REMOVE PARTITIONING) */
    return sc_parse__part_op(p, &at->part_op, true);
}

/*
 * parse_sequence.c - MariaDB 10.11's sequence grammar (sql_yacc.yy
 * sequence_def, opt_sequence): CREATE [OR REPLACE] [TEMPORARY] SEQUENCE
 * [IF NOT EXISTS] name [options] [table options], ALTER SEQUENCE [IF EXISTS]
 * name options, DROP [TEMPORARY] SEQUENCE [IF EXISTS] names. 10.11 has no
 * AS type clause (1064 there, as here); RESTART is ALTER-only; an option
 * given twice is 1225 (the grammar's own check).
 */
#include <string.h>

#include "catalog/errmsg.h"
#include "ddl/parse_int.h"
#include "ddl/sequence.h"

/* longlong_num: ['-'] digits within the signed 64-bit range (1064 otherwise). */
static int signed_number(sc_parser *p, sc_ast_seqnum *out)
{
    bool neg = sc_parse__accept_op(p, "-");
    sc_ast_num n;
    size_t at;

    if (!neg)
        (void)sc_parse__accept_op(p, "+");
    at = p->pos;
    SC_TRY(sc_parse__number(p, &n));
    if (n.overflow || n.value > (uint64_t)INT64_MAX)
        return sc_parse__syntax_error_at(p, at);
    out->present = true;
    out->value = neg ? -(long long)n.value : (long long)n.value;
    return SC_OK;
}

/* An option may appear once (1225 names it). */
static int once(sc_parser *p, bool given, const char *name)
{
    if (given)
        return sc_error_set_er(p->ctx, SC_ESYNTAX, SC_ER_DUP_ARGUMENT, name);
    return SC_OK;
}

/* [WITH | BY | =] before a value, as each option allows. */
static void value_intro(sc_parser *p, const char *word)
{
    if (!(word && sc_parse__accept_word(p, word)))
        sc_parse__opt_equal(p);
}

static int option_value(sc_parser *p, sc_ast_seqnum *v, const char *name, const char *intro)
{
    SC_TRY(once(p, v->present, name));
    value_intro(p, intro);
    return signed_number(p, v);
}

/* NO MINVALUE / NOMINVALUE / MINVALUE [=] n (and the MAXVALUE forms). */
static int bound(sc_parser *p, sc_ast_seqnum *v, bool *none, const char *name, bool no)
{
    SC_TRY(once(p, v->present || *none, name));
    if (no) {
        *none = true;
        return SC_OK;
    }
    sc_parse__opt_equal(p);
    return signed_number(p, v);
}

/* One sequence option; *found = false when none starts here. */
static int seq_option(sc_parser *p, sc_ast_sequence *s, bool alter, bool *found)
{
    *found = true;
    if (sc_parse__accept_word(p, "INCREMENT"))
        return option_value(p, &s->increment, "INCREMENT", "BY");
    if (sc_parse__accept_word(p, "START"))
        return option_value(p, &s->start, "START", "WITH");
    if (sc_parse__accept_word(p, "MINVALUE"))
        return bound(p, &s->min, &s->no_min, "MINVALUE", false);
    if (sc_parse__accept_word(p, "NOMINVALUE"))
        return bound(p, &s->min, &s->no_min, "MINVALUE", true);
    if (sc_parse__accept_word(p, "MAXVALUE"))
        return bound(p, &s->max, &s->no_max, "MAXVALUE", false);
    if (sc_parse__accept_word(p, "NOMAXVALUE"))
        return bound(p, &s->max, &s->no_max, "MAXVALUE", true);
    if (sc_parse__is_word(p, 0, "NO") &&
        !(sc_parse__is_word(p, 1, "MINVALUE") || sc_parse__is_word(p, 1, "MAXVALUE")))
        return sc_parse__syntax_error_at(p, p->pos + 1);
    if (sc_parse__is_word(p, 0, "NO")) {
        bool min = sc_parse__is_word(p, 1, "MINVALUE");
        p->pos += 2;
        return min ? bound(p, &s->min, &s->no_min, "MINVALUE", true)
                   : bound(p, &s->max, &s->no_max, "MAXVALUE", true);
    }
    if (sc_parse__accept_word(p, "CACHE"))
        return option_value(p, &s->cache, "CACHE", NULL);
    if (sc_parse__accept_word(p, "NOCACHE")) {
        SC_TRY(once(p, s->cache.present || s->nocache, "CACHE"));
        s->nocache = true;
        return SC_OK;
    }
    if (sc_parse__is_word(p, 0, "CYCLE") || sc_parse__is_word(p, 0, "NOCYCLE")) {
        SC_TRY(once(p, s->cycle >= 0, "CYCLE"));
        s->cycle = sc_parse__is_word(p, 0, "CYCLE");
        sc_parse__skip(p);
        return SC_OK;
    }
    if (alter && sc_parse__accept_word(p, "RESTART")) {
        SC_TRY(once(p, s->restart.present, "RESTART"));
        s->restart.present = true;
        if (sc_parse__is_word(p, 0, "WITH") || sc_parse__is_op(p, 0, "=") ||
            sc_parse__tok(p, 0)->kind == SC_TOK_INT || sc_parse__is_op(p, 0, "-")) {
            value_intro(p, "WITH");
            return signed_number(p, &s->restart);
        }
        return SC_OK;
    }
    *found = false;
    return SC_OK;
}

static int seq_options(sc_parser *p, sc_ast_sequence *s, bool alter)
{
    bool found = true;

    while (found)
        SC_TRY(seq_option(p, s, alter, &found));
    return SC_OK;
}

static sc_ast_sequence *new_sequence(sc_parser *p, sc_ast_stmt *st, sc_ast_stmt_kind kind)
{
    sc_ast_sequence *s = sc_parse__alloc(p, sizeof(*s));

    if (s) {
        s->cycle = -1;
        st->kind = kind;
        st->sequence = s;
    }
    return s;
}

int sc_parse__create_sequence(sc_parser *p, sc_ast_stmt *st, bool or_replace, bool temporary)
{
    sc_ast_sequence *s = new_sequence(p, st, SC_AST_STMT_CREATE_SEQUENCE);

    if (!s)
        return sc_parse__nomem(p);
    s->or_replace = or_replace;
    s->temporary = temporary;
    SC_TRY(sc_parse__expect_word(p, "SEQUENCE"));
    SC_TRY(sc_parse__if_not_exists(p, &s->if_not_exists));
    SC_TRY(sc_parse__qname(p, &s->name));
    SC_TRY(seq_options(p, s, false));
    return sc_parse__table_options(p, &s->options, &s->n_options, false);
}

int sc_parse__alter_sequence(sc_parser *p, sc_ast_stmt *st)
{
    sc_ast_sequence *s = new_sequence(p, st, SC_AST_STMT_ALTER_SEQUENCE);

    if (!s)
        return sc_parse__nomem(p);
    SC_TRY(sc_parse__expect_word(p, "SEQUENCE"));
    SC_TRY(sc_parse__if_exists(p, &s->if_exists));
    SC_TRY(sc_parse__qname(p, &s->name));
    {
        size_t at = p->pos;
        SC_TRY(seq_options(p, s, true));
        if (p->pos == at) /* the grammar wants at least one option */
            return sc_parse__syntax_error(p);
    }
    return SC_OK;
}

int sc_parse__drop_sequence(sc_parser *p, sc_ast_stmt *st, bool temporary)
{
    sc_ast_sequence *s = new_sequence(p, st, SC_AST_STMT_DROP_SEQUENCE);

    if (!s)
        return sc_parse__nomem(p);
    s->temporary = temporary;
    SC_TRY(sc_parse__expect_word(p, "SEQUENCE"));
    SC_TRY(sc_parse__if_exists(p, &s->if_exists));
    SC_TRY(sc_parse__qname_list(p, &s->names, &s->n_names));
    return sc_parse__opt_lock_wait(p);
}

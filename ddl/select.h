/*
 * select.h - SELECT statements inside DDL: the syntax tree of a query
 * expression (ddl/parse_select.c), its name resolution against the catalog
 * (ddl/resolve_select.c) and its printing as MariaDB 10.11 stores a view
 * (ddl/print_select.c, st_select_lex::print / Item::print), plus the
 * statements built on it: CREATE/ALTER/DROP VIEW (ddl/exec_view.c) and
 * CREATE/DROP TRIGGER (ddl/exec_trigger.c).
 *
 * Memory: every node lives in the statement arena, like ddl/ast.h.
 * Resolution fills the `r_*` fields in place (and rewrites column
 * qualifiers of sc_expr nodes so the printer writes MariaDB's form).
 */
#ifndef SC_DDL_SELECT_H
#define SC_DDL_SELECT_H

#include "syscat/catalog.h"
#include "ddl/ast.h"
#include "catalog/buf.h"

typedef struct sc_select sc_select;
typedef struct sc_select_block sc_select_block;

/** A window specification (OVER (...)) or a named window (WINDOW w AS (...)). */
typedef struct sc_window {
    const char *name; /* WINDOW name AS (...): name; OVER w: the referenced name */
    const char *ref;  /* OVER (w ...): the base window, or NULL */
    sc_order_item *partition;
    size_t n_partition;
    sc_order_item *order;
    size_t n_order;
    const char *frame; /* frame clause as MariaDB prints it (lower case), or NULL */
    bool by_name;      /* OVER w (no parentheses) */
} sc_window;

/** Extra parts of some calls (sc_expr.ext). */
typedef struct sc_expr_ext {
    sc_window *over;      /* window function: OVER ... */
    sc_order_item *order; /* GROUP_CONCAT(... ORDER BY ...) */
    size_t n_order;
    const sc_expr *separator; /* GROUP_CONCAT(... SEPARATOR 'x'), or NULL */
    sc_expr *limit;           /* GROUP_CONCAT(... LIMIT n) */
} sc_expr_ext;

/** One resolved output column of a table reference or select. */
typedef struct sc_sel_col {
    const char *name;  /* column name */
    sc_column_def def; /* type as far as known (CTAS, view columns) */
} sc_sel_col;

typedef enum sc_tref_kind {
    SC_TREF_TABLE,   /* [db.]name [alias] (base table, view or CTE) */
    SC_TREF_DERIVED, /* (select) alias */
    SC_TREF_JOIN,    /* left JOIN right ON/USING */
} sc_tref_kind;

typedef enum sc_join_kind {
    SC_JOIN_INNER,    /* JOIN, INNER JOIN, CROSS JOIN, comma */
    SC_JOIN_STRAIGHT, /* STRAIGHT_JOIN */
    SC_JOIN_LEFT,     /* LEFT [OUTER] JOIN */
    SC_JOIN_RIGHT,    /* RIGHT [OUTER] JOIN */
} sc_join_kind;

typedef struct sc_tref sc_tref;
struct sc_tref {
    sc_tref_kind kind;
    sc_ast_qname name;  /* TABLE */
    const char *alias;  /* AS alias, or NULL */
    sc_select *sub;     /* DERIVED */
    sc_join_kind join;  /* JOIN */
    bool natural;       /* NATURAL JOIN */
    bool comma;         /* written as `a, b` */
    sc_tref *left;      /* JOIN */
    sc_tref *right;     /* JOIN */
    sc_expr *on;        /* ON condition, or NULL */
    const char **using; /* USING (cols) */
    size_t n_using;
    size_t start, end; /* byte span */
    /* resolution */
    const char *r_db;   /* resolved database of a TABLE (NULL for a CTE) */
    const char *r_name; /* resolved name (as stored) */
    bool r_view;        /* a view */
    bool r_cte;         /* a CTE of the statement */
    bool r_temp;        /* a temporary table */
    sc_sel_col *r_cols; /* columns visible through this reference */
    size_t r_n_cols;
    bool *r_hidden; /* per column: merged into the left side by USING/NATURAL */
};

/** A select list element. */
typedef struct sc_sel_item {
    sc_expr *e;          /* NULL for * and t.* */
    bool star;           /* * or t.* */
    const char *star_db; /* db.t.* */
    const char *star_table;
    const char *alias; /* AS alias (given or generated at resolution) */
    bool alias_given;  /* written */
    size_t start, end; /* text span of the element without the alias */
} sc_sel_item;

/** A CTE: name [(cols)] AS (query). */
typedef struct sc_cte {
    const char *name;
    const char **columns;
    size_t n_columns;
    sc_select *query;
} sc_cte;

/** One SELECT ... (a query block). */
struct sc_select_block {
    bool distinct;
    bool straight_join;
    const char *options; /* SQL_NO_CACHE ... as printed (lower case), or NULL */
    sc_sel_item *items;
    size_t n_items;
    sc_tref **from; /* FROM list; n_from > 1 is a comma join */
    size_t n_from;
    sc_expr *where;
    sc_order_item *group;
    size_t n_group;
    bool rollup;
    sc_expr *having;
    sc_window *windows; /* WINDOW clause */
    size_t n_windows;
    sc_order_item *order;
    size_t n_order;
    sc_expr *limit;
    sc_expr *offset;
    sc_select *paren; /* ( query ) used as a block of a union, or NULL */
    bool into;        /* SELECT ... INTO (refused in views) */
    /* resolution */
    sc_sel_item *r_items; /* after * expansion */
    size_t r_n_items;
};

typedef enum sc_set_op {
    SC_SET_UNION,
    SC_SET_UNION_ALL,
    SC_SET_EXCEPT,
    SC_SET_EXCEPT_ALL,
    SC_SET_INTERSECT,
    SC_SET_INTERSECT_ALL,
} sc_set_op;

/** A query expression: [WITH ...] block {op block} [ORDER BY] [LIMIT]. */
struct sc_select {
    sc_cte *ctes;
    size_t n_ctes;
    bool recursive;
    sc_select_block **blocks;
    sc_set_op *ops; /* ops[i] joins blocks[i] and blocks[i+1] */
    size_t n_blocks;
    sc_order_item *order; /* of the whole union (n_blocks > 1) */
    size_t n_order;
    sc_expr *limit;
    sc_expr *offset;
    size_t start, end; /* byte span */
    /* resolution */
    sc_sel_col *r_cols; /* output columns */
    size_t r_n_cols;
    sc_select *r_outer_scope_unused;
};

/* ---- views and triggers as statements ---- */

typedef enum sc_view_algorithm {
    SC_VIEW_ALG_UNDEFINED = 0,
    SC_VIEW_ALG_MERGE,
    SC_VIEW_ALG_TEMPTABLE,
} sc_view_algorithm;

typedef enum sc_view_check {
    SC_VIEW_CHECK_NONE = 0,
    SC_VIEW_CHECK_CASCADED,
    SC_VIEW_CHECK_LOCAL,
} sc_view_check;

typedef struct sc_ast_view {
    bool or_replace;
    bool if_not_exists;
    int algorithm;       /* sc_view_algorithm, -1 when not given */
    const char *definer; /* `user`@`host` as printed, or NULL (current user) */
    int security;        /* 0 DEFINER, 1 INVOKER, -1 not given */
    sc_ast_qname name;
    const char **columns; /* (c1, c2) */
    size_t n_columns;
    sc_select *query;
    int check;                     /* sc_view_check */
    size_t query_start, query_end; /* the SELECT as written, with its CHECK OPTION */
} sc_ast_view;

typedef enum sc_trg_timing { SC_TRG_BEFORE = 0, SC_TRG_AFTER = 1 } sc_trg_timing;
typedef enum sc_trg_event { SC_TRG_INSERT = 0, SC_TRG_UPDATE = 1, SC_TRG_DELETE = 2 } sc_trg_event;

/** A NEW.x / OLD.x reference of a trigger body (for MariaDB's checks). */
typedef struct sc_trg_ref {
    bool is_new; /* NEW (else OLD) */
    const char *column;
    bool assigned; /* target of SET */
} sc_trg_ref;

typedef struct sc_ast_trigger {
    bool or_replace;
    bool if_not_exists;
    bool if_exists;      /* DROP TRIGGER IF EXISTS */
    const char *definer; /* `user`@`host` as printed, or NULL */
    sc_ast_qname name;
    int timing; /* sc_trg_timing */
    int events; /* bit (1 << sc_trg_event); 10.11: exactly one */
    sc_ast_qname table;
    size_t table_start, table_end; /* span of the table name after ON */
    int order;                     /* 0 none, 1 FOLLOWS, 2 PRECEDES */
    const char *order_other;
    size_t def_start;              /* offset of the TRIGGER keyword */
    size_t order_start, order_end; /* FOLLOWS/PRECEDES clause span (to cut out) */
    sc_trg_ref *refs;
    size_t n_refs;
    bool into_at_end; /* SELECT ... FROM ... INTO: Warning 1287 */
} sc_ast_trigger;

/** What resolving a query found (sc_exec__resolve_select). */
typedef struct sc_select_ctx {
    bool for_view;          /* CREATE VIEW: 1352 for temporary tables */
    const char *view_db;    /* the view's database (compact form) */
    bool has_var;           /* a variable appears (1351 for views) */
    bool has_aggregate;     /* an aggregate outside a window */
    bool has_window;        /* a window function */
    bool not_mergeable;     /* DISTINCT, GROUP BY, HAVING, LIMIT, UNION */
    bool no_tables;         /* a block without FROM */
    bool other_db;          /* a table outside view_db */
    size_t n_tables;        /* tables and views opened */
    struct sc_table **held; /* loaded definitions (released by sc_exec__select_release) */
    size_t n_held, cap_held;
} sc_select_ctx;

/* ---- functions ---- */

struct sc_parser;
/** Parse a query expression at the current token (parse_select.c). */
int sc_parse__select(struct sc_parser *p, sc_select **out);
/** CREATE [OR REPLACE] [ALGORITHM=..] [DEFINER=..] [SQL SECURITY ..] VIEW|TRIGGER ...;
 *  the current token is the first after CREATE [OR REPLACE]. */
int sc_parse__create_view_or_trigger(struct sc_parser *p, sc_ast_stmt *st, bool or_replace);
/** ALTER [ALGORITHM=..] [DEFINER=..] [SQL SECURITY ..] VIEW ... */
int sc_parse__alter_view(struct sc_parser *p, sc_ast_stmt *st);
/** DROP VIEW ... (current token after VIEW) */
int sc_parse__drop_view(struct sc_parser *p, sc_ast_stmt *st);
/** DROP TRIGGER ... (current token after TRIGGER) */
int sc_parse__drop_trigger(struct sc_parser *p, sc_ast_stmt *st);

/**
 * Print a resolved query as MariaDB stores a view's SELECT (compact: names
 * of the view's own database unqualified, SHOW CREATE VIEW in that database).
 */
int sc_ddl__select_print(sc_buf *out, const sc_select *sel, const char *compact_db);
/** Flags of sc_ddl__select_print_ex(). */
#define SC_SELECT_PRINT_SUBQUERY 0x1 /* a subquery in an expression: no `AS alias` */
#define SC_SELECT_PRINT_EXISTS 0x2   /* the body of EXISTS: MariaDB adds `limit 1` */
/** The same, with SC_SELECT_PRINT_* flags. */
int sc_ddl__select_print_ex(sc_buf *out,
                            const sc_select *sel,
                            const char *compact_db,
                            unsigned flags);

/**
 * Append SHOW CREATE VIEW's second column for view (db, name) whose tables
 * row is table_id; compact (names of db unqualified) when current_db is db
 * and the view only uses tables of db. SC_ENOTFOUND when it is no view.
 */
int sc_ddl__view_create_text(sc_buf *b,
                             sc_txn *txn,
                             uint64_t table_id,
                             const char *db,
                             const char *name,
                             const char *current_db);
struct Syscat__Catalog__ViewRow;
/**
 * The syscat.views row of table_id (the caller frees it with
 * syscat__catalog__view_row__free_unpacked). SC_ENOTFOUND when it is no
 * view, SC_ECORRUPT (message set) when the row does not decode.
 */
int sc_ddl__view_row(struct Syscat__Catalog__ViewRow **out, sc_txn *txn, uint64_t table_id);
/** Is table_id a view (for readers outside a statement)? */
bool sc_ddl__is_view(sc_txn *txn, uint64_t table_id);
/** Append the triggers of table_id in firing order, each as the dump prints it. */
int sc_ddl__dump_triggers(sc_buf *b, sc_txn *txn, uint64_t schema_id);

#endif /* SC_DDL_SELECT_H */

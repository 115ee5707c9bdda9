/*
 * exec_dirs.c - the DATA DIRECTORY and INDEX DIRECTORY table options, as
 * MariaDB 10.11.19 keeps and prints them (measured, docs/ddl.md):
 *
 *  - CREATE TABLE checks the last value of each first (sql_parse.cc's
 *    append_file_to_dir()): a path that does not begin with '/', or one
 *    whose length plus the table name's reaches 511 bytes, is 1103
 *    "Incorrect table name '<path>'", before the table's own checks, under
 *    any sql_mode; then NO_DIR_IN_CREATE drops them with 1618 "<...
 *    DIRECTORY> option ignored" (errors in strict mode: DATA's fails the
 *    statement, INDEX's follows it);
 *  - InnoDB, MyISAM and Aria keep DATA DIRECTORY; MyISAM and Aria keep
 *    INDEX DIRECTORY, InnoDB refuses it (1005 errno 140 between Warning
 *    1478 and Warning 1030); other engines, and a partitioned table, drop
 *    both without a word;
 *  - SHOW CREATE TABLE prints ` DATA DIRECTORY='<dir>/'` and then
 *    ` INDEX DIRECTORY='<dir>/'` last, after COMMENT and the engine's own
 *    options: the path with a '/' added unless it ends in one, escaped as
 *    append_unescaped() does (\\ \' \n \r \Z), in utf8mb3 ('?' for a
 *    byte that is no UTF-8 or a 4-byte character); MyISAM and Aria print the
 *    path of their symlink, cleaned of "//", "/./" and "x/../";
 *  - ALTER TABLE ignores both (Warning 1618 "<... DIRECTORY> option
 *    ignored") and keeps the table's; a new engine that does not keep one
 *    drops it, and PARTITION BY drops DATA DIRECTORY with Warning 1618
 *    "<DATA DIRECTORY> table option of old schema is ignored";
 *  - CREATE TABLE ... LIKE copies neither (exec_create.c), CREATE ...
 *    SELECT keeps them as CREATE does.
 * The kept values live at the end of the table row's options string
 * (exec_model.c), so a dump replays them and the log carries them.
 */
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "catalog/buf.h"
#include "catalog/errmsg.h"
#include "ddl/exec.h"

#define FN_REFLEN 512 /* MariaDB's limit on a file name */

static const char *const dir_label[2] = {"DATA DIRECTORY", "INDEX DIRECTORY"};

/* The last DATA DIRECTORY (i = 0) or INDEX DIRECTORY (1) of the list, or NULL. */
static const char *last_given(const sc_ast_table_option *opts, size_t n, int i)
{
    sc_ast_topt_kind k =
        i == SC_XDIR_DATA ? SC_AST_TOPT_DATA_DIRECTORY : SC_AST_TOPT_INDEX_DIRECTORY;
    const char *v = NULL;

    for (size_t j = 0; j < n; j++)
        if (opts[j].kind == k)
            v = opts[j].value.s;
    return v;
}

int sc_exec__dirs_precheck(sc_exec *x, const sc_ast_table_option *opts, size_t n, const char *table)
{
    bool strict = (x->s->sql_mode & (SC_MODE_STRICT_TRANS_TABLES | SC_MODE_STRICT_ALL_TABLES)) != 0;
    int rc = SC_OK;

    for (int i = 0; i < 2; i++) {
        const char *v = last_given(opts, n, i);
        if (v && (v[0] != '/' || strlen(v) + strlen(table) >= FN_REFLEN - 1))
            return sc_exec__err(x, SC_ER_WRONG_TABLE_NAME, v);
    }
    if (!(x->s->sql_mode & SC_MODE_NO_DIR_IN_CREATE))
        return SC_OK;
    /* the warnings are errors in strict mode: the first fails the statement */
    for (int i = 0; i < 2; i++) {
        if (!last_given(opts, n, i))
            continue;
        if (!strict)
            sc_exec__warning(x, SC_ER_WARN_OPTION_IGNORED, dir_label[i]);
        else if (rc == SC_OK)
            rc = sc_exec__err(x, SC_ER_WARN_OPTION_IGNORED, dir_label[i]);
        else
            sc_exec__error_row(x, SC_ER_WARN_OPTION_IGNORED, dir_label[i]);
    }
    return rc;
}

/* The path cleaned as mysys's cleanup_dirname() does ("//", "/./", "x/../"). */
static void clean_path(sc_buf *b, const char *p)
{
    size_t start = b->len;

    while (*p) {
        size_t n = strcspn(p, "/");
        if (n == 0 || (n == 1 && p[0] == '.')) {
            /* an empty or "." segment */
        } else if (n == 2 && p[0] == '.' && p[1] == '.') {
            while (b->len > start && b->text[b->len - 1] != '/')
                b->len--;
            if (b->len > start)
                b->len--;
        } else {
            sc__buf_putc(b, '/');
            sc__buf_put(b, p, n);
        }
        p += n + (p[n] == '/');
    }
}

/* A path as SHOW CREATE TABLE prints it (without the quotes), escaped unless
 * it is such text already, cleaned for an engine that keeps a symlink. */
static const char *dir_text(sc_exec *x, const char *path, bool clean, bool escape)
{
    sc_buf raw = SC_BUF_INIT(x->ctx), b = SC_BUF_INIT(x->ctx);
    const char *p = path, *out = NULL;
    size_t n = strlen(path);

    if (clean) {
        clean_path(&raw, path);
        p = raw.text ? raw.text : "";
        n = raw.len;
    }
    for (size_t i = 0; i < n; i++) {
        char ch = p[i];
        const char *esc = !escape        ? NULL
                          : ch == '\\'   ? "\\\\"
                          : ch == '\''   ? "\\'"
                          : ch == '\n'   ? "\\n"
                          : ch == '\r'   ? "\\r"
                          : ch == '\032' ? "\\Z"
                                         : NULL;
        if (esc)
            sc__buf_puts(&b, esc);
        else
            sc__buf_putc(&b, ch);
    }
    if (b.len == 0 || b.text[b.len - 1] != '/')
        sc__buf_putc(&b, '/');
    if (!b.failed && !raw.failed)
        out = sc_exec__printf(x, "%.*s", (int)b.len, b.text);
    sc__buf_free(&raw);
    sc__buf_free(&b);
    return out;
}

/* The path in utf8mb3, as the server converts it: '?' for each byte that
 * is no UTF-8 and for each 4-byte character. */
static const char *utf8mb3_path(sc_exec *x, const char *s)
{
    size_t n = strlen(s), o = 0;
    char *out = sc_exec__alloc(x, n + 1);

    if (!out)
        return NULL;
    for (size_t i = 0; i < n;) {
        size_t c = sc_utf8_char_len((const unsigned char *)s + i, n - i);
        if (c == 0 || c == 4) {
            out[o++] = '?';
            i += c ? c : 1;
        } else {
            memcpy(out + o, s + i, c);
            o += c;
            i += c;
        }
    }
    out[o] = '\0';
    return out;
}

/* InnoDB's create_options_are_invalid() on an INDEX DIRECTORY kept from
 * another engine (CREATE's own are checked in exec_innodb.c). */
static int innodb_refuses(sc_exec *x, const char *schema, const char *name)
{
    int rc;

    sc_exec__warning(x, SC_ER_INNODB_INDEX_DIRECTORY);
    rc = sc_exec__err(x, SC_ER_CANT_CREATE_TABLE, schema, name, "140 \"Wrong create options\"");
    sc_exec__warning(x, SC_ER_GET_ERRNO_WRONG_CREATE_OPTIONS);
    return rc;
}

void sc_exec__dirs_alter_given(sc_exec *x, const sc_ast_table_option *opts, size_t n)
{
    for (size_t j = 0; j < n; j++) {
        if (opts[j].kind == SC_AST_TOPT_DATA_DIRECTORY)
            sc_exec__warning(x, SC_ER_WARN_OPTION_IGNORED, dir_label[SC_XDIR_DATA]);
        else if (opts[j].kind == SC_AST_TOPT_INDEX_DIRECTORY)
            sc_exec__warning(x, SC_ER_WARN_OPTION_IGNORED, dir_label[SC_XDIR_INDEX]);
    }
}

int sc_exec__table_dirs(sc_exec *x, sc_xtable *t, bool alter)
{
    sc_engine e = sc_exec__engine(t->engine);
    bool symlinked = e == SC_ENGINE_MYISAM || e == SC_ENGINE_ARIA;

    for (int i = 0; i < 2; i++) {
        const char *v =
            alter || (x->s->sql_mode & SC_MODE_NO_DIR_IN_CREATE) ? NULL : t->dirs_given[i];
        if (v && !(v = utf8mb3_path(x, v)))
            return SC_ENOMEM;
        if (v && !(t->dirs[i] = dir_text(x, v, symlinked, true)))
            return SC_ENOMEM;
        /* kept from another engine: MyISAM and Aria clean it for their symlinks */
        if (!v && t->dirs[i] && symlinked && !(t->dirs[i] = dir_text(x, t->dirs[i], true, false)))
            return SC_ENOMEM;
    }
    t->dirs_given[0] = t->dirs_given[1] = NULL;
    if (t->part) {
        if (alter && t->dirs[SC_XDIR_DATA])
            sc_exec__warning(x, SC_ER_WARN_OLD_OPTION_IGNORED, dir_label[SC_XDIR_DATA]);
        t->dirs[0] = t->dirs[1] = NULL;
        return SC_OK;
    }
    if (e == SC_ENGINE_INNODB && t->dirs[SC_XDIR_INDEX])
        return innodb_refuses(x, t->schema, t->name);
    if (e != SC_ENGINE_INNODB && !symlinked)
        t->dirs[SC_XDIR_DATA] = NULL;
    if (!symlinked)
        t->dirs[SC_XDIR_INDEX] = NULL;
    return SC_OK;
}

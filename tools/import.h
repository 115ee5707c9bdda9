/*
 * import.h - the parts of `syscat import frm` (tools/cmd_import.c): reading
 * the datadir (import_read.c), the foreign-key file (import_fk.c), and the
 * objects created by their statements (import_objects.c).
 */
#ifndef SC_TOOLS_IMPORT_H
#define SC_TOOLS_IMPORT_H

#include "tools/cli.h"

typedef struct imp_db {
    char *name;      /* decoded database name */
    char *dir;       /* its directory */
    char *charset;   /* from db.opt, or NULL (server default) */
    char *collation; /* from db.opt, or NULL */
    sc_frm **tables; /* decoded files, in file name order */
    size_t n_tables;
} imp_db;

typedef struct importer {
    sc_cli *cli;
    bool skip_bad;
    const char *fk_file;
    imp_db *dbs;
    size_t n_dbs;
    size_t n_tables, bad, done;
    char *fk_sql; /* contents of fk_file */
    bool progress;
} importer;

typedef struct fk_run {
    importer *im;
    sc_session *session;
    sc_txn *txn;
    const char *what; /* names the statement's origin in errors */
} fk_run;

/** Read every database directory under dir (or dir itself) and decode its files. */
int sc_import__collect(importer *im, const char *dir);
/** Run one statement of the foreign-key file in fr's session and transaction. */
int sc_import__run_sql(fk_run *fr, const char *sql, size_t len);
/** Whether s (len bytes) starts with word. */
bool sc_import__starts_word(const char *s, size_t len, const char *word);
/** The foreign-key file's statements, in txn. */
int sc_import__run_fk_file(importer *im, sc_txn *txn);
/** Whether the catalog takes frm's definition as it is (not created by its statement). */
bool sc_import__plain_table(const sc_frm *frm);
/** Partitioned tables, sequences, views and triggers, by their statements, in txn. */
int sc_import__run_objects(importer *im, sc_txn *txn);
/** The progress line, on a terminal. */
void sc_import__progress(importer *im);

#endif /* SC_TOOLS_IMPORT_H */

/*
 * ast.c - freeing a parsed statement (ddl/ast.h) and naming its kinds.
 *
 * Every node of a statement lives in its arena (catalog/arena.h): nothing
 * is freed individually, the tree dies with the arena in one call.
 */
#include <string.h>

#include "catalog/catalog_int.h"
#include "ddl/ast.h"

void sc_ast__stmt_free(sc_ast_stmt *stmt)
{
    if (!stmt)
        return;
    /* the statement itself lives in its arena */
    sc__arena_delete(stmt->arena);
}

const char *sc_ast__stmt_kind_name(sc_ast_stmt_kind kind)
{
    static const char *const names[] = {
        [SC_AST_STMT_EMPTY] = "EMPTY",
        [SC_AST_STMT_CREATE_DATABASE] = "CREATE DATABASE",
        [SC_AST_STMT_ALTER_DATABASE] = "ALTER DATABASE",
        [SC_AST_STMT_DROP_DATABASE] = "DROP DATABASE",
        [SC_AST_STMT_CREATE_TABLE] = "CREATE TABLE",
        [SC_AST_STMT_ALTER_TABLE] = "ALTER TABLE",
        [SC_AST_STMT_DROP_TABLE] = "DROP TABLE",
        [SC_AST_STMT_RENAME_TABLE] = "RENAME TABLE",
        [SC_AST_STMT_TRUNCATE_TABLE] = "TRUNCATE TABLE",
        [SC_AST_STMT_CREATE_INDEX] = "CREATE INDEX",
        [SC_AST_STMT_DROP_INDEX] = "DROP INDEX",
        [SC_AST_STMT_USE] = "USE",
        [SC_AST_STMT_SET] = "SET",
        [SC_AST_STMT_SHOW] = "SHOW",
        [SC_AST_STMT_BEGIN] = "BEGIN",
        [SC_AST_STMT_COMMIT] = "COMMIT",
        [SC_AST_STMT_ROLLBACK] = "ROLLBACK",
        [SC_AST_STMT_UNSUPPORTED] = "UNSUPPORTED",
        [SC_AST_STMT_CREATE_VIEW] = "CREATE VIEW",
        [SC_AST_STMT_ALTER_VIEW] = "ALTER VIEW",
        [SC_AST_STMT_DROP_VIEW] = "DROP VIEW",
        [SC_AST_STMT_CREATE_TRIGGER] = "CREATE TRIGGER",
        [SC_AST_STMT_DROP_TRIGGER] = "DROP TRIGGER",
        [SC_AST_STMT_CREATE_SEQUENCE] = "CREATE SEQUENCE",
        [SC_AST_STMT_ALTER_SEQUENCE] = "ALTER SEQUENCE",
        [SC_AST_STMT_DROP_SEQUENCE] = "DROP SEQUENCE",
        [SC_AST_STMT_STORED_OBJECT] = "STORED OBJECT",
    };
    if ((unsigned)kind < sizeof(names) / sizeof(names[0]) && names[kind])
        return names[kind];
    return "?";
}

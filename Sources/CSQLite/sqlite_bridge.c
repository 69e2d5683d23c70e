// SQLite is opened on first use, not linked: loading it binds about 1,600 symbols at every infowin start
// (its own functions, through its PLT), and only specs with MBTiles map tiles read it. The headers come from
// libsqlite3-dev; the .deb depends on libsqlite3-0. Loading happens once (pthread_once) and the library is
// never closed, so the function pointers below are set before any wrapper reads them and never change.

#include "sqlite_bridge.h"

#include <lazy_library.h>
#include <pthread.h>
#include <stddef.h>

#define INFOWIN_SQLITE_LIBRARY "libsqlite3.so.0"

// Every SQLite function the bridge calls: X(name), a pointer of the function's own type in `sqlite`.
#define INFOWIN_SQLITE_FUNCTIONS(X) \
    X(sqlite3_open_v2) X(sqlite3_close) X(sqlite3_errmsg) X(sqlite3_limit) X(sqlite3_exec) \
    X(sqlite3_progress_handler) X(sqlite3_prepare_v2) X(sqlite3_finalize) X(sqlite3_reset) \
    X(sqlite3_bind_int) X(sqlite3_step) X(sqlite3_column_bytes) X(sqlite3_column_blob) \
    X(sqlite3_column_text) X(sqlite3_db_mutex) X(sqlite3_mutex_enter) X(sqlite3_mutex_leave)

static INFOWIN_LAZY_TABLE(INFOWIN_SQLITE_FUNCTIONS) sqlite;

static void infowin_sqlite_load_once(void) {
    INFOWIN_LAZY_OPEN(sqlite, INFOWIN_SQLITE_LIBRARY, INFOWIN_SQLITE_FUNCTIONS);
}

int infowin_sqlite_load(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, infowin_sqlite_load_once);
    return sqlite.loaded;
}

const char *infowin_sqlite_library_name(void) {
    return INFOWIN_SQLITE_LIBRARY;
}

// SQLite's `name` called with the arguments that follow, or `failed` when the library cannot be opened.
#define INFOWIN_SQLITE_CALL(failed, name, ...) (infowin_sqlite_load() ? sqlite.name(__VA_ARGS__) : (failed))

int infowin_sqlite3_open_v2(const char *filename, sqlite3 **database, int flags, const char *vfs) {
    *database = NULL;
    return INFOWIN_SQLITE_CALL(SQLITE_CANTOPEN, sqlite3_open_v2, filename, database, flags, vfs);
}

int infowin_sqlite3_close(sqlite3 *database) {
    return INFOWIN_SQLITE_CALL(SQLITE_OK, sqlite3_close, database);
}

const char *infowin_sqlite3_errmsg(sqlite3 *database) {
    return INFOWIN_SQLITE_CALL("SQLite (" INFOWIN_SQLITE_LIBRARY ") cannot be opened: apt install libsqlite3-0", sqlite3_errmsg, database);
}

int infowin_sqlite3_limit(sqlite3 *database, int category, int value) {
    return INFOWIN_SQLITE_CALL(-1, sqlite3_limit, database, category, value);
}

int infowin_sqlite3_exec(sqlite3 *database, const char *sql, int (*callback)(void *, int, char **, char **), void *context, char **error) {
    return INFOWIN_SQLITE_CALL(SQLITE_MISUSE, sqlite3_exec, database, sql, callback, context, error);
}

void infowin_sqlite3_progress_handler(sqlite3 *database, int instructions, int (*handler)(void *), void *context) {
    if (infowin_sqlite_load()) sqlite.sqlite3_progress_handler(database, instructions, handler, context);
}

int infowin_sqlite3_prepare_v2(sqlite3 *database, const char *sql, int bytes, sqlite3_stmt **statement, const char **tail) {
    *statement = NULL;
    return INFOWIN_SQLITE_CALL(SQLITE_MISUSE, sqlite3_prepare_v2, database, sql, bytes, statement, tail);
}

int infowin_sqlite3_finalize(sqlite3_stmt *statement) {
    return INFOWIN_SQLITE_CALL(SQLITE_OK, sqlite3_finalize, statement);
}

int infowin_sqlite3_reset(sqlite3_stmt *statement) {
    return INFOWIN_SQLITE_CALL(SQLITE_MISUSE, sqlite3_reset, statement);
}

int infowin_sqlite3_bind_int(sqlite3_stmt *statement, int index, int value) {
    return INFOWIN_SQLITE_CALL(SQLITE_MISUSE, sqlite3_bind_int, statement, index, value);
}

int infowin_sqlite3_step(sqlite3_stmt *statement) {
    return INFOWIN_SQLITE_CALL(SQLITE_MISUSE, sqlite3_step, statement);
}

int infowin_sqlite3_column_bytes(sqlite3_stmt *statement, int column) {
    return INFOWIN_SQLITE_CALL(0, sqlite3_column_bytes, statement, column);
}

const void *infowin_sqlite3_column_blob(sqlite3_stmt *statement, int column) {
    return INFOWIN_SQLITE_CALL(NULL, sqlite3_column_blob, statement, column);
}

const unsigned char *infowin_sqlite3_column_text(sqlite3_stmt *statement, int column) {
    return INFOWIN_SQLITE_CALL(NULL, sqlite3_column_text, statement, column);
}

sqlite3_mutex *infowin_sqlite3_db_mutex(sqlite3 *database) {
    return INFOWIN_SQLITE_CALL(NULL, sqlite3_db_mutex, database);
}

void infowin_sqlite3_mutex_enter(sqlite3_mutex *mutex) {
    if (infowin_sqlite_load()) sqlite.sqlite3_mutex_enter(mutex);
}

void infowin_sqlite3_mutex_leave(sqlite3_mutex *mutex) {
    if (infowin_sqlite_load()) sqlite.sqlite3_mutex_leave(mutex);
}

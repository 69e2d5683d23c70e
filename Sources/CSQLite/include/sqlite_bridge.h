#ifndef INFOWIN_SQLITE_BRIDGE_H
#define INFOWIN_SQLITE_BRIDGE_H

#include <sqlite3.h>

// SQLite, opened on first use rather than linked (see sqlite_bridge.c). Each infowin_sqlite3_NAME is
// SQLite's sqlite3_NAME, called through the library opened; when it cannot be opened, a call fails as
// SQLite reports failures (SQLITE_CANTOPEN, no handle) and infowin_sqlite3_errmsg says which file is missing.

/// 1 when libsqlite3 and every function infowin calls in it were found (opening it the first time), else 0.
int infowin_sqlite_load(void);

/// The file opened: "libsqlite3.so.0".
const char *infowin_sqlite_library_name(void);

int infowin_sqlite3_open_v2(const char *filename, sqlite3 **database, int flags, const char *vfs);
int infowin_sqlite3_close(sqlite3 *database);
const char *infowin_sqlite3_errmsg(sqlite3 *database);
int infowin_sqlite3_limit(sqlite3 *database, int category, int value);
int infowin_sqlite3_exec(sqlite3 *database, const char *sql, int (*callback)(void *, int, char **, char **), void *context, char **error);
void infowin_sqlite3_progress_handler(sqlite3 *database, int instructions, int (*handler)(void *), void *context);
int infowin_sqlite3_prepare_v2(sqlite3 *database, const char *sql, int bytes, sqlite3_stmt **statement, const char **tail);
int infowin_sqlite3_finalize(sqlite3_stmt *statement);
int infowin_sqlite3_reset(sqlite3_stmt *statement);
int infowin_sqlite3_bind_int(sqlite3_stmt *statement, int index, int value);
int infowin_sqlite3_step(sqlite3_stmt *statement);
int infowin_sqlite3_column_bytes(sqlite3_stmt *statement, int column);
const void *infowin_sqlite3_column_blob(sqlite3_stmt *statement, int column);
const unsigned char *infowin_sqlite3_column_text(sqlite3_stmt *statement, int column);
sqlite3_mutex *infowin_sqlite3_db_mutex(sqlite3 *database);
void infowin_sqlite3_mutex_enter(sqlite3_mutex *mutex);
void infowin_sqlite3_mutex_leave(sqlite3_mutex *mutex);

#endif

#ifndef INFOWIN_LAZY_LIBRARY_H
#define INFOWIN_LAZY_LIBRARY_H

// A library opened on first use rather than linked, its functions looked up once into a table: the bridges
// to ICU and SQLite. A bridge lists its functions as an X macro, FUNCTIONS(X) = X(name) X(name) ..., and
//
//   static INFOWIN_LAZY_TABLE(FUNCTIONS) table;         // table.name is a pointer of name's own type
//   INFOWIN_LAZY_OPEN(table, "libfoo.so.1", FUNCTIONS);  // once (pthread_once); table.loaded says if all were found
//
// A name the headers rename (ICU's `uplrules_open`, `uplrules_open_72` in the library) is looked up renamed.

/// Opens `file` (RTLD_NODELETE: never unloaded, so the pointers stay valid) and looks up the `count`
/// functions `names` into `functions`; 1 when the library and every function were found, else 0.
int infowin_lazy_library_open(const char *file, const char *const names[], void *functions[], int count);

#define INFOWIN_LAZY_FIELD(name) __typeof__(&name) name;
#define INFOWIN_LAZY_ONE(name) +1
#define INFOWIN_LAZY_STRING(name) #name
#define INFOWIN_LAZY_NAME(name) INFOWIN_LAZY_STRING(name),

// The typed pointers and, over them, the array infowin_lazy_library_open fills (function and object
// pointers are the same size on every platform with dlsym).
#define INFOWIN_LAZY_TABLE(FUNCTIONS) \
    struct { \
        union { struct { FUNCTIONS(INFOWIN_LAZY_FIELD) }; void *all[0 FUNCTIONS(INFOWIN_LAZY_ONE)]; }; \
        int loaded; \
    }

#define INFOWIN_LAZY_OPEN(table, file, FUNCTIONS) \
    do { \
        static const char *const names[] = { FUNCTIONS(INFOWIN_LAZY_NAME) }; \
        _Static_assert(sizeof names / sizeof *names == sizeof (table).all / sizeof *(table).all, "a name a pointer"); \
        (table).loaded = infowin_lazy_library_open(file, names, (table).all, (int)(sizeof names / sizeof *names)); \
    } while (0)

#endif

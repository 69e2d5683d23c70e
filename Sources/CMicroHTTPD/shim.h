#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <dlfcn.h>
#include <microhttpd.h>

// libmicrohttpd is opened on first use, not linked, as libcurl is (see CCurl's shim.h): it and GnuTLS with
// the eight libraries it needs would cost every infowin process milliseconds to load, and only `serve`
// uses them. The headers come from libmicrohttpd-dev; `make` installs it, and the .deb depends on
// libmicrohttpd12.
//
// Each wrapper looks its function up in the library (opened RTLD_NODELETE, so never unloaded and nothing
// kept here can race). MHD_start_daemon and MHD_get_*_info are variadic, which Swift cannot call: these
// wrappers take plain arguments.

#define INFOWIN_LIBMICROHTTPD "libmicrohttpd.so.12"

static inline void *infowin_mhd_symbol(const char *name) {
    void *library = dlopen(INFOWIN_LIBMICROHTTPD, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (library == NULL) return NULL;
    void *symbol = dlsym(library, name);
    dlclose(library);
    return symbol;
}

#define INFOWIN_MHD_FUNCTION(type, name) ((type)infowin_mhd_symbol(#name))

/// True when libmicrohttpd can be opened.
static inline int infowin_mhd_available(void) {
    return infowin_mhd_symbol("MHD_start_daemon") != NULL;
}

/// Starts a daemon with the options in `options` (ended by MHD_OPTION_END); NULL when it cannot.
static inline struct MHD_Daemon *infowin_mhd_start(
    unsigned int flags, MHD_AccessHandlerCallback handler, void *handler_cls, struct MHD_OptionItem *options) {
    struct MHD_Daemon *(*start)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *, MHD_AccessHandlerCallback, void *, ...) =
        INFOWIN_MHD_FUNCTION(struct MHD_Daemon *(*)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *, MHD_AccessHandlerCallback, void *, ...), MHD_start_daemon);
    return start ? start(flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, options, MHD_OPTION_END) : NULL;
}

static inline void infowin_mhd_stop_daemon(struct MHD_Daemon *daemon) {
    void (*function)(struct MHD_Daemon *) = INFOWIN_MHD_FUNCTION(void (*)(struct MHD_Daemon *), MHD_stop_daemon);
    if (function) function(daemon);
}

/// Gives MHD the connected socket `descriptor` from `address`; MHD_NO when it does not take it.
static inline enum MHD_Result infowin_mhd_add_connection(struct MHD_Daemon *daemon, int descriptor, const struct sockaddr *address, socklen_t length) {
    enum MHD_Result (*function)(struct MHD_Daemon *, MHD_socket, const struct sockaddr *, socklen_t) =
        INFOWIN_MHD_FUNCTION(enum MHD_Result (*)(struct MHD_Daemon *, MHD_socket, const struct sockaddr *, socklen_t), MHD_add_connection);
    return function ? function(daemon, descriptor, address, length) : MHD_NO;
}

static inline void infowin_mhd_quiesce_daemon(struct MHD_Daemon *daemon) {
    MHD_socket (*function)(struct MHD_Daemon *) = INFOWIN_MHD_FUNCTION(MHD_socket (*)(struct MHD_Daemon *), MHD_quiesce_daemon);
    if (function) function(daemon);
}

static inline const union MHD_ConnectionInfo *infowin_mhd_connection_info(struct MHD_Connection *connection, enum MHD_ConnectionInfoType type) {
    const union MHD_ConnectionInfo *(*function)(struct MHD_Connection *, enum MHD_ConnectionInfoType, ...) =
        INFOWIN_MHD_FUNCTION(const union MHD_ConnectionInfo *(*)(struct MHD_Connection *, enum MHD_ConnectionInfoType, ...), MHD_get_connection_info);
    return function ? function(connection, type) : NULL;
}

/// The context the connection-notify callback attached to `connection`, or NULL.
static inline void *infowin_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = infowin_mhd_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// The socket of `connection`, or -1.
static inline int infowin_mhd_connection_descriptor(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = infowin_mhd_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The address of the client of `connection`, or NULL.
static inline const struct sockaddr *infowin_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = infowin_mhd_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/// The number of connections the daemon has open.
static inline unsigned int infowin_mhd_connection_count(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *(*function)(struct MHD_Daemon *, enum MHD_DaemonInfoType, ...) =
        INFOWIN_MHD_FUNCTION(const union MHD_DaemonInfo *(*)(struct MHD_Daemon *, enum MHD_DaemonInfoType, ...), MHD_get_daemon_info);
    const union MHD_DaemonInfo *info = function ? function(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS) : NULL;
    return info == NULL ? 0 : info->num_connections;
}

static inline void infowin_mhd_suspend_connection(struct MHD_Connection *connection) {
    void (*function)(struct MHD_Connection *) = INFOWIN_MHD_FUNCTION(void (*)(struct MHD_Connection *), MHD_suspend_connection);
    if (function) function(connection);
}

static inline void infowin_mhd_resume_connection(struct MHD_Connection *connection) {
    void (*function)(struct MHD_Connection *) = INFOWIN_MHD_FUNCTION(void (*)(struct MHD_Connection *), MHD_resume_connection);
    if (function) function(connection);
}

static inline int infowin_mhd_get_connection_values(
    struct MHD_Connection *connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator, void *iterator_cls) {
    int (*function)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *) =
        INFOWIN_MHD_FUNCTION(int (*)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *), MHD_get_connection_values);
    return function ? function(connection, kind, iterator, iterator_cls) : 0;
}

/// A response holding a copy of `size` bytes at `buffer` (none for 0).
static inline struct MHD_Response *infowin_mhd_response_copying(size_t size, void *buffer) {
    struct MHD_Response *(*function)(size_t, void *, enum MHD_ResponseMemoryMode) =
        INFOWIN_MHD_FUNCTION(struct MHD_Response *(*)(size_t, void *, enum MHD_ResponseMemoryMode), MHD_create_response_from_buffer);
    return function ? function(size, size == 0 ? NULL : buffer, size == 0 ? MHD_RESPMEM_PERSISTENT : MHD_RESPMEM_MUST_COPY) : NULL;
}

static inline void infowin_mhd_destroy_response(struct MHD_Response *response) {
    void (*function)(struct MHD_Response *) = INFOWIN_MHD_FUNCTION(void (*)(struct MHD_Response *), MHD_destroy_response);
    if (function) function(response);
}

static inline enum MHD_Result infowin_mhd_add_response_header(struct MHD_Response *response, const char *name, const char *value) {
    enum MHD_Result (*function)(struct MHD_Response *, const char *, const char *) =
        INFOWIN_MHD_FUNCTION(enum MHD_Result (*)(struct MHD_Response *, const char *, const char *), MHD_add_response_header);
    return function ? function(response, name, value) : MHD_NO;
}

static inline enum MHD_Result infowin_mhd_queue_response(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response) {
    enum MHD_Result (*function)(struct MHD_Connection *, unsigned int, struct MHD_Response *) =
        INFOWIN_MHD_FUNCTION(enum MHD_Result (*)(struct MHD_Connection *, unsigned int, struct MHD_Response *), MHD_queue_response);
    return function ? function(connection, status, response) : MHD_NO;
}

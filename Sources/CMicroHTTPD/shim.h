#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_*_info are variadic, which Swift cannot call: these take plain arguments.

/// Starts a daemon on the listening socket `listen_fd` with the options in `options` (ended by MHD_OPTION_END).
static inline struct MHD_Daemon *infowin_mhd_start(
    unsigned int flags, MHD_AccessHandlerCallback handler, void *handler_cls, struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The context the connection-notify callback attached to `connection`, or NULL.
static inline void *infowin_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// The number of connections the daemon has open.
static inline unsigned int infowin_mhd_connection_count(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

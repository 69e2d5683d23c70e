import CCurl

/// A libcurl multi handle, which runs many transfers on the calling thread. Owns the handle and cleans
/// it up in `deinit`; the transfers added to it must be removed before then.
final class CurlMulti {
    /// A transfer libcurl has finished, and the code it finished with.
    struct Finished {
        let handle: UnsafeMutableRawPointer
        let code: CURLcode
    }

    private let handle: UnsafeMutableRawPointer

    /// Nil when libcurl cannot make a multi handle or will not take the connection limits.
    init?(maximumConnectionsPerHost: Int, maximumConnections: Int) {
        guard let handle = infowin_curl_multi_init() else { return nil }
        guard infowin_multi_setopt_long(handle, CURLMOPT_MAX_HOST_CONNECTIONS, maximumConnectionsPerHost) == CURLM_OK,
              infowin_multi_setopt_long(handle, CURLMOPT_MAX_TOTAL_CONNECTIONS, maximumConnections) == CURLM_OK else {
            infowin_curl_multi_cleanup(handle)
            return nil
        }
        self.handle = handle
    }

    deinit {
        infowin_curl_multi_cleanup(handle)
    }

    /// Starts running `transfer`; false when libcurl will not take it.
    func add(_ transfer: UnsafeMutableRawPointer) -> Bool {
        infowin_curl_multi_add_handle(handle, transfer) == CURLM_OK
    }

    func remove(_ transfer: UnsafeMutableRawPointer) {
        infowin_curl_multi_remove_handle(handle, transfer)
    }

    /// Moves every transfer along as far as it can go without waiting.
    func perform() {
        var running: Int32 = 0
        infowin_curl_multi_perform(handle, &running)
    }

    /// The transfers that finished since the last call.
    func finished() -> [Finished] {
        var done: [Finished] = []
        var left: Int32 = 0
        while let message = infowin_curl_multi_info_read(handle, &left) {
            if message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle {
                done.append(Finished(handle: easy, code: message.pointee.data.result))
            }
        }
        return done
    }

    /// Waits until a transfer has something to do or `milliseconds` have passed.
    func wait(milliseconds: Int32) {
        infowin_curl_multi_poll(handle, nil, 0, milliseconds, nil)
    }
}

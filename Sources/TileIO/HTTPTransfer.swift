import CCurl
import Glibc

/// One attempt at fetching one URL: owns its libcurl easy handle and error buffer, collects the body,
/// refuses private addresses when asked and says what the attempt came to.
///
/// libcurl's callbacks reach it through an unretained pointer, so whoever adds `handle` to a multi handle
/// keeps the transfer alive until the handle is removed again.
final class HTTPTransfer {
    /// Why libcurl would not take an option; lower case.
    struct SetupError: Error {
        let message: String
    }

    /// What an attempt came to: final, or worth another attempt (with the result to give if none is left).
    package enum Outcome {
        case done(HTTPTileResult)
        case retry(HTTPTileResult)
    }

    /// A tile is a few hundred kilobytes; anything past this is not a tile, and must not fill the memory.
    static let maximumBodySize = 16 * 1024 * 1024
    static let maximumRedirects = 5

    let handle: UnsafeMutableRawPointer
    /// The position of the URL in the list being fetched.
    let index: Int
    /// 1 for the first attempt.
    let attempt: Int
    private let settings: HTTPSettings
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var body: [UInt8] = []
    private var bodyTooLarge = false
    private var refusedAddress: String?

    init(url: String, index: Int, attempt: Int, settings: HTTPSettings) throws(SetupError) {
        guard let handle = infowin_curl_easy_init() else { throw SetupError(message: "libcurl cannot start a transfer") }
        self.handle = handle
        self.index = index
        self.attempt = attempt
        self.settings = settings
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try configure(url: url)
    }

    deinit {
        infowin_curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    private func configure(url: String) throws(SetupError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        var codes = [
            infowin_easy_setopt_str(handle, CURLOPT_URL, url),
            infowin_easy_setopt_str(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            infowin_easy_setopt_str(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            infowin_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, settings.followsRedirects ? 1 : 0),
            infowin_easy_setopt_long(handle, CURLOPT_MAXREDIRS, Self.maximumRedirects),
            infowin_easy_setopt_str(handle, CURLOPT_USERAGENT, settings.userAgent),
            infowin_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, settings.timeoutMilliseconds),
            // Signals cannot be used for timeouts when several threads each run transfers.
            infowin_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
            infowin_easy_setopt_ptr(handle, CURLOPT_ERRORBUFFER, errorBuffer),
            // Refuses a declared size early; the write callback catches bodies that do not declare one.
            infowin_easy_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(Self.maximumBodySize)),
            infowin_easy_setopt_ptr(handle, CURLOPT_WRITEDATA, context),
            infowin_easy_setopt_write_function(handle) { data, size, count, context in
                guard let context else { return 0 }
                let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue()
                return transfer.receive(UnsafeRawBufferPointer(start: data, count: size * count))
            },
        ]
        if settings.refusal != nil {
            codes += [
                // A proxy would resolve and connect to the tile host itself, out of reach of the check
                // below, so the environment's proxy settings are ignored while private networks are refused.
                infowin_easy_setopt_str(handle, CURLOPT_PROXY, ""),
                infowin_easy_setopt_ptr(handle, CURLOPT_OPENSOCKETDATA, context),
                // Checked on the address each connection is about to use, before any socket exists: every
                // redirect hop and every address a name resolves to passes here, and a name cannot resolve
                // to one address when checked and another when used.
                infowin_easy_setopt_opensocket_function(handle) { context, _, address in
                    guard let context, let address else { return CURL_SOCKET_BAD }
                    let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue()
                    return transfer.openSocket(address)
                },
            ]
        }
        if let failed = codes.first(where: { $0 != CURLE_OK }) {
            throw SetupError(message: "libcurl refused an option: \(Self.describe(failed))")
        }
    }

    private func receive(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard body.count + bytes.count <= Self.maximumBodySize else {
            bodyTooLarge = true
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    private func openSocket(_ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
        guard let ip = IPAddress(infowin_sockaddr_address(address)) else {
            refusedAddress = "of address family \(address.pointee.family)"
            return CURL_SOCKET_BAD
        }
        if let kind = settings.refusal?(ip) {
            refusedAddress = "\(ip), \(kind)"
            return CURL_SOCKET_BAD
        }
        return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
    }

    /// What the attempt came to, given the code libcurl finished it with.
    func outcome(_ code: CURLcode) -> Outcome {
        let attempts = "\(TileHTTPClient.attempts) tries"
        switch code {
        case CURLE_OK:
            var status = 0
            _ = infowin_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            switch status {
            // 204 is how some servers say "no tile here" (an empty ocean), as 404 is.
            case 204, 404: return .done(.notFound(status: status))
            case 200..<300: return .done(.ok(body))
            case 300..<400 where !settings.followsRedirects:
                return .done(.failed("HTTP \(status), a redirect, which is not followed for this URL (give the URL it leads to)"))
            case 500..<600: return .retry(.failed("HTTP \(status) after \(attempts)"))
            default: return .done(.failed("HTTP \(status)"))
            }
        case CURLE_COULDNT_CONNECT where refusedAddress != nil:
            let host = effectiveHost() ?? "of the URL"
            return .done(.refused(TileHostCheck.refusal(host: host, address: refusedAddress ?? "")))
        case CURLE_WRITE_ERROR where bodyTooLarge, CURLE_FILESIZE_EXCEEDED:
            return .done(.failed("response larger than \(Self.maximumBodySize / 1024 / 1024) MB"))
        case CURLE_TOO_MANY_REDIRECTS:
            return .done(.failed("a redirect loop or more than \(Self.maximumRedirects) redirects"))
        case CURLE_COULDNT_RESOLVE_HOST:
            return .retry(.failed("could not resolve host \"\(effectiveHost() ?? "of the URL")\" (\(attempts))"))
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .done(.failed(errorMessage(code)))
        case CURLE_OPERATION_TIMEDOUT:
            return .retry(.failed("timed out after \(settings.timeoutText) s (\(attempts))"))
        default:
            return .retry(.failed("\(errorMessage(code)) (\(attempts))"))
        }
    }

    /// libcurl's detailed message when it wrote one, else the text of the code; lower case.
    private func errorMessage(_ code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        let message = detail.isEmpty ? Self.describe(code) : detail
        return message.prefix(1).lowercased() + message.dropFirst()
    }

    /// The host of the URL last tried (the redirect target after a redirect).
    private func effectiveHost() -> String? {
        var url: UnsafeMutablePointer<CChar>?
        guard infowin_easy_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &url) == CURLE_OK, let url else { return nil }
        return URLOrigin(String(cString: url))?.host
    }

    private static func describe(_ code: CURLcode) -> String {
        String(cString: infowin_curl_easy_strerror(code))
    }
}

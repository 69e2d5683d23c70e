/// RFC 9457's `application/problem+json`, the one shape every error answer has: the server's own refusals
/// (framing, limits) and the services' alike.
extension HTTPResponse {
    /// An error answer: `status`, its reason phrase as `title`, and `detail`, with `headers` added.
    package static func problem(_ status: Int, _ detail: String, headers: [HTTPHeaderField] = []) -> HTTPResponse {
        let body = "{\"type\": \"about:blank\", \"title\": \(jsonString(reasonPhrase(status))), \"status\": \(status), \"detail\": \(jsonString(detail))}\n"
        return HTTPResponse(status: status, headers: [HTTPHeaderField("Content-Type", "application/problem+json")] + headers, body: Array(body.utf8))
    }

    /// RFC 9110's reason phrase for `status` ("Error" for one this server never sends).
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Error"
        }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters (C0, C1, U+2028/9) escaped.
    private static func jsonString(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: output += "\\\""
            case 0x5C: output += "\\\\"
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
                let digits = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}

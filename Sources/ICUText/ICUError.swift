internal import CICU

/// A failure reported by ICU: what was asked and ICU's name for the error (`U_ILLEGAL_ARGUMENT_ERROR`).
public struct ICUError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What infowin asked ICU to do.
    public let operation: String
    /// ICU's name for the error code.
    public let code: String

    /// "operation failed (U_…)", for messages.
    public var description: String { "\(operation) failed (\(code))" }

    /// An error of `operation` with ICU's `code` name; members of ICUText's public types name no C type
    /// (see `failed`), so the status is read by `icuError` below.
    init(operation: String, code: String) {
        self.operation = operation
        self.code = code
    }
}

/// The error ICU reported with `status` for `operation`.
func icuError(_ operation: String, _ status: UErrorCode) -> ICUError {
    ICUError(operation: operation, code: String(cString: infowin_u_errorName(status)))
}

/// Whether an ICU status is an error (warnings, which are negative, are not). A free function, not an
/// extension of `UErrorCode`: an extension of a C type would make every client of ICUText load ICU's
/// headers, which clash with Foundation's own copy of ICU in any module that imports both.
func failed(_ status: UErrorCode) -> Bool { status.rawValue > U_ZERO_ERROR.rawValue }

/// Runs `call`, which reports through a status, and throws when ICU says it failed.
func checked<Result>(_ operation: String, _ call: (inout UErrorCode) -> Result) throws(ICUError) -> Result {
    var status = U_ZERO_ERROR
    let result = call(&status)
    guard !failed(status) else { throw icuError(operation, status) }
    return result
}

/// The UTF-16 text an ICU function writes into a buffer it is given, asked again with a larger buffer when
/// the first is too small.
func utf16Text(
    _ operation: String, _ write: (UnsafeMutablePointer<UChar>, Int32, inout UErrorCode) -> Int32
) throws(ICUError) -> String {
    var capacity: Int32 = 64
    while true {
        var buffer = [UChar](repeating: 0, count: Int(capacity))
        var status = U_ZERO_ERROR
        let length = buffer.withUnsafeMutableBufferPointer { write($0.baseAddress!, capacity, &status) }
        if status == U_BUFFER_OVERFLOW_ERROR, length > capacity {
            capacity = length
            continue
        }
        guard !failed(status) else { throw icuError(operation, status) }
        return String(decoding: buffer.prefix(Int(length)), as: UTF16.self)
    }
}

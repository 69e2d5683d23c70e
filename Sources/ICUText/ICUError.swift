internal import CICU

/// A failure reported by ICU: what was asked and ICU's name for the error (`U_ILLEGAL_ARGUMENT_ERROR`).
package struct ICUError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What infowin asked ICU to do.
    let operation: String
    /// ICU's name for the error code.
    package let code: String

    /// "operation failed (U_…)", for messages.
    package var description: String { "\(operation) failed (\(code))" }

    /// An error of `operation` with ICU's `code` name; members of ICUText's package types name no C type
    /// (see `failed`), so the status is read by `icuError` below.
    init(operation: String, code: String) {
        self.operation = operation
        self.code = code
    }
}

/// An ICU status code as the bridge reports it (ICU's `UErrorCode`: 0 success, negative warnings, positive
/// errors); see `icu_bridge.h` for why Swift never sees ICU's own types.
typealias ICUStatus = Int32

/// The error ICU reported with `status` for `operation`.
func icuError(_ operation: String, _ status: ICUStatus) -> ICUError {
    ICUError(operation: operation, code: String(cString: infowin_icu_error_name(status)))
}

/// Whether an ICU status is an error (warnings, which are negative, are not).
func failed(_ status: ICUStatus) -> Bool { status > INFOWIN_ICU_SUCCESS }

/// Runs `call`, which reports through a status, and throws when ICU says it failed.
func checked<Result>(_ operation: String, _ call: (inout ICUStatus) -> Result) throws(ICUError) -> Result {
    var status: ICUStatus = INFOWIN_ICU_SUCCESS
    let result = call(&status)
    guard !failed(status) else { throw icuError(operation, status) }
    return result
}

/// The UTF-16 text an ICU function writes into a buffer it is given, asked again with a larger buffer when
/// the first is too small.
func utf16Text(
    _ operation: String, _ write: (UnsafeMutablePointer<UInt16>, Int32, inout ICUStatus) -> Int32
) throws(ICUError) -> String {
    var capacity: Int32 = 64
    while true {
        var buffer = [UInt16](repeating: 0, count: Int(capacity))
        var status: ICUStatus = INFOWIN_ICU_SUCCESS
        let length = buffer.withUnsafeMutableBufferPointer { write($0.baseAddress!, capacity, &status) }
        if status == INFOWIN_ICU_BUFFER_OVERFLOW, length > capacity {
            capacity = length
            continue
        }
        guard !failed(status) else { throw icuError(operation, status) }
        return String(decoding: buffer.prefix(Int(length)), as: UTF16.self)
    }
}

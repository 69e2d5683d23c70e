import FuzzSupport
import InfoWinKit

/// libFuzzer target: hostile localisation input must be refused or filled in, never crash or hang. Each
/// kind of input has a function of its own below; every one is given the same bytes.
public func fuzzLocalisation(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    fuzzFormatString(bytes)
    return 0
}

// MARK: - Format strings and their arguments

/// Locales of every plural system and of other digits; a third part of the input may name another.
private let locales = ["en", "ar", "pl", "cy", "ja", "hi", "fr", "de", "ar-XB", "en-XA"]

/// The bytes as NUL-separated parts: a format string, then up to 8 arguments (a number when the part reads
/// as one to Swift, `nan` and `inf` included, else a text). The format is filled as a plain string, as both
/// forms of a plural, as a device variation and as a substitution's form, in a locale the input picks.
func fuzzFormatString(_ bytes: [UInt8]) {
    let parts = bytes.split(separator: 0, maxSplits: 9, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    guard let format = parts.first else { return }
    let arguments = parts.dropFirst().prefix(8).map { part in Double(part).map(FormatArgument.number) ?? .string(part) }
    let locale = parts.count > 9 ? parts[9] : locales[bytes.count % locales.count]
    let substitution = LocalisedSubstitution(
        argumentNumber: 1 + bytes.count % 3, formatSpecifier: parts.count > 2 ? parts[2] : "lld", forms: [.one: format, .other: format])
    let strings = [
        LocalisedString(value: .text(format)),
        LocalisedString(value: .plural([.one: .text(format), .few: .text("%lld " + format), .other: .text(format)])),
        LocalisedString(value: .device(["iphone": .text(format)])),
        LocalisedString(value: .text("%#@s@ " + format), substitutions: ["s": substitution]),
    ]
    for string in strings { _ = try? string.resolved(arguments, locale: locale) }
}

@_cdecl("FuzzLocalisation_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzLocalisation(data, size) })
}

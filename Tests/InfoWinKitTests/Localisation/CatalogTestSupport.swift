import Foundation
import Testing
@testable import InfoWinKit

/// A fresh folder holding `files` (relative path → bytes), for the catalog readers' folder tests.
func catalogFolder(_ files: [String: [UInt8]]) throws -> String {
    let folder = NSTemporaryDirectory() + "infowin-catalog-\(UUID().uuidString)"
    for (path, bytes) in files {
        let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }
    return folder
}

/// `text` as UTF-8 bytes.
func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The text `key` shows in `locale`, without arguments.
func shown(_ catalog: LocalisedCatalog, _ key: String, _ locale: String) -> String? {
    catalog.lookup(key, locale: locale)?.string.value.plainText
}

/// The error a catalog reader throws, or nil.
func catalogError(_ read: () throws(InfoWinError) -> LocalisedCatalog) -> InfoWinError? {
    do throws(InfoWinError) {
        _ = try read()
        return nil
    } catch {
        return error
    }
}

/// Expects `read` to fail with a syntax error in `file` at `line` whose message contains `expected`.
func expectLineError(
    _ read: () throws(InfoWinError) -> LocalisedCatalog, file: String, line: Int, contains expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard case .syntax(let errorFile, let errorLine, _, _, let message) = catalogError(read) else {
        Issue.record("expected a syntax error", sourceLocation: sourceLocation)
        return
    }
    #expect(errorFile == file && errorLine == line, "\(message)", sourceLocation: sourceLocation)
    #expect(message.contains(expected), "\(message)", sourceLocation: sourceLocation)
}

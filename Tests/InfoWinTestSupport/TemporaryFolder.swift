import Foundation

/// A fresh folder for one test, removed when the test lets go of it.
public final class TemporaryFolder {
    /// The folder, under the system's temporary folder.
    public let url: URL

    /// Makes the folder.
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("infowin-cli-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Makes the folder with `files` in it: each text (UTF-8) at its relative path.
    public convenience init(holding files: KeyValuePairs<String, String>) throws {
        try self.init()
        for (relative, text) in files { try write(text, to: relative) }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `relative` in the folder.
    public func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// Writes `text` (UTF-8) at `relative`, making its folders; the file's URL.
    @discardableResult
    public func write(_ text: String, to relative: String) throws -> URL {
        try write(Array(text.utf8), to: relative)
    }

    /// Writes `bytes` at `relative`, making its folders; the file's URL.
    @discardableResult
    public func write(_ bytes: [UInt8], to relative: String) throws -> URL {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file
    }

    /// True when something is at `relative`.
    public func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: path(relative))
    }

    /// The bytes of the file at `relative`.
    public func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url.appendingPathComponent(relative)))
    }

    /// Every entry of the folder (or of a sub-folder), hidden ones included, sorted.
    public func entries(_ relative: String = "") throws -> [String] {
        let folder = relative.isEmpty ? url : url.appendingPathComponent(relative)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// Every regular file below `relative`, as paths relative to it, sorted.
    public func files(under relative: String) -> [String] {
        let root = path(relative)
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [String] = []
        while let item = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + item, isDirectory: &isFolder), !isFolder.boolValue {
                found.append(item)
            }
        }
        return found.sorted()
    }
}

import Foundation
import InfoWinTestSupport
import Testing

/// A library infowin opens on first use, hidden from it: a damaged file of its name first on
/// LD_LIBRARY_PATH, so that opening it fails as on a machine without it.
enum HiddenLibrary {
    /// The environment of a run that cannot open `fileName` (`libsqlite3.so.0`), its cache in `folder`.
    static func environment(hiding fileName: String, in folder: TemporaryFolder) throws -> [String: String] {
        _ = try folder.write("not a library", to: "lib/\(fileName)")
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = folder.path("lib")
        environment["XDG_CACHE_HOME"] = folder.path("cache")
        return environment
    }
}

/// Which libraries a run of infowin looked for, as the dynamic loader tells (`LD_DEBUG=libs`, dlopen's too).
enum LibraryLookups {
    /// Runs infowin with `arguments`, its cache in `folder`: its exit status and whether it looked for a
    /// library whose name starts with `prefix` (`libsqlite3`), after the ones it is linked with (Cairo).
    static func run(_ arguments: [String], lookingFor prefix: String, in folder: TemporaryFolder) throws -> (status: Int32, looked: Bool) {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "libs"
        environment["XDG_CACHE_HOME"] = folder.path("cache")
        let result = try CLI.run(arguments, environment: environment)
        #expect(result.stderr.contains("find library=libcairo"), "the loader told nothing: \(result.stderr.suffix(2_000))")
        return (result.status, result.stderr.contains("find library=\(prefix)"))
    }

    /// A render of the London example (no catalog, no map tiles) into `folder`.
    static func plainRender(in folder: TemporaryFolder) -> [String] {
        ["render", CLI.repository.appendingPathComponent("Examples/london-title-snippet/spec.json").path, "-o", folder.path("plain.png")]
    }
}

// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "infowin",
    products: [
        .executable(name: "infowin", targets: ["infowin"]),
        .library(name: "InfoWinKit", targets: ["InfoWinKit"]),
        // Snapshot tests of info windows for XCTest and Swift Testing (README, "Using infowin from Swift").
        .library(name: "InfoWinTesting", targets: ["InfoWinTesting"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CPango",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // A library opened on first use, its functions looked up once into a table: ICU's and SQLite's bridges.
        .target(name: "CLazyLibrary"),
        // SQLite's headers only (libsqlite3-dev, from `make`) behind a small bridge: the library is opened on
        // first use (see Sources/CSQLite/sqlite_bridge.c), so it is not linked.
        .target(name: "CSQLite", dependencies: ["CLazyLibrary"]),
        // libcurl's headers only (libcurl4-openssl-dev, from `make`): the library is opened on first use
        // (see its shim.h), so it is not linked, and pkg-config's `-lcurl` must not be added.
        .systemLibrary(name: "CCurl"),
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]
        ),
        // libmicrohttpd's headers only (libmicrohttpd-dev, from `make`): the library is opened by `serve` (see
        // its shim.h), so it is not linked, as libcurl is not.
        .systemLibrary(name: "CMicroHTTPD"),
        // The fast PNG writer's core, row filters and deflate: pure Swift. No unsafe flags (a package that
        // depends on infowin by version would be refused): its hot loops are kept fast in debug builds by
        // their own attributes (see RowDeflater).
        .target(name: "FastPNG"),
        // The pthread mutex and condition every target locks with.
        .target(name: "PThreadLock"),
        .target(name: "Graphics", dependencies: ["CCairo", "CPango", "CDeflate", "CTurboJPEG", "CWebP", "FastPNG", "PThreadLock"]),
        // The other C-facing room: map tiles from SQLite (MBTiles), PMTiles archives and HTTP (libcurl).
        .target(name: "TileIO", dependencies: ["CSQLite", "CCurl", "CZlib"]),
        // The third C-facing room: CLDR's plural rules and number formats from ICU.
        // ICU's C API behind a bridge in plain C types (Sources/CICU/include/icu_bridge.h): no Swift module
        // may see ICU's headers beside Foundation's own copy of ICU.
        // ICU is opened on first use (dlopen), not linked: see Sources/CICU/icu_bridge.c.
        .target(name: "CICU", dependencies: ["CLazyLibrary"]),
        .target(name: "ICUText", dependencies: ["CICU"]),
        // The HTTP room: a small server on libmicrohttpd (requests in, responses out), free of rendering,
        // for `serve` and `review`.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "PThreadLock"]),
        // VERSION and the git commit, written into the build by a prebuild script (see the plugin).
        .plugin(name: "BuildInfo", capability: .buildTool()),
        // The rendering pipeline: spec → layout → tiles and shapes → drawing → encoded image, with the
        // fingerprints written into it. No signals, no reports, no batches.
        .target(name: "InfoWinKit", dependencies: ["Graphics", "TileIO", "ICUText", "PThreadLock"], plugins: ["BuildInfo"]),
        // What CI needs above the pipeline: batches and shards, golden checks and their reports, review,
        // infowin.json, doctor, and the table of every limit. The pipeline cannot reach up into it.
        .target(name: "InfoWinCheck", dependencies: ["InfoWinKit", "Graphics", "TileIO", "ICUText", "PThreadLock"]),
        // `infowin serve`'s answers: HTTP requests → the render the CLI makes → responses.
        .target(name: "InfoWinServe", dependencies: ["InfoWinKit", "InfoWinCheck", "Graphics", "HTTPServer", "PThreadLock"]),
        .executableTarget(name: "infowin", dependencies: ["InfoWinKit", "InfoWinCheck", "Graphics", "ICUText", "InfoWinServe", "HTTPServer", "PThreadLock"]),
        .target(name: "InfoWinTesting", dependencies: ["InfoWinKit", "InfoWinCheck"]),
        // Random valid specs for the property tests and the structure-aware fuzzer, whose words, ranges and
        // plain keys come from InfoWinKit's declaration of the format.
        .target(name: "SpecGenerator", dependencies: ["InfoWinKit"], path: "Fuzz/SpecGenerator"),
        // ICU's own answers through its C API, apart from ICUText, for the tests to hold ours against.
        .target(name: "ICUReference", dependencies: ["CICU"], path: "Tests/ICUReference"),
        // What the test targets share: hand-built PNGs, temporary folders, running the infowin binary and
        // the optional tools some tests read its output with.
        .target(name: "InfoWinTestSupport", path: "Tests/InfoWinTestSupport"),
        .testTarget(
            name: "InfoWinKitTests", dependencies: ["InfoWinTestSupport", "InfoWinKit", "InfoWinCheck", "Graphics", "TileIO", "ICUText", "ICUReference", "FastPNG", "SpecGenerator"], exclude: ["Fixtures"]),
        // Golden/: the whole help and error texts, compared by TextGoldenTests (`make test-goldens-text`).
        .testTarget(name: "infowinTests", dependencies: ["InfoWinTestSupport", "infowin", "HTTPServer", "InfoWinServe", "SpecGenerator"], exclude: ["Golden"]),
        .testTarget(name: "InfoWinTestingTests", dependencies: ["InfoWinTestSupport", "InfoWinTesting", "InfoWinKit", "InfoWinCheck"]),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets, built only by `make fuzz` (INFOWIN_FUZZ=1 with -sanitize=fuzzer): libFuzzer brings
// its own main, so they cannot be linked in an ordinary build.
if Context.environment["INFOWIN_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"))
    for name in ["FuzzSpecDecoder", "FuzzPNG", "FuzzPNGWriter", "FuzzRender", "FuzzTiles", "FuzzViewTrees", "FuzzLocalisation", "FuzzCatalogs", "FuzzProjectConfig", "FuzzStaticMapQuery", "FuzzCheckResults", "FuzzGeoJSON", "FuzzHTTPHead", "FuzzVectorTile", "FuzzMapStyle", "FuzzSpriteIndex", "FuzzCloudHeaders", "FuzzStaticMapStyle"] {
        package.targets.append(.executableTarget(
            name: name, dependencies: ["InfoWinKit", "InfoWinCheck", "Graphics", "TileIO", "FuzzSupport", "SpecGenerator", "InfoWinServe", "HTTPServer"], path: "Fuzz/\(name)",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
    }
}

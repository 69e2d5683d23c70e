// swift-tools-version:6.0
import PackageDescription

// A package of an iOS team's tests that depends on infowin by URL and version, as any other would.
// INFOWIN_URL names the clone to use, a URL or a path (`make package-consumer-test` sets it to a tagged local
// clone of the commit being tested, so no network is needed); without it, the clone this example is in.
let infowin = Context.environment["INFOWIN_URL"] ?? Context.packageDirectory + "/../.."

let package = Package(
    name: "LondonCards",
    dependencies: [
        .package(url: infowin, from: "0.3.0"),
    ],
    targets: [
        .testTarget(
            name: "LondonTests",
            dependencies: [
                .product(name: "InfoWinKit", package: "infowin"),
                .product(name: "InfoWinTesting", package: "infowin"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

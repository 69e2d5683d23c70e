import CPango
import PThreadLock

/// fontconfig's configuration of the machine (its XML files parsed, its font caches mapped): the same one
/// Pango loads on its own "FcInit" thread when the first font map is made, loaded here sooner, as soon as a
/// process knows it will draw, on a core of its own while the process reads its arguments, its project
/// configuration and its spec. A cold render then waits less for it (SPEC.md, "Speed"; fontconfig's
/// configuration is about 5 ms of a cold start). Font matching is unchanged: it is `FcInit`, the call Pango makes.
package enum MachineFontConfiguration {
    private static let loading = BackgroundTask()

    /// Starts loading it, then runs `afterwards` on the same thread (work the first image needs later, kept
    /// off the other core while the configuration loads); called once, from the main thread, before any
    /// font is used.
    package static func startLoading(then afterwards: @escaping @Sendable () -> Void = {}) {
        loading.start({ _ = FcInit() }, then: afterwards)
    }

    /// Returns once the loading started by `startLoading` is done (at once when none was started), so
    /// that no font map is made while fontconfig is loading its configuration on another thread.
    static func waitUntilLoaded() {
        loading.wait()
    }
}

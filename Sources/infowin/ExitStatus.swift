/// The exit statuses of SPEC.md: 0 success, 1 the work failed, 2 the command line is wrong.
enum ExitStatus: Int32, CaseIterable {
    case success = 0
    case failure = 1
    case usage = 2

    /// What it means, a sentence: the man page's EXIT STATUS and the reference page say it.
    var meaning: String {
        switch self {
        case .success: "success."
        case .failure: "the work failed: an invalid spec, a missing or unreadable asset, images that differ; nothing half-written is left."
        case .usage: "the command line is wrong."
        }
    }

    /// Examples of its causes, for the reference page.
    var examples: String {
        switch self {
        case .success: "The image (and every other output) was written; `check` and `diff`: every image matched; `validate`: every spec is valid; `doctor`: no check is an error."
        case .failure: "An invalid spec, a missing or unreadable asset, a file that cannot be written, a failed `--fail-on` check, a golden that differs or is missing, a spec that crashed while rendering, `batch` or `check` stopped by SIGINT or SIGTERM, a `doctor` check that is an error, results that cannot be written to standard output."
        case .usage: "An unknown option, a missing `-o`, `--scale 9`, `-o card.gif` or any extension infowin does not write, `--select` naming a marker the spec does not have, two outputs that would share a name, an empty value (`-o ''`); `diff` and `check`: an image that cannot be compared (unreadable, or larger than 8192 × 8192)."
        }
    }
}

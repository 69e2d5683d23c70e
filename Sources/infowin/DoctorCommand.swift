import InfoWinCheck
import InfoWinKit

/// `infowin doctor [--font FILE…] [--hermetic-fonts] [--tile-cache DIR]`.
struct DoctorCommand: Command {
    static let name = "doctor"
    static let summary = "check this machine for what infowin needs: libraries, fonts for every script, the tile cache"
    static let usage = "infowin doctor [--font FILE…] [--hermetic-fonts] [--tile-cache DIR]"
    static let discussion = """
        Prints one line per check, each starting with ok, warning or error: the C libraries and their
        versions; ICU, opened for catalog plurals and number formats; libcurl, opened for map tiles over
        HTTP; the pinned fonts (--font, or the config file's fonts), each a file that can be read; the
        faces of the default family, Inter; a font for Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari,
        Thai, CJK, Hangul and emoji; whether the machine's own default-family faces are the pinned ones
        (when they differ, renders without the pinned fonts differ from goldens recorded with them); and
        that the tile cache folder (--tile-cache, default $XDG_CACHE_HOME/infowin/tiles) can be made and
        written, by writing a file and removing it. A problem says what to install (`apt install
        fonts-noto-cjk`). Nothing is changed or left behind.
        Exit status 1 if any check is an error, else 0 (warnings included).
        """
    static let options = FontOptions.pinning + CommonOptions.tileOptions.filter { $0.key == "--tile-cache" }

    let doctor: Doctor

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.expectNoPositionals { "doctor takes no arguments, got \($0)" }
        // The pinned files as given: one that is missing is the doctor's finding (exit 1), not a wrong
        // command line.
        doctor = Doctor(
            pinnedFonts: arguments.values["--font"] ?? [], hermetic: arguments.flags.contains("--hermetic-fonts"),
            tileCache: arguments.value("--tile-cache"))
    }

    func run() -> ExitStatus {
        let findings = doctor.findings()
        for finding in findings {
            Console.print(finding.line)
        }
        return findings.contains { $0.level == .error } ? .failure : .success
    }
}

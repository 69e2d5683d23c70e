import Graphics
import InfoWinKit

extension Doctor {
    /// The pinned fonts' files, the default family, a font for every script, and whether the machine's
    /// default-family faces are the pinned ones.
    func fonts() -> [DoctorFinding] {
        var findings = pinnedFiles()
        guard !findings.contains(where: { $0.level == .error }) else { return findings }
        let setup = FontSetup(files: pinnedFonts.compactMap(FileSystem.realPath), hermetic: hermetic)
        let library: FontLibrary
        do {
            library = try FontLibrary(setup: setup)
        } catch {
            return findings + [DoctorFinding(.error, "pinned font \(error.message) cannot be read as a font")]
        }
        findings.append(defaultFamily(in: library))
        findings += ScriptSample.all.map { script(in: library, $0) }
        if !pinnedFonts.isEmpty, let machine = try? FontLibrary(setup: .system) {
            findings.append(machineAgainstPinned(machine: machine, pinned: library))
        }
        return findings
    }

    /// Each pinned file exists and can be read; one finding for them all when they can.
    private func pinnedFiles() -> [DoctorFinding] {
        guard !pinnedFonts.isEmpty else {
            return [DoctorFinding(.ok, "no pinned fonts (--font, or the config file's fonts): renders use the machine's fonts")]
        }
        let problems = pinnedFonts.compactMap { file -> DoctorFinding? in
            do throws(FileSystemError) {
                guard FileSystem.isRegularFile(file) else {
                    let kind = FileSystem.kind(of: file)
                    return DoctorFinding(.error, "pinned font \(file): " + (kind == .missing ? "no such file" : "\(kind), not a font file"))
                }
                _ = try FileSystem.readStart(file, count: 4)
                return nil
            } catch {
                return DoctorFinding(.error, "pinned font \(file) cannot be read: \(error.reason)")
            }
        }
        guard problems.isEmpty else { return problems }
        let kind = hermetic ? "the only fonts renders use (--hermetic-fonts)" : "added to the machine's"
        return [DoctorFinding(.ok, "\(Format.count(pinnedFonts.count, "pinned font")) can be read, \(kind)")]
    }

    private var fontSource: String { pinnedFonts.isEmpty ? "the machine's fonts" : "the pinned fonts" }

    private func defaultFamily(in library: FontLibrary) -> DoctorFinding {
        let faces = DefaultFaces.faces(in: library)
        let family = Look.defaultFamily
        guard !faces.isEmpty, faces.allSatisfy({ $0.family == family }) else {
            let drawn = faces.first.map { "text is drawn with \($0.family)" } ?? "there is no font at all"
            let remedy = pinnedFonts.isEmpty || !hermetic ? "apt install fonts-inter" : "pin Inter's files with --font"
            return DoctorFinding(.warning, "the default family \(family) is not among \(fontSource): \(drawn); \(remedy)")
        }
        return DoctorFinding(.ok, "default family: " + faces.map { "\($0.family) \($0.style) (\($0.file))" }.joined(separator: ", "))
    }

    /// A face for the script's sample, as a render would find one; Latin missing is an error (nothing
    /// could be read), any other script a warning (its text would be boxes).
    private func script(in library: FontLibrary, _ script: ScriptSample) -> DoctorFinding {
        let layout = TextLayout(text: script.text, style: TextStyle(family: Look.defaultFamily, size: 13), width: nil, library: library)
        let missing = layout.missingCharacters
        guard missing.isEmpty else {
            let codes = missing.prefix(3).map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: ", ")
            let remedy = hermetic ? "pin a font that has it with --font (Debian's \(script.package) has one)" : "apt install \(script.package)"
            return DoctorFinding(script.name == "Latin" ? .error : .warning, "no font for \(script.name) among \(fontSource) (\(codes) missing): \(remedy)")
        }
        let families = layout.fontFaces.map(\.family).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return DoctorFinding(.ok, "\(script.name): \(families.joined(separator: ", "))")
    }

    /// The machine's own default-family faces against the pinned ones: when they differ, a render without
    /// the pinned fonts (no --font, no config file) draws other pixels than goldens recorded with them.
    private func machineAgainstPinned(machine: FontLibrary, pinned: FontLibrary) -> DoctorFinding {
        var differences: [String] = []
        for style in DefaultFaces.styles {
            let mine = DefaultFaces.face(for: style, in: machine), theirs = DefaultFaces.face(for: style, in: pinned)
            guard mine != theirs else { continue }
            guard let mine, let theirs else {
                differences.append("weight \(style.weight) has a face \(mine == nil ? "only among the pinned fonts" : "only on the machine")")
                continue
            }
            guard mine.file != theirs.file, (try? HashedFontFace(mine))?.hash != (try? HashedFontFace(theirs))?.hash else { continue }
            differences.append("\(mine.family) \(mine.style) (\(mine.file)) instead of the pinned \(theirs.family) \(theirs.style) (\(theirs.file))")
        }
        guard differences.isEmpty else {
            return DoctorFinding(.warning, "the machine's fonts differ from the pinned set: it draws \(differences.joined(separator: "; ")); renders without the pinned fonts differ from goldens recorded with them")
        }
        return DoctorFinding(.ok, "the machine's default-family faces are the pinned ones")
    }
}

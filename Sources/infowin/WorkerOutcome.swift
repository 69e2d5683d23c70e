import InfoWinCheck
import InfoWinKit

/// An item's outcome as it crosses from the worker process to its parent: one JSON value.
protocol WorkerOutcome: Sendable {
    /// The outcome as JSON.
    var json: JSONValue.Kind { get }
    /// The outcome read back, or nil when the JSON is not one.
    init?(json: JSONValue)
    /// The outcome of `item`, whose process died running it: `what` says how (`crashed (signal 11, SIGSEGV)`).
    init(item: BatchItem, died what: String)
}

extension WorkerOutcome {
    /// `spec.json [de]: crashed (signal 11, SIGSEGV) while rendering`.
    static func crashMessage(_ item: BatchItem, _ what: String) -> String {
        item.spec.path + SpecVariant.note(item.variant) + ": \(what) while rendering"
    }
}

extension FoundSpec {
    /// `{"path": …, "relativePath": …, "root": …}` (`root` only for a spec found in a folder).
    var json: JSONValue.Kind {
        let members = JSONValue.Kind.members(["path": .string(path), "relativePath": .string(relativePath)])
        return root.map { members.adding("root", .string($0)) } ?? members
    }

    /// A spec read back from `json`.
    init?(json: JSONValue?) {
        guard let path = json?["path"]?.string, let relativePath = json?["relativePath"]?.string else { return nil }
        self.init(path: path, relativePath: relativePath, root: json?["root"]?.string)
    }
}

// Not inlined: Swift 6.3's optimizer (CopyPropagation) crashed on these switches inlined into optional
// chains such as `message["finished"]?.number`.
extension JSONValue {
    /// The value of `key` in an object.
    @inline(never)
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The text of a string.
    @inline(never)
    var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The value of a number.
    @inline(never)
    var number: Double? {
        if case .number(let value) = kind { return value }
        return nil
    }

    /// The value of a boolean.
    @inline(never)
    var bool: Bool? {
        if case .bool(let flag) = kind { return flag }
        return nil
    }

    /// The elements of an array.
    @inline(never)
    var elements: [JSONValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// The texts of an array of strings.
    var strings: [String]? {
        guard let elements else { return nil }
        let texts = elements.compactMap(\.string)
        return texts.count == elements.count ? texts : nil
    }
}

extension CheckOutcome: WorkerOutcome {
    var json: JSONValue.Kind {
        var object = JSONValue.Kind.members([
            "spec": spec.json, "status": .string(status.rawValue), "message": .string(message),
            "changes": .list(changes.map { .string($0) }), "recorded": .bool(recorded), "seconds": .number(seconds),
            "variant": .string(variant), "goldenWasMissing": .bool(goldenWasMissing),
        ])
        if let errorKind { object = object.adding("errorKind", .string(errorKind.rawValue)) }
        if let failureKind { object = object.adding("failureKind", .string(failureKind.rawValue)) }
        if skipped { object = object.adding("skipped", .bool(true)) }
        if sampled { object = object.adding("sampled", .bool(true)) }
        if let sampleRank { object = object.adding("sampleRank", .string(String(sampleRank))) }
        if let toleranceNote { object = object.adding("toleranceNote", .string(toleranceNote)) }
        if !causes.isEmpty { object = object.adding("causes", .list(causes.map { .string($0) })) }
        if !warnings.isEmpty { object = object.adding("warnings", .list(warnings.map { .string($0) })) }
        if silenced > 0 { object = object.adding("silenced", .number(Double(silenced))) }
        if let images = reportImages {
            object = object.adding("reportImages", .members([
                "expected": images.expected.map { .string($0) } ?? .null, "actual": .string(images.actual),
                "difference": images.difference.map { .string($0) } ?? .null,
            ]))
        }
        return object
    }

    init?(json: JSONValue) {
        guard let spec = FoundSpec(json: json["spec"]), let status = json["status"]?.string.flatMap(Status.init(rawValue:)),
              let message = json["message"]?.string, let changes = json["changes"]?.strings,
              let recorded = json["recorded"]?.bool, let seconds = json["seconds"]?.number
        else { return nil }
        let images = json["reportImages"].flatMap { images in
            images["actual"]?.string.map { ReportImages(expected: images["expected"]?.string, actual: $0, difference: images["difference"]?.string) }
        }
        self.init(spec: spec, status: status, message: message, changes: changes, recorded: recorded, reportImages: images, seconds: seconds)
        variant = json["variant"]?.string ?? ""
        goldenWasMissing = json["goldenWasMissing"]?.bool ?? false
        errorKind = json["errorKind"]?.string.flatMap(InfoWinError.Kind.init(rawValue:))
        failureKind = json["failureKind"]?.string.flatMap(FailureKind.init(rawValue:))
        skipped = json["skipped"]?.bool ?? false
        sampled = json["sampled"]?.bool ?? false
        sampleRank = json["sampleRank"]?.string.flatMap { UInt64($0) }
        toleranceNote = json["toleranceNote"]?.string
        causes = json["causes"]?.strings ?? []
        warnings = json["warnings"]?.strings ?? []
        silenced = json["silenced"]?.number.map { Int($0) } ?? 0
    }

    init(item: BatchItem, died what: String) {
        self.init(spec: item.spec, status: .crash, message: Self.crashMessage(item, what))
        variant = item.variant
    }
}

/// Data-driven values (SPEC.md, "The SDK, round two"): any value in a view, a style or a marker's `pin`
/// may be a whole-string template, `"color": "{{userData.status}}"`. Before a marker is decoded, each such
/// string in its window, icon, icon view and pin (and in the top-level window it shows) is filled from the
/// marker, and the filled text is read by the value reader as the key's type, whatever the key: one
/// place for every typed key. A key that holds a template of its own (`text`, an image path) is left to it.
extension SpecDecoder {
    /// The marker keys whose values may hold data-driven values.
    static let dataDrivenMarkerKeys = ["infoWindow", "iconView", "pin", "icon"]
    /// Keys whose strings are templates of their own, filled when drawn.
    static let templateKeys: Set<String> = ["text", "image"]
    /// The key a `forEach` entry is copied with once per element when its view's data-driven values
    /// name the element (`{{item.color}}`): each copy is drawn for its own element only.
    static let forEachElementKey = "$element"

    /// The marker `value` decodes to, its data-driven values filled from its own id, title, snippet and
    /// userData first, and the top-level window it shows filled likewise when that has any.
    func decodeMarker(_ value: JSONValue, _ path: JSONPath, defaultStyle: WindowStyle) throws(InfoWinError) -> MarkerSpec {
        guard case .object(let members) = value.kind else { return try decodeMarkerFields(value, path, defaultStyle: defaultStyle) }
        let ownTemplates = members.contains { Self.dataDrivenMarkerKeys.contains($0.key) && Self.holdsTypedTemplate($0.value, key: $0.key) }
        guard ownTemplates || dataDrivenWindow != nil else { return try decodeMarkerFields(value, path, defaultStyle: defaultStyle) }
        let source = try DataSource(marker: reader.object(value, path, allowed: Self.markerKeys), decoder: self)
        var shared: InfoWindowSpec?
        var sharedError: InfoWinError?
        if let window = dataDrivenWindow {
            // Raised only if the marker's window is drawn with it (`topLevelWindowError`).
            do throws(InfoWinError) { shared = try sharedWindow(window, for: source) } catch { sharedError = error }
        }
        var fills = FilledValues()
        var filledMembers: [JSONMember] = []
        for member in members {
            guard Self.dataDrivenMarkerKeys.contains(member.key) else {
                filledMembers.append(member)
                continue
            }
            let filled = try fill(member.value, path.appending(member.key), key: member.key, from: source, into: &fills)
            filledMembers.append(JSONMember(key: member.key, value: filled))
        }
        var decoder = self
        decoder.reader.filled = fills
        var marker = try decoder.decodeMarkerFields(
            JSONValue(kind: .object(filledMembers), offset: value.offset), path, defaultStyle: shared?.style ?? defaultStyle)
        if marker.infoWindow == nil {
            marker.infoWindow = shared
            marker.sharesTopLevelWindow = true
            marker.topLevelWindowError = sharedError
        }
        return marker
    }

    /// The top-level window filled from a marker decoded elsewhere (a GeoJSON point), or nil when the
    /// top-level window holds no data-driven value.
    func filledWindow(for marker: MarkerSpec) throws(InfoWinError) -> InfoWindowSpec? {
        guard let window = dataDrivenWindow else { return nil }
        return try sharedWindow(window, for: DataSource(decoded: marker, reader: reader))
    }

    /// The top-level window filled for one marker; markers whose values fill it alike share one decoding.
    private func sharedWindow(_ window: JSONValue, for source: DataSource) throws(InfoWinError) -> InfoWindowSpec {
        var fills = FilledValues()
        let filled = try fill(window, .root.appending("infoWindow"), key: "infoWindow", from: source, into: &fills)
        if let known = dataDrivenMemo.windows[fills.texts] { return known }
        var decoder = self
        decoder.reader.filled = fills
        let decoded = try decoder.decodeInfoWindow(filled, .root.appending("infoWindow"), base: look.windowStyle)
        dataDrivenMemo.windows[fills.texts] = decoded
        return decoded
    }

    /// The top-level window as every marker shares it when its data-driven values are left out (their
    /// keys take their defaults); each marker draws its own filling of it.
    func decodeSharedDataDrivenWindow(_ window: JSONValue) -> InfoWindowSpec {
        let blank = Self.blankingTypedTemplates(window, key: "infoWindow")
        return (try? decodeInfoWindow(blank, .root.appending("infoWindow"), base: look.windowStyle)) ?? InfoWindowSpec(style: look.windowStyle)
    }

    /// True when `value` (under `key`) holds a whole-string template where a typed value is read.
    static func holdsTypedTemplate(_ value: JSONValue, key: String?) -> Bool {
        if let key, templateKeys.contains(key) { return false }
        switch value.kind {
        case .string(let text): return isWholeTemplate(text)
        case .array(let elements): return elements.contains { holdsTypedTemplate($0, key: nil) }
        case .object(let members): return members.contains { holdsTypedTemplate($0.value, key: $0.key) }
        default: return false
        }
    }

    private static func isWholeTemplate(_ text: String) -> Bool {
        text.hasPrefix("{{") && text.hasSuffix("}}") && text.utf8.count > 4
    }

    private static func blankingTypedTemplates(_ value: JSONValue, key: String?) -> JSONValue {
        if let key, templateKeys.contains(key) { return value }
        switch value.kind {
        case .string(let text) where isWholeTemplate(text):
            return JSONValue(kind: .null, offset: value.offset)
        case .array(let elements):
            return JSONValue(kind: .array(elements.map { blankingTypedTemplates($0, key: nil) }), offset: value.offset)
        case .object(let members):
            return JSONValue(kind: .object(members.map { JSONMember(key: $0.key, value: blankingTypedTemplates($0.value, key: $0.key)) }), offset: value.offset)
        default:
            return value
        }
    }

    /// `value` with each whole-string template filled from `source`, recorded in `fills`.
    private func fill(_ value: JSONValue, _ path: JSONPath, key: String?, from source: DataSource, into fills: inout FilledValues) throws(InfoWinError) -> JSONValue {
        if let key, Self.templateKeys.contains(key) { return value }
        switch value.kind {
        case .string(let text) where Self.isWholeTemplate(text):
            return fills.value(filling: text, with: try source.text(of: text, at: path))
        case .array(let elements):
            var filled: [JSONValue] = []
            for (index, element) in elements.enumerated() {
                if let copies = try perElementCopies(of: element, path.appending(index), from: source, into: &fills) {
                    filled += copies
                } else {
                    filled.append(try fill(element, path.appending(index), key: nil, from: source, into: &fills))
                }
            }
            return JSONValue(kind: .array(filled), offset: value.offset)
        case .object(let members):
            var filled: [JSONMember] = []
            for member in members {
                filled.append(JSONMember(key: member.key, value: try fill(member.value, path.appending(member.key), key: member.key, from: source, into: &fills)))
            }
            return JSONValue(kind: .object(filled), offset: value.offset)
        default:
            return value
        }
    }
}

extension SpecDecoder {
    /// A `forEach` entry whose view holds data-driven values, copied once per element of its array with
    /// those values filled from that element (`{{item.KEY}}`, `{{index}}`); nil for any other value, and for
    /// an array the marker lacks (the decoder reports what is wrong with it).
    private func perElementCopies(
        of entry: JSONValue, _ path: JSONPath, from source: DataSource, into fills: inout FilledValues
    ) throws(InfoWinError) -> [JSONValue]? {
        guard case .object(let members) = entry.kind, let view = members.first(where: { $0.key == "view" })?.value,
              Self.holdsTypedTemplate(view, key: "view"),
              case .string(let name)? = members.first(where: { $0.key == "forEach" })?.value.kind, name.hasPrefix("userData."),
              let elements = source.userData.value(at: String(name.dropFirst("userData.".count)))?.elements
        else { return nil }
        var copies: [JSONValue] = []
        for (index, element) in elements.enumerated() {
            var itemSource = source
            itemSource.item = RepeatItem(value: element.text ?? "", element: element, index: index, path: [index])
            let filled = try fill(view, path.appending("view"), key: "view", from: itemSource, into: &fills)
            copies.append(JSONValue(kind: .object(members.filter { $0.key != "view" } + [
                JSONMember(key: "view", value: filled),
                JSONMember(key: Self.forEachElementKey, value: JSONValue(kind: .number(Double(index)), offset: 0)),
            ]), offset: entry.offset))
        }
        return copies
    }
}

/// What a data-driven value may be filled from: the marker's id, title, snippet and userData, and inside
/// a `forEach` the element.
private struct DataSource {
    let id: String
    let title: String?
    let snippet: String?
    let userData: [UserDataEntry]
    let reader: ValueReader
    /// The `forEach` element whose copy of the view is being filled, if any.
    var item: RepeatItem?

    init(marker: ObjectReader, decoder: SpecDecoder) throws(InfoWinError) {
        let reader = decoder.reader
        id = try marker.required("id", reader.string)
        title = try marker.optional("title", reader.string)
        snippet = try marker.optional("snippet", reader.string)
        userData = try marker.optional("userData", decoder.decodeUserData) ?? []
        self.reader = reader
    }

    /// A marker already decoded (a GeoJSON point), its values read by `reader`.
    init(decoded marker: MarkerSpec, reader: ValueReader) {
        id = marker.id
        title = marker.title
        snippet = marker.snippet
        userData = marker.userData
        self.reader = reader
    }

    /// The text the whole-string template `text` fills in as, or an error at `path` naming why not.
    func text(of text: String, at path: JSONPath) throws(InfoWinError) -> String {
        let template: Template
        do throws(TemplateError) { template = try Template(parsing: text) } catch {
            throw reader.failure(path, error.message)
        }
        guard template.parts.count == 1, let part = template.parts.first else {
            throw reader.failure(path, "\(JSONWriter.quoted(text.abbreviated(60))) is not one template: a data-driven value is a whole string \"{{userData.KEY}}\"")
        }
        let owner = "marker \(JSONWriter.quoted(id))"
        switch part {
        case .title: return title ?? ""
        case .snippet: return snippet ?? ""
        case .id: return id
        case .userData(let key), .properties(let key):
            guard let dataPath = UserDataPath(parsing: key) else { return "" }
            switch userData.value(at: dataPath) {
            case .success(let value):
                guard let text = value.text else {
                    throw reader.failure(path, "\(part.placeholder) is \(value.kindName) in \(owner), not a value: name one of its values")
                }
                return text
            case .failure(let miss):
                throw reader.failure(path, miss.message(part.placeholder, of: owner))
            }
        case .item, .index, .itemPath:
            guard let item else {
                throw reader.failure(path, "{{item}} and {{index}} can only be used inside a forEach")
            }
            return try itemText(part, of: item, at: path)
        default:
            throw reader.failure(path, "\(text) cannot fill a typed value: a data-driven value takes {{userData.KEY}}, {{item.KEY}}, {{index}}, {{title}}, {{snippet}} or {{id}}; {{strings.…}} belongs in texts")
        }
    }
}

extension DataSource {
    /// The text of `{{item}}`, `{{index}}` or `{{item.KEY}}` for `item`, or an error at `path`.
    fileprivate func itemText(_ part: Template.Part, of item: RepeatItem, at path: JSONPath) throws(InfoWinError) -> String {
        switch part {
        case .index: return String(item.index)
        case .itemPath(let key):
            guard let itemPath = UserDataPath(parsing: key) else { return "" }
            let owner = "element \(item.index) of the forEach of marker \(JSONWriter.quoted(id))"
            switch item.element.value(at: itemPath) {
            case .success(let value):
                guard let text = value.text else { throw reader.failure(path, "{{item.\(key)}} is \(value.kindName) in \(owner), not a value") }
                return text
            case .failure(let miss):
                throw reader.failure(path, "{{item.\(key)}} names a value that \(owner) does not have: \(miss.reason)")
            }
        default:
            guard let text = item.element.text else { throw reader.failure(path, "{{item}} is \(item.element.kindName), not a value: name one of its keys, {{item.KEY}}") }
            return text
        }
    }
}

/// The top-level windows already filled, by the texts their data-driven values took.
final class DataDrivenMemo {
    var windows: [[String]: InfoWindowSpec] = [:]
}

extension FilledValues {
    /// The filled texts in order, which tell one filling from another.
    var texts: [String] { fills.map(\.text) }
}

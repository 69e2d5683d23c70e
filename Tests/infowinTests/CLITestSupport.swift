import Foundation
import InfoWinTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing

// MARK: - Specs

enum Specs {
    /// A marker object, in JSON.
    static func marker(
        _ id: String, latitude: Double = 0, longitude: Double = 0,
        title: String? = nil, snippet: String? = nil, extra: String = ""
    ) -> String {
        var fields = [
            "\"id\": \(quoted(id))",
            "\"position\": { \"latitude\": \(latitude), \"longitude\": \(longitude) }",
        ]
        if let title { fields.append("\"title\": \(quoted(title))") }
        if let snippet { fields.append("\"snippet\": \(quoted(snippet))") }
        if !extra.isEmpty { fields.append(extra) }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// A whole spec: a map centred on 0,0 at zoom 12 with `markers`.
    static func spec(
        width: Int = 390, height: Int = 300, scale: Int? = nil,
        markers: [String], selected: String? = nil
    ) -> String {
        let scaleField = scale.map { ", \"scale\": \($0)" } ?? ""
        let selectedField = selected.map { ",\n  \"selectedMarker\": \(quoted($0))" } ?? ""
        return """
            {
              "version": 1,
              "map": {
                "width": \(width), "height": \(height)\(scaleField),
                "camera": { "target": { "latitude": 0, "longitude": 0 }, "zoom": 12 }
              },
              "markers": [
                \(markers.joined(separator: ",\n    "))
              ]\(selectedField)
            }

            """
    }

    /// The London example of SPEC.md: 390 × 300 pt at scale 2, its window open.
    static let london = """
        {
          "version": 1,
          "map": {
            "width": 390, "height": 300, "scale": 2,
            "camera": { "target": { "latitude": 51.5, "longitude": -0.127 }, "zoom": 12 }
          },
          "markers": [
            { "id": "london", "position": { "latitude": 51.5, "longitude": -0.127 },
              "title": "London", "snippet": "Population: 8,174,100" }
          ],
          "selectedMarker": "london"
        }

        """

    /// A JSON string literal (escapes quotes, backslashes and control characters; the rest stays as is).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

// MARK: - Layout report

extension TemporaryFolder {
    /// The layout report written at `relative`, parsed.
    func layout(_ relative: String) throws -> [String: Any] {
        try Layout.parse(bytes(relative))
    }
}

enum Layout {
    static func parse(_ bytes: [UInt8]) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(bytes))
        guard let dictionary = object as? [String: Any] else {
            throw CLIError(description: "the layout report is not a JSON object")
        }
        return dictionary
    }

    static func number(_ value: Any?) -> Double? {
        (value as? NSNumber)?.doubleValue
    }

    /// `{ "x", "y", "width", "height" }` as numbers, or nil.
    static func rect(_ value: Any?) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let object = value as? [String: Any],
              let x = number(object["x"]), let y = number(object["y"]),
              let width = number(object["width"]), let height = number(object["height"])
        else { return nil }
        return (x, y, width, height)
    }

    /// `{ "x", "y" }` as numbers, or nil.
    static func point(_ value: Any?) -> (x: Double, y: Double)? {
        guard let object = value as? [String: Any],
              let x = number(object["x"]), let y = number(object["y"])
        else { return nil }
        return (x, y)
    }
}

/// A MapLibre sprite's index (`NAME.json`): each image's rectangle in the sheet (`NAME.png`), in the
/// sheet's pixels, and its pixel density. Read within its limits; an entry that is not an object of
/// whole non-negative numbers, or that reaches outside the sheet, is an error naming the file and the
/// JSON path.
package struct SpriteIndex {
    /// One image of the sheet.
    struct Entry: Equatable {
        let x: Int, y: Int, width: Int, height: Int
        /// Sheet pixels per point (MapLibre's `pixelRatio`; 1 when not given).
        let pixelRatio: Double
        /// A signed-distance-field icon, tinted by `icon-color` in MapLibre.
        let sdf: Bool
    }

    /// The largest index file read.
    package static let sizeLimit = 1 << 20
    /// The most images an index may name.
    package static let entryLimit = 10_000
    /// The most pixels all of an index's images may hold together (overlapping ones counted again).
    package static let pixelLimit = 4096 * 4096
    /// JSON nesting read from an index (an entry's `stretchX` is 4 levels deep).
    package static let jsonDepthLimit = 8
    /// The keys an entry may have that change nothing infowin draws (`icon-text-fit`'s, not of the subset).
    private static let unusedKeys: Set<String> = ["stretchX", "stretchY", "content", "textFitWidth", "textFitHeight"]

    let entries: [String: Entry]

    /// Reads the index `bytes` of `file`, checking every entry against a sheet of `sheetWidth` ×
    /// `sheetHeight` pixels.
    package static func read(_ bytes: [UInt8], file: String, sheetWidth: Int, sheetHeight: Int) throws(InfoWinError) -> SpriteIndex {
        guard bytes.count <= sizeLimit else {
            throw .io(file: file, message: "the sprite index is \(Format.grouped(bytes.count)) bytes: at most \(Format.bytes(sizeLimit)) is read")
        }
        let json = try JSONParser.parse(bytes, file: file, maxDepth: jsonDepthLimit)
        guard case .object(let members) = json.kind else {
            throw .invalid(file: file, path: .root, message: "expected a sprite index (a JSON object of images), got \(StyleExpressionParser.describeJSON(json))")
        }
        guard members.count <= entryLimit else {
            throw .invalid(file: file, path: .root, message: "names \(Format.grouped(members.count)) images: at most \(Format.grouped(entryLimit)) are read")
        }
        var entries: [String: Entry] = [:]
        var pixels = 0
        for member in members {
            let path = JSONPath.root.appending(member.key)
            let entry = try readEntry(member.value, path: path, file: file)
            guard entry.x + entry.width <= sheetWidth, entry.y + entry.height <= sheetHeight else {
                throw .invalid(
                    file: file, path: path,
                    message: "reaches outside the sprite sheet: \(entry.width) × \(entry.height) pixels at (\(entry.x), \(entry.y)) in a sheet of \(sheetWidth) × \(sheetHeight)")
            }
            pixels += entry.width * entry.height
            guard pixels <= pixelLimit else {
                throw .invalid(file: file, path: path, message: "the images named so far hold more than \(Format.grouped(pixelLimit)) pixels together: at most that is read")
            }
            entries[member.key] = entry
        }
        return SpriteIndex(entries: entries)
    }

    private static func readEntry(_ json: JSONValue, path: JSONPath, file: String) throws(InfoWinError) -> Entry {
        guard case .object(let members) = json.kind else {
            throw .invalid(file: file, path: path, message: "expected an image (an object with x, y, width and height), got \(StyleExpressionParser.describeJSON(json))")
        }
        var numbers: [String: Int] = [:]
        var pixelRatio = 1.0
        var sdf = false
        for member in members {
            let memberPath = path.appending(member.key)
            switch member.key {
            case "x", "y", "width", "height":
                // The sheet is at most 4,096 pixels a side: a larger number can never be inside it.
                guard case .number(let number) = member.value.kind, number >= 0, number <= 1_000_000, number.rounded() == number else {
                    throw .invalid(file: file, path: memberPath, message: "expected a whole number of pixels from 0, got \(StyleExpressionParser.describeJSON(member.value))")
                }
                numbers[member.key] = Int(number)
            case "pixelRatio":
                guard case .number(let number) = member.value.kind, number > 0, number <= 16 else {
                    throw .invalid(file: file, path: memberPath, message: "expected a pixel ratio above 0 and at most 16, got \(StyleExpressionParser.describeJSON(member.value))")
                }
                pixelRatio = number
            case "sdf":
                guard case .bool(let flag) = member.value.kind else {
                    throw .invalid(file: file, path: memberPath, message: "expected a boolean, got \(StyleExpressionParser.describeJSON(member.value))")
                }
                sdf = flag
            default:
                guard unusedKeys.contains(member.key) else {
                    throw .invalid(file: file, path: memberPath, message: "is not a sprite image's key (x, y, width, height, pixelRatio, sdf, stretchX, stretchY, content, textFitWidth, textFitHeight)")
                }
            }
        }
        for key in ["x", "y", "width", "height"] where numbers[key] == nil {
            throw .invalid(file: file, path: path, message: "expected \(JSONWriter.quoted(key)) (a whole number of pixels), got none")
        }
        return Entry(x: numbers["x"]!, y: numbers["y"]!, width: numbers["width"]!, height: numbers["height"]!, pixelRatio: pixelRatio, sdf: sdf)
    }
}

/// Why a vector tile cannot be read: it is damaged, not a Mapbox Vector Tile, or over a limit. The tile
/// is then missing from the picture, with a warning naming it and `message`.
package enum VectorTileError: Error, Equatable, Sendable {
    /// The bytes end inside a field (`what` names it).
    case truncated(String)
    /// A varint runs past ten bytes or past 64 bits.
    case badVarint
    /// A field's wire type is not one protocol buffers use (3 and 4, groups, included), or not the one
    /// the field's number needs.
    case badWireType(field: String, wireType: Int)
    /// A geometry command other than MoveTo (1), LineTo (2) and ClosePath (7).
    case unknownGeometryCommand(Int)
    /// A geometry command's count asks for more parameters than the geometry holds.
    case commandPastEnd(command: String, count: Int)
    /// A feature's tag names a key or value the layer does not have.
    case indexOutOfRange(table: String, index: Int, count: Int)
    /// A layer's version is not 1 or 2.
    case unsupportedVersion(Int)
    /// Not a well-formed tile for another reason (`reason` says which).
    case malformed(String)
    /// The tile, or the picture's tiles together, passed a limit (`limit` names it, with its value).
    case overLimit(String)

    /// What went wrong, lower case, for the warning naming the tile.
    package var message: String {
        switch self {
        case .truncated(let what): "it is truncated (it ends inside \(what))"
        case .badVarint: "it is damaged (a varint longer than 64 bits)"
        case .badWireType(let field, let wireType): "it is damaged (\(field) has wire type \(wireType))"
        case .unknownGeometryCommand(let command): "it is damaged (unknown geometry command \(command); MoveTo 1, LineTo 2 and ClosePath 7 are the commands)"
        case .commandPastEnd(let command, let count): "it is damaged (a \(command) of \(count) points runs past the end of its geometry)"
        case .indexOutOfRange(let table, let index, let count): "it is damaged (a feature's tag names \(table) \(index) of a layer of \(count))"
        case .unsupportedVersion(let version): "its layer version is \(version); Mapbox Vector Tiles 2.1 has versions 1 and 2"
        case .malformed(let reason): "it is not a Mapbox Vector Tile (\(reason))"
        case .overLimit(let limit): "it is over a limit: \(limit)"
        }
    }
}

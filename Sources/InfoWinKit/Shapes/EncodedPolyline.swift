/// Google's encoded polyline format (`GMSPath(fromEncodedPath:)`): each latitude and longitude is the
/// difference from the previous one in 1e-5 degrees, zig-zag signed, in 5-bit chunks offset by 63.
enum EncodedPolyline {
    /// Why a text is not an encoded path.
    enum Failure: Error, Equatable {
        /// A character outside `?` … `~` at this offset (in Unicode scalars).
        case badCharacter(offset: Int)
        /// The text ends inside a number, or after a latitude without its longitude.
        case cutShort
        /// A number with more chunks than any coordinate needs, at this offset.
        case tooLong(offset: Int)
        /// A coordinate beyond −90…90 or −180…180, at this index.
        case outOfRange(index: Int)
        /// More than `limit` coordinates.
        case tooMany
    }

    /// The coordinates of `text`, at most `limit` of them.
    static func decode(_ text: String, limit: Int) -> Result<[Coordinate], Failure> {
        let scalars = Array(text.unicodeScalars)
        var coordinates: [Coordinate] = []
        var offset = 0
        var latitude = 0, longitude = 0
        while offset < scalars.count {
            guard coordinates.count < limit else { return .failure(.tooMany) }
            guard case .success(let dLatitude) = number(scalars, &offset) else { return .failure(failure(scalars, offset)) }
            guard offset < scalars.count else { return .failure(.cutShort) }
            guard case .success(let dLongitude) = number(scalars, &offset) else { return .failure(failure(scalars, offset)) }
            latitude += dLatitude
            longitude += dLongitude
            let coordinate = Coordinate(latitude: Double(latitude) / 1e5, longitude: Double(longitude) / 1e5)
            guard abs(coordinate.latitude) <= 90, abs(coordinate.longitude) <= 180 else {
                return .failure(.outOfRange(index: coordinates.count))
            }
            coordinates.append(coordinate)
        }
        return .success(coordinates)
    }

    /// What stopped `number` at `offset`.
    private static func failure(_ scalars: [Unicode.Scalar], _ offset: Int) -> Failure {
        guard offset < scalars.count else { return .cutShort }
        let value = scalars[offset].value
        return value < 63 || value > 126 ? .badCharacter(offset: offset) : .tooLong(offset: offset)
    }

    /// One signed number from `offset`, which it moves past; a failure leaves `offset` where it stopped.
    private static func number(_ scalars: [Unicode.Scalar], _ offset: inout Int) -> Result<Int, Failure> {
        var result = 0, shift = 0
        while true {
            guard offset < scalars.count else { return .failure(.cutShort) }
            let value = Int(scalars[offset].value)
            guard (63...126).contains(value) else { return .failure(.badCharacter(offset: offset)) }
            // Seven chunks hold 35 bits, more than ±180 × 1e5 needs: a longer number is not a coordinate.
            guard shift <= 30 else { return .failure(.tooLong(offset: offset)) }
            let chunk = value - 63
            result |= (chunk & 0x1F) << shift
            shift += 5
            offset += 1
            if chunk < 0x20 { break }
        }
        return .success(result & 1 == 1 ? ~(result >> 1) : result >> 1)
    }

    /// `coordinates` in the format, each rounded to 1e-5 degrees.
    static func encode(_ coordinates: [Coordinate]) -> String {
        var text = ""
        var previous = (0, 0)
        for coordinate in coordinates {
            let current = (Int((coordinate.latitude * 1e5).rounded()), Int((coordinate.longitude * 1e5).rounded()))
            for delta in [current.0 - previous.0, current.1 - previous.1] {
                var value = delta < 0 ? ~(delta << 1) : delta << 1
                while value >= 0x20 {
                    text.unicodeScalars.append(Unicode.Scalar(UInt8((0x20 | (value & 0x1F)) + 63)))
                    value >>= 5
                }
                text.unicodeScalars.append(Unicode.Scalar(UInt8(value + 63)))
            }
            previous = current
        }
        return text
    }
}

extension SpecDecoder {
    /// The most values one marker's `userData` may hold, nested ones counted.
    package static let userDataValueLimit = 10_000

    /// A marker's `userData`: an object of strings, numbers, booleans, arrays and objects, nested at most
    /// `UserDataPath.depthLimit` deep, each array at most `forEachLimit` long.
    func decodeUserData(_ value: JSONValue, _ path: JSONPath) throws(InfoWinError) -> [UserDataEntry] {
        guard case .object(let members) = value.kind else {
            throw reader.mismatch(value, path, expected: "an object of strings, numbers, booleans, arrays and objects")
        }
        var count = 0
        return try members.map { member throws(InfoWinError) in
            UserDataEntry(key: member.key, value: try decodeUserDataValue(member.value, path.appending(member.key), depth: 1, count: &count))
        }
    }

    private func decodeUserDataValue(_ value: JSONValue, _ path: JSONPath, depth: Int, count: inout Int) throws(InfoWinError) -> UserDataValue {
        count += 1
        guard count <= Self.userDataValueLimit else {
            throw reader.failure(path, "the marker's userData holds more than \(Format.grouped(Self.userDataValueLimit)) values")
        }
        guard depth <= UserDataPath.depthLimit else {
            throw reader.failure(path, "userData nests deeper than \(UserDataPath.depthLimit) levels")
        }
        switch value.kind {
        case .string(let string): return .text(string)
        case .number(let number): return .text(JSONWriter.format(number))
        case .bool(let flag): return .text(flag ? "true" : "false")
        case .array(let elements):
            guard elements.count <= Self.forEachLimit else {
                throw reader.failure(path, "has \(elements.count) elements, more than the limit of \(Self.forEachLimit)")
            }
            return .list(try elements.enumerated().map { index, element throws(InfoWinError) in
                try decodeUserDataValue(element, path.appending(index), depth: depth + 1, count: &count)
            })
        case .object(let members):
            return .object(try members.map { member throws(InfoWinError) in
                UserDataMember(key: member.key, value: try decodeUserDataValue(member.value, path.appending(member.key), depth: depth + 1, count: &count))
            })
        case .null:
            throw reader.mismatch(value, path, expected: "a string, a number, a boolean, an array or an object")
        }
    }
}

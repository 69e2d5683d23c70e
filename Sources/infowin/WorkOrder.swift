#if canImport(Glibc)
import Glibc
#endif
import InfoWinCheck
import InfoWinKit

/// What a worker process is sent on its standard input, a line at a time, so that neither side ever holds
/// it whole (100,000 specs are megabytes of paths): first
/// `{"items": [[FIRST, LAST], …], "roots": ["/real/folder", …], "specs": COUNT}` (the numbers of the items
/// to do, as runs, the folders the specs were found in, and how many specs follow), then one line a spec, `[ROOT, "path", "relativePath"]`
/// (ROOT indexes `roots`; -1 for a spec given by name). A spec's root is then one string shared by all.
struct WorkOrder {
    let specs: SpecList
    let items: [Int]

    /// Writes the order of `items` of `specs` to `descriptor`, 64 KB at a time.
    static func write(specs: SpecList, items: [Int], to descriptor: Int32) throws(FileSystemError) {
        var roots: [String: Int] = [:]
        for spec in specs {
            if let root = spec.root, roots[root] == nil { roots[root] = roots.count }
        }
        let rootList = roots.sorted { $0.value < $1.value }.map { JSONValue.Kind.string($0.key) }
        let runs = Self.runs(items).map { JSONValue.Kind.list([.number(Double($0.lowerBound)), .number(Double($0.upperBound))]) }
        var text = JSONWriter.writeCompact(.members(["items": .list(runs), "roots": .list(rootList), "specs": .number(Double(specs.count))])) + "\n"
        for spec in specs {
            let root = spec.root.flatMap { roots[$0] } ?? -1
            text += "[\(root),\(JSONWriter.quoted(spec.path)),\(JSONWriter.quoted(spec.relativePath))]\n"
            if text.utf8.count >= 1 << 16 {
                try FileSystem.writeAll(Array(text.utf8), to: descriptor)
                text = ""
            }
        }
        try FileSystem.writeAll(Array(text.utf8), to: descriptor)
    }

    /// The order read from `descriptor` to its end, or nil when it is not one.
    static func read(from descriptor: Int32) -> WorkOrder? {
        var header: (items: [Int], roots: [String], specs: Int)?
        var specs = SpecList()
        var wellFormed = true
        let read = LineSplitter.readLines(from: descriptor) { line in
            guard wellFormed, let value = try? JSONParser.parse(line, maxStringBytes: 1 << 20) else {
                wellFormed = false
                return
            }
            guard let known = header else {
                header = Self.header(value)
                wellFormed = header != nil
                // Room made for what the header says, up to a million: a damaged header is no allocation.
                specs = SpecList(capacity: min(header?.specs ?? 0, 1 << 20))
                return
            }
            guard let fields = value.elements, fields.count == 3, specs.count < known.specs, let root = fields[0].number.flatMap({ Int(exactly: $0) }),
                  root >= -1, root < known.roots.count, let path = fields[1].string, let relativePath = fields[2].string
            else {
                wellFormed = false
                return
            }
            specs.append(FoundSpec(path: path, relativePath: relativePath, root: root < 0 ? nil : known.roots[root]))
        }
        guard read, wellFormed, let header, specs.count == header.specs else { return nil }
        return WorkOrder(specs: specs, items: header.items)
    }

    private static func header(_ value: JSONValue) -> (items: [Int], roots: [String], specs: Int)? {
        guard let runs = value["items"]?.elements, let roots = value["roots"]?.strings, let count = value["specs"]?.number,
              count >= 0, count < Double(Int32.max)
        else { return nil }
        var items: [Int] = []
        for run in runs {
            guard let ends = run.elements, ends.count == 2, let first = ends[0].number, let last = ends[1].number,
                  first >= 0, last >= first, last < Double(Int32.max)
            else { return nil }
            items += Int(first)...Int(last)
        }
        return (items, roots, Int(count))
    }

    /// `items` as runs of consecutive numbers, in their order.
    static func runs(_ items: [Int]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for item in items {
            if let last = runs.last, last.upperBound + 1 == item {
                runs[runs.count - 1] = last.lowerBound...item
            } else {
                runs.append(item...item)
            }
        }
        return runs
    }
}

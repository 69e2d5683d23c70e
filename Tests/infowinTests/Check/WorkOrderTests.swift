import Foundation
import InfoWinTestSupport
import Testing

@Suite("the worker's work order: a damaged one is refused, never a trap")
struct WorkOrderTests {
    @Test("orders that are not whole, out of range or not numbers exit 2 with a message", arguments: [
        "", "{}\n", #"{"items":[[0,0]],"roots":[],"specs":1}"# + "\n" + #"[1e300,"a.json","a.json"]"# + "\n",
        #"{"items":[[0,0]],"roots":[],"specs":1}"# + "\n" + #"[5,"a.json","a.json"]"# + "\n",
        #"{"items":[[3,1]],"roots":[],"specs":0}"# + "\n", #"{"items":[[0,1e300]],"roots":[],"specs":0}"# + "\n",
        #"{"items":[[0,0]],"roots":[],"specs":2}"# + "\n" + #"[-1,"a.json","a.json"]"# + "\n",
    ])
    func damagedOrdersAreRefused(order: String) throws {
        let result = try CLI.run(["--worker", "batch", "--output=out", "--no-config", "--", "."], stdin: Array(order.utf8), hangGuard: 60)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("expected a command line and its work"), "\(result.stderr)")
    }

    /// Runs a worker by hand, as the parent would: `order` on its standard input, `queue` (4-byte positions)
    /// on descriptor 4, its reports dropped.
    private func worker(order: String, queue: [UInt8], in folder: TemporaryFolder) throws -> CLIResult {
        try folder.write(order, to: "order.txt")
        try folder.write(queue, to: "queue.bin")
        let script = #"exec 4<queue.bin 3>/dev/null; exec "$0" --worker batch --output=out --no-config -- . <order.txt"#
        return try CLI.run(
            ["-c", script, try CLI.binaryURL().path], in: folder.url, executable: URL(fileURLWithPath: "/bin/bash"), hangGuard: 60)
    }

    @Test("a queue position past the order's items is skipped, never a trap; a piece of one is the end", arguments: [
        ([UInt8]([0xFF, 0xFF, 0xFF, 0xFF]), false), ([7, 0, 0, 0], false), ([0, 0], false), ([7, 0, 0, 0, 0, 0, 0, 0], true),
        ([0, 0, 0, 0], true),
    ])
    func aDamagedQueueIsNoItem(queue: [UInt8], renders: Bool) throws {
        let folder = try TemporaryFolder()
        try folder.write(smallSpec(markers: [], selected: nil), to: "a.json")
        let order = #"{"items":[[0,0]],"roots":[],"specs":1}"# + "\n" + #"[-1,"a.json","a.json"]"# + "\n"
        let result = try worker(order: order, queue: queue, in: folder)
        #expect(result.status == 0 && !result.signalled, "\(result)")
        #expect(folder.exists("out/a.png") == renders)
    }
}

import Foundation
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
}

import FuzzSupport
import InfoWinCheck
import InfoWinKit

/// libFuzzer target: any bytes read as a check run's `results.json` (`infowin report merge`) must give
/// results or an error naming the file, never crash or hang; results read are written back and read
/// again the same, every report is made from them, and their times weigh renders as `--timings` does.
public func fuzzCheckResults(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let results = try? CheckResultsReader.results(bytes, file: "results.json") else { return 0 }
    let again = try? CheckResultsReader.results(Array(CheckResultsWriter.text(results).utf8), file: "results.json")
    precondition(again == results, "results.json written back reads differently")
    _ = CheckReports.html(results)
    _ = CheckReports.junit(results, base: "report")
    _ = CheckReports.markdown(results, reportFolder: "report")
    let weights = RenderTimings(results).weights(results.specs.map(\.name) + ["not in the file"])
    precondition(weights.allSatisfy { $0 >= 0 && $0.isFinite }, "a render weighs less than nothing")
    return 0
}

@_cdecl("FuzzCheckResults_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzCheckResults(data, size) })
}

import FuzzSupport
import InfoWinCheck
import InfoWinKit

/// libFuzzer target: any bytes read as a check run's `results.json` (`infowin report merge`) must give
/// results or an error naming the file, never crash or hang; results read are written back and read
/// again the same, and every report is made from them.
public func fuzzCheckResults(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let results = try? CheckResultsReader.results(bytes, file: "results.json") else { return 0 }
    let again = try? CheckResultsReader.results(Array(CheckResultsWriter.text(results).utf8), file: "results.json")
    precondition(again == results, "results.json written back reads differently")
    _ = CheckReports.html(results)
    _ = CheckReports.junit(results, base: "report")
    _ = CheckReports.markdown(results, reportFolder: "report")
    return 0
}

@_cdecl("FuzzCheckResults_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc: argc, argv: argv, target: { data, size in fuzzCheckResults(data, size) })
}

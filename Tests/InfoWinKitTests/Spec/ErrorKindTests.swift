import Testing
@testable import InfoWinKit

@Suite("errors in three kinds: the spec, an input, the machine")
struct ErrorKindTests {
    @Test("a wrong value and bad JSON are the spec's errors; a spec file that is not there is an input's")
    func specAndInput() throws {
        #expect(throws: InfoWinError.self) { try testSpec(#"{"map": 1}"#) }
        do {
            _ = try testSpec(#"{"map": 1}"#)
        } catch let error as InfoWinError {
            #expect(error.kind == .spec)
        }
        do {
            _ = try SpecSource.read("/nonexistent/infowin/spec.json")
            Issue.record("a missing spec was read")
        } catch {
            #expect(error.kind == .input)
            #expect(error.message.hasPrefix("/nonexistent/infowin/spec.json: cannot read the spec"), "\(error.message)")
        }
    }

    @Test("a library failure is the machine's, named at the part drawn when there is one, never as a wrong value")
    func machine() {
        let drawing = InfoWinError.machine(file: "spec.json", path: .root.appending("map"), message: "cannot draw the map: out of memory")
        #expect(drawing.kind == .machine)
        #expect(drawing.message == "spec.json: map: cannot draw the map: out of memory")
        let write = InfoWinError.machine(file: "out.png", path: nil, message: "cannot write: disk full")
        #expect(write.message == "out.png: cannot write: disk full")
        #expect(InfoWinError.outOfMemory(file: "spec.json", width: 1, height: 1, bytes: 4).kind == .machine)
    }
}

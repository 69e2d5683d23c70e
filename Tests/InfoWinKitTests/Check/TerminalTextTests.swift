import Testing
@testable import InfoWinKit

@Suite("text for terminals and logs: control characters escaped")
struct TerminalTextTests {
    @Test("line breaks, escapes, C1, DEL, line separators and bidi controls are shown as escapes; the rest is kept")
    func escapes() {
        #expect(TerminalText.escaped("a\nb\r\tc") == #"a\nb\r\tc"#)
        #expect(TerminalText.escaped("\u{1B}[31m\u{0}\u{7F}\u{85}") == #"\u{1B}[31m\u{0}\u{7F}\u{85}"#)
        #expect(TerminalText.escaped("x\u{2028}y\u{2029}") == #"x\u{2028}y\u{2029}"#)
        #expect(TerminalText.escaped("\u{202E}evil\u{202C}\u{2066}\u{200F}\u{61C}") == #"\u{202E}evil\u{202C}\u{2066}\u{200F}\u{61C}"#)
        #expect(TerminalText.escaped("Zürich 北京 👍🏽 e\u{301}") == "Zürich 北京 👍🏽 e\u{301}")
    }

    @Test("JSON shown on a terminal escapes C1 controls, DEL and line separators, and reads back the same")
    func jsonEscapes() throws {
        let text = "a\u{9B}31m\u{7F}\u{2028}\u{1B}"
        let quoted = JSONWriter.quoted(text)
        #expect(quoted == #""a\u009B31m\u007F\u2028\u001B""#)
        guard case .string(let back) = try JSONParser.parse(Array(quoted.utf8)).kind else {
            Issue.record("not a string")
            return
        }
        #expect(back == text)
    }
}

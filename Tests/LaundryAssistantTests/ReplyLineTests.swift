import LaundryAssistant
import Testing

/// `Reply.Line.split` splits by bytes for speed; it must split exactly as splitting the text by
/// Characters does.
@Suite struct ReplyLineTests {
    @Test(arguments: [
        "", "\n", "one", "one\ntwo", "one\n\ntwo\n", "\n\nfirst", "Snowy 🧦 is happy\nnext: Start Wash",
        "e\u{301}\ncafe\u{301}\n", "windows\r\nline\r\n", "a\rb\nc", "\u{1F469}\u{200D}\u{1F467}\n",
    ])
    func splitsAsCharactersDo(_ text: String) {
        let lines = Reply.Line.split(text, as: .lead)
        #expect(lines.map(\.text) == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        #expect(lines.allSatisfy { $0.role == .lead })
    }
}

import LaundryCore
import Testing

/// `trimmingWhitespace()` returns a string with printable ASCII at both ends as it is; every
/// string must come out as trimming Unicode white space scalar by scalar gives it.
@Suite struct TrimmingTests {
    static func reference(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }

    @Test(arguments: [
        "", " ", "Snowy", " Snowy ", "\tSnowy\n", "Mr. Fluff 🧦", "🧦", "\u{00A0}Zoë\u{3000}", "a", "~x~",
        "e\u{301}", "x\u{301}", "\u{2003}", "Snowy\u{200B}", "status ", "\u{85}next\u{85}",
    ])
    func trimsAsUnicodeWhiteSpace(_ text: String) {
        #expect(text.trimmingWhitespace() == Self.reference(text))
    }
}

import Foundation
import LaundryAssistant
import LaundryCore
import Testing

/// A reply's spans come from what it knows: the pets it shows, the moods, its outcome.
@Suite struct ReplySpanTests {
    let at = Date(timeIntervalSince1970: 1_772_355_600)

    private func reply(_ text: String, pet: String? = nil, failed: Bool = false) -> Reply {
        Reply(input: "x", intent: .showPet, pet: pet, failure: failed ? .refused : nil, text: text, at: at)
    }

    private func described(_ spans: [Reply.Span]) -> [String] {
        spans.map { "\($0.kind.rawValue) \($0.start)+\($0.length) \($0.text)" }
    }

    @Test func petMoodAndNumbers() {
        let spans = reply("Snowy is so happy! 93% · next wash in 12:40, 1,000 cycles", pet: "Snowy").spans
        #expect(described(spans[0]) == [
            "pet_name 0+5 Snowy", "mood 6+12 is so happy!", "number 19+3 93%", "number 38+5 12:40", "number 45+5 1,000",
        ])
    }

    @Test func aPetsNameWinsOverANumberAndStandsAsAWord() {
        let spans = reply("42 is doing okay; 42x and P1 are not numbers; Snowyness is not Snowy", pet: "42").spans
        #expect(described(spans[0]) == ["pet_name 0+2 42", "mood 3+13 is doing okay"])
        let snowy = reply("Snowyness is not Snowy.", pet: "Snowy").spans
        #expect(described(snowy[0]) == ["pet_name 17+5 Snowy"])
    }

    @Test func positionsCountUnicodeScalars() {
        let spans = reply("Zoë 🧦 has died from neglect", pet: "Zoë 🧦").spans
        #expect(described(spans[0]) == ["pet_name 0+5 Zoë 🧦", "mood 6+21 has died from neglect"])
    }

    @Test func aFailedReplysFirstLineIsAWarning() {
        let spans = reply("Snowy is still washing — 12:40 left.\nSay “stop the wash for Snowy” to stop it.", pet: "Snowy", failed: true).spans
        #expect(described(spans[0]) == [
            "warning 0+36 Snowy is still washing — 12:40 left.", "pet_name 0+5 Snowy", "number 25+5 12:40",
        ])
        #expect(described(spans[1]) == ["pet_name 23+5 Snowy"])
    }

    @Test func aVeryLongLineHasNone() {
        let long = String(repeating: "Snowy 42 ", count: Reply.maximumSpannedLength / 9 + 1)
        #expect(reply(long, pet: "Snowy").spans == [[]])
        #expect(reply(String(long.prefix(Reply.maximumSpannedLength)), pet: "Snowy").spans[0].count > 100)
    }

    @Test func aLineWithNothingHasNoSpans() {
        #expect(reply("Hello! Type “help” to see what you can say.").spans == [[]])
    }
}

import LaundryCore
import LaundryGrammar
import Testing

/// A fixed value written in a template (`{until=weekday:2}`) is read when the grammar is
/// compiled: the matcher hands on the typed value, and a value the slot cannot hold is the
/// grammar's mistake, at its line.
@Suite struct FixedSlotValueTests {
    static func source(_ template: String) -> String {
        """
        intent pause_pet
          pause {pet} for a while
          \(template)
        """
    }

    @Test func aFixedValueIsReadWhenCompiled() throws {
        let grammar = try Grammar(source: Self.source("pause {pet} till next week {until=weekday:2}"))
        let command = grammar.match("pause snowy till next week", pets: PetNameIndex(names: ["Snowy"]))
        #expect(command.intent == .pausePet && command[.until]?.content == .pauseBound(.day(.weekday(2), at: nil)))
        let open = try Grammar(source: Self.source("pause {pet} forever {until=open}"))
        #expect(open.match("pause snowy forever", pets: PetNameIndex(names: ["Snowy"]))[.until]?.pauseBound == .open)
        let timed = try Grammar(source: Self.source("pause {pet} till tonight {until=+0@19:30}"))
        #expect(timed.match("pause snowy till tonight", pets: PetNameIndex(names: ["Snowy"]))[.until]?.pauseBound
            == .day(.daysFromToday(0), at: ClockTime(hour: 19, minute: 30)))
    }

    @Test(arguments: ["weekday:9", "weekday:x", "for:2:fortnight", "for:0:day", "dom:32", "date:13:1", "+1@25:00", "sometime"])
    func aValueTheSlotCannotHoldIsAMistakeAtItsLine(_ value: String) {
        let error = GrammarError.compiling(Self.source("pause {pet} till then {until=\(value)}"))
        #expect(error?.line == 3, "\(value): \(String(describing: error))")
        #expect(error?.message.contains("{until=\(value)}") == true, "\(value): \(String(describing: error))")
    }

    @Test func aNumberSlotTakesANumberOnly() {
        #expect(GrammarError.compiling(Self.source("pause {pet} a lot {count=3}")) == nil)
        #expect(GrammarError.compiling(Self.source("pause {pet} a lot {count=many}"))?.line == 3)
        #expect(GrammarError.compiling(Self.source("pause {pet} at once {at=now}"))?.line == 3, "an instant is never fixed")
    }
}

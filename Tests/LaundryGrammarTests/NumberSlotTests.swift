import EnglishGrammar
import Foundation
import LaundryGrammar
import Testing

/// The number slots at their edges: whatever digits a user types, a slot reads them
/// without trapping, and keeps what the assistant needs to answer with the range — a number too
/// big saturates at ``SlotNumber/ceiling``, a negative one stays negative, a fraction stays a
/// fraction. Words that are no number stay not understood.
@Suite struct NumberSlotTests {
    static let pets = PetNameIndex(names: ["Snowy"])
    static let ceiling = String(SlotNumber.ceiling)

    /// The value of `slot` in `line`, or nil when the line does not give one.
    func value(_ line: String, _ slot: SlotKind) throws -> String? {
        try Grammar.english.match(line, pets: Self.pets)[slot]?.value
    }

    @Test func hugeNumbersSaturateInsteadOfTrapping() throws {
        #expect(try value("wash snowy every 99999999999999999999 days", .days) == Self.ceiling)
        #expect(try value("/quick 9223372036854775807", .count) == Self.ceiling)
        #expect(try value("/quick 9223372036854775808", .count) == Self.ceiling, "Int.max + 1")
        #expect(try value("/transcript 99999999999999999999", .count) == Self.ceiling)
        #expect(try value("history for snowy last 2000000000000000000 weeks", .range) == "last_\(Self.ceiling)_days")
        #expect(try value("set snowy wash time to 99999999999999999999 hours", .minutes) == Self.ceiling,
                "too long is still a duration, so the assistant can say the range")
        #expect(try value("/transcript " + String(repeating: "9", count: 40), .count) == Self.ceiling)
        #expect(try value("set snowy wash time to -9223372036854775808 minutes", .minutes) == "-\(Self.ceiling)")
        #expect(try value("wash snowy every 100000000000000000000 days", .days) == Self.ceiling, "1e20 in digits")
    }

    @Test func numbersInsideTheCeilingAreExact() throws {
        #expect(try value("/transcript 999999999", .count) == "999999999")
        #expect(try value("/transcript 0007", .count) == "7", "leading zeros")
        #expect(try value("set snowy wash time to 1.1 hours", .minutes) == "66", "no binary rounding: 1.1 × 60 is 66")
        #expect(try value("set snowy wash time to 16666666.65 hours", .minutes) == "999999999")
        #expect(try value("set snowy wash time to 16666666.7 hours", .minutes) == Self.ceiling)
    }

    @Test func zeroIsANumber() throws {
        #expect(try value("/quick 0", .count) == "0")
        #expect(try value("set snowy wash time to 0 minutes", .minutes) == "0")
        #expect(try value("wash snowy every 0 days", .days) == "0")
        #expect(try value("history last 0 days", .range) == "last_0_days", "understood, so the answer can say the range")
    }

    @Test func aMinusSignIsKept() throws {
        #expect(try value("set snowy wash time to -5 minutes", .minutes) == "-5", "not 5")
        #expect(try value("set snowy wash time to −5 minutes", .minutes) == "-5", "U+2212 MINUS SIGN")
        #expect(try value("set snowy’s wash time to -5 minutes", .minutes) == "-5", "the tokenizer's Unicode path")
        #expect(try value("set snowy wash time to -1h15m", .minutes) == "-75", "the sign is the whole duration's")
        #expect(try value("set snowy wash time to -0h80", .minutes) == "-80", "minus zero hours is still a minus (found by the fuzz)")
        #expect(try value("set snowy wash time to -0 hours and 67 minutes", .minutes) == "-67")
        #expect(try value("wash snowy every -3 days", .days) == "-3")
        #expect(try value("/quick -1", .count) == "-1")
        #expect(try value("history last -2 weeks", .range) == "last_-14_days")
        #expect(try value("set snowy wash time to +5 minutes", .minutes) == "5")
        // Before a word number too, though the tokenizer strips it from the word.
        #expect(try value("set snowy wash time to -five minutes", .minutes) == "-5")
        #expect(try value("set snowy wash time to -forty-five", .minutes) == "-45")
        #expect(try value("wash snowy every −three days", .days) == "-3")
        #expect(try value("/quick -two", .count) == "-2")
        #expect(try value("history last -a hundred days", .range) == "last_-100_days")
        #expect(try value("set snowy wash time to -half an hour", .minutes) == nil, "not understood, never 30")
        #expect(try Grammar.english.match("create pet -five", pets: Self.pets)[.name]?.text == "five", "names are as before")
        #expect(try value("set snowy wash time to 1 hour -15 minutes", .minutes) == nil,
                "a sign inside a duration is not understood")
        #expect(try value("set snowy wash time to --5 minutes", .minutes) == "-5", "the sign next to the digit counts")
    }

    @Test func fractionsStayFractionsWhereTheUnitIsWhole() throws {
        // 7.5 days is not a whole number of days: the assistant refuses it with the range rather
        // than rounding it to 8 behind the user's back.
        #expect(try value("wash snowy every 7.5 days", .days) == "7.5")
        #expect(try value("/frequency 7.5", .days) == "7.5")
        #expect(try value("wash snowy every 1.5 weeks", .days) == "10.5")
        #expect(try value("set snowy wash time to 7.5 minutes", .minutes) == "7.5")
        #expect(try value("set snowy wash time to half a minute", .minutes) == "0.5")
        #expect(try value("/transcript 1.5", .count) == "1.5")
        #expect(try value("history last 1.5 weeks", .range) == "last_10.5_days")
        // A fraction of a bigger unit that makes whole minutes or days is whole.
        #expect(try value("set snowy wash time to 1.5 hours", .minutes) == "90")
        #expect(try value("set snowy wash time to .5 hours", .minutes) == "30", "not 5 hours")
        #expect(try value("wash snowy every 0.5 weeks", .days) == "3.5")
        #expect(try value("set snowy wash time to 1.125 hours and half a minute", .minutes) == "68")
    }

    /// Quarters as people say them, like halves (found by a blind set: "an hour and a quarter" was
    /// read as 60).
    @Test func quartersAreReadLikeHalves() throws {
        #expect(try value("set snowy dry time to an hour and a quarter", .minutes) == "75")
        #expect(try value("set snowy dry time to one and a quarter hours", .minutes) == "75")
        #expect(try value("set snowy dry time to an hour and three quarters", .minutes) == "105")
        #expect(try value("set snowy dry time to a quarter of an hour", .minutes) == "15")
        #expect(try value("set snowy dry time to quarter an hour", .minutes) == "15")
        #expect(try value("set snowy dry time to an hour and a half", .minutes) == "90")
    }

    @Test func timesAWeekRoundsToWholeDaysAndCanBeTooOften() throws {
        #expect(try value("wash snowy twice a week", .days) == "4")
        #expect(try value("wash snowy 3 times a week", .days) == "2")
        #expect(try value("wash snowy 7 times a week", .days) == "1")
        #expect(try value("wash snowy 20 times a week", .days) == "0", "more often than daily: out of range, not 1")
        #expect(try value("wash snowy 0 times a week", .days) == Self.ceiling, "never: too far apart")
        #expect(try value("wash snowy 99999999999999999999 times a week", .days) == "0")
    }

    @Test func wordNumbersAndUnitsAtEverySlot() throws {
        #expect(try value("set snowy wash time to a hundred and twenty minutes", .minutes) == "120")
        #expect(try value("set snowy wash time to forty-five", .minutes) == "45")
        #expect(try value("wash snowy every forty-five days", .days) == "45")
        #expect(try value("/transcript forty-five", .count) == "45")
        #expect(try value("history last forty-five days", .range) == "last_45_days")
        #expect(try value("history last 2 months", .range) == "last_60_days")
    }

    @Test func wordsThatAreNoNumberAreNotUnderstood() throws {
        let grammar = try Grammar.english
        for line in [
            "set snowy wash time to twenty twenty minutes", "set snowy wash time to 1e20 minutes",
            "/transcript 1.2.3", "wash snowy every 1,000 days",
        ] {
            let command = grammar.match(line, pets: Self.pets)
            #expect(command[.minutes] == nil && command[.days] == nil && command[.count] == nil, "\(line) → \(command)")
        }
    }

    @Test func slotNumbersReadTheirTextBack() {
        #expect(SlotNumber(text: "75") == .whole(75))
        #expect(SlotNumber(text: "-5") == .whole(-5))
        #expect(SlotNumber(text: "7.5") == .fraction(7.5))
        #expect(SlotNumber(text: "9223372036854775807") == .whole(SlotNumber.ceiling), "saturates")
        #expect(SlotNumber(text: "-9223372036854775808") == .whole(-SlotNumber.ceiling), "no trap on Int.min")
        #expect(SlotNumber(text: "99999999999999999999.5") == .whole(SlotNumber.ceiling))
        #expect(SlotNumber(text: "five") == nil && SlotNumber(text: "") == nil && SlotNumber(text: "nan") == nil)
        #expect(SlotNumber.whole(7).text == "7" && SlotNumber.fraction(7.5).text == "7.5")
        #expect(SlotNumber.whole(30).whole(in: 1...30) == 30)
        #expect(SlotNumber.whole(31).whole(in: 1...30) == nil && SlotNumber.fraction(7.5).whole(in: 1...30) == nil)
    }
}

import Foundation
import LaundryCore
internal import LaundryGrammar

/// Which of a numbered or listed choice a short answer picks: "2", "#2", "2)", "number 2", "the
/// second", "2nd one", "the last one". The answer to "which pet — Snowy or Fluffy?" and to "did you
/// mean 1) … 2) …?". The words are the grammar's (``WordRole``: choice_filler, ordinal,
/// choice_number, ordinal_suffix, last).
enum ChoiceAnswer {
    /// The 1-based choice the answer names among `count`, or nil when it names none (also when
    /// its number is past the end: the caller says so with ``number(in:)``).
    static func pick(_ input: String, among count: Int, grammar: Grammar) -> Int? {
        guard let number = number(in: input, grammar: grammar), (1...count).contains(number == .max ? count : number) else { return nil }
        return number == .max ? count : number
    }

    /// The number an answer names, `Int.max` for "the last", nil when it is no such answer.
    static func number(in input: String, grammar: Grammar) -> Int? {
        var words = input.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
            .map { $0.trimmingCharacters(in: .punctuationCharacters) }.filter { !$0.isEmpty }
        // "the second one", "number 2", "#2", "no. 2", "option 3", "2 please".
        let fillers = Set(grammar.words(.choiceFiller))
        words.removeAll { fillers.contains($0) }
        guard words.count == 1, let word = words.first else { return nil }
        if let number = Int(word), number > 0, number < 1000 { return number }
        if let index = grammar.words(.ordinal).firstIndex(of: word) { return index + 1 }
        if let index = grammar.words(.choiceNumber).firstIndex(of: word) { return index + 1 }
        for suffix in grammar.words(.ordinalSuffix) where word.count > suffix.count && word.hasSuffix(suffix) {
            if let number = Int(word.dropLast(suffix.count)), number > 0, number < 1000 { return number }
        }
        return grammar.words(.last).contains(word) ? .max : nil
    }
}

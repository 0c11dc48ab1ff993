import Foundation
import LaundryCore

/// Which of a numbered or listed choice a short answer picks: "2", "#2", "2)", "number 2", "the
/// second", "2nd one", "the last one". The answer to "which pet — Snowy or Fluffy?" and to "did you
/// mean 1) … 2) …?".
enum ChoiceAnswer {
    /// The 1-based choice the answer names among `count`, or nil when it names none (also when
    /// its number is past the end: the caller says so with ``number(in:)``).
    static func pick(_ input: String, among count: Int) -> Int? {
        guard let number = number(in: input), (1...count).contains(number == .max ? count : number) else { return nil }
        return number == .max ? count : number
    }

    /// The number an answer names, `Int.max` for "the last", nil when it is no such answer.
    static func number(in input: String) -> Int? {
        var words = input.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
            .map { $0.trimmingCharacters(in: .punctuationCharacters) }.filter { !$0.isEmpty }
        // "the second one", "number 2", "#2", "no. 2", "option 3", "2 please".
        words.removeAll { fillers.contains($0) }
        guard words.count == 1, let word = words.first else { return nil }
        if let number = Int(word), number > 0, number < 1000 { return number }
        if let index = ordinals.firstIndex(of: word) { return index + 1 }
        if let index = cardinals.firstIndex(of: word) { return index + 1 }
        if word.count > 2, let number = Int(word.dropLast(2)), number > 0, number < 1000,
           ["st", "nd", "rd", "th"].contains(String(word.suffix(2))) { return number }
        return word == "last" ? .max : nil
    }

    private static let fillers: Set<String> = ["the", "one", "no", "number", "option", "choice", "pet", "please", "pls", "that", "#"]
    private static let ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
    private static let cardinals = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
}

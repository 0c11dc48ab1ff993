import EnglishGrammar
@testable import LaundryGrammar

extension SlotParsers {
    /// The English grammar's slot parsers, which the parser tests read words with.
    static var english: SlotParsers {
        // (The built-in grammar is compiled at build time: reading it fails only when its tables
        // are damaged, which its own tests report.)
        try! Grammar.english.slotParsers
    }
}

/// Words the reader of a line looks for by what they do there, not by what they mean: the
/// grammar names them (`words ROLE = WORD | WORD …`), so that the engine holds no word of any
/// language.
public enum WordRole: String, CaseIterable, Sendable {
    /// Starts why, or while what, a command is asked, said after it: "pause snowy *while* im at
    /// camp", "freeze fluffy *because* I'm in hospital".
    case reason
    /// Starts a reason only before a ``reasonSubject`` ("start the washing for Fluffy *as* it is
    /// Sunday"); elsewhere it is a word of its own ("as well as", "export it as csv").
    case looseReason = "loose_reason"
    /// After a ``looseReason`` word, says that a reason starts there: "as *it* is", "as *we* are".
    case reasonSubject = "reason_subject"
    /// After which what is asked follows what is said around it: "I'll be at my mom's *so* pause
    /// fluffy".
    case then
}

/// The grammar's `words` lines: each role's words, normalised as a line's words are.
struct WordRoles: Sendable, Equatable {
    private(set) var words: [WordRole: Set<String>] = [:]

    subscript(role: WordRole) -> Set<String> { words[role] ?? [] }

    init(_ lists: [(role: WordRole, words: [String])]) {
        for (role, list) in lists {
            words[role, default: []].formUnion(list.map(Tokenizer.normalize))
        }
    }

    static let empty = WordRoles([])
}

import LaundryCore

/// What a line says about what it asks, besides the asking: that it is not wanted ("don't",
/// "not … yet"), only supposed ("what if", "should I"), someone else's doing ("my husband"), a
/// near miss ("almost") — or, as an answer to a yes/no question, doubted ("maybe") or agreed to
/// ("sure"). The words are the grammar's (`cue KIND = phrase | …`, documented at the top of
/// `Grammars/en.grammar`); a cue holds for the clause it stands in.
public struct Cue: Sendable, Equatable {
    public enum Kind: String, CaseIterable, Sendable {
        /// The line says not to: "don't", "never", "no need to", "isn't".
        case negation
        /// A no to a question, and nothing more: "no", "cancel", "wrong", "false" — which in a
        /// line of its own may well be asked for ("cancel snowy's wash", "undo that wrong one").
        case refusal
        /// Only supposed, or asked whether to: "what if", "should I", "if … I'll".
        case hypothetical
        /// Someone else's doing, told: "my husband", "she said".
        case report
        /// What nearly happened: "almost", "nearly", "was going to".
        case nearMiss = "near_miss"
        /// What follows replaces what came before ("no wait", "make that", "sorry I meant"); with
        /// nothing after it, the command before it is taken back.
        case correction
        /// "actually", "I mean": a correction when something follows it, filler otherwise.
        case restatement
        /// The line goes on from the one before: "and …", "… too", "also …".
        case followUp = "follow_up"
        /// Not sure, as an answer: "maybe", "I guess", "not sure".
        case doubt
        /// Agreeing, as an answer: "yes", "sure", "right", "correct".
        case assent
        /// A word that starts a thing, not a name ("a", "the", "my"): "create a new timer" makes
        /// no pet.
        case thing
        /// Kindness that only looks like a cue ("if you can", "no rush"): it says nothing, and
        /// hides the cue words inside it.
        case courtesy
        /// Who a clause is about, starting it: after a whole command, a clause of its own begins
        /// there, unmarked ("delete mr fluff *we* don't even use it anymore").
        case subject
        /// A line that asks for something: "please", "could you", "I would like" — which lets a
        /// part of a long line be read as what it asks (a line that only tells, "my grandson did
        /// all his own washing yesterday", asks nothing).
        case request

        /// The kinds that say a line asks for no change: its command is told, supposed or refused.
        public var holdsBackAChange: Bool {
            switch self {
            case .negation, .hypothetical, .report, .nearMiss, .correction: true
            case .refusal, .doubt, .assent, .thing, .courtesy, .restatement, .followUp, .subject, .request: false
            }
        }
    }

    public let kind: Kind
    /// The words, as the line has them (normalised): "do not".
    public let words: [String]
    /// Which clause of the line holds it (``LineReader/clauses(of:)``), from 0.
    public let clause: Int
    /// Where in its clause's words it starts, and the words after it there (what it says
    /// something about).
    public let position: Int
    let wordsBefore: ArraySlice<String>
    let wordsAfter: ArraySlice<String>
}

/// The grammar's cue phrases, looked up by their first word.
struct CueTable: Sendable {
    struct Phrase: Sendable, Equatable {
        let kind: Cue.Kind
        /// Normalised, expanded and squeezed ("nooo" is "no"), as line words are compared.
        let words: [String]
    }

    let phrases: [Phrase]
    /// The same, by their first word, longest first (a ``LaidOutWordTable``: every word of a line
    /// is looked up, most of them more than once).
    let byFirstWord: FirstWords
    private let hasPhrases: Bool
    /// The words of the `thing` phrases ("a", "the", "my"): no word of a command.
    let thingWords: Set<String>

    static let empty = CueTable(phrases: [], graphWords: [])

    /// The grammar's `words` lines: words found by what they do in a line (``WordRole``).
    let roles: WordRoles

    /// `graphWords` are the graph's words by id; `firstWords` the phrases by their first word as
    /// the grammar's tables hold them, or nil to make them.
    init(phrases: [Phrase], roles: WordRoles = .empty, graphWords: [String], firstWords: FirstWords? = nil) {
        self.phrases = phrases
        self.roles = roles
        byFirstWord = firstWords ?? FirstWords(phrases, graphWords: graphWords)
        hasPhrases = phrases.contains { !$0.words.isEmpty }
        correctionFirstBytes = Self.firstBytes(of: phrases.filter { LineReader.corrects($0.kind) })
        thingWords = Set(phrases.filter { $0.kind == .thing }.flatMap(\.words))
        subjectWords = Set(phrases.filter { $0.kind == .subject && $0.words.count == 1 }.map { $0.words[0] })
    }

    /// The one-word `subject` phrases ("we", "she").
    let subjectWords: Set<String>

    /// From the grammar file's `cue` lines, normalised and expanded as typed lines are.
    init(document: GrammarDocument, normalizer: Normalizer, graphWords: [String]) {
        self.init(phrases: document.cues.map { kind, phrase in
            Phrase(kind: kind, words: normalizer.expand(phrase.split(separator: " ").map { Tokenizer.normalize(String($0)) }))
        }, roles: WordRoles(document.wordLists), graphWords: graphWords)
    }

    /// Whether a phrase that corrects what came before it (``LineReader/corrects(_:)``) is among
    /// `words`, wherever it starts — a look before the cues themselves are read in order (most
    /// lines hold none, and are then not read again). Asked of every line: a word whose first
    /// byte starts none of those phrases is passed over unsqueezed (squeezing keeps a word's
    /// first letter).
    func mayHoldCorrection(in words: [String]) -> Bool {
        words.indices.contains { position in
            guard let first = words[position].utf8.first else { return false }
            guard first >= 0x80 || correctionFirstBytes & (1 << UInt64(first & 0x3F)) != 0 else { return false }
            return mayStart(where: LineReader.corrects, at: position, in: words)
        }
    }

    /// Bit `b & 63` for each first byte `b` of the phrases' first words (ASCII; a byte beyond it
    /// is always looked up). Two letters may share a bit: it only lets a word through to be looked up.
    private let correctionFirstBytes: UInt64

    private static func firstBytes(of phrases: [Phrase]) -> UInt64 {
        phrases.reduce(0) { bits, phrase in
            guard let first = phrase.words.first?.utf8.first else { return bits }
            return bits | (1 << UInt64(first & 0x3F))
        }
    }

    private func mayStart(where kind: (Cue.Kind) -> Bool, at position: Int, in words: [String]) -> Bool {
        byFirstWord[Self.squeezed(words[position])]?.contains { phrase in
            kind(phrase.kind) && Self.starts(phrase, at: position, in: words)
        } ?? false
    }


    /// Whether `words` say `phrase` from `position` on.
    private static func starts(_ phrase: Phrase, at position: Int, in words: [String]) -> Bool {
        position + phrase.words.count <= words.count
            && words[position..<position + phrase.words.count].elementsEqual(phrase.words, by: matches)
    }

    /// The cues among a clause's words (normalised and expanded), each found where it starts; a
    /// phrase found is not looked into again ("not sure" is doubt, not also "not").
    func cues(in words: [String], clause: Int) -> [Cue] {
        guard hasPhrases else { return [] }
        var cues: [Cue] = []
        var position = 0
        while position < words.count {
            let found = byFirstWord[Self.squeezed(words[position])]?.first { Self.starts($0, at: position, in: words) }
            if let found {
                cues.append(Cue(kind: found.kind, words: Array(words[position..<position + found.words.count]), clause: clause,
                                position: position, wordsBefore: words[..<position], wordsAfter: words[(position + found.words.count)...]))
                position += found.words.count
            } else {
                position += 1
            }
        }
        return cues
    }

    /// Whether a word of a line says a word of a phrase: as it is, or with a letter said longer
    /// ("nooo" for "no", three of a letter at least) or shorter or longer in a long word
    /// ("actualy") — but not "to" for "too", nor "yes" for "yess".
    static func matches(_ said: String, _ phrase: String) -> Bool {
        guard said != phrase else { return true }
        guard squeezed(said) == squeezed(phrase) else { return false }
        return phrase.utf8.count >= 5 || isDrawnOut(said)
    }

    /// Whether a word has one letter three times in a row ("nooo").
    private static func isDrawnOut(_ word: String) -> Bool {
        let bytes: [UInt8] = Array(word.utf8)
        guard bytes.count >= 3 else { return false }
        for index in 2..<bytes.count where bytes[index] == bytes[index - 1] && bytes[index] == bytes[index - 2] {
            return true
        }
        return false
    }

    /// A word with each run of one letter said once: "nooo" is "no", "yesss" "yes" — how the
    /// phrases are looked up.
    static func squeezed(_ word: String) -> String {
        // Looked up for every word of every line: an ASCII word (most) is squeezed byte by byte,
        // and one with no letter twice in a row is itself.
        let repeats: Bool? = word.utf8.withContiguousStorageIfAvailable { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte == previous { return true }
                previous = byte
            }
            return false
        } ?? nil
        switch repeats {
        case false?: return word
        case true?:
            var bytes: [UInt8] = []
            for byte in word.utf8 where byte != bytes.last { bytes.append(byte) }
            return String(decoding: bytes, as: UTF8.self)
        case nil: return squeezedByCharacter(word)
        }
    }

    /// ``squeezed(_:)`` for any word, a character at a time.
    static func squeezedByCharacter(_ word: String) -> String {
        var said = ""
        for letter in word where letter != said.last { said.append(letter) }
        return said
    }
}

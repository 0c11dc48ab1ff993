import LaundryCore
/// What happens to a typed line before it is matched, as the grammar file says it (`expand` and
/// `skip` lines, documented at its top): contractions are read as their words, and filler —
/// politeness, "could you", "I want to", a "!!" or an emoji around a command — may be passed
/// over wherever it stands.
///
/// Skipping is a choice the matcher may make, not a deletion: a filler word can still be a
/// template's literal ("ok" is a yes, "thanks" is thanks), and a free-text slot (`{name}`,
/// `{path}`, `{query}`) takes the words as typed — "Mr. Fluff 🧦" keeps its sock, and a name in
/// quotes keeps everything. Expanding keeps each word's place in the line, so a slot still hands
/// back the user's own spelling ("What's Up" stays a name).
///
/// The same expansions are applied to the grammar's own words when it is compiled, so a template
/// written with "what's" and a line typed with "what is" meet.
struct Normalizer: Sendable, Equatable {
    /// A normalised word and the normalised words it is read as.
    let expansions: [String: [String]]
    /// Phrases that may be passed over, as normalised (and expanded) words, longest first.
    let skipPhrases: [[String]]
    /// The same, by their first word: a line's word is looked up once, not compared with each.
    private let skipPhrasesByFirstWord: [String: [[String]]]
    /// Every word of a skip phrase: filler, which says nothing of what is asked. Gathered on first
    /// use (a line no template fits): a start that needs no such line does not pay for the set.
    var fillerWords: Set<String> { fillers.value }
    private let fillers: Lazy<Set<String>>
    /// Whether ``fillerWords`` has been gathered (for tests that watch what a line costs).
    var fillerWordsAreGathered: Bool { fillers.isMade }
    /// A word said or typed like another ("four" for "for"), and that word: read as it right
    /// before a pet's name ("wash four snowy"), where the word it sounds like is what fits.
    let homophones: [String: String]

    static let empty = Normalizer(expansions: [:], skipPhrases: [])

    /// `ordered`: the skip phrases are as ``skipPhrases`` holds them already (none empty, longest
    /// first), as the compiled tables keep them — so that a start does not sort them again.
    init(expansions: [String: [String]], skipPhrases: [[String]], homophones: [String: String] = [:], ordered: Bool = false) {
        self.expansions = expansions
        self.homophones = homophones
        self.skipPhrases = ordered ? skipPhrases : skipPhrases.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        skipPhrasesByFirstWord = Dictionary(grouping: self.skipPhrases, by: { $0[0] })
        fillers = Lazy { [skipPhrases = self.skipPhrases] in Set(skipPhrases.joined()) }
    }

    /// Two normalisers are equal when the grammar says the same of each (the filler follows).
    static func == (left: Normalizer, right: Normalizer) -> Bool {
        left.expansions == right.expansions && left.skipPhrases == right.skipPhrases && left.homophones == right.homophones
    }

    /// From the grammar file's `expand` and `skip` lines, as written.
    init(document: GrammarDocument) {
        var expansions: [String: [String]] = [:]
        for (word, words) in document.expansions {
            expansions[Tokenizer.normalize(word)] = words.split(separator: " ").map { Tokenizer.normalize(String($0)) }
        }
        let partial = Normalizer(expansions: expansions, skipPhrases: [])
        var homophones: [String: String] = [:]
        for (word, alike) in document.homophones {
            for other in alike { homophones[Tokenizer.normalize(other)] = Tokenizer.normalize(word) }
        }
        self.init(expansions: expansions, skipPhrases: document.skips.map { phrase in
            partial.expand(phrase.split(separator: " ").map { Tokenizer.normalize(String($0)) })
        }, homophones: homophones)
    }

    /// Normalised words with each expansion applied ("what's" → "what", "is").
    func expand(_ words: [String]) -> [String] {
        guard !expansions.isEmpty, words.contains(where: { expansions[$0] != nil }) else { return words }
        return words.flatMap { expansions[$0] ?? [$0] }
    }

    /// The line's tokens with each expansion applied; the words of an expansion stand where the
    /// word they replace stood.
    func expand(_ tokens: [Token]) -> [Token] {
        guard !expansions.isEmpty, tokens.contains(where: { expansions[$0.word] != nil }) else { return tokens }
        return tokens.flatMap { token in
            expansions[token.word].map { $0.map { Token(word: $0, range: token.range, chunk: token.chunk, quoted: token.quoted) } } ?? [token]
        }
    }

    /// A stretch of the line that may be passed over, by the position it starts at.
    struct Skip: Equatable {
        /// The position after it.
        let end: Int
        /// Punctuation or symbols only (not a skip phrase): a free-text slot right before it may
        /// take it instead ("Mr. Fluff 🧦").
        let isSymbols: Bool
    }

    /// What may be passed over, by the position it starts at: a skip phrase, or a word of
    /// punctuation or symbols only ("!!", "—", "🧺") that is no grammar word. A quoted word, and a
    /// word for which `isKept` says so (a pet's name), is never passed over. Empty when nothing may.
    /// `mayStartPhrase` may say which positions hold no skip phrase's first word, so that they are
    /// not looked up.
    func skips(_ tokens: [Token], mayStartPhrase: (Int) -> Bool = { _ in true }, isKept: (Int) -> Bool) -> [[Skip]] {
        // Made at the first skip found: most lines have none.
        var skips: [[Skip]] = []
        func add(_ skip: Skip, at position: Int) {
            if skips.isEmpty { skips = .filled(with: [], count: tokens.count) }
            skips[position].append(skip)
        }
        for position in tokens.indices where !tokens[position].quoted && !isKept(position) {
            if Self.isSymbols(tokens[position].word) { add(Skip(end: position + 1, isSymbols: true), at: position) }
            guard mayStartPhrase(position) else { continue }
            for phrase in skipPhrasesByFirstWord[tokens[position].word] ?? [] where position + phrase.count <= tokens.count {
                let span = position..<position + phrase.count
                guard zip(phrase, tokens[span]).allSatisfy({ $0 == $1.word && !$1.quoted }),
                      !span.contains(where: isKept), skips.isEmpty || !skips[position].contains(where: { $0.end == span.upperBound })
                else { continue }
                add(Skip(end: span.upperBound, isSymbols: false), at: position)
            }
        }
        return skips
    }

    /// A word with no letter and no digit: punctuation, arrows, dashes, emoji.
    static func isSymbols(_ word: String) -> Bool {
        // ASCII, nearly every word: a letter or a digit byte decides, with no Unicode table.
        if word.isASCII {
            return !word.utf8Contains { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") || ($0 >= 0x30 && $0 <= 0x39) }
        }
        return !word.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}

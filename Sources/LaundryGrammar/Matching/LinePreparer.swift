/// Prepares a line for the walk: tokens, expansions, what may be skipped, which words name pets
/// and which a number slot may read — with one lookup a word (``WordFacts``).
struct LinePreparer: Sendable {
    /// What preparing a line asks of each of its words, found with one lookup a word instead of
    /// one for each question (hashing a word was about 13 % of matching).
    struct WordFacts {
        var id: Int32 = -1
        /// An `expand` line's word.
        var expands = false
        /// The first word of a `skip` phrase.
        var startsSkip = false
        /// A word the typed slots read (``SlotParsers/vocabulary``).
        var numberWord = false

        /// The facts as one number, as ``LaidOutWordTable`` holds them: the id plus one, then a
        /// bit for each question.
        var packed: Int32 { (id + 1) << 3 | (expands ? 1 : 0) | (startsSkip ? 2 : 0) | (numberWord ? 4 : 0) }

        init() {}

        init(packed: Int32) {
            (id, expands, startsSkip, numberWord) = ((packed >> 3) - 1, packed & 1 != 0, packed & 2 != 0, packed & 4 != 0)
        }
    }

    /// Each word the grammar knows, with what preparing a line asks of it.
    struct WordFactsTable: Sendable {
        /// As the grammar's tables hold it (``facts(graph:slotVocabulary:)``).
        let table: LaidOutWordTable

        subscript(word: String) -> WordFacts? { table[word].map(WordFacts.init(packed:)) }
    }

    let wordFacts: WordFactsTable
    let normalizer: Normalizer

    /// `facts`: ``facts(graph:slotVocabulary:)`` of the graph, made when it was compiled.
    init(graph: WordGraph, facts: LaidOutWordTable) {
        normalizer = graph.normalizer
        wordFacts = WordFactsTable(table: facts)
    }

    /// What preparing a line asks of each word of the graph's and the typed slots' (their
    /// `vocabulary`), laid out: the tables keep it, so that a start does not hash every word.
    static func facts(graph: WordGraph, slotVocabulary: Set<String>) -> LaidOutWordTable {
        var facts: [String: WordFacts] = [:]
        for (word, id) in graph.vocabulary { facts[word, default: WordFacts()].id = id }
        for word in graph.normalizer.expansions.keys { facts[word, default: WordFacts()].expands = true }
        for phrase in graph.normalizer.skipPhrases { facts[phrase[0], default: WordFacts()].startsSkip = true }
        for word in slotVocabulary { facts[word, default: WordFacts()].numberWord = true }
        return LaidOutWordTable(facts.mapValues(\.packed), graphWords: graph.wordsByID)
    }

    /// The line's tokens, expanded, with what may be skipped and which words name pets; nil when
    /// the line is empty or too long to be a command (``Matcher/maximumWords``).
    func prepare(_ line: String, pets: PetNameIndex) -> Matcher.Line? {
        // The closures hold only the tables they read: holding `self` and `pets` copied both
        // (retaining every array in them) for every line.
        let wordFacts = wordFacts, petFirstWords = pets.firstWords
        var tokens = JoinedWords.split(Tokenizer.tokens(of: line), in: line, isWord: { word in
            wordFacts[word].map { $0.id >= 0 || $0.expands || $0.startsSkip } ?? petFirstWords.contains(word)
        }, isCommandWord: { word in (wordFacts[word]?.id ?? -1) >= 0 || petFirstWords.contains(word) },
           isNumberWord: { word in wordFacts[word]?.numberWord ?? false })
        var facts = tokens.map { wordFacts[$0.word] ?? WordFacts() }
        if facts.contains(where: \.expands) {
            tokens = normalizer.expand(tokens)
            facts = tokens.map { wordFacts[$0.word] ?? WordFacts() }
        }
        guard !tokens.isEmpty, tokens.count <= Matcher.maximumWords else { return nil }
        return prepare(tokens, facts: facts, line: line, pets: pets)
    }

    /// A prepared line again, with some of its words read as others (misspellings corrected):
    /// what may be passed over is worked out anew, so that a corrected "pleease" is passed over
    /// as "please" is.
    func prepare(_ prepared: Matcher.Line, replacing replacements: [Int: String], line: String, pets: PetNameIndex) -> Matcher.Line {
        let tokens = prepared.tokens.enumerated().map { position, token in
            replacements[position].map { Token(word: $0, range: token.range, chunk: token.chunk, quote: token.quote) } ?? token
        }
        return prepare(tokens, facts: tokens.map { wordFacts[$0.word] ?? WordFacts() }, line: line, pets: pets)
    }

    /// Whether a word may start a stretch to pass over (a `skip` phrase).
    func startsSkip(_ word: String) -> Bool { wordFacts[word]?.startsSkip ?? false }

    private func prepare(_ tokens: [Token], facts: [WordFacts], line: String, pets: PetNameIndex) -> Matcher.Line {
        var tokens = tokens, facts = facts
        var words = tokens.map(\.word)
        // Made at the first pet named, the first skip: many lines name none and skip nothing.
        var isPetWord: [Bool] = [], petNames: [[PetMatch]] = []
        if !pets.isEmpty {
            for position in words.indices {
                let named = pets.names(in: words, at: position)
                guard !named.isEmpty else { continue }
                if petNames.isEmpty {
                    petNames = .filled(with: [], count: words.count)
                    isPetWord = .filled(with: false, count: words.count)
                }
                petNames[position] = named
                for match in named {
                    for covered in position..<position + match.length { isPetWord[covered] = true }
                }
            }
        }
        // A word said like another right before a pet's name is that word: "wash four snowy".
        if !petNames.isEmpty, !normalizer.homophones.isEmpty {
            for position in words.indices.dropFirst() where !petNames[position].isEmpty && !isPetWord[position - 1] {
                guard let meant = normalizer.homophones[words[position - 1]] else { continue }
                let token = tokens[position - 1]
                tokens[position - 1] = Token(word: meant, range: token.range, chunk: token.chunk, quote: token.quote)
                words[position - 1] = meant
                facts[position - 1] = wordFacts[meant] ?? WordFacts()
            }
        }
        let skips = normalizer.skips(tokens, mayStartPhrase: { facts[$0].startsSkip }) { !isPetWord.isEmpty && isPetWord[$0] }
        var skippable: [Int] = []
        if !skips.isEmpty {
            skippable = .filled(with: 0, count: words.count + 1)
            var covered = [Bool].filled(with: false, count: words.count)
            for (position, spans) in skips.enumerated() {
                for span in spans { for index in position..<span.end { covered[index] = true } }
            }
            for position in words.indices.reversed() { skippable[position] = skippable[position + 1] + (covered[position] ? 1 : 0) }
        }
        let slotWords = Self.slotWords(words, tokens, line)
        // A word the tokenizer left its sign off ("-five") reads by its shape; the others by it or
        // by the vocabulary, as ``SlotParsers/mayRead(_:)`` does.
        let numberWords = Matcher.numberWords(count: slotWords.count) { index in
            SlotParsers.mayReadByShape(slotWords[index]) || (facts[index].numberWord && slotWords[index] == words[index])
        }
        return Matcher.Line(tokens: tokens, words: words, ids: facts.map(\.id), slotWords: slotWords,
                    skips: skips, petWords: isPetWord, petNames: petNames, skippableCounts: skippable,
                    numberWordCounts: numberWords)
    }

    /// The words as typed slots read them: a minus sign the tokenizer strips from the front of a
    /// word ("-five") is put back, so that "-five minutes" is -5, not 5. (Before a digit the
    /// tokenizer keeps it itself.) The same array as `words` when no word lost one.
    static func slotWords(_ words: [String], _ tokens: [Token], _ line: String) -> [String] {
        var slotWords = words
        for (index, token) in tokens.enumerated() where token.range.lowerBound > token.chunk.lowerBound {
            let before = line[line.index(before: token.range.lowerBound)]
            if SlotNumber.isSign(before), let first = words[index].first, !SlotNumber.isSign(first) {
                slotWords[index] = String(before) + words[index]
            }
        }
        return slotWords
    }
}

/// How a slot can take words at a position of a line, for ``Matcher``'s walk: a pet's name (as
/// typed, misspelt, or — in the loose pass — unknown), free text that stops before a time span,
/// a help topic's few words, or words a typed slot's parser reads.
extension Matcher {
    /// By position: how many words from there on a number slot's parser may read.
    static func numberWords(_ slotWords: [String]) -> [Int] {
        numberWords(count: slotWords.count) { SlotParsers.mayRead(slotWords[$0]) }
    }

    /// The same, from whether the word at each position may be read.
    /// Empty when no word may be read.
    static func numberWords(count: Int, mayRead: (Int) -> Bool) -> [Int] {
        var counts: [Int] = []
        for position in (0..<count).reversed() where mayRead(position) {
            if counts.isEmpty { counts = .filled(with: 0, count: count + 1) }
            counts[position] = counts[position + 1] + 1
        }
        return counts
    }

    /// The ways a slot can take words at `position`, as indices into `walk.candidates`: worked
    /// out the first time a path asks on this line, looked up after that.
    func candidates(_ kind: SlotKind, ordinal: Int, at position: Int, _ walk: inout Walk) -> Range<Int> {
        let key = ordinal * walk.wordCount + position
        let known = walk.candidateRanges[key]
        if known != Walk.unasked { return Int(known >> 32)..<Int(known & 0xFFFF_FFFF) }

        let first = walk.candidates.count
        let remaining = walk.wordCount - position
        let tokens = walk.line.tokens
        func capture(_ length: Int) -> Capture { Capture(kind: kind, start: position, end: position + length) }
        /// Quoted words go together: a slot takes all of a quoted stretch or none of it.
        func keepsQuotesWhole(_ length: Int) -> Bool {
            let end = position + length
            let opens = tokens[position].quoted && position > 0 && tokens[position - 1].quote == tokens[position].quote
            let splits = end < tokens.count && tokens[end - 1].quoted && tokens[end].quote == tokens[end - 1].quote
            return !opens && !splits
        }
        switch kind.reading {
        case .pet:
            let known = walk.line.pets(at: position)
            for match in known where keepsQuotesWhole(match.length) {
                var named = capture(match.length)
                named.knownPet = match.entry
                walk.candidates.append(Candidate(capture: named, freeWords: 0))
            }
            if Self.pronouns.contains(walk.line.words[position]) && !tokens[position].quoted {
                var pronoun = capture(1)
                pronoun.isPronoun = true
                walk.candidates.append(Candidate(capture: pronoun, freeWords: 0))
            } else {
                // Misspellings only where no pet is named as typed.
                let close = walk.line.isPetWord(position) ? []
                    : walk.pets.closeNames(in: walk.line.words, at: position) { graph.id(of: $0) >= 0 }
                for match in close where !known.contains(where: { $0.length == match.length }) && keepsQuotesWhole(match.length) {
                    walk.candidates.append(Candidate(capture: capture(match.length), freeWords: 0, closePet: true))
                }
                if walk.options.unknownPets {
                    // Words that name no pet, for "there is no pet called …": never a pet's name with
                    // more words around it ("fluffy's dryer"), and never the grammar's own words or
                    // numbers ("help history", "stop sending me notifications").
                    let limit = min(SlotKind.unknownPetMaximumWords, remaining)
                    let unknown = walk.line.words[position..<position + limit].indices.prefix { index in
                        (tokens[index].quoted || (!walk.line.isPetWord(index) && walk.line.ids[index] < 0
                            && !SlotParsers.vocabulary.contains(walk.line.words[index])))
                    }.count
                    for length in stride(from: 1, through: unknown, by: 1)
                    where !close.contains(where: { $0.length == length }) && keepsQuotesWhole(length) {
                        walk.candidates.append(Candidate(capture: capture(length), freeWords: length))
                    }
                }
            }
        case .freeText:
            // A new name does not take a duration or a frequency ("make buddy dry for 80 mins" is
            // not a pet called "dry for 80 mins"); in quotes it may.
            // Nor does it start with the word that leads to it ("rname fluffy to Fuzz" is no name "to Fuzz").
            let leadIn = kind == .name && !tokens[position].quoted && Self.nameLeadIns.contains(walk.line.words[position])
            let lengths = leadIn ? 0 : kind == .name ? min(remaining, Self.wordsBeforeATime(walk.line, from: position)) : remaining
            for length in stride(from: 1, through: lengths, by: 1) where keepsQuotesWhole(length) {
                var text = capture(length)
                text.isFreeText = true
                walk.candidates.append(Candidate(capture: text, freeWords: length))
            }
        case .words(let maximum):
            for length in 1...min(maximum, remaining) where keepsQuotesWhole(length) {
                walk.candidates.append(Candidate(capture: capture(length), freeWords: length))
            }
        case .parsed:
            // Every length for now; `parse` asks the parser when a path can use one. Quoted words
            // are a name, never a number.
            // Only words a parser could read: most positions offer none.
            for length in stride(from: 1, through: min(Self.parsedSlotMaximumWords, walk.line.numberWords(from: position)), by: 1)
            where !tokens[position..<position + length].contains(where: \.quoted) {
                walk.candidates.append(Candidate(capture: capture(length), freeWords: 0, status: .unparsed))
            }
        case .listOnly:
            break
        }
        let range = first..<walk.candidates.count
        walk.candidateRanges[key] = UInt64(range.lowerBound) << 32 | UInt64(range.upperBound)
        return range
    }

    /// Where a new name starts in a free-text slot's words: after the last word that says a name
    /// follows ("called", "named", "call it", "name him"), unquoted, when words come after it.
    static func nameStart(_ tokens: [Token], _ range: Range<Int>) -> Int {
        var start = range.lowerBound
        for index in range where !tokens[index].quoted && index + 1 < range.upperBound {
            let word = tokens[index].word
            if word == "called" || word == "named" {
                start = index + 1
            } else if word == "call" || word == "name", index + 2 < range.upperBound,
                      ["it", "him", "her", "them", "this", "that", "is"].contains(tokens[index + 1].word) {
                start = index + 2  // "call it Office", "her name is Daisy"
            }
        }
        return start
    }

    /// How many words from `position` come before one that starts a span of time ("80 mins",
    /// "every 3 days", "2 hours"): a number (unquoted) followed by a unit of time.
    private static func wordsBeforeATime(_ line: Line, from position: Int) -> Int {
        var index = position
        while index < line.words.count {
            let word = line.words[index]
            if !line.tokens[index].quoted, let first = word.unicodeScalars.first, first.properties.numericType != nil || word.hasPrefix("-"),
               word.unicodeScalars.contains(where: { $0.properties.numericType != nil }),
               index + 1 < line.words.count ? units.contains(line.words[index + 1]) : false {
                return index - position
            }
            if !line.tokens[index].quoted, units.contains(where: { word.hasSuffix($0) && word.dropLast($0.count).allSatisfy(\.isNumber) && word.count > $0.count }) {
                return index - position  // "80min", "2h"
            }
            index += 1
        }
        return line.words.count - position
    }

    /// Words of time that end a new name when a number comes before them.
    private static let units: Set<String> = ["min", "mins", "minute", "minutes", "m", "h", "hr", "hrs", "hour", "hours",
                                             "day", "days", "week", "weeks", "month", "months"]

    /// The words that lead to a new name and so cannot start it ("rename fluffy to Fuzz").
    private static let nameLeadIns: FewWords = ["to", "as", "into"]

    /// Asks a typed slot's parser about an unparsed candidate's words, and keeps the answer.
    func parse(_ candidateIndex: Int, _ kind: SlotKind, _ walk: inout Walk) {
        guard case .parsed(let parser) = kind.reading else { return }
        let capture = walk.candidates[candidateIndex].capture
        if let value = parser(Array(walk.line.slotWords[capture.start..<capture.end])) {
            walk.parsedValues.append(value)
            walk.candidates[candidateIndex].capture.value = .parsed(walk.parsedValues.count - 1)
            walk.candidates[candidateIndex].status = .ready
        } else {
            walk.candidates[candidateIndex].status = .refused
        }
    }
}

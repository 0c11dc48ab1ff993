/// How a slot can take words at a position of a line, worked out by the walk that asks: a pet's
/// name (as typed, misspelt, or — in the loose pass — unknown), free text that stops before a time
/// span, a help topic's few words, or words a typed slot's parser reads.
extension Matcher.Walk {
    /// The ways a slot can take words at `position`, as indices into `candidates`: worked out the
    /// first time a path asks on this line, looked up after that.
    mutating func slotCandidates(_ kind: SlotKind, ordinal: Int, at position: Int, graph: WordGraph, words: MatcherWords) -> Range<Int> {
        let key = ordinal * wordCount + position
        let known = candidateRanges[key]
        if known != Self.unasked { return Int(known >> 32)..<Int(known & 0xFFFF_FFFF) }

        let first = candidates.count
        let remaining = wordCount - position
        let tokens = line.tokens
        func capture(_ length: Int) -> Matcher.Capture { Matcher.Capture(kind: kind, start: position, end: position + length) }
        /// Quoted words go together: a slot takes all of a quoted stretch or none of it.
        func keepsQuotesWhole(_ length: Int) -> Bool {
            let end = position + length
            let opens = tokens[position].quoted && position > 0 && tokens[position - 1].quote == tokens[position].quote
            let splits = end < tokens.count && tokens[end - 1].quoted && tokens[end].quote == tokens[end - 1].quote
            return !opens && !splits
        }
        switch kind.reading {
        case .pet:
            let known = line.pets(at: position)
            for match in known where keepsQuotesWhole(match.length) {
                var named = capture(match.length)
                named.knownPet = match.entry
                candidates.append(Matcher.Candidate(capture: named, freeWords: 0))
            }
            if words.pronouns.contains(line.words[position]) && !tokens[position].quoted {
                var pronoun = capture(1)
                pronoun.isPronoun = true
                candidates.append(Matcher.Candidate(capture: pronoun, freeWords: 0))
            } else {
                // Misspellings only where no pet is named as typed.
                let close = line.isPetWord(position) ? []
                    : pets.closeNames(in: line.words, at: position) { graph.id(of: $0) >= 0 }
                for match in close where !known.contains(where: { $0.length == match.length }) && keepsQuotesWhole(match.length) {
                    candidates.append(Matcher.Candidate(capture: capture(match.length), freeWords: 0, closePet: true))
                }
                if options.unknownPets {
                    // Words that name no pet, for "there is no pet called …": never a pet's name with
                    // more words around it ("fluffy's dryer"), and never the grammar's own words or
                    // numbers ("help history", "stop sending me notifications").
                    let limit = min(SlotKind.unknownPetMaximumWords, remaining)
                    let unknown = line.words[position..<position + limit].indices.prefix { index in
                        (tokens[index].quoted || (!line.isPetWord(index) && line.ids[index] < 0
                            && !words.slots.hasWord(line.words[index]) && !Self.continuesATime(line, at: index, words.slots)))
                    }.count
                    for length in stride(from: 1, through: unknown, by: 1)
                    where !close.contains(where: { $0.length == length }) && keepsQuotesWhole(length) {
                        candidates.append(Matcher.Candidate(capture: capture(length), freeWords: length))
                    }
                }
            }
        case .freeText:
            // A new name does not take a duration or a frequency ("make buddy dry for 80 mins" is
            // not a pet called "dry for 80 mins"); in quotes it may.
            // Nor does it start with the word that leads to it ("rname fluffy to Fuzz" is no name "to Fuzz").
            let leadIn = kind == .name && !tokens[position].quoted && words.nameLeadIns.contains(line.words[position])
            let lengths = leadIn ? 0
                : kind == .name ? min(remaining, Self.wordsBeforeATime(line, from: position, units: words.slots.words.unitsAfterANumber))
                : kind == .path ? Self.pathLength(tokens, from: position)
                : remaining
            for length in stride(from: 1, through: lengths, by: 1) where keepsQuotesWhole(length) {
                var text = capture(length)
                text.isFreeText = true
                candidates.append(Matcher.Candidate(capture: text, freeWords: length))
            }
        case .words(let maximum):
            for length in 1...min(maximum, remaining) where keepsQuotesWhole(length) {
                candidates.append(Matcher.Candidate(capture: capture(length), freeWords: length))
            }
        case .parsed:
            // Every length for now; `parse` asks the parser when a path can use one. Quoted words
            // are a name, never a number.
            // Only words a parser could read: most positions offer none.
            for length in stride(from: 1, through: min(Matcher.parsedSlotMaximumWords, line.numberWords(from: position)), by: 1)
            where !tokens[position..<position + length].contains(where: \.quoted) {
                candidates.append(Matcher.Candidate(capture: capture(length), freeWords: 0, status: .unparsed))
            }
        case .listOnly:
            break
        }
        let range = first..<candidates.count
        candidateRanges[key] = UInt64(range.lowerBound) << 32 | UInt64(range.upperBound)
        return range
    }

    /// Whether the word at `index` is a number after a word of a date or a time ("march 40"):
    /// it belongs with that word — a day that does not exist — not to a pet called “40”. (A
    /// number elsewhere may be one: "delete pet 2" is answered that there is no pet called “2”.)
    private static func continuesATime(_ line: Matcher.Line, at index: Int, _ parsers: SlotParsers) -> Bool {
        index > 0 && SlotNumber.decimal(line.words[index]) != nil && parsers.mayRead(line.words[index - 1])
    }

    /// How many words from `position` come before one that starts a span of time ("80 mins",
    /// "every 3 days", "2 hours"): a number (unquoted) followed by a unit of time.
    private static func wordsBeforeATime(_ line: Matcher.Line, from position: Int, units: Set<String>) -> Int {
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

    /// How many words from `position` a path can take: those of one run of characters without a
    /// space ("~/Desktop/laundry.csv"), or of one quoted stretch ("\"my laundry.csv\""). An
    /// unquoted path has no spaces, so "export history for rex" is about a pet, not a file.
    private static func pathLength(_ tokens: [Token], from position: Int) -> Int {
        let first = tokens[position]
        return tokens[position...].prefix { first.quoted ? $0.quote == first.quote : $0.chunk == first.chunk }.count
    }

    /// Asks a typed slot's parser about an unparsed candidate's words, and keeps the answer.
    mutating func parse(_ candidateIndex: Int, _ kind: SlotKind, _ parsers: SlotParsers) {
        guard case .parsed = kind.reading else { return }
        let capture = candidates[candidateIndex].capture
        if let value = parsers.read(kind, Array(line.slotWords[capture.start..<capture.end])) {
            parsedValues.append(value)
            candidates[candidateIndex].capture.value = .parsed(parsedValues.count - 1)
            candidates[candidateIndex].status = .ready
        } else {
            candidates[candidateIndex].status = .refused
        }
    }
}

/// What is said around a command, read apart from it: when it happened, said first ("yesterday
/// at 9pm i started the dryer for snowy"); why, said after it ("pause snowy while im at camp");
/// and why, said before it and "so" or "but" ("I'll be at my mom's so pause fluffy").
extension LineReader {
    /// A line that starts with when it happened — "yesterday at 9pm i started the dryer for snowy"
    /// — read with those words at its end, where the templates take them.
    func readInstantFirst(_ text: String, pets: PetNameIndex) -> Command? {
        // Looked at before the line is split: most lines start with no word of a time.
        let parsers = matcher.words.slots
        guard let first = text.split(maxSplits: 1, whereSeparator: \.isWhitespace).first,
              parsers.mayRead(first.lowercased().trimmingPunctuation)
        else { return nil }
        let words = text.split(whereSeparator: \.isWhitespace)
        // Only words the instant parser reads can say when; most lines start with none.
        let said = words.prefix(5).lazy.map { $0.lowercased().trimmingPunctuation }.prefix(while: parsers.mayRead)
        for count in stride(from: min(said.count, words.count - 1), through: 1, by: -1) {
            guard parsers.instant(Array(said.prefix(count))) != nil else { continue }
            let moved = (words[count...] + words[..<count]).joined(separator: " ")
            return readCommandPart(moved, pets: pets).flatMap { $0[.at] == nil ? nil : $0 }
        }
        return nil
    }

    /// A command followed by why or while what it is asked — "um can u pause snowy while im at
    /// camp", "freeze fluffy because I'm in hospital", "start the washing for Fluffy as it is
    /// Sunday" — read as the words before that reason: the longest that read as a command
    /// ("export the history as csv because my son asked" is the history as csv).
    /// Not before "when", "after", "until" or "if": those say when it should happen, and it would
    /// happen now.
    func readBeforeReason(_ line: Matcher.Line, original text: String, pets: PetNameIndex) -> Command? {
        let starts = line.words.indices.dropFirst().dropLast().filter { position in
            !line.isPetWord(position) && (cues.roles[.reason].contains(line.words[position])
                || cues.roles[.looseReason].contains(line.words[position]) && cues.roles[.reasonSubject].contains(line.words[position + 1]))
        }
        return starts.reversed().lazy.compactMap { start in
            readCommandPart(String(text[..<line.tokens[start].chunk.lowerBound]), pets: pets)
        }.first
    }

    /// Why, said before the command and "so" or "but" — "I'll be at my mom's for a few days so
    /// pause fluffy", "forgot to log it but snowy's been tumbling since 1pm" — read as the words
    /// after the last such word. Not a command about "it": who that is would be a guess.
    func readAfterSo(_ line: Matcher.Line, original text: String, pets: PetNameIndex) -> Command? {
        guard let so = line.words.indices.dropFirst().dropLast().last(where: { cues.roles[.then].contains(line.words[$0]) && !line.isPetWord($0) }),
              let command = readCommandPart(String(text[line.tokens[so + 1].chunk.lowerBound...]), pets: pets),
              command.slots[.pet]?.isPronoun != true
        else { return nil }
        return command
    }
}

extension LineReader {
    /// A command, then a clause of its own that starts with who it is about and no mark between
    /// them — "delete mr fluff we dont even use that anymore", "start the wash baby's asleep
    /// now" is not one — read as the words before that clause: the longest such start that is a
    /// whole command, with at least two words after it. Not when that clause tells, supposes or
    /// takes back ("wash snowy they said"): those are read as the line's guesses are. (A "not"
    /// there is said of something else: "we dont even use that".)
    func readBeforeSubject(_ line: Matcher.Line, original text: String, pets: PetNameIndex) -> Command? {
        guard line.words.count >= 4, !cues.subjectWords.isEmpty else { return nil }
        for start in stride(from: line.words.count - 2, through: 2, by: -1)
        where cues.subjectWords.contains(line.words[start]) && !line.isPetWord(start) {
            let rest = Array(line.words[start...])
            guard !cues.cues(in: rest, clause: 0).contains(where: { $0.kind.holdsBackAChange && $0.kind != .negation }) else { return nil }
            if let command = readCommandPart(String(text[..<line.tokens[start].chunk.lowerBound]), pets: pets) { return command }
        }
        return nil
    }
}

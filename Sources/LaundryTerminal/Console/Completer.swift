import LaundryAssistant
import LaundryCore

/// Tab completion at the prompt, from the grammar's shape: after the words typed, the words that
/// can come next in some template, and the pets' names where a pet can stand — matched ignoring
/// case. When no sentence starts with the words typed, every word of the grammar and every pet.
struct Completer {
    /// What can come after the text before the word being completed: the grammar's words, and the
    /// pets' names (asked on every Tab: another process may have added one) when a pet can stand
    /// there — every word and every pet when no sentence starts so.
    let options: (String) -> LaundryAssistant.Completion

    /// At most this many candidates are listed.
    static let listLimit = 40

    struct Completion: Equatable {
        /// Characters (Unicode scalars, as libedit counts them) to delete before the cursor.
        var delete: Int
        var insert: String
        /// Shown under the prompt when there is a choice.
        var candidates: [String]
    }

    /// What Tab does with `before`, the line up to the cursor; nil when nothing completes.
    func complete(_ before: String) -> Completion? {
        let starts = wordStarts(of: before)
        let last = starts.last ?? before.startIndex
        // A pet's name may have spaces: the text from an earlier word's start, longest first,
        // where a pet can stand.
        for start in starts where start < last {
            let fragment = before[start...]
            let pets = options(String(before[..<start])).petNames
            let matches = unique(pets.filter { Self.hasPrefix($0, fragment) })
            if !matches.isEmpty { return completion(of: fragment, matches) }
        }
        let fragment = before[last...]
        let next = options(String(before[..<last]))
        guard next.followsTyped || !fragment.isEmpty else { return nil }
        let (grammarWords, pets) = (next.words, next.petNames)
        // The pets first: where one can stand, it is what is most often meant.
        let matches = unique(unique(pets.filter { Self.hasPrefix($0, fragment) }) + unique(grammarWords.filter { Self.hasPrefix($0, fragment) }),
                             sorted: false)
        return matches.isEmpty ? nil : completion(of: fragment, matches)
    }

    /// The only match with a space after it; else the start all matches share, when longer than
    /// what was typed; else the list to choose from.
    private func completion(of fragment: Substring, _ matches: [String]) -> Completion {
        if matches.count == 1 {
            return Completion(delete: fragment.unicodeScalars.count, insert: matches[0] + " ", candidates: [])
        }
        let common = Self.commonPrefix(matches)
        if common.count > fragment.count {
            return Completion(delete: fragment.unicodeScalars.count, insert: common, candidates: [])
        }
        return Completion(delete: 0, insert: "", candidates: Array(matches.prefix(Self.listLimit)))
    }

    /// The answer in the shim's format: "DELETE\tINSERT", then the candidates, in columns.
    func answer(to before: String) -> String? {
        guard let completion = complete(before) else { return nil }
        var answer = "\(completion.delete)\t\(TextSanitizer.sanitize(completion.insert))"
        if !completion.candidates.isEmpty {
            answer += "\n" + Self.columns(completion.candidates.map(TextSanitizer.sanitize), width: TerminalSize.columns())
        }
        return answer
    }

    private func wordStarts(of text: String) -> [String.Index] {
        var starts = [text.startIndex]
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == " " && next <= text.endIndex { starts.append(next) }
            index = next
        }
        return starts
    }

    /// Each name once (ignoring case), sorted unless `sorted` is false.
    private func unique(_ names: [String], sorted: Bool = true) -> [String] {
        var seen = Set<String>()
        let once = names.filter { seen.insert($0.lowercased()).inserted }
        return sorted ? once.sorted { $0.lowercased() < $1.lowercased() } : once
    }

    private static func hasPrefix(_ candidate: String, _ fragment: Substring) -> Bool {
        candidate.lowercased().hasPrefix(fragment.lowercased())
    }

    /// The longest start all the names share, ignoring case, in the first name's spelling.
    static func commonPrefix(_ names: [String]) -> String {
        guard var prefix = names.first.map(Array.init) else { return "" }
        for name in names.dropFirst() {
            let other = Array(name)
            var length = 0
            while length < prefix.count, length < other.count,
                String(prefix[length]).lowercased() == String(other[length]).lowercased() {
                length += 1
            }
            prefix = Array(prefix.prefix(length))
        }
        return String(prefix)
    }

    /// Names in columns across the terminal, each line ending in a newline.
    static func columns(_ names: [String], width: Int) -> String {
        let cell = (names.map { DisplayWidth.of($0) }.max() ?? 0) + 2
        let perRow = max(width / max(cell, 1), 1)
        var out = ""
        for start in stride(from: 0, to: names.count, by: perRow) {
            let row = names[start..<min(start + perRow, names.count)]
            out += row.enumerated().map { index, name in
                index == row.count - 1 ? name : name + String(repeating: " ", count: cell - DisplayWidth.of(name))
            }.joined() + "\n"
        }
        return out
    }
}

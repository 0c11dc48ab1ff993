import Foundation
import LaundryCore

extension Reply {
    /// A part of a line that means something by itself: a pet's name, a number, a mood, a warning.
    /// Found from what the reply knows (the pets it shows, its outcome), not from its wording, so a
    /// renderer (JSON's `lines`) can point at them without reading the words.
    public struct Span: Sendable, Equatable {
        public enum Kind: String, Sendable, CaseIterable {
            /// The name of a pet the reply is about or shows.
            case petName = "pet_name"
            /// A number as written: "45", "93%", "12:40", "1,000".
            case number
            /// A mood's words ("is so happy!", "has died from neglect").
            case mood
            /// What went wrong: the first line of a reply that was not done.
            case warning
        }

        public let kind: Kind
        /// Where it starts in the line's text, in Unicode scalars (code points), and how many.
        public let start: Int
        public let length: Int
        public let text: String
    }

    /// The names of the pets this reply is about or shows: its pet, and those of its content.
    public var petsShown: [String] {
        var names = pet.map { [$0] } ?? []
        switch content {
        case .petCard(let snapshot): names.append(snapshot.name)
        case .dashboard(let snapshots): names += snapshots.map(\.name)
        case .settings(_, let snapshots): names += snapshots.map(\.name)
        case .history(let history): names += history.events.map(\.petName)
        default: break
        }
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// The spans of each of the reply's lines, in order of where they start. A line longer than
    /// ``maximumSpannedLength`` bytes (a pasted mebibyte, a document) is left without any.
    public var spans: [[Span]] {
        let pets = petsShown.sorted { $0.unicodeScalars.count > $1.unicodeScalars.count }
        return lines.enumerated().map { index, line in
            guard line.text.utf8.count <= Self.maximumSpannedLength else { return [] }
            return SpanFinder(line.text).spans(pets: pets, warning: !ok && index == 0)
        }
    }

    /// Far longer than anything the assistant says in one line.
    public static let maximumSpannedLength = 4_096
}

/// Finds the spans of one line, scalar by scalar: the longer kind first where two could overlap
/// (a pet called "42" is a pet's name, not a number).
private struct SpanFinder {
    let scalars: [Unicode.Scalar]
    private var taken: [Range<Int>] = []
    private var found: [Reply.Span] = []

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    func spans(pets: [String], warning: Bool) -> [Reply.Span] {
        var finder = self
        if warning, !scalars.isEmpty { finder.found.append(finder.span(.warning, 0..<scalars.count)) }
        for name in pets { finder.mark(.petName, Array(name.unicodeScalars)) }
        for mood in Mood.allCases { finder.mark(.mood, Array(mood.text.unicodeScalars)) }
        finder.markNumbers()
        return finder.found.sorted { ($0.start, $0.kind == .warning ? 0 : 1) < ($1.start, $1.kind == .warning ? 0 : 1) }
    }

    private func span(_ kind: Reply.Span.Kind, _ range: Range<Int>) -> Reply.Span {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[range])
        return Reply.Span(kind: kind, start: range.lowerBound, length: range.count, text: String(text))
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Whether `range` stands as a word of its own: no letter or digit right before or after it.
    private func isWhole(_ range: Range<Int>) -> Bool {
        (range.lowerBound == 0 || !Self.isWordScalar(scalars[range.lowerBound - 1]))
            && (range.upperBound == scalars.count || !Self.isWordScalar(scalars[range.upperBound]))
    }

    private mutating func take(_ kind: Reply.Span.Kind, _ range: Range<Int>) {
        guard !taken.contains(where: { $0.overlaps(range) }) else { return }
        taken.append(range)
        found.append(span(kind, range))
    }

    /// Every whole-word occurrence of `needle`.
    private mutating func mark(_ kind: Reply.Span.Kind, _ needle: [Unicode.Scalar]) {
        guard let first = needle.first, needle.count <= scalars.count else { return }
        var start = 0
        let last = scalars.count - needle.count
        while start <= last {
            guard scalars[start] == first else {
                start += 1
                continue
            }
            let range = start..<(start + needle.count)
            if scalars[range].elementsEqual(needle), isWhole(range) {
                take(kind, range)
                start = range.upperBound
            } else {
                start += 1
            }
        }
    }

    /// Runs of digits (with "." "," ":" between digits, and a "%" after), not inside a word.
    private mutating func markNumbers() {
        func isDigit(_ index: Int) -> Bool { index < scalars.count && ("0"..."9").contains(scalars[index]) }
        var index = 0
        while index < scalars.count {
            guard isDigit(index), index == 0 || !Self.isWordScalar(scalars[index - 1]) else {
                index += 1
                continue
            }
            var end = index + 1
            while isDigit(end) || ([".", ",", ":"].contains(scalars[safe: end]) && isDigit(end + 1)) { end += 1 }
            if scalars[safe: end] == "%" { end += 1 }
            if end == scalars.count || !Self.isWordScalar(scalars[end]) { take(.number, index..<end) }
            index = end
        }
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}

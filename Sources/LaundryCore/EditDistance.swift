/// Levenshtein distance between two strings, by Character (so "é" and "雪" count once).
/// Used for misspelt pet names and for "did you mean".
public enum EditDistance {
    public static func between(_ a: String, _ b: String) -> Int {
        between(Array(a), Array(b))
    }

    public static func between<C: Equatable>(_ a: [C], _ b: [C]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension EditDistance {
    /// The optimal-string-alignment distance (restricted Damerau–Levenshtein): as ``between(_:_:)``,
    /// with a swap of two neighbours counting as one edit — "satrt" is one edit from "start", the
    /// most common slip of typing fingers.
    public static func withSwaps<C: Equatable>(_ a: [C], _ b: [C]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}

extension EditDistance {
    /// The Levenshtein distance of two byte strings when it is at most `limit`, else nil —
    /// stopping as soon as no alignment can stay within it. For comparing a line with many
    /// sentences, where only the close ones matter and most can be given up early.
    public static func within(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        var rows = Rows()
        return within(a, b, limit: limit, rows: &rows)
    }

    /// Two rows of the distance table, kept between calls so that comparing one line with many
    /// sentences allocates them once.
    public struct Rows {
        var previous: [Int] = []
        var current: [Int] = []
        /// By byte, the positions of a short text compared as a ``Pattern`` (all 0 between uses).
        var positions: [UInt64] = []
        public init() {}
    }

    /// A lower bound of the distance, in one pass over each string: the bytes one holds more of
    /// than the other (counted in 64 classes, by their low six bits), whichever side has more —
    /// every edit mends at most one. Most sentences far from a line are given up by it, before
    /// any table is filled.
    public static func bagDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { counts in
            counts.initialize(repeating: 0)
            for byte in a { counts[Int(byte & 63)] += 1 }
            for byte in b { counts[Int(byte & 63)] -= 1 }
            var more: Int32 = 0, fewer: Int32 = 0
            for count in counts {
                if count > 0 { more += count } else { fewer -= count }
            }
            return Int(max(more, fewer))
        }
    }

    /// ``within(_:_:limit:)``, working in `rows`.
    public static func within(_ a: [UInt8], _ b: [UInt8], limit: Int, rows: inout Rows) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        // No distance is larger than the longer string (and `.max` means no limit).
        let limit = min(limit, max(a.count, b.count))
        if limit < max(a.count, b.count), bagDistance(a, b) > limit { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        if rows.previous.count < b.count + 1 {
            rows.previous = [Int](repeating: 0, count: b.count + 1)
            rows.current = rows.previous
        }
        // Only the cells within `limit` of the diagonal can stay within it (Ukkonen's band): the
        // others count as `limit + 1`, so a close pair costs (2 · limit + 1) cells a row, not a whole row.
        let width = b.count, beyond = limit + 1
        for j in 0...width { rows.previous[j] = j <= limit ? j : beyond }
        let result: Int? = a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                rows.previous.withUnsafeMutableBufferPointer { previousRow in
                    rows.current.withUnsafeMutableBufferPointer { currentRow in
                        var previous = previousRow, current = currentRow
                        for i in 1...a.count {
                            let low = max(1, i - limit), high = min(width, i + limit)
                            current[low - 1] = low == 1 && i <= limit ? i : beyond
                            var rowMinimum = current[low - 1]
                            let ai = a[i - 1]
                            for j in low...high {
                                let substitution = previous[j - 1] + (ai == b[j - 1] ? 0 : 1)
                                let value = min(previous[j] + 1, current[j - 1] + 1, substitution, beyond)
                                current[j] = value
                                if value < rowMinimum { rowMinimum = value }
                            }
                            if high < width { current[high + 1] = beyond }
                            if rowMinimum > limit { return nil }
                            swap(&previous, &current)
                        }
                        return previous[width] <= limit ? previous[width] : nil
                    }
                }
            }
        }
        return result
    }
}

extension EditDistance {
    /// ``withSwaps(_:_:)`` of two byte strings when it is at most `limit` (a small number: the
    /// edits a typo may have), else nil. Typed words and grammar words are nearly always ASCII,
    /// where a byte is a character: comparing bytes spares building arrays of Characters.
    public static func withSwaps(_ a: [UInt8], _ b: [UInt8], within limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        let width = b.count + 1
        // Three rows in one small buffer on the stack: two back (for swaps), one back, this one.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
            rows.initialize(repeating: 0)
            return withSwaps(a, b, within: limit, rows: rows)
        }
    }

    private static func withSwaps(_ a: [UInt8], _ b: [UInt8], within limit: Int, rows: UnsafeMutableBufferPointer<Int>) -> Int? {
        let width = b.count + 1
        for j in 0..<width { rows[width + j] = j }
        var beforePrevious = 0, previous = width, current = 2 * width
        for i in 1...a.count {
            rows[current] = i
            var rowMinimum = i
            for j in 1..<width {
                var value = min(rows[previous + j] + 1, rows[current + j - 1] + 1,
                                rows[previous + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, rows[beforePrevious + j - 2] + 1)
                }
                rows[current + j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        let distance = rows[previous + width - 1]
        return distance <= limit ? distance : nil
    }
}

extension EditDistance {
    /// One string compared with many (a typed line with every sentence of the grammar), by the
    /// bit-parallel algorithm of Myers (1999) in Hyyrö's form for the whole-string distance: a
    /// column of the table is two 64-bit words, so comparing with a text of n bytes takes n steps
    /// of a few word operations instead of a row of cells each. The shorter of the two must be at
    /// most 64 bytes; beyond, it is ``within(_:_:limit:rows:)``.
    public struct Pattern {
        let bytes: [UInt8]
        /// By byte: the positions of the pattern that hold it, one bit each; empty beyond 64 bytes.
        private let positions: [UInt64]

        public init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var positions: [UInt64] = []
            if !bytes.isEmpty && bytes.count <= 64 {
                positions = [UInt64](repeating: 0, count: 256)
                for (index, byte) in bytes.enumerated() { positions[Int(byte)] |= 1 << UInt64(index) }
            }
            self.positions = positions
        }

        /// The Levenshtein distance of the pattern and `text` when it is at most `limit`, else nil.
        public func distance(to text: [UInt8], within limit: Int, rows: inout Rows) -> Int? {
            guard limit >= 0, abs(text.count - bytes.count) <= limit else { return nil }
            if bytes.isEmpty || text.isEmpty { return max(bytes.count, text.count) }
            let score: Int
            if !positions.isEmpty {
                score = positions.withUnsafeBufferPointer { Self.distance(bytes.count, $0, text) }
            } else if text.count <= 64 {
                // A long line and a short sentence: the sentence is the pattern, its table made
                // in the scratch one and cleared after.
                if rows.positions.isEmpty { rows.positions = [UInt64](repeating: 0, count: 256) }
                for (index, byte) in text.enumerated() { rows.positions[Int(byte)] |= 1 << UInt64(index) }
                score = rows.positions.withUnsafeBufferPointer { Self.distance(text.count, $0, bytes) }
                for byte in text { rows.positions[Int(byte)] = 0 }
            } else {
                return EditDistance.within(bytes, text, limit: limit, rows: &rows)
            }
            return score <= limit ? score : nil
        }

        /// The distance of a pattern of `length` bytes (`positions`: its table) and `text`.
        private static func distance(_ length: Int, _ positions: UnsafeBufferPointer<UInt64>, _ text: [UInt8]) -> Int {
            let last: UInt64 = 1 << UInt64(length - 1)
            var plus = UInt64.max, minus: UInt64 = 0, score = length
            for byte in text {
                let equal = positions[Int(byte)]
                let vertical = equal | minus
                let horizontal = (((equal & plus) &+ plus) ^ plus) | equal
                var horizontalPlus = minus | ~(horizontal | plus)
                var horizontalMinus = plus & horizontal
                if horizontalPlus & last != 0 { score += 1 } else if horizontalMinus & last != 0 { score -= 1 }
                horizontalPlus = (horizontalPlus << 1) | 1
                horizontalMinus <<= 1
                plus = horizontalMinus | ~(vertical | horizontalPlus)
                minus = horizontalPlus & vertical
            }
            return score
        }
    }
}

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
        public init() {}
    }

    /// ``within(_:_:limit:)``, working in `rows`.
    public static func within(_ a: [UInt8], _ b: [UInt8], limit: Int, rows: inout Rows) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        if rows.previous.count < b.count + 1 {
            rows.previous = [Int](repeating: 0, count: b.count + 1)
            rows.current = rows.previous
        }
        for j in 0...b.count { rows.previous[j] = j }
        let width = b.count
        let result: Int? = a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                rows.previous.withUnsafeMutableBufferPointer { previousRow in
                    rows.current.withUnsafeMutableBufferPointer { currentRow in
                        var previous = previousRow, current = currentRow
                        for i in 1...a.count {
                            current[0] = i
                            var rowMinimum = i
                            let ai = a[i - 1]
                            for j in 1...width {
                                let substitution = previous[j - 1] + (ai == b[j - 1] ? 0 : 1)
                                let value = min(previous[j] + 1, current[j - 1] + 1, substitution)
                                current[j] = value
                                if value < rowMinimum { rowMinimum = value }
                            }
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

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

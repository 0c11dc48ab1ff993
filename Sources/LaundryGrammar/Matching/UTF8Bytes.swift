/// Questions about a string's UTF-8 bytes, answered over the bytes in place where they are
/// contiguous (every native string): the generic walk over `utf8`, one index at a time, costs
/// several times as much, and the matcher asks for every word of every line (callgrind on the
/// grammar benchmark: about 4 % of matching, in three places).
extension String {
    /// Whether some byte of the string's UTF-8 satisfies `predicate`.
    @inline(__always)
    func utf8Contains(where predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? utf8.contains(where: predicate)
    }

    /// Whether every byte of the string's UTF-8 satisfies `predicate`.
    @inline(__always)
    func utf8AllSatisfy(_ predicate: (UInt8) -> Bool) -> Bool {
        !utf8Contains { !predicate($0) }
    }

    /// Whether the string is ASCII only.
    @inline(__always)
    var isASCII: Bool { utf8AllSatisfy { $0 < 0x80 } }
}

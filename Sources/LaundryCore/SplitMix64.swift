/// SplitMix64 (Steele, Lea and Flood, 2014): a random number generator whose whole state is one
/// word, so that a fixed seed gives the same numbers on every machine, in every run — what the
/// intent classifier's training needs to be a function of its inputs, and what randomized tests
/// and the grammar benchmark need to find the same cases on every run.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`, by the high word of a 128-bit product (Lemire): written here
    /// rather than taken from `Int.random(in:using:)`, whose method the standard library may
    /// change, so that training stays the same from one toolchain to the next.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// One of `elements`, which must not be empty.
    public mutating func element<C: RandomAccessCollection>(of elements: C) -> C.Element {
        elements[elements.index(elements.startIndex, offsetBy: below(elements.count))]
    }
}

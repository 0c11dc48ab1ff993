/// The stored form of a compiled grammar: the word graph and the help texts that
/// ``Grammar/init(source:)`` works out, as bytes that ``Grammar/init(tables:source:)`` reads back
/// without compiling anything.
///
/// The EmbedGrammar plugin builds the English grammar's tables into the binary, so that a start
/// reads tables (≈ 0.4 ms) instead of parsing and compiling the grammar — which, in a process
/// that has just started, is the first use of dozens of generic types and costs about 3 ms
/// (Benchmarks/RESULTS.md).
///
/// The format is private to this module and changes with it: tables are only ever read by the
/// build of LaundryGrammar that wrote them. It is in two parts (``Grammar/CompiledTables``).
/// The text starts with a magic word and a format number and the length and a hash of the
/// grammar's source, then holds integers and strings (a length, then UTF-8) — an integer is
/// written in printable ASCII digits, five bits each — so that it can be a string literal in the
/// binary and be read where it lies. The numbers are the graph's arrays of integers (its nodes,
/// edges and what was worked out from them), each a count and then its values, as `Int32`s: built
/// into the binary as an array literal, which an optimised build lays out as data, so that a start
/// copies them out whole instead of decoding them number by number (that was ≈ 10 % of a one-shot
/// `/status`, perf).
enum GrammarTables {
    static let magic: [UInt8] = Array("LTGT".utf8)
    static let formatVersion = 20

    /// A digit of an integer is `digitBase + (its five bits) + (more follow ? 32 : 0)`: "0"…"o".
    static let digitBase: UInt8 = 0x30
    static let moreDigits: UInt8 = 0x20

    /// FNV-1a over the source's UTF-8: ties tables to the text they were compiled from, so that
    /// suggestions (spelled out from the source) and matching (from the tables) cannot disagree.
    static func fingerprint(of source: String) -> Int {
        var source = source
        return source.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            return Int(truncatingIfNeeded: hash)
        }
    }
}

/// Writes the integers and strings of ``GrammarTables``.
struct TableWriter {
    private(set) var bytes: [UInt8] = []
    /// The part of fixed-width numbers (``fixed(_:)``).
    private(set) var numbers: [Int32] = []

    /// `values` in the numbers part: their count, then themselves.
    mutating func fixed(_ values: [Int32]) {
        numbers.append(Int32(values.count))
        numbers += values
    }

    mutating func integer(_ value: Int) {
        // Zig-zag, so that -1 (a node that accepts nothing) takes one digit like small counts.
        var rest = UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1))))
        repeat {
            let bits = UInt8(truncatingIfNeeded: rest & 0x1f)
            rest >>= 5
            bytes.append(GrammarTables.digitBase + bits + (rest > 0 ? GrammarTables.moreDigits : 0))
        } while rest > 0
    }

    mutating func integer(_ value: Int32) {
        integer(Int(value))
    }

    mutating func integers(_ values: [Int32]) {
        integer(values.count)
        for value in values { integer(value) }
    }

    mutating func string(_ value: String) {
        integer(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func strings(_ values: [String]) {
        integer(values.count)
        for value in values { string(value) }
    }

    /// `value` as its place among `cases` (an enum's `allCases`, fetched once by the caller).
    mutating func ordinal<T: Equatable>(_ value: T, in cases: [T]) {
        integer(cases.firstIndex(of: value)!)
    }

    mutating func raw(_ values: [UInt8]) {
        bytes.append(contentsOf: values)
    }
}

/// Reads what ``TableWriter`` wrote. Every read is checked: tables that end too early or hold a
/// value out of range are an error, never a crash.
///
/// It reads the bytes in place, so it must not outlive the buffer it is given: the program reads
/// its tables at every start, and this is most of the work.
struct TableReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// An array, not a pointer, so that a part can be kept where it lies (``fixed()``).
    private let numbers: [Int32]
    private var numberPosition = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, numbers: [Int32] = []) {
        self.bytes = bytes
        self.numbers = numbers
    }

    /// Whether both parts have been read to their ends.
    var isAtEnd: Bool { position == bytes.count && numberPosition == numbers.count }

    /// What ``TableWriter/fixed(_:)`` wrote: the values where they lie (a slice shares the
    /// numbers' storage: of the numbers built into the binary, it is no copy).
    mutating func fixed() throws(GrammarError) -> ArraySlice<Int32> {
        guard numberPosition < numbers.count else { throw Self.damaged("the numbers end before an array") }
        let count = Int(numbers[numberPosition])
        guard 0 <= count, count <= numbers.count - numberPosition - 1 else {
            throw Self.damaged("an array of \(count) numbers with \(numbers.count - numberPosition - 1) left")
        }
        let start = numberPosition + 1
        numberPosition = start + count
        return numbers[start..<numberPosition]
    }

    /// ``fixed()``, copied into an array.
    mutating func fixedArray() throws(GrammarError) -> [Int32] {
        Array(try fixed())
    }

    /// Where the next read starts, for a part of the tables read later (``skip(_:)``).
    var offset: Int { position }

    /// Passes over `count` bytes, to be read later by a reader of their own.
    mutating func skip(_ count: Int) throws(GrammarError) {
        guard 0 <= count, count <= bytes.count - position else { throw Self.damaged("a part of \(count) bytes with \(bytes.count - position) left") }
        position += count
    }

    mutating func integer() throws(GrammarError) -> Int {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count else { throw Self.damaged("they end in the middle of a number") }
            let digit = bytes[position] &- GrammarTables.digitBase
            position += 1
            guard digit < 2 * GrammarTables.moreDigits else { throw Self.damaged("a number has a byte that is no digit") }
            guard shift < 64 else { throw Self.damaged("a number is too long") }
            result |= UInt64(digit & 0x1f) &<< shift
            if digit < GrammarTables.moreDigits { break }
            shift += 5
        }
        return Int(Int64(bitPattern: result >> 1) ^ -Int64(bitPattern: result & 1))
    }

    /// An integer in `range`.
    mutating func integer(in range: Range<Int>) throws(GrammarError) -> Int {
        let value = try integer()
        guard range.contains(value) else {
            throw Self.damaged("\(value) is outside \(range.lowerBound)..<\(range.upperBound)")
        }
        return value
    }

    /// A count of things still to be read, each taking at least one byte: a count larger than the
    /// bytes left is damage (and would otherwise reserve memory for nothing).
    mutating func count() throws(GrammarError) -> Int {
        let count = try integer()
        guard 0 <= count, count <= bytes.count - position else {
            throw Self.damaged("a count of \(count) with \(bytes.count - position) bytes left")
        }
        return count
    }

    mutating func int32() throws(GrammarError) -> Int32 {
        Int32(try integer(in: Int(Int32.min)..<Int(Int32.max) + 1))
    }

    mutating func integers() throws(GrammarError) -> [Int32] {
        try array { reader throws(GrammarError) in try reader.int32() }
    }

    mutating func string() throws(GrammarError) -> String {
        let length = try count()
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self)
        position += length
        return text
    }

    mutating func strings() throws(GrammarError) -> [String] {
        try array { reader throws(GrammarError) in try reader.string() }
    }

    /// A count, then that many values, each read by `element`.
    mutating func array<T>(of element: (inout TableReader) throws(GrammarError) -> T) throws(GrammarError) -> [T] {
        let count = try count()
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try element(&self)) }
        return values
    }

    /// The next bytes, which must be `expected`.
    mutating func expect(_ expected: [UInt8], _ what: String) throws(GrammarError) {
        guard bytes.count - position >= expected.count, bytes[position..<position + expected.count].elementsEqual(expected) else {
            throw Self.damaged("\(what) is missing")
        }
        position += expected.count
    }

    /// One of `cases`, stored as its place among them (see ``TableWriter/ordinal(_:in:)``).
    mutating func ordinal<T>(in cases: [T]) throws(GrammarError) -> T {
        cases[try integer(in: 0..<cases.count)]
    }

    static func damaged(_ detail: String) -> GrammarError {
        GrammarError(line: 0, message: "the compiled grammar tables are damaged: \(detail)")
    }
}

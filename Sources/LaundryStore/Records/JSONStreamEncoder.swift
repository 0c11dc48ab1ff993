import Foundation

/// Writes any `Encodable` value as JSON text in one pass: what `JSONEncoder` with its default
/// strategies writes (dates as seconds since 2001, `nil` optionals left out), read back by
/// `JSONDecoder` as the same value.
///
/// The undo stack stores a record with most commands, and `JSONEncoder` (which builds a tree of
/// values before writing it) was a sixth of a scripted command (Benchmarks/RESULTS.md). A value's
/// own `Codable` drives this writer, so a new property of a pet or a setting is written without any
/// change here; `UndoPayloadTests` holds its output to `JSONEncoder`'s for random records.
///
/// Containers are written as they are asked for: a container is closed when one of its parents is
/// written to again, or at the end. That is how synthesized `Codable` uses them (each member
/// whole before the next).
enum JSONStreamEncoder {
    static func encode(_ value: some Encodable) throws -> String {
        let stream = JSONStream()
        try value.encode(to: StreamEncoder(stream: stream, level: 0))
        stream.close(deeperThan: 0)
        return stream.text
    }
}

/// The text being written (UTF-8), and the containers still open.
///
/// Its properties are only ever reached through this class's own methods, one at a time, by the
/// one encoding that owns it: the run-time exclusivity checks of a class's stored properties
/// (a quarter of the time spent here) are left out.
private final class JSONStream {
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    /// For each open container, outermost first: its closing bracket.
    @exclusivity(unchecked) private var closers: [UInt8] = []
    /// For each open container: whether its next member needs a comma first.
    @exclusivity(unchecked) private var needsComma: [Bool] = []

    init() {
        bytes.reserveCapacity(1024)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Opens an object or array as the value being written at `level`.
    func begin(object: Bool, at level: Int) {
        close(deeperThan: level)
        bytes.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        closers.append(object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        needsComma.append(false)
    }

    /// Gets ready for a member of the container at `level` (1 for the outermost): closes what is
    /// open inside it and writes the comma.
    func member(of level: Int) {
        close(deeperThan: level)
        if needsComma[level - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[level - 1] = true
    }

    func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    func close(deeperThan level: Int) {
        while closers.count > level {
            bytes.append(closers.removeLast())
            needsComma.removeLast()
        }
    }

    func literal(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A string, with what JSON requires escaped; everything else as its UTF-8 bytes.
    func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): literal("\\\"")
            case UInt8(ascii: "\\"): literal("\\\\")
            case UInt8(ascii: "\n"): literal("\\n")
            case UInt8(ascii: "\r"): literal("\\r")
            case UInt8(ascii: "\t"): literal("\\t")
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                literal("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A number in the shortest form that reads back exactly; whole numbers without a fraction.
    func number(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(value) is not a JSON number"))
        }
        literal(value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)")
    }

    func bool(_ value: Bool) {
        literal(value ? "true" : "false")
    }
}

// The coding path is not kept (nothing here fails on a path): the containers stay small values.

private struct StreamEncoder: Encoder {
    let stream: JSONStream
    /// The depth of the container this value is written into (0 for the top).
    let level: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        stream.begin(object: true, at: level)
        return KeyedEncodingContainer(KeyedStream(stream: stream, level: level + 1))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        stream.begin(object: false, at: level)
        return UnkeyedStream(stream: stream, level: level + 1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueStream(stream: stream, level: level)
    }
}

/// Writes one value where the stream stands, for every kind of container: the standard types
/// directly (their own overloads, so no cast is needed), anything else by its own `encode(to:)`,
/// which asks for containers.
private protocol ValueWriter {
    var stream: JSONStream { get }
    /// The level a nested value's container opens at.
    var level: Int { get }
}

extension ValueWriter {
    func write(_ value: some Encodable) throws {
        try value.encode(to: StreamEncoder(stream: stream, level: level))
    }

    func write(_ value: String) { stream.string(value) }
    func write(_ value: Bool) { stream.bool(value) }
    func write(_ value: Double) throws { try stream.number(value) }
    func write(_ value: Float) throws { try stream.number(Double(value)) }
    func writeInteger(_ value: some FixedWidthInteger) { stream.literal(String(value)) }
}

private struct KeyedStream<Key: CodingKey>: KeyedEncodingContainerProtocol, ValueWriter {
    let stream: JSONStream
    let level: Int
    var codingPath: [any CodingKey] { [] }

    private func member(_ key: Key) {
        stream.member(of: level)
        stream.key(key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws {
        member(key)
        stream.literal("null")
    }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws { member(key); try write(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { member(key); write(value) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { member(key); write(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { member(key); try write(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { member(key); try write(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { member(key); writeInteger(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { member(key); writeInteger(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { member(key); writeInteger(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { member(key); writeInteger(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { member(key); writeInteger(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { member(key); writeInteger(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { member(key); writeInteger(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { member(key); writeInteger(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { member(key); writeInteger(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { member(key); writeInteger(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        member(key)
        return StreamEncoder(stream: stream, level: level).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        member(key)
        return StreamEncoder(stream: stream, level: level).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        stream.member(of: level)
        stream.key("super")
        return StreamEncoder(stream: stream, level: level)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        member(key)
        return StreamEncoder(stream: stream, level: level)
    }
}

private struct UnkeyedStream: UnkeyedEncodingContainer, UnkeyedValueWriter {
    let stream: JSONStream
    let level: Int
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(stream: JSONStream, level: Int) {
        self.stream = stream
        self.level = level
    }

    mutating func prepare() {
        stream.member(of: level)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        prepare()
        return StreamEncoder(stream: stream, level: level).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        prepare()
        return StreamEncoder(stream: stream, level: level).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        prepare()
        return StreamEncoder(stream: stream, level: level)
    }
}

private struct SingleValueStream: SingleValueEncodingContainer, UnkeyedValueWriter {
    let stream: JSONStream
    let level: Int
    var codingPath: [any CodingKey] { [] }

    mutating func prepare() {
        stream.close(deeperThan: level)
    }
}

/// The values an unkeyed or single-value container writes, each after `prepare()` (a comma, or
/// closing what is open inside): the two protocols ask for the same methods.
private protocol UnkeyedValueWriter: ValueWriter {
    mutating func prepare()
}

extension UnkeyedValueWriter {
    mutating func encodeNil() throws {
        prepare()
        stream.literal("null")
    }

    mutating func encode(_ value: some Encodable) throws { prepare(); try write(value) }
    mutating func encode(_ value: String) throws { prepare(); write(value) }
    mutating func encode(_ value: Bool) throws { prepare(); write(value) }
    mutating func encode(_ value: Double) throws { prepare(); try write(value) }
    mutating func encode(_ value: Float) throws { prepare(); try write(value) }
    mutating func encode(_ value: Int) throws { prepare(); writeInteger(value) }
    mutating func encode(_ value: Int8) throws { prepare(); writeInteger(value) }
    mutating func encode(_ value: Int16) throws { prepare(); writeInteger(value) }
    mutating func encode(_ value: Int32) throws { prepare(); writeInteger(value) }
    mutating func encode(_ value: Int64) throws { prepare(); writeInteger(value) }
    mutating func encode(_ value: UInt) throws { prepare(); writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { prepare(); writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { prepare(); writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { prepare(); writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { prepare(); writeInteger(value) }
}

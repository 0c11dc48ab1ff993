import Foundation
import GRDB
import LaundryCore

// Writing a value as a row (RowCoding.columns(of:)): its Codable, one column per property.

/// Only reached through its own methods by the one encoding that owns it, hence without run-time
/// exclusivity checks (as ``JSONStreamEncoder``'s stream).
final class RowBeingWritten {
    @exclusivity(unchecked) private(set) var columns: [(name: String, value: DatabaseValue)] = []

    init() {
        columns.reserveCapacity(16)
    }

    func append(_ name: String, _ value: DatabaseValue) {
        columns.append((name, value))
    }

    /// Writes `value` under `column` (nil at the top): a plain value as that column, a date as its
    /// stored text, anything else by its own Codable (a struct's properties become columns).
    func write<Value: Encodable>(_ value: Value, as column: String?) throws {
        switch (ColumnKind.of(Value.self), column) {
        case (.ownColumns, _):
            for (name, value) in (value as! any StoredAsColumns).columns { append(name, value) }
        case (.date, let column?):
            append(column, StoredDate.text(value as! Date).databaseValue)
        case (.plain, let column?):
            append(column, ColumnKind.plainValue(value))
        case (.nicknames, let column?):
            append(column, ColumnKind.nicknamesValue(value as! PetNicknames))
        default:
            // Checked in debug builds only: asking for a conformance is what ColumnKind avoids.
            assert(!(value is any StoredAsColumns), "\(Value.self) is StoredAsColumns: list it in ColumnKind.ownColumnTypes")
            try value.encode(to: RowEncoder(row: self, column: column))
        }
    }
}

private struct RowEncoder: Encoder {
    let row: RowBeingWritten
    /// The column a single value is written as.
    let column: String?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ColumnsWriter(row: row))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        NoColumns(codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        OneColumn(row: row, column: column)
    }
}

/// A struct's properties, each its own column.
private struct ColumnsWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let row: RowBeingWritten
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        row.append(key.stringValue, .null)
    }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try row.write(value, as: key.stringValue)
    }

    // The standard types as they are, without asking what they are.
    mutating func encode(_ value: String, forKey key: Key) throws { row.append(key.stringValue, value.databaseValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { row.append(key.stringValue, value.databaseValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws { row.append(key.stringValue, value.databaseValue) }
    mutating func encode(_ value: Int, forKey key: Key) throws { row.append(key.stringValue, value.databaseValue) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { row.append(key.stringValue, value.databaseValue) }

    /// A nil optional is a NULL column, not a missing one: every row has every column. (Each
    /// standard type has its own requirement, which would otherwise leave the column out.)
    mutating func encodeIfPresent(_ value: (some Encodable)?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeAny(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeAny(value, key) }

    private mutating func encodeAny(_ value: (some Encodable)?, _ key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(ColumnsWriter<NestedKey>(row: row))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NoColumns(codingPath: [key])
    }

    mutating func superEncoder() -> any Encoder {
        RowEncoder(row: row, column: nil)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        RowEncoder(row: row, column: key.stringValue)
    }
}

private struct OneColumn: SingleValueEncodingContainer {
    let row: RowBeingWritten
    let column: String?
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
        row.append(try name(), .null)
    }

    mutating func encode(_ value: some Encodable) throws {
        try row.write(value, as: try name())
    }

    private func name() throws -> String {
        guard let column else {
            throw EncodingError.invalidValue(column as Any, .init(codingPath: [], debugDescription: "a single value has no column name"))
        }
        return column
    }
}

/// A list is not stored in a row: writing one fails.
private struct NoColumns: UnkeyedEncodingContainer {
    let codingPath: [any CodingKey]
    var count: Int { 0 }

    private func refuse() -> EncodingError {
        EncodingError.invalidValue([Any](), .init(codingPath: codingPath, debugDescription: "a list cannot be stored in one row"))
    }

    mutating func encodeNil() throws { throw refuse() }
    mutating func encode(_ value: some Encodable) throws { throw refuse() }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(ColumnsWriter<NestedKey>(row: RowBeingWritten()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { RowEncoder(row: RowBeingWritten(), column: nil) }
}

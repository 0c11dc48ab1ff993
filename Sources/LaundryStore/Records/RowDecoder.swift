import Foundation
import GRDB
import LaundryCore

// Reading a value from a row (RowCoding.decode(_:from:)): its Codable, one column per property.

struct RowReader: Decoder {
    let row: ColumnValues
    /// The column a single value is read from.
    let column: String?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let value: Any?
        switch (ColumnKind.of(type), column) {
        case (.ownColumns, _): value = try (type as! any StoredAsColumns.Type).init(columns: row)
        case (.date, let column?): value = try row.date(column)
        case (.plain, let column?):
            guard let stored = row[column] else { throw ColumnValues.damage("has no column \(column)") }
            value = ColumnKind.plain(type, from: stored)
        case (.nicknames, let column?):
            guard let stored = row[column] else { throw ColumnValues.damage("has no column \(column)") }
            value = ColumnKind.nicknames(from: stored)
        default: return try Value(from: self)
        }
        guard let value = value as? Value else { throw ColumnValues.damage("has no \(Value.self) in \(column ?? "its columns")") }
        return value
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ColumnsReader(row: row))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "a row holds no lists"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard let column else {
            throw DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "a single value needs a column"))
        }
        return ColumnReader(reader: self, column: column)
    }
}

private struct ColumnsReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: ColumnValues
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { row.names.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool {
        row[key.stringValue] != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        row[key.stringValue]?.isNull ?? true
    }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try RowReader(row: row, column: key.stringValue).decode(type)
    }

    // The standard types as they are, without asking what they are.
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try row.value(type, key.stringValue) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try row.value(type, key.stringValue) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try row.value(type, key.stringValue) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try row.value(type, key.stringValue) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try row.value(type, key.stringValue) }

    /// Nil for a NULL or missing column, unless the type keeps its own columns.
    func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        if !(type is any StoredAsColumns.Type), try decodeNil(forKey: key) { return nil }
        return try decode(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(ColumnsReader<NestedKey>(row: row))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [key], debugDescription: "a row holds no lists"))
    }

    func superDecoder() throws -> any Decoder {
        RowReader(row: row, column: nil)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        RowReader(row: row, column: key.stringValue)
    }
}

private struct ColumnReader: SingleValueDecodingContainer {
    let reader: RowReader
    let column: String
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool {
        reader.row[column]?.isNull ?? true
    }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try reader.decode(type)
    }
}

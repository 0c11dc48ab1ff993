import Foundation
import GRDB
import LaundryCore

// A value's own Codable, flattened into one table row: each stored property is a column of its
// name, a nested struct's properties are columns too (a pet's `settings.washMinutes` is the column
// `washMinutes`), a `Date` is ``StoredDate`` text, a nil optional is NULL, and a type that is
// ``StoredAsColumns`` (a pet's `cycle`) writes and reads its own columns. So a new property of a pet
// is a new column with no change here: one declaration and one migration (PetFieldTests shows it).
//
// GRDB's own Codable records would store a nested struct as JSON in one column and read dates
// through a formatter; this keeps the flat columns the store has always had.

/// A type stored as columns of its own rather than under its property's name.
protocol StoredAsColumns {
    /// Its columns and their values, in order.
    var columns: [(name: String, value: DatabaseValue)] { get }
    init(columns: ColumnValues) throws
}

/// A row's columns by name: read from the database, or as a write gave them.
struct ColumnValues {
    let names: [String]
    let values: [DatabaseValue]

    init(names: [String], values: [DatabaseValue]) {
        self.names = names
        self.values = values
    }

    init(_ row: Row) {
        self.init(names: Array(row.columnNames), values: Array(row.databaseValues))
    }

    /// The value of column `name`, or nil when the row has no such column.
    subscript(name: String) -> DatabaseValue? {
        names.firstIndex(of: name).map { values[$0] }
    }

    func value<Value: DatabaseValueConvertible>(_ type: Value.Type, _ name: String) throws -> Value {
        guard let stored = self[name] else { throw Self.damage("has no column \(name)") }
        guard let value = Value.fromDatabaseValue(stored) else { throw Self.damage("holds \(stored) in \(name)") }
        return value
    }

    func date(_ name: String) throws -> Date? {
        guard let stored = self[name], !stored.isNull else { return nil }
        guard let date = StoredDate.date(stored) else { throw Self.damage("holds \(stored) in \(name), which is not a date") }
        return date
    }

    /// A row that does not read as a value: a damaged store, as SQLite's own damage is.
    static func damage(_ what: String) -> DatabaseError {
        DatabaseError(resultCode: .SQLITE_CORRUPT, message: "a row \(what)")
    }
}

/// How a value of a type is stored. Told by comparing the type with short lists, not by asking
/// whether it conforms to a protocol: the first such question about a type searches every
/// conformance in the binary, which cost a third of a millisecond at every start.
private enum ColumnKind {
    /// ``StoredAsColumns``: its own columns.
    case ownColumns
    /// A date: ``StoredDate`` text.
    case date
    /// A value SQLite holds as it is.
    case plain
    /// Anything else: its own Codable, whose properties become columns (a `String`-backed enum is
    /// a string this way).
    case nested

    /// The types stored as their own columns.
    private static let ownColumnTypes = [ObjectIdentifier(CycleState.self)]
    /// The types stored as they are (a property of another type needs a type of its own, or a line
    /// here and in ``plainValue(_:)`` and ``plain(_:from:)``).
    private static let plainTypes = [
        String.self, Bool.self, Double.self, Int.self, Int64.self, Int32.self, Int16.self, Int8.self,
    ].map { ObjectIdentifier($0 as Any.Type) }

    static func of(_ type: Any.Type) -> ColumnKind {
        if type == Date.self { return .date }
        let id = ObjectIdentifier(type)
        if plainTypes.contains(id) { return .plain }
        if ownColumnTypes.contains(id) { return .ownColumns }
        return .nested
    }

    /// A plain value as SQLite holds it.
    static func plainValue(_ value: Any) -> DatabaseValue {
        switch value {
        case let value as String: value.databaseValue
        case let value as Bool: value.databaseValue
        case let value as Double: value.databaseValue
        case let value as Int: value.databaseValue
        case let value as Int64: value.databaseValue
        case let value as Int32: value.databaseValue
        case let value as Int16: value.databaseValue
        case let value as Int8: value.databaseValue
        default: preconditionFailure("\(type(of: value)) is not one of ColumnKind.plainTypes")
        }
    }

    /// A plain value of `type` from what SQLite holds, or nil when it holds something else.
    static func plain(_ type: Any.Type, from value: DatabaseValue) -> Any? {
        switch type {
        case is String.Type: String.fromDatabaseValue(value)
        case is Bool.Type: Bool.fromDatabaseValue(value)
        case is Double.Type: Double.fromDatabaseValue(value)
        case is Int.Type: Int.fromDatabaseValue(value)
        case is Int64.Type: Int64.fromDatabaseValue(value)
        case is Int32.Type: Int32.fromDatabaseValue(value)
        case is Int16.Type: Int16.fromDatabaseValue(value)
        case is Int8.Type: Int8.fromDatabaseValue(value)
        default: nil
        }
    }
}

enum RowCoding {
    /// The columns and values of `value`, in the order its Codable writes them.
    static func columns(of value: some Encodable) throws -> [(name: String, value: DatabaseValue)] {
        let row = RowBeingWritten()
        try row.write(value, as: nil)
        return row.columns
    }

    /// The names of `value`'s columns, checked to be each a column of its own (two nested structs
    /// with a property of the same name would both be stored in one column). A type's values all
    /// have the same columns, so a record asks once.
    static func columnNames(of value: some Encodable) throws -> [String] {
        let names = try columns(of: value).map(\.name)
        var seen: Set<String> = []
        if let twice = names.first(where: { !seen.insert($0).inserted }) {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "two properties are stored as the column \(twice)"))
        }
        return names
    }

    /// The value a row holds, read by its Codable.
    static func decode<Value: Decodable>(_ type: Value.Type, from row: ColumnValues) throws -> Value {
        do {
            return try RowReader(row: row, column: nil).decode(type)
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw ColumnValues.damage("does not read as a \(Value.self): \(error)")
        }
    }
}

// MARK: - Writing

/// Only reached through its own methods by the one encoding that owns it, hence without run-time
/// exclusivity checks (as ``JSONStreamEncoder``'s stream).
private final class RowBeingWritten {
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
        default:
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

// MARK: - Reading

private struct RowReader: Decoder {
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

import Foundation
import GRDB
import LaundryCore

// A value's own Codable, flattened into one table row: each stored property is a column of its
// name, a nested struct's properties are columns too (a pet's `settings.washMinutes` is the column
// `washMinutes`), a `Date` is ``StoredDate`` text, a nil optional is NULL, a pet's `nicknames` one
// column of text, and a type that is ``StoredAsColumns`` (a pet's `cycle`) writes and reads its own
// columns. So a new property of a pet is a new column with no change
// here: one declaration and one migration (PetFieldTests shows it).
//
// GRDB's own Codable records would store a nested struct as JSON in one column and read dates
// through a formatter; this keeps the flat columns the store has always had.

/// A type stored as columns of its own rather than under its property's name. A conforming type
/// is also listed in ``ColumnKind``'s `ownColumnTypes` (a debug build stops on one that is not).
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
enum ColumnKind {
    /// ``StoredAsColumns``: its own columns.
    case ownColumns
    /// A date: ``StoredDate`` text.
    case date
    /// A value SQLite holds as it is.
    case plain
    /// A pet's nicknames: one column of text, a line each, NULL for none (no nickname holds a
    /// line break: they are held to a name's rules).
    case nicknames
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
        if type == PetNicknames.self { return .nicknames }
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

extension ColumnKind {
    /// Nicknames as their column holds them.
    static func nicknamesValue(_ nicknames: PetNicknames) -> DatabaseValue {
        nicknames.isEmpty ? .null : nicknames.joined(separator: "\n").databaseValue
    }

    /// The nicknames a column holds, or nil when it holds something other than text or NULL.
    static func nicknames(from value: DatabaseValue) -> PetNicknames? {
        if value.isNull { return [] }
        return String.fromDatabaseValue(value).map { PetNicknames($0.split(separator: "\n").map(String.init)) }
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

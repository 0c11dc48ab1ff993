#if PostgreSQL
import CLibpq
import Foundation
import GRDB

/// Values both ways: a statement's arguments as libpq takes them, and its answer's cells as
/// GRDB's `DatabaseValue`s.
extension LibpqConnection {
    /// The type a value is declared as (0 for NULL: its place in the statement gives it).
    static func type(_ value: DatabaseValue) -> Oid {
        switch value.storage {
        case .null: 0
        case .int64: 20  // int8
        case .double: 701  // float8
        case .string: 25  // text
        case .blob: 17  // bytea
        }
    }

    /// Values as libpq takes them: each a C string (a blob its bytes, sent as binary), kept until
    /// ``free()``.
    struct Values {
        let pointers: [UnsafePointer<CChar>?]
        let lengths: [Int32]
        let formats: [Int32]

        init(_ arguments: [DatabaseValue]) {
            var pointers: [UnsafePointer<CChar>?] = [], lengths: [Int32] = [], formats: [Int32] = []
            for value in arguments {
                switch value.storage {
                case .null:
                    pointers.append(nil)
                    lengths.append(0)
                    formats.append(0)
                case .int64(let number): Self.text(String(number), &pointers, &lengths, &formats)
                // Swift's shortest text that reads back as the same number; "inf" and "nan" as
                // PostgreSQL reads them.
                case .double(let number): Self.text(number.description, &pointers, &lengths, &formats)
                case .string(let text): Self.text(text, &pointers, &lengths, &formats)
                case .blob(let data):
                    let bytes = UnsafeMutablePointer<CChar>.allocate(capacity: max(data.count, 1))
                    data.withUnsafeBytes { raw in
                        if let base = raw.baseAddress { bytes.update(from: base.assumingMemoryBound(to: CChar.self), count: data.count) }
                    }
                    pointers.append(UnsafePointer(bytes))
                    lengths.append(Int32(data.count))
                    formats.append(1)
                }
            }
            self.pointers = pointers
            self.lengths = lengths
            self.formats = formats
        }

        private static func text(_ text: String, _ pointers: inout [UnsafePointer<CChar>?], _ lengths: inout [Int32], _ formats: inout [Int32]) {
            pointers.append(UnsafePointer(strdup(text)))
            lengths.append(0)
            formats.append(0)
        }

        func free() {
            for pointer in pointers { Foundation.free(UnsafeMutablePointer(mutating: pointer)) }
        }
    }

    /// A result's rows, and how many rows it changed.
    static func answer(_ result: OpaquePointer) -> Answer {
        var answer = Answer()
        let rows = PQntuples(result), columns = PQnfields(result)
        if rows > 0 {
            let types = (0..<columns).map { PQftype(result, $0) }
            answer.rows.reserveCapacity(Int(rows))
            for row in 0..<rows {
                answer.rows.append((0..<columns).map { column in
                    PQgetisnull(result, row, column) == 1
                        ? .null : value(PQgetvalue(result, row, column), length: PQgetlength(result, row, column), type: types[Int(column)])
                })
            }
        }
        answer.changed = changed(result)
        return answer
    }

    /// How many rows an INSERT, UPDATE or DELETE changed (0 for any other statement).
    static func changed(_ result: OpaquePointer) -> Int {
        // libpq gives a SELECT's row count too: rows read are not rows changed.
        guard let status = PQcmdStatus(result), !changesNoRows(status) else { return 0 }
        guard let changed = PQcmdTuples(result), changed.pointee != 0 else { return 0 }
        return Int(String(cString: changed)) ?? 0
    }

    /// Whether a statement whose command tag (`PQcmdStatus`) is `status` changes no rows: a
    /// SELECT, FETCH, MOVE; an INSERT, UPDATE, DELETE or MERGE does (also with `RETURNING`).
    private static func changesNoRows(_ status: UnsafePointer<CChar>) -> Bool {
        // Compared where libpq keeps it, without a copy: this runs for every statement's answer.
        strncmp(status, "SELECT ", 7) == 0 || strncmp(status, "FETCH ", 6) == 0 || strncmp(status, "MOVE ", 5) == 0
    }

    /// A cell's text as the value its type stands for.
    static func value(_ text: UnsafePointer<CChar>, length: Int32, type: Oid) -> DatabaseValue {
        switch type {
        case 20, 21, 23:  // int8, int2, int4
            if let number = Int64(String(cString: text)) { return number.databaseValue }
        case 16:  // bool: "t" or "f"
            return (text.pointee == CChar(UInt8(ascii: "t")) ? 1 : 0).databaseValue
        case 700, 701:  // float4, float8
            if let number = Double(String(cString: text)) { return number.databaseValue }
        case 17:  // bytea, as "\x" and hexadecimal digits
            var length = 0
            if let bytes = PQunescapeBytea(UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), &length) {
                defer { PQfreemem(bytes) }
                return Data(bytes: bytes, count: length).databaseValue
            }
        default:
            break
        }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self).databaseValue
    }

    /// A failed statement's error: the server's SQLSTATE and its message's first line.
    static func failure(_ result: OpaquePointer) -> LibpqError {
        let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
        guard let message = PQresultErrorField(result, Int32(UInt8(ascii: "M"))) else {
            return .connectionLost(reason(PQresultErrorMessage(result)))
        }
        return .server(sqlState: state, message: String(cString: message))
    }

    /// libpq's message as one clause: its first line, without "connection to server … failed:" and
    /// the severity ("FATAL:  password authentication failed for user "sam"" → "password
    /// authentication failed for user "sam"").
    static func reason(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "the connection failed" }
        var line = Substring(String(cString: message).split(separator: "\n").first ?? "")
        if let failed = line.range(of: " failed: ", options: .backwards) { line = line[failed.upperBound...] }
        for severity in ["FATAL:", "ERROR:", "PANIC:"] where line.hasPrefix(severity) { line = line.dropFirst(severity.count) }
        let clause = line.trimmingCharacters(in: .whitespaces)
        if clause.hasPrefix("server closed the connection") { return "the server closed the connection" }
        return clause.isEmpty ? "the connection failed" : clause
    }
}
#endif

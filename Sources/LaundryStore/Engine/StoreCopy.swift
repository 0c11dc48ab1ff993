import GRDB

/// Copies one store's rows into another's, engine to engine (`laundrytime migrate --to`): the
/// pets, their history, the settings, the transcript, the undo stack and the notices already
/// told, every row with its own id, so that undo records and history still name the right pets.
///
/// Runs inside the caller's transactions (a read of the source, a write of the target): all of it
/// is copied or none. A row whose key the target already holds is left as it is (`ON CONFLICT DO
/// NOTHING`), so copying the same store twice adds nothing; then every table must hold as many
/// rows as the source's — a target that holds rows of its own is another household's, and the
/// copy is refused (thrown, and so rolled back).
package enum StoreCopy {
    /// Each table, with the columns copied and its key, parents before children.
    package static let tables: [(name: String, columns: String, key: String)] = [
        ("pet", PetRecord.columnList, "id"),
        ("cycleEvent", CycleEventRecord.columns.joined(separator: ", "), "id"),
        ("setting", "key, value", "key"),
        ("transcriptMessage", TranscriptMessageRecord.columnList, "id"),
        ("undoEntry", UndoEntryRecord.columnList, "id"),
        ("deliveredNotice", "key, at, claimedBy", "key"),
    ]

    /// How many rows each table holds, by name, in the order of ``tables``.
    package static func counts(in connection: any StoreConnection) throws -> [(table: String, rows: Int)] {
        try tables.map { ($0.name, try connection.value(Int.self, "SELECT count(*) FROM \($0.name)") ?? 0) }
    }

    /// Copies every row of `source` into `target` and checks the counts; returns them.
    package static func copy(from source: any StoreConnection, to target: any StoreConnection, target name: String) throws
        -> [(table: String, rows: Int)]
    {
        for table in tables {
            let width = table.columns.split(separator: ",").count
            let insert = "INSERT INTO \(table.name) (\(table.columns)) VALUES ("
                + Array(repeating: "?", count: width).joined(separator: ", ") + ") ON CONFLICT (\(table.key)) DO NOTHING"
            try source.forEachRow("SELECT \(table.columns) FROM \(table.name) ORDER BY \(table.key)", []) { row in
                try target.execute(insert, row)
            }
        }
        let expected = try counts(in: source)
        let found = try counts(in: target)
        for (wanted, there) in zip(expected, found) where wanted.rows != there.rows {
            throw StoreError.failed(
                path: name,
                reason: "after the copy its table \(there.table) holds \(there.rows) rows, this store's \(wanted.rows): "
                    + "it already held rows of its own, so nothing was copied")
        }
        return expected
    }
}

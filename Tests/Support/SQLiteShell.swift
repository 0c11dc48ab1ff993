import Foundation

/// Runs queries with `/usr/bin/sqlite3`, or with python3's sqlite3 module where that shell is
/// missing; nothing new is linked into the tests. Columns are tab-separated, NULL is empty.
public enum SQLiteShell {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// SQLite's own verdict on `bytes` as a database file: `integrity_check`'s rows ("ok" when
    /// whole), or "not a database" when it cannot be read at all. Checked on a copy made in
    /// `folder`, so that the check touches no file under test.
    public static func integrityCheck(of bytes: Data, in folder: URL) throws -> [[String]] {
        let copy = folder.appendingPathComponent("verdict-\(UUID().uuidString).sqlite")
        try bytes.write(to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        return (try? rows(copy, ["PRAGMA integrity_check"])) ?? [["not a database"]]
    }

    /// Runs `statements` with python3's sqlite3, commits, and exits without closing, as a crash
    /// does: a database in WAL mode is left with its `-wal` beside it.
    public static func writeAndCrash(_ database: URL, _ statements: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import os, sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            for statement in sys.argv[2:]:
                db.execute(statement)
            db.commit()
            os._exit(0)
            """, database.path] + statements
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "writing \(database.path) failed (\(process.terminationStatus))")
        }
    }

    public static func rows(_ database: URL, _ statements: [String]) throws -> [[String]] {
        let process = Process()
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            process.arguments = ["-batch", "-bail", "-noheader", "-separator", "\t", "-init", "/dev/null",
                                 database.path, statements.joined(separator: ";\n")]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                for statement in sys.argv[2:]:
                    for row in db.execute(statement):
                        print("\\t".join("" if value is None else str(value) for value in row))
                db.commit()
                """, database.path] + statements
        }
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The output of these queries is small: it fits in the pipe, so reading one after the
        // other cannot block the child.
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "reading \(database.path) failed (\(process.terminationStatus)): "
                          + String(decoding: err, as: UTF8.self))
        }
        return String(decoding: out, as: UTF8.self).split(separator: "\n")
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }
}

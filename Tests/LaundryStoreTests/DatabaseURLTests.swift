import Foundation
import LaundryStore
import LaundryTestSupport
import Testing

/// `--database` and `LAUNDRYTIME_DATABASE_URL` are read as libpq reads a URL, and a password is
/// never repeated in a message.
@Suite struct DatabaseURLTests {
    let environment = ["USER": "alex", "PGPASSFILE": "/nonexistent"]

    @Test func aURLGivesHostPortUserDatabaseAndPassword() throws {
        let url = try DatabaseURL("postgres://sam:p%40ss@db.home.lan:5433/laundry?sslmode=require", environment: environment)
        #expect(url.host == "db.home.lan" && url.port == 5433 && url.user == "sam" && url.database == "laundry")
        #expect(url.password == "p@ss" && url.sslMode == .require && !url.isUnixSocket)
        #expect(url.description == "laundry on db.home.lan:5433")
    }

    @Test func whatIsLeftOutIsWhatLibpqAssumes() throws {
        let url = try DatabaseURL("postgresql:///laundry", environment: environment)
        #expect(url.host == DatabaseURL.defaultSocketDirectory && url.port == 5432 && url.user == "alex")
        #expect(url.socketPath == "/var/run/postgresql/.s.PGSQL.5432" && url.sslMode == .prefer && url.password == nil)
        #expect(try DatabaseURL("postgres://", environment: environment).database == "alex", "the database is the user's")
        let socket = try DatabaseURL("postgres://sam@/laundry?host=/tmp/pg&port=6000", environment: environment)
        #expect(socket.host == "/tmp/pg" && socket.port == 6000 && socket.isUnixSocket)
    }

    @Test func mistakesAreRefusedWithoutThePassword() {
        for (text, words) in [("mysql://sam@db/laundry", "not a PostgreSQL URL"), ("postgres://sam:hunter2@db:99999/x", "port"),
                              ("postgres://sam:hunter2@db/x?sslmode=verify-full", "sslmode")] {
            do {
                _ = try DatabaseURL(text, environment: environment)
                Issue.record("\(text) was read")
            } catch {
                #expect(error.description.contains(words), "\(error.description)")
                #expect(!error.description.contains("hunter2"), "\(error.description)")
            }
        }
        #expect(DatabaseURL.redacted("postgres://sam:hunter2@db/x?password=hunter2") == "postgres://sam:***@db/x?password=***")
    }

    @Test func thePasswordFileIsReadAsLibpqReadsIt() throws {
        let directory = TemporaryDirectory()
        let file = directory.url.appendingPathComponent("pgpass")
        try """
            # comment
            other:5432:*:sam:nope
            db.home.lan:5432:laundry:sam:first\\:one
            *:*:*:sam:fallback
            localhost:*:*:alex:socket
            """.write(to: file, atomically: true, encoding: .utf8)
        let environment = ["USER": "alex", "PGPASSFILE": file.path]
        chmod(file.path, 0o644)
        #expect(try DatabaseURL("postgres://sam@db.home.lan/laundry", environment: environment).password == nil,
                "a file others may read is ignored")
        chmod(file.path, 0o600)
        #expect(try DatabaseURL("postgres://sam@db.home.lan/laundry", environment: environment).password == "first:one")
        #expect(try DatabaseURL("postgres://sam@elsewhere/laundry", environment: environment).password == "fallback")
        #expect(try DatabaseURL("postgres:///laundry", environment: environment).password == "socket", "a socket is localhost")
        #expect(try DatabaseURL("postgres://sam:given@db.home.lan/laundry", environment: environment).password == "given")
    }
}

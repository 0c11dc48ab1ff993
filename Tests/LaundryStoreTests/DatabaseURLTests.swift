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

    /// A named parameter wins over the same part of the URL, as libpq reads them (the parameters
    /// come after): `psql` connects to the socket of `?host=` whatever host the URL names.
    @Test func aNamedParameterWinsOverTheURLsOwnPart() throws {
        let socket = try DatabaseURL("postgres://lt@localhost/db?host=/run/postgresql", environment: environment)
        #expect(socket.host == "/run/postgresql" && socket.isUnixSocket && socket.socketPath == "/run/postgresql/.s.PGSQL.5432")
        let all = try DatabaseURL(
            "postgres://sam:one@db.home.lan:5433/laundry?host=other.lan&port=6000&user=kim&dbname=house&password=two",
            environment: environment)
        #expect(all.host == "other.lan" && all.port == 6000 && all.user == "kim" && all.database == "house")
        #expect(all.password == "two")
    }

    /// Every example of libpq's "Connection URIs" (PostgreSQL 15, libpq-connect §34.1.1.2) that
    /// LaundryTime's options cover, read as libpq reads it.
    @Test func everyExampleOfLibpqsConnectionURIs() throws {
        func read(_ text: String) throws -> DatabaseURL { try DatabaseURL(text, environment: environment) }
        let bare = try read("postgresql://")
        #expect(bare.host == DatabaseURL.defaultSocketDirectory && bare.port == 5432 && bare.user == "alex" && bare.database == "alex")
        let localhost = try read("postgresql://localhost")
        #expect(localhost.host == "localhost" && localhost.port == 5432 && !localhost.isUnixSocket && localhost.database == "alex")
        #expect(try read("postgresql://localhost:5433").port == 5433)
        let mydb = try read("postgresql://localhost/mydb")
        #expect(mydb.host == "localhost" && mydb.database == "mydb" && mydb.user == "alex")
        let user = try read("postgresql://user@localhost")
        #expect(user.user == "user" && user.database == "user" && user.password == nil)
        let secret = try read("postgresql://user:secret@localhost")
        #expect(secret.user == "user" && secret.password == "secret")
        let other = try read("postgresql://other@localhost/otherdb?connect_timeout=10&application_name=myapp")
        #expect(other.user == "other" && other.database == "otherdb" && other.connectTimeout == 10 && other.applicationName == "myapp")
        let named = try read("postgresql:///mydb?host=localhost&port=5433")
        #expect(named.host == "localhost" && named.port == 5433 && named.database == "mydb")
        let jdbc = try read("postgresql://localhost/mydb?ssl=true")
        #expect(jdbc.sslMode == .require, "ssl=true is sslmode=require, for JDBC's URLs")
        let options = try read("postgresql://user@localhost:5433/mydb?options=-c%20synchronous_commit%3Doff")
        #expect(options.options == "-c synchronous_commit=off" && options.port == 5433 && options.database == "mydb")
        let ipv6 = try read("postgresql://[2001:db8::1234]/database")
        #expect(ipv6.host == "2001:db8::1234" && ipv6.database == "database" && !ipv6.isUnixSocket)
        #expect(ipv6.description == "database on [2001:db8::1234]:5432")
        let socket = try read("postgresql:///dbname?host=/var/lib/postgresql")
        #expect(socket.host == "/var/lib/postgresql" && socket.isUnixSocket && socket.database == "dbname")
        let encoded = try read("postgresql://%2Fvar%2Flib%2Fpostgresql/dbname")
        #expect(encoded.host == "/var/lib/postgresql" && encoded.isUnixSocket && encoded.database == "dbname")
    }

    /// libpq's forms LaundryTime does not cover are refused with a sentence, not half read: several
    /// hosts (LaundryTime keeps one connection to one server), `ssl` other than `true`, a timeout
    /// that is not a number.
    @Test func formsLaundryTimeDoesNotCoverAreRefusedSaying() throws {
        for (text, words) in [
            ("postgresql://host1:123,host2:456/somedb?target_session_attrs=any&application_name=myapp", "one server"),
            ("postgresql:///somedb?host=host1,host2", "one server"),
            ("postgresql://localhost/db?ssl=false", "ssl=true"),
            ("postgresql://localhost/db?connect_timeout=soon", "connect_timeout"),
        ] {
            do {
                _ = try DatabaseURL(text, environment: environment)
                Issue.record("\(text) was read")
            } catch {
                #expect(error.description.contains(words), "\(text): \(error.description)")
            }
        }
        // libpq: 0 (or less) waits as long as it takes, and a timeout is at least 2 seconds.
        #expect(try DatabaseURL("postgres://localhost/db?connect_timeout=0", environment: environment).connectTimeout == 0)
        #expect(try DatabaseURL("postgres://localhost/db", environment: environment).connectTimeout == nil)
        #expect(try DatabaseURL("postgres://localhost/db?connect_timeout=1", environment: environment).connectTimeout == 2)
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

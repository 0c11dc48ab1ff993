import Foundation
import LaundryTestSupport
import Testing

/// `--database` in every build: a URL that is not one is a usage error, and a build without the
/// PostgreSQL trait says how to get one — never printing the password, never touching the data
/// directory. (The PostgreSQL store itself: PostgresTests.)
@Suite struct DatabaseOptionTests {
    let directory = TemporaryDirectory()
    var laundrytime: LaundryTimeProcess { LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data")) }

    @Test func aURLThatIsNotOneIsAUsageError() throws {
        let result = try laundrytime.run(["--database", "mysql://sam:hunter2@db/laundry", "/status"])
        #expect(result.status == 2 && result.stderr.contains("not a PostgreSQL URL"), "\(result.stderr)")
        #expect(!result.stderr.contains("hunter2"))
        let migrate = try laundrytime.run(["migrate"])
        #expect(migrate.status == 2 && migrate.stderr.contains("migrate --to"), "\(migrate.stderr)")
    }

    /// `--member` names who types, in the transcript and in the household's news: a name with a
    /// control character (an escape sequence for the other members' terminals) or nothing but
    /// spaces is refused before anything is opened.
    @Test func aMemberNameWithControlCharactersOrOnlySpacesIsAUsageError() throws {
        let escape = try laundrytime.run(["--member", "Sam\u{1B}[2J", "/status"])
        #expect(escape.status == 2 && escape.stderr.contains("--member") && escape.stderr.contains("U+001B"), "\(escape.stderr)")
        let blank = try laundrytime.run(["--member", "   ", "/status"])
        #expect(blank.status == 2 && blank.stderr.contains("--member"), "\(blank.stderr)")
        let long = try laundrytime.run(["--member", String(repeating: "a", count: 65), "/status"])
        #expect(long.status == 2 && long.stderr.contains("64"), "\(long.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("data").path), "no data directory is made")
        #expect(try laundrytime.run(["--member", "Sam", "/status"]).status == 0)
    }

    #if !PostgreSQL
    @Test func aBuildWithoutPostgreSQLSaysHowToGetIt() throws {
        let result = try laundrytime.run(["/status"], environment: ["LAUNDRYTIME_DATABASE_URL": "postgres://sam:hunter2@db.home.lan/laundry"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("laundry on db.home.lan:5432") && result.stderr.contains("--traits PostgreSQL"), "\(result.stderr)")
        #expect(!result.stderr.contains("hunter2"))
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("data").path), "no data directory is made")
    }
    #endif
}

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

import Foundation
import LaundryCore
import LaundryStore
import LaundryTerminal
#if PostgreSQL
import LaundryPostgres
#endif

/// A household's PostgreSQL database: opened for `--database URL` or
/// `LAUNDRYTIME_DATABASE_URL`, and moved into by `laundrytime migrate --to URL`. In a build without
/// the `PostgreSQL` trait, both say how to get one.
enum HouseholdDatabase {
    /// The store on the database `text` names; exits with a sentence when it cannot be used: 2 for
    /// a URL that is not one, 3 for a database that cannot be reached (its password never shown).
    static func open(_ text: String, location: StoreLocation, member: String, environment: [String: String]) -> any StoreEngine {
        let url = parse(text, environment: environment)
        #if PostgreSQL
        do throws(StoreError) {
            return try PostgresStore(url: url, location: location, member: member)
        } catch {
            fail(error.messageAndWayOut, .storeUnavailable)
        }
        #else
        fail(withoutPostgreSQL(url), .storeUnavailable)
        #endif
    }

    /// Copies the data directory's store into the database `text` names, in one transaction, and
    /// says how many rows of each kind it holds now.
    static func moveIn(from location: StoreLocation, to text: String, environment: [String: String], busyTimeout: TimeInterval)
        -> ExitStatus
    {
        let url = parse(text, environment: environment)
        #if PostgreSQL
        guard FileManager.default.fileExists(atPath: location.databaseURL.path) else {
            fail("There is no store at \(location.databaseURL.path) to move in; --data-dir names another.", .usage)
        }
        do {
            let source = try LaundryStore(location: location, busyTimeout: busyTimeout)
            defer { source.close() }
            let target = try PostgresStore(url: url, location: location, member: StoreTransaction.defaultMember(environment: environment))
            defer { target.close() }
            let counts = try target.moveIn(from: source)
            let names = ["pet": "pet", "cycleEvent": "history event", "setting": "setting", "transcriptMessage": "transcript message",
                         "undoEntry": "undoable change", "deliveredNotice": "delivered notice"]
            let listed = counts.map { DurationText.plural($0.rows, names[$0.table] ?? $0.table) }
            StandardStreams.out("Moved in: \(location.databaseURL.path) → \(url). The database holds "
                + listed.dropLast().joined(separator: ", ") + " and " + listed.last! + ", as the store does.\n"
                + "Use it with --database or LAUNDRYTIME_DATABASE_URL; the data directory's store is left as it was.\n")
            return .success
        } catch let error as StoreError {
            fail(error.messageAndWayOut, .storeUnavailable)
        } catch {
            fail("Nothing was moved: \(error).", .storeUnavailable)
        }
        #else
        fail(withoutPostgreSQL(url), .storeUnavailable)
        #endif
    }

    private static func parse(_ text: String, environment: [String: String]) -> DatabaseURL {
        do throws(DatabaseURLError) {
            return try DatabaseURL(text, environment: environment)
        } catch {
            fail(error.description, .usage)
        }
    }

    private static func withoutPostgreSQL(_ url: DatabaseURL) -> String {
        "This laundrytime was built without PostgreSQL, so it cannot use the database \(url). "
            + "Build it with “swift build --traits PostgreSQL” (README, “Share with your household”)."
    }
}

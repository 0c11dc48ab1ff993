#if PostgreSQL
import Foundation
import LaundryPlatform
import LaundryCore
import LaundryStore
import LaundryTestSupport

/// The throwaway PostgreSQL cluster `scripts/with-postgres` started for this run, and fresh
/// databases on it: each test gets its own, so that tests run side by side.
enum TestCluster {
    static let environment = ProcessInfo.processInfo.environment

    /// The cluster's own database's URL (with its password); a test run outside
    /// `scripts/with-postgres` fails here, saying so.
    static func url() throws -> DatabaseURL {
        guard let text = environment["LAUNDRYTIME_TEST_DATABASE_URL"], !text.isEmpty else {
            throw Missing(description: "no PostgreSQL to test against: run `scripts/with-postgres swift test --traits PostgreSQL`")
        }
        return try DatabaseURL(text, environment: [:])
    }

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    static let bin = environment["LAUNDRYTIME_TEST_POSTGRES_BIN"] ?? "/usr/lib/postgresql/15/bin"

    /// A new, empty database on the cluster; its URL as text.
    static func freshDatabase() throws -> String {
        let url = try url()
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        try run(bin + "/createdb", ["-h", url.host, "-p", String(url.port), "-U", url.user, String(name)], password: url.password)
        return "postgres://\(url.user):\(url.password ?? "")@/\(name)?host=\(url.host)"
    }

    /// Runs a PostgreSQL program and waits for it; throws with its output when it fails. Started
    /// with `posix_spawn` and waited for with `waitpid` (``LaundryCore/ChildProcess``): Foundation's
    /// `Process` was seen never to return from `waitUntilExit` for a `runuser … pg_ctl start`
    /// whose server lives on.
    /// `extra` holds more of the program's environment, as `NAME=value`.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], password: String?, environment extra: [String] = []) throws -> String {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("laundrytime-pg-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        var environment = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8"] + extra
        if let password { environment.append("PGPASSWORD=" + password) }
        let output = ChildProcess.Stream.file(log.path, flags: O_WRONLY | O_CREAT | O_APPEND, mode: 0o600)
        let pid = try ChildProcess.spawn(
            program, arguments: [program] + arguments, environment: environment,
            stdin: .file("/dev/null", flags: O_RDONLY), stdout: output, stderr: output
        ).get()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        // Exited normally with status 0.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Missing(description: "\(program) \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }

    /// The answer of `psql` to `sql` on the database `url`, unaligned, without headers.
    static func query(_ url: String, _ sql: String) throws -> String {
        let parsed = try DatabaseURL(url, environment: [:])
        return try run(bin + "/psql", ["-h", parsed.host, "-p", String(parsed.port), "-U", parsed.user, "-d", parsed.database,
                                       "-X", "-A", "-t", "-c", sql], password: parsed.password)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The server's log so far (scripts/with-postgres keeps it beside the data directory).
    static func serverLog() -> String {
        guard let data = environment["LAUNDRYTIME_TEST_POSTGRES_DATA"] else { return "" }
        let log = URL(fileURLWithPath: data).deletingLastPathComponent().appendingPathComponent("server.log")
        return (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    }
}

/// A cluster of a test's own, for the tests that stop the server: started by `pg_ctl` on a Unix
/// socket in a temporary directory (as the `postgres` user when the tests run as root), with
/// trust for local connections, and removed when the test is done. With a `tcpPort` it listens on
/// localhost's TCP port too (127.0.0.1 and ::1), and with a `password` it asks for it
/// (scram-sha-256) on the socket and over TCP alike.
final class OwnCluster {
    let directory = TemporaryDirectory()
    let port: Int
    let tcp: Bool
    let password: String?
    var socketDirectory: String { directory.url.path }
    var dataDirectory: String { directory.url.appendingPathComponent("data").path }
    var url: String { "postgres://laundrytime@/laundrytime?host=\(socketDirectory)" + (port == 5432 ? "" : "&port=\(port)") }

    init(tcpPort: Int? = nil, password: String? = nil) throws {
        port = tcpPort ?? 5432
        tcp = tcpPort != nil
        self.password = password
        chmod(socketDirectory, 0o777)
        var authentication = ["--auth-local=trust", "--auth-host=trust"]
        if let password {
            let file = directory.url.appendingPathComponent("password").path
            try Data((password + "\n").utf8).write(to: URL(fileURLWithPath: file))
            chmod(file, 0o644)
            authentication = ["--pwfile=" + file, "--auth-local=scram-sha-256", "--auth-host=scram-sha-256"]
        }
        try pg("initdb", ["-D", dataDirectory, "-U", "laundrytime", "-E", "UTF8", "--no-locale"] + authentication)
        try start()
        try TestCluster.run(TestCluster.bin + "/createdb", ["-h", socketDirectory, "-p", String(port), "-U", "laundrytime", "laundrytime"],
                            password: password)
    }

    func start() throws {
        let listen = tcp ? "'127.0.0.1,::1'" : ""
        try pg("pg_ctl", ["-D", dataDirectory, "-l", socketDirectory + "/server.log", "-w", "-t", "60",
                          "-o", "-k \(socketDirectory) -p \(port) -c listen_addresses=\(listen) -c fsync=off", "start"])
    }

    /// Stops the server at once, as a crash or a pulled cable would: no goodbye to its clients.
    func kill() throws {
        try pg("pg_ctl", ["-D", dataDirectory, "-m", "immediate", "stop"])
    }

    deinit {
        try? pg("pg_ctl", ["-D", dataDirectory, "-m", "immediate", "stop"])
    }

    private func pg(_ program: String, _ arguments: [String]) throws {
        if getuid() == 0 {
            try TestCluster.run("/usr/sbin/runuser", ["-u", "postgres", "--", TestCluster.bin + "/" + program] + arguments, password: nil)
        } else {
            try TestCluster.run(TestCluster.bin + "/" + program, arguments, password: nil)
        }
    }
}
#endif

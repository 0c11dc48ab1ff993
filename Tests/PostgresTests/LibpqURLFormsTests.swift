#if PostgreSQL
import Foundation
import LaundryStore
import LaundryTestSupport
import Testing

/// The forms of libpq's connection URIs that docs/household.md names, each tried by `laundrytime` and by
/// `psql` side by side, against a cluster of the test's own that asks for a password on its Unix
/// socket and on localhost's TCP port: where `psql` connects, `laundrytime` connects to the same
/// database (a pet it creates there is what `psql` then finds); where `psql` refuses, so does it.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: TestCluster.bin + "/psql"), "psql is installed"))
struct LibpqURLFormsTests {
    let directory = TemporaryDirectory()

    /// What each form connects as, and whether it connects.
    struct Form {
        let url: String
        let connects: Bool
        /// The password file is left out: the password is the URL's.
        var withoutPasswordFile = false
    }

    @Test func eachFormREADMENamesConnectsWherePsqlConnects() throws {
        let password = "pw-" + UUID().uuidString.prefix(8)
        let cluster = try OwnCluster(tcpPort: try Self.freePort(), password: password)
        let port = cluster.port, socket = cluster.socketDirectory
        let encodedSocket = socket.replacingOccurrences(of: "/", with: "%2F")
        // The user the forms without a user connect as, with a database of that name and "mydb".
        let osUser = NSUserName()
        let passwordFile = directory.url.appendingPathComponent("pgpass")
        try Data("*:*:*:*:\(password)\n".utf8).write(to: passwordFile)
        chmod(passwordFile.path, 0o600)
        let admin = "postgresql://laundrytime@/laundrytime?host=\(socket)&port=\(port)"
        try psql(admin, "CREATE ROLE \"\(osUser)\" LOGIN PASSWORD '\(password)'", passwordFile: passwordFile.path)
        try psql(admin, "CREATE DATABASE \"\(osUser)\" OWNER \"\(osUser)\"", passwordFile: passwordFile.path)
        try psql(admin, "CREATE DATABASE mydb OWNER \"\(osUser)\"", passwordFile: passwordFile.path)

        let forms = [
            // libpq's own examples, on this cluster's port.
            Form(url: "postgresql://localhost:\(port)", connects: true),
            Form(url: "postgresql://localhost:\(port)/mydb", connects: true),
            Form(url: "postgresql://laundrytime@localhost:\(port)", connects: true),
            Form(url: "postgresql://laundrytime:\(password)@localhost:\(port)", connects: true, withoutPasswordFile: true),
            Form(url: "postgresql://laundrytime@localhost:\(port)/laundrytime?connect_timeout=10&application_name=myapp", connects: true),
            Form(url: "postgresql:///laundrytime?host=localhost&port=\(port)&user=laundrytime", connects: true),
            Form(url: "postgresql://laundrytime@localhost:\(port)/laundrytime?options=-c%20synchronous_commit%3Doff", connects: true),
            Form(url: "postgresql://laundrytime@[::1]:\(port)/laundrytime", connects: true),
            Form(url: "postgresql:///laundrytime?host=\(socket)&port=\(port)&user=laundrytime", connects: true),
            Form(url: "postgresql://laundrytime@\(encodedSocket):\(port)/laundrytime", connects: true),
            // A named parameter wins over the URL's part.
            Form(url: "postgres://laundrytime@localhost/laundrytime?host=\(socket)&port=\(port)", connects: true),
            Form(url: "postgres://laundrytime@nowhere.invalid:1/other?host=\(socket)&port=\(port)&dbname=laundrytime", connects: true),
            // TLS: this server has none, so asking for it is refused by both.
            Form(url: "postgres://laundrytime@localhost:\(port)/laundrytime?sslmode=disable", connects: true),
            Form(url: "postgres://laundrytime@localhost:\(port)/laundrytime?sslmode=prefer", connects: true),
            Form(url: "postgres://laundrytime@localhost:\(port)/laundrytime?sslmode=require", connects: false),
            Form(url: "postgres://laundrytime@localhost:\(port)/laundrytime?ssl=true", connects: false),
        ]
        for (index, form) in forms.enumerated() {
            let pet = "Form" + String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index)))
            let environment = ["USER": osUser, "PGPASSFILE": form.withoutPasswordFile ? "/nonexistent" : passwordFile.path]
            let made = try LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data\(index)"))
                .run(["--database", form.url], input: Data("create pet \(pet)\n".utf8), now: nil, environment: environment)
            let found = Result { try psql(form.url, "SELECT count(*) FROM pet WHERE lower(name) = lower('\(pet)')",
                                          passwordFile: environment["PGPASSFILE"]!) }
            if form.connects {
                #expect(made.status == 0, "laundrytime with \(form.url): \(made.stderr)")
                #expect((try? found.get()) == "1", "psql with \(form.url) finds the pet laundrytime created: \(found)")
            } else {
                #expect(made.status == 3, "laundrytime refuses \(form.url): \(made.status) \(made.stderr)")
                #expect((try? found.get()) == nil, "psql refuses \(form.url) too")
            }
        }
    }

    /// `psql URL -c SQL`'s answer, unaligned, without headers: libpq reads the URL itself.
    @discardableResult
    func psql(_ url: String, _ sql: String, passwordFile: String) throws -> String {
        try TestCluster.run(TestCluster.bin + "/psql", [url, "-X", "-A", "-t", "-c", sql], password: nil,
                            environment: ["PGPASSFILE=" + passwordFile, "USER=" + NSUserName()])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now: the system's pick for port 0.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard found else { throw TestCluster.Missing(description: "no free TCP port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
#endif

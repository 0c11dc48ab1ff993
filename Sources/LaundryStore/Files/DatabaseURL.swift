import Foundation
import LaundryPlatform
import LaundryCore

/// A household's PostgreSQL database, as `--database` or `LAUNDRYTIME_DATABASE_URL` names it: a
/// libpq-style URL, `postgres://[user[:password]@][host][:port][/dbname][?param=value&…]`
/// (`postgresql://` too).
///
/// As libpq reads it (PostgreSQL's libpq-connect, "Connection URIs"): a named parameter
/// (`?host=`, `port`, `user`, `password`, `dbname`) wins over the same part of the URL, since libpq
/// reads the parameters after the parts; a host that starts with `/` (written `%2F…`, or as
/// `?host=/dir`) is the directory of the server's Unix socket; an IPv6 address is written in
/// brackets; with no host the socket is looked for in `/var/run/postgresql`; the user defaults to
/// the OS user and the database to the user. The password comes from the URL, else from the
/// password file (`PGPASSFILE`, else `~/.pgpass`), and is never shown: ``description`` leaves it
/// out. `sslmode` is `disable`, `prefer` (the default) or `require` (`ssl=true`, JDBC's way, is
/// `require`); `require` refuses a server that will not speak TLS. `connect_timeout`,
/// `application_name` and `options` are passed on as libpq passes them. Several hosts
/// (`host1:123,host2:456`) are refused: LaundryTime keeps one connection to one server.
public struct DatabaseURL: Equatable, Sendable, CustomStringConvertible {
    public enum SSLMode: String, Sendable {
        case disable, allow, prefer, require
    }

    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    public var sslMode: SSLMode
    /// `connect_timeout`: seconds to wait while connecting (at least 2, as libpq has it); 0 waits as
    /// long as it takes; nil when the URL does not say (the store's own default then).
    public var connectTimeout: Int?
    /// `application_name`, as the server shows it (`pg_stat_activity`).
    public var applicationName: String?
    /// `options`: command-line options for the server's session (`-c synchronous_commit=off`).
    public var options: String?

    /// The socket directory libpq uses when a URL names no host.
    public static let defaultSocketDirectory = "/var/run/postgresql"

    /// Whether `text` is meant as a PostgreSQL URL (whether or not it is a valid one).
    public static func isPostgresURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
    }

    /// Reads `text`; throws a sentence saying what is wrong with it (never repeating a password).
    public init(_ text: String, environment: [String: String]) throws(DatabaseURLError) {
        guard Self.isPostgresURL(text) else {
            throw DatabaseURLError("“\(Self.redacted(text))” is not a PostgreSQL URL: write postgres://user@host/database.")
        }
        if Self.authority(of: text).contains(",") {
            throw Self.severalHosts(text)
        }
        guard let components = URLComponents(string: text) else {
            throw DatabaseURLError("“\(Self.redacted(text))” is not a PostgreSQL URL: write postgres://user@host/database.")
        }
        // In the URL's order, the later of two the same winning, as libpq stores them.
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] {
            let name = item.name.lowercased(), value = item.value ?? ""
            if name == "ssl" {
                // JDBC's way of asking for TLS, which libpq reads as sslmode=require.
                guard value == "true" else {
                    throw DatabaseURLError("ssl=\(value) is not one libpq knows: write ssl=true, or sslmode=disable, prefer or require.")
                }
                parameters["sslmode"] = "require"
            } else {
                parameters[name] = value
            }
        }
        func named(_ name: String) -> String? { parameters[name].flatMap { $0.isEmpty ? nil : $0 } }
        func part(_ text: String?) -> String? { text?.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 } }

        let osUser = environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? NSUserName()
        user = named("user") ?? part(components.percentEncodedUser) ?? osUser
        var host = named("host") ?? part(components.percentEncodedHost) ?? Self.defaultSocketDirectory
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.contains(",") { throw Self.severalHosts(text) }
        self.host = host
        if let portText = named("port") ?? components.port.map(String.init) {
            guard let port = Int(portText), (1...65_535).contains(port) else {
                throw DatabaseURLError("The port in \(Self.redacted(text)) is not a port number (1 to 65535).")
            }
            self.port = port
        } else {
            port = 5432
        }
        database = named("dbname") ?? part(String(components.percentEncodedPath.dropFirst())) ?? user
        let mode = parameters["sslmode"] ?? "prefer"
        guard let sslMode = SSLMode(rawValue: mode) else {
            throw DatabaseURLError(
                "sslmode=\(mode) is not one LaundryTime knows: use disable, prefer or require (verify-full is not supported).")
        }
        self.sslMode = sslMode
        if let timeout = named("connect_timeout") {
            guard let seconds = Int(timeout) else {
                throw DatabaseURLError("connect_timeout=\(timeout) is not a number of seconds: write connect_timeout=10.")
            }
            // As libpq: zero or less waits as long as it takes, and 1 second is taken as 2.
            connectTimeout = seconds <= 0 ? 0 : max(seconds, 2)
        }
        applicationName = named("application_name")
        options = named("options")
        password = parameters["password"]
            ?? components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
            ?? PasswordFile.password(host: host, port: port, database: database, user: user, environment: environment)
    }

    /// The part of a URL between `://` and the path or the parameters: its user and its hosts.
    private static func authority(of text: String) -> Substring {
        guard let scheme = text.range(of: "://") else { return "" }
        let rest = text[scheme.upperBound...]
        return rest.prefix { $0 != "/" && $0 != "?" }
    }

    private static func severalHosts(_ text: String) -> DatabaseURLError {
        DatabaseURLError("\(redacted(text)) names several hosts; LaundryTime keeps one connection to one server: name one.")
    }

    /// Whether the host is a Unix socket's directory.
    public var isUnixSocket: Bool { host.hasPrefix("/") }

    /// The server's Unix socket, as PostgreSQL names it in its directory.
    public var socketPath: String { URL(fileURLWithPath: host).appendingPathComponent(".s.PGSQL.\(port)").path }

    /// The database and where it is, for messages: never the password.
    public var description: String {
        if isUnixSocket { return "\(database) on the server at \(host) (port \(port))" }
        return host.contains(":") ? "\(database) on [\(host)]:\(port)" : "\(database) on \(host):\(port)"
    }

    /// `text` with the password in it, if any, replaced by `***`.
    public static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text) else { return "the --database value" }
        if components.percentEncodedPassword != nil { components.percentEncodedPassword = "***" }
        if let items = components.queryItems, items.contains(where: { $0.name.lowercased() == "password" }) {
            components.queryItems = items.map { $0.name.lowercased() == "password" ? URLQueryItem(name: $0.name, value: "***") : $0 }
        }
        return components.string ?? "the --database value"
    }
}

/// Why a database URL cannot be used: one sentence.
public struct DatabaseURLError: Error, Equatable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// libpq's password file: lines of `hostname:port:database:username:password`, `*` matching
/// anything, `\:` and `\\` escaping; the first line that matches gives the password. The file is
/// `PGPASSFILE`, else `~/.pgpass`; as libpq does, it is ignored unless only its owner may read it.
enum PasswordFile {
    static func password(host: String, port: Int, database: String, user: String, environment: [String: String]) -> String? {
        let path = environment["PGPASSFILE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? HomePath.expandingTilde("~/.pgpass", environment: environment)
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & 0o077 == 0, let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return nil }
        // A socket directory is written "localhost" in the file, as libpq matches it.
        let hostKey = host.hasPrefix("/") ? "localhost" : host
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = split(line)
            guard fields.count == 5 else { continue }
            let wanted = [hostKey, String(port), database, user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// A line's fields, split at unescaped colons.
    static func split(_ line: Substring) -> [String] {
        var fields: [String] = [""]
        var escaped = false
        for character in line {
            if escaped {
                fields[fields.count - 1].append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 5 {
                fields.append("")
            } else {
                fields[fields.count - 1].append(character)
            }
        }
        return fields
    }
}

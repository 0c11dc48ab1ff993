import Foundation
import LaundryCore

/// A household's PostgreSQL database, as `--database` or `LAUNDRYTIME_DATABASE_URL` names it: a
/// libpq-style URL, `postgres://[user[:password]@][host][:port][/dbname][?param=value&…]`
/// (`postgresql://` too).
///
/// As libpq reads it: a host that starts with `/` (written `%2F…`, or as `?host=/dir`) is the
/// directory of the server's Unix socket; with no host the socket is looked for in
/// `/var/run/postgresql`; the user defaults to the OS user and the database to the user. The
/// password comes from the URL, else from the password file (`PGPASSFILE`, else `~/.pgpass`), and
/// is never shown: ``description`` leaves it out. `sslmode` is `disable`, `prefer` (the default) or
/// `require`; `require` refuses a server that will not speak TLS.
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

    /// The socket directory libpq uses when a URL names no host.
    public static let defaultSocketDirectory = "/var/run/postgresql"

    /// Whether `text` is meant as a PostgreSQL URL (whether or not it is a valid one).
    public static func isPostgresURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
    }

    /// Reads `text`; throws a sentence saying what is wrong with it (never repeating a password).
    public init(_ text: String, environment: [String: String]) throws(DatabaseURLError) {
        guard Self.isPostgresURL(text), let components = URLComponents(string: text) else {
            throw DatabaseURLError("“\(Self.redacted(text))” is not a PostgreSQL URL: write postgres://user@host/database.")
        }
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] { parameters[item.name.lowercased()] = item.value ?? "" }

        let osUser = environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? NSUserName()
        user = components.percentEncodedUser.flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 }
            ?? parameters["user"] ?? osUser
        let urlHost = components.percentEncodedHost.flatMap { $0.removingPercentEncoding } ?? ""
        host = !urlHost.isEmpty ? urlHost : parameters["host"] ?? Self.defaultSocketDirectory
        if let portText = parameters["port"] ?? components.port.map(String.init) {
            guard let port = Int(portText), (1...65_535).contains(port) else {
                throw DatabaseURLError("The port in \(Self.redacted(text)) is not a port number (1 to 65535).")
            }
            self.port = port
        } else {
            port = 5432
        }
        let path = components.percentEncodedPath.dropFirst()
        database = String(path).removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 } ?? parameters["dbname"] ?? user
        let mode = parameters["sslmode"] ?? "prefer"
        guard let sslMode = SSLMode(rawValue: mode) else {
            throw DatabaseURLError(
                "sslmode=\(mode) is not one LaundryTime knows: use disable, prefer or require (verify-full is not supported).")
        }
        self.sslMode = sslMode
        password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
            ?? parameters["password"]
            ?? PasswordFile.password(host: host, port: port, database: database, user: user, environment: environment)
    }

    /// Whether the host is a Unix socket's directory.
    public var isUnixSocket: Bool { host.hasPrefix("/") }

    /// The server's Unix socket, as PostgreSQL names it in its directory.
    public var socketPath: String { URL(fileURLWithPath: host).appendingPathComponent(".s.PGSQL.\(port)").path }

    /// The database and where it is, for messages: never the password.
    public var description: String {
        isUnixSocket ? "\(database) on the server at \(host) (port \(port))" : "\(database) on \(host):\(port)"
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

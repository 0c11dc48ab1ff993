#if PostgreSQL
import Foundation
import LaundryStore
import NIOCore
import PostgresNIO

/// The server's and the connection's errors as the store's own, in one clause a user can read:
/// the server's own message, or what happened to the connection — never the password.
extension PostgresStore {
    /// The server's or the connection's error as the store's own; the store's and the caller's own
    /// errors as they are.
    static func translated(_ error: Error, database: String) -> Error {
        if error is StoreError { return error }
        // A prepared statement's error comes in postgres-nio's older type (`prepare(query:)`).
        if case .server(let answer)? = error as? PostgresError {
            let reason = answer.fields[.message] ?? "\(error)"
            if answer.fields[.sqlState]?.hasPrefix("23") == true { return StoreError.failed(path: database, reason: reason) }
            return StoreError.serverFailed(database: database, reason: reason)
        }
        if case .connectionClosed? = error as? PostgresError {
            return StoreError.serverFailed(database: database, reason: "the server closed the connection")
        }
        if let error = error as? PSQLError {
            if error.code == .server, let state = error.serverInfo?[.sqlState] {
                // A value the schema refuses is the caller's to hear about, not a failing server.
                if state.hasPrefix("23") { return StoreError.failed(path: database, reason: reason(of: error)) }
                return StoreError.serverFailed(database: database, reason: reason(of: error))
            }
            return StoreError.serverFailed(database: database, reason: reason(of: error))
        }
        return error
    }

    /// Whether `error` is the server's answer to a statement (rather than a connection that failed
    /// before an answer came).
    static func isServerAnswer(_ error: Error) -> Bool {
        if case .server? = error as? PostgresError { return true }
        return (error as? PSQLError)?.code == .server
    }

    /// Any error as the store's own.
    static func storeError(_ error: Error, database: String) -> StoreError {
        translated(error, database: database) as? StoreError ?? .serverFailed(database: database, reason: reason(of: error))
    }

    /// One clause on what went wrong: the server's own message, or what happened to the connection.
    static func reason(of error: Error) -> String {
        if let error = error as? StoreError {
            switch error {
            case .serverFailed(_, let reason), .unreachable(_, let reason), .outcomeUnknown(_, let reason): return reason
            default: return error.description
            }
        }
        if case .server(let answer)? = error as? PostgresError, let message = answer.fields[.message] { return message }
        if case .connectionClosed? = error as? PostgresError { return "the server closed the connection" }
        guard let error = error as? PSQLError else {
            if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
            return "\(error)"
        }
        if let message = error.serverInfo?[.message] { return message }
        switch error.code {
        case .connectionError:
            if let underlying = error.underlying { return reason(of: underlying) }
            return "the connection failed"
        case .serverClosedConnection, .uncleanShutdown: return "the server closed the connection"
        case .sslUnsupported: return "the server does not offer TLS, and sslmode=require asks for it"
        case .authMechanismRequiresPassword: return "the server asks for a password, and none was given"
        default:
            if let underlying = error.underlying { return reason(of: underlying) }
            return "\(error.code)"
        }
    }
}
#endif

#if PostgreSQL
import Foundation
import LaundryStore

/// The server's and the connection's errors as the store's own, in one clause a user can read:
/// the server's own message, or what happened to the connection — never the password.
extension PostgresStore {
    /// The server's or the connection's error as the store's own; the store's and the caller's own
    /// errors as they are.
    static func translated(_ error: Error, database: String) -> Error {
        guard let error = error as? LibpqError else { return error }
        switch error {
        // A value the schema refuses (SQLSTATE class 23) is the caller's to hear about, not a
        // failing server.
        case .server(let state?, let message) where state.hasPrefix("23"): return StoreError.failed(path: database, reason: message)
        case .server(_, let message): return StoreError.serverFailed(database: database, reason: message)
        case .connectionFailed(let reason): return StoreError.unreachable(database: database, reason: reason)
        case .connectionLost: return PostgresStoreConnection.connectionLost(database)
        }
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
        switch error as? LibpqError {
        case .server(_, let message)?: return message
        case .connectionFailed(let reason)?, .connectionLost(let reason)?: return reason
        case nil: return "\(error)"
        }
    }
}

#endif

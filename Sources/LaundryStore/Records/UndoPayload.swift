import Foundation
import LaundryCore

/// The undo stack's payload: an ``LaundryCore/UndoRecord`` as JSON, written by
/// ``JSONStreamEncoder`` from the types' own Codable (as `JSONEncoder` writes it, in a fraction of
/// the time) and read with `JSONDecoder`.
enum UndoPayload {
    static func json(_ record: UndoRecord) throws -> String {
        try JSONStreamEncoder.encode(record)
    }
}

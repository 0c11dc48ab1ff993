import Foundation
import LaundryCore
#if LAUNDRYTIME_AB
import LaundryPlatform
#endif

/// The undo stack's payload: an ``LaundryCore/UndoRecord`` as JSON, written by
/// ``JSONStreamEncoder`` from the types' own Codable (as `JSONEncoder` writes it, in a fraction of
/// the time) and read with `JSONDecoder`.
enum UndoPayload {
    static func json(_ record: UndoRecord) throws -> String {
        #if LAUNDRYTIME_AB
        if libraryInstead == "json" { return String(decoding: try JSONEncoder().encode(record), as: UTF8.self) }
        #endif
        return try JSONStreamEncoder.encode(record)
    }
}

import Foundation

/// What the header says of the store: whether what is typed is stored.
public enum StoreState: Sendable, Equatable {
    /// Changes are stored.
    case connected
    /// The store can only be read: its file or its folder is not writable for this user.
    case readOnly
    /// The store's file was deleted or moved away while it was open: nothing more is stored.
    case unavailable

    /// The header's word for it, after its dot: "● Connected".
    public var label: String {
        switch self {
        case .connected: "Connected"
        case .readOnly: "Read-only"
        case .unavailable: "Unavailable"
        }
    }
}

import Foundation

extension String {
    /// A reason given by the system ("The file doesn’t exist.", "Permission denied") as a clause
    /// inside one of LaundryTime's sentences, which ends it with its own period: without its
    /// final period, so that the reply does not read "doesn’t exist..", and with a small first
    /// letter unless that begins a word in capitals ("SQLite").
    var asReason: String {
        var reason = trimmingCharacters(in: .whitespacesAndNewlines)
        while reason.hasSuffix(".") { reason.removeLast() }
        guard let first = reason.first, first.isUppercase, reason.dropFirst().first?.isUppercase != true else { return reason }
        return first.lowercased() + reason.dropFirst()
    }
}

import Foundation
import LaundryCore

/// The history of a pet or of all pets over a range: the summary card, the weekly chart and
/// every event in the range (the text shows the latest of them).
public struct HistoryView: Sendable, Equatable {
    public let summary: HistorySummary
    public let weekly: WeeklyCycles
    /// Every event in the range, newest first.
    public let events: [RecordedEvent]
}

import Foundation
@testable import LaundryAssistant
import LaundryCore
import Testing

/// The history export is written an event at a time (exports stream, whatever their size). Joined,
/// the pieces must be exactly what the libraries make of the whole: JSONSerialization's
/// pretty-printed array, and the RFC 4180 CSV of every event.
@Suite struct ExporterTests {
    static func events(count: Int, seed: UInt64) -> [RecordedEvent] {
        var random = SplitMix64(seed: seed)
        let names = ["Snowy", "Mr. Fluff 🧦", "a \"quoted\", name", "line\nbreak", "Zoë", "tab\there", "back\\slash", "/slash"]
        return (0..<count).map { index in
            let kind = RecordedEvent.Kind.allCases[Int(random.next() % UInt64(RecordedEvent.Kind.allCases.count))]
            let at = Date(timeIntervalSince1970: Double(random.next() % 4_000_000_000))
            return RecordedEvent(id: Int64(index + 1), petId: Int64(random.next() % 5), petName: names[Int(random.next() % UInt64(names.count))],
                                 kind: kind, at: at, endsAt: kind.startsTimer ? at.addingTimeInterval(2_700) : nil)
        }
    }

    @Test(arguments: [0, 1, 2, 17])
    func theStreamedJSONIsJSONSerializationsArray(count: Int) throws {
        let events = Self.events(count: count, seed: UInt64(count) + 7)
        let objects: [[String: Any]] = events.map { event in
            ["id": event.id, "pet": event.petName, "event": event.kind.rawValue, "at": Exporter.iso(event.at),
             "ends_at": event.endsAt.map(Exporter.iso) ?? NSNull()]
        }
        let library = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])
        #expect(Exporter.json(events) == String(decoding: library, as: UTF8.self) + "\n")
    }

    @Test func theStreamedCSVHasAHeaderAndOneQuotedRecordPerEvent() {
        let events = Self.events(count: 40, seed: 3)
        let csv = Exporter.csv(events)
        #expect(csv.hasPrefix("id,pet,event,at,ends_at\r\n"))
        var stream = Exporter.HistoryStream(format: .csv)
        let pieces = events.reduce(into: stream.start) { $0 += stream.add($1) } + stream.end
        #expect(pieces == csv && stream.count == 40)
        let quoted = RecordedEvent(id: 9, petId: 1, petName: "a \"quoted\", name", kind: .folded,
                                   at: Date(timeIntervalSince1970: 0), endsAt: nil)
        #expect(Exporter.csv([quoted], lineEnding: "\n") == "id,pet,event,at,ends_at\n9,\"a \"\"quoted\"\", name\",folded,1970-01-01T00:00:00Z,\n")
    }
}

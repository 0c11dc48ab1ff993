import EnglishGrammar
import Foundation
import LaundryAssistant
import LaundryConfusables
import LaundryCore
import LaundryGrammar
import LaundryStore

/// An assistant on a real store in a fresh directory, with a clock the test moves by hand,
/// starting at 2026-03-01 09:00 UTC. Keep the fixture for as long as the test uses the store.
public final class AssistantFixture {
    public static let start = Date(timeIntervalSince1970: 1_772_355_600)  // 2026-03-01T09:00:00Z

    public let directory = TemporaryDirectory()
    public let time = ManualTime(AssistantFixture.start)
    public let store: LaundryStore
    public let grammar: Grammar
    public let assistant: Assistant

    /// - Parameters:
    ///   - time: the calendar as the assistant looks it up, for a test that watches when it is
    ///     (by default `calendar`).
    ///   - confusables: the look-alike table, for a test that watches when it is loaded.
    public init(calendar: Calendar = .current, time: TimeWords? = nil, confusables: ConfusableTable = .unicode) throws {
        store = try LaundryStore(location: StoreLocation(directory: directory.url))
        grammar = try Grammar.english
        assistant = Assistant(
            store: store, grammar: grammar, clock: self.time.clock, time: time ?? TimeWords(calendar: calendar), confusables: confusables)
    }

    /// The four pets the blind corpora are written for.
    public static let corpusPets = ["Snowy", "Fluffy", "Mr. Fluff", "Buddy"]

    /// A fixture whose store already holds these pets, made by saying "create pet NAME".
    public convenience init(pets: [String]) throws {
        try self.init()
        for name in pets { say("create pet \(name)") }
    }

    /// The assistant's reply to one line.
    @discardableResult
    public func say(_ line: String) -> Reply { assistant.respond(to: line) }

    /// Another assistant on the same database, as a second process would open it.
    public func makeAssistant(dryRun: Bool = false, assumeYes: Bool = false) throws -> Assistant {
        Assistant(store: try LaundryStore(location: StoreLocation(directory: directory.url)), grammar: grammar,
                  clock: time.clock, dryRun: dryRun, assumeYes: assumeYes, time: assistant.time)
    }

    /// A new conversation (no pet talked about, no question pending) on this same store, in a
    /// dry run: what its lines do is rolled back, so that any number of them start from the same
    /// pets. Cheaper than ``makeAssistant(dryRun:assumeYes:)``, which opens the database again.
    public func makeDryRunConversation() -> Assistant {
        Assistant(store: store, grammar: grammar, clock: time.clock, dryRun: true, time: assistant.time)
    }
}

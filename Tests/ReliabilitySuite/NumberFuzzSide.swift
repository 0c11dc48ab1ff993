import Foundation
import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryStore
import LaundryTestSupport

extension NumberFuzzTests {
    struct SetupFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// An assistant on a store of its own, with Snowy washing (so that there is a wash to wait
    /// for) and what Snowy must look like: she changes only when a timing in range is set.
    ///
    /// Lines are answered in batches that share one commit, as a script's waiting commands do;
    /// at the end of each, Snowy is read back and compared.
    final class Side {
        let fixture: AssistantFixture
        var store: LaundryStore { fixture.store }
        private(set) var snowy: Pet
        private var batch: [String] = []
        /// Lines answered, for how full the transcript is.
        private(set) var turns = 0

        init() throws {
            fixture = try AssistantFixture()
            for line in ["create pet Snowy", "start wash for snowy"] where !fixture.assistant.respond(to: line).ok {
                throw SetupFailed(description: "“\(line)” failed")
            }
            snowy = try Self.read(fixture.store)
            try store.beginGroup()
        }

        func respond(to line: String) -> Reply {
            batch.append(line)
            turns += 1
            return fixture.assistant.respond(to: line)
        }

        /// Commits the batch and checks Snowy is as she must be; the next batch begins.
        func endBatch(_ tally: inout Tally, last: Bool = false) throws {
            try store.commitGroup()
            let stored = try Self.read(store)
            if stored != snowy {
                let change = stored.settings != snowy.settings ? "\(snowy.settings) to \(stored.settings)" : "\(snowy) to \(stored)"
                tally.fail("One of these lines changed Snowy from \(change): "
                           + batch.suffix(10).map { "“\($0)”" }.joined(separator: ", ") + " (the last 10 of \(batch.count))")
                snowy = stored
            }
            batch = []
            if !last { try store.beginGroup() }
        }

        /// What is wrong with the answer to a number in range, which must have been done; nil
        /// when nothing is.
        func problemWhenDone(_ reply: Reply, slot: Slot, value: Int) throws -> String? {
            if slot.intent == .quickActions {
                // The action runs, and may refuse for its own reasons (no dryer while washing).
                let action = fixture.grammar.quickActions.first { $0.number == value }
                return reply.intent == action?.intent ? nil : "ran \(reply.intent.rawValue), not quick action \(value)"
            }
            guard reply.ok, reply.intent == slot.intent else { return "not done as \(slot.intent.rawValue)" }
            var expected = snowy
            switch (slot.intent, reply.content) {
            case (.setWashTime, _): expected.settings.washMinutes = value
            case (.setDryTime, _): expected.settings.dryMinutes = value
            case (.setFrequency, _): expected.settings.frequencyDays = value
            case (.wait, .wait(let watch)?):
                let deadline = AssistantFixture.start.addingTimeInterval(Double(value) * 60)
                return watch.deadline == deadline ? nil : "waits until \(String(describing: watch.deadline))"
            case (.transcript, .transcript(let messages)?):
                // Two messages a line: from 100 lines on, every count is there to show.
                return messages.count == value || (turns < 100 && messages.count < value) ? nil : "shows \(messages.count) messages"
            case (.history, _):
                return nil
            default:
                return "answered with \(String(describing: reply.content))"
            }
            let stored = try Self.read(store)
            defer { snowy = stored }
            return stored == expected ? nil : "stored \(stored.settings), not \(expected.settings)"
        }

        private static func read(_ store: LaundryStore) throws -> Pet {
            guard let pet = try store.read({ try $0.pet(named: "Snowy") }) else { throw SetupFailed(description: "Snowy is gone") }
            return pet
        }
    }
}

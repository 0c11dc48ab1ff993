// store-seed: a data directory for the store benchmark, written through LaundryStore — the same
// schema, migrations, date storage and records as the program's — so that a schema change cannot
// leave the benchmark seeding a database the program no longer reads the same way.
//
//   store-seed DIR CREATED NOW PETS MESSAGES EVENTS
//
// CREATED and NOW are ISO 8601 instants. It makes PETS pets (P1, P2, …) created at CREATED, then
// MESSAGES transcript messages and EVENTS history events spread evenly from a minute after CREATED
// to two hours before NOW, and leaves each pet cared for a day before NOW with as many cycles as
// its history holds: happy pets, so that no mood notice is due and `/status` only reads.
import Foundation
import LaundryCore
import LaundryStore

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("store-seed: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 6 else { fail("usage: store-seed DIR CREATED NOW PETS MESSAGES EVENTS") }
let values = Array(arguments)
let instant = ISO8601DateFormatter()
guard let created = instant.date(from: values[1]), let now = instant.date(from: values[2]),
      let petCount = Int(values[3]), let messageCount = Int(values[4]), let eventCount = Int(values[5]),
      petCount > 0, messageCount >= 0, eventCount >= 0
else { fail("CREATED and NOW are ISO 8601 instants; PETS > 0, MESSAGES and EVENTS ≥ 0") }

/// What a user typed and what the program answered, as the transcript keeps them.
let conversation: [(user: String, intent: String, reply: String)] = [
    ("start wash for {p}", "start_wash", "{p} is getting clean! 🫧 The wash takes 45 min and ends at 09:45."),
    ("how is {p}?", "show_pet", "{p} ^‿^ is so happy!\nHealth 100% (is so happy!) · Stage: idle · Next: Start Wash\n"
        + "Cycles 12 · Streak 3 (best 5) · Next due in 6 days"),
    ("start dryer for {p}", "start_dry", "{p} is drying off. ♨ The dryer takes 60 min and ends at 10:46."),
    ("mark {p} folded", "mark_folded", "{p} is so happy! 🎉 Cycle 13 done · streak 4 (best 5)."),
    ("status", "status", "{p} ^‿^ 100% — is so happy! · next: Start Wash"),
    ("set {p}'s wash time to 40 minutes", "set_wash_time", "{p}'s wash now takes 40 minutes (was 45)."),
]

let first = created.addingTimeInterval(60)
let last = now.addingTimeInterval(-2 * 3600)

do {
    let store = try LaundryStore(location: StoreLocation(directory: URL(fileURLWithPath: values[0])))
    try store.write { transaction in
        var pets = try (1...petCount).map { k in
            try transaction.insert(Pet(name: try PetName("P\(k)"), createdAt: created))
        }
        let messageStep = messageCount > 0 ? last.timeIntervalSince(first) / Double(messageCount) : 0
        var messages: [TranscriptMessage] = []
        messages.reserveCapacity(messageCount)
        for i in 0..<messageCount {
            let at = first.addingTimeInterval(messageStep * Double(i))
            let name = "P\((i / 2) % petCount + 1)"
            let line = conversation[(i / 2 / petCount) % conversation.count]
            messages.append(i % 2 == 0
                ? TranscriptMessage(at: at, role: .user, text: line.user.replacingOccurrences(of: "{p}", with: name))
                : TranscriptMessage(at: at, role: .assistant, text: line.reply.replacingOccurrences(of: "{p}", with: name),
                                    intent: line.intent, ok: true, petName: name))
        }
        try transaction.transcript.append(messages)

        let eventStep = eventCount > 0 ? last.timeIntervalSince(first) / Double(eventCount) : 0
        var folds = [Int](repeating: 0, count: petCount)
        for i in 0..<eventCount {
            let at = first.addingTimeInterval(eventStep * Double(i))
            let k = (i / 3) % petCount
            let kind: CycleEvent.Kind =
                switch i % 3 {
                case 0: .washStarted(endsAt: at.addingTimeInterval(45 * 60))
                case 1: .dryStarted(endsAt: at.addingTimeInterval(60 * 60))
                default: .folded(revived: false)
                }
            if case .folded = kind { folds[k] += 1 }
            try transaction.append(CycleEvent(kind: kind, at: at), for: pets[k])
        }
        for k in pets.indices {
            pets[k].lastCaredAt = now.addingTimeInterval(-86_400)
            pets[k].stats = PetStats(totalCycles: folds[k], currentStreak: 1, bestStreak: 1)
            try transaction.update(pets[k])
        }
    }
    try store.verifyContents()
    store.close()
} catch {
    fail("\(error)")
}

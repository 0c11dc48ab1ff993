import Foundation
import GRDB
import LaundryCore

/// What `undo` did, or why it did nothing.
public enum UndoOutcome: Equatable, Sendable {
    /// The change is taken back. `madeHere` is false for a change of an earlier session (a run of
    /// the program that has ended), which the reply names with its time.
    case undone(UndoRecord, at: Date, madeHere: Bool)
    /// Nothing on the stack.
    case nothingToUndo
    /// A pet (or the settings) the change touched is no longer as the change left it: taking it
    /// back would also take back what came after. `newer` is the change that came after, when
    /// the stack still knows it.
    case changedSince(summary: String, at: Date, newer: NewerChange?)
    /// This session has made no change, and the latest was made by another session still running.
    case madeElsewhere(summary: String, at: Date, by: ProcessSession)

    public struct NewerChange: Equatable, Sendable {
        public let summary: String
        public let at: Date
        /// The session that made it, when that is another one still running (or one on another
        /// computer): the change is its to undo.
        public let elsewhere: ProcessSession?
    }
}

extension StoreTransaction {
    public static let undoDepth = 100

    /// The undo stack, in this transaction.
    public var undoStack: UndoStack { UndoStack(transaction: self) }

    /// Keeps how to reverse a change just made (``UndoStack/push(_:at:)``).
    public func pushUndo(_ record: UndoRecord, at now: Date) throws {
        try undoStack.push(record, at: now)
    }

    /// Takes back a change (``UndoStack/undo()``).
    public func undo() throws -> UndoOutcome {
        try undoStack.undo()
    }

    /// What an undo would take back now (``UndoStack/preview()``).
    public func undoPreview() throws -> UndoOutcome {
        try undoStack.preview()
    }
}

/// The undo stack: one row per change, with what reverses it (``LaundryCore/UndoRecord``), who
/// made it (``ProcessSession``), and a fingerprint of every row it left behind.
///
/// Several programs may share a store, so `undo` does not simply pop the newest row: a session
/// takes back its own latest change first; one that has made none takes back the latest change of
/// all — of an earlier run — but never one of another session that is still running (that is its
/// to undo). And a change is taken back only while the pets it touched are still exactly as it left
/// them: otherwise it would silently take back the newer change too.
public struct UndoStack {
    let transaction: StoreTransaction
    private var connection: any StoreConnection { transaction.connection }
    private var memory: StoreMemory { transaction.memory }

    private static let selectEntries = "SELECT \(UndoEntryRecord.columnList) FROM undoEntry"
    private static let insertEntry = RowInsert(into: "undoEntry", columns: ["at", "summary", "payload", "session", "expected"])

    /// Keeps how to reverse a change just made. The stack holds the latest
    /// ``StoreTransaction/undoDepth`` changes.
    public func push(_ record: UndoRecord, at now: Date) throws {
        let payload = try UndoPayload.json(record)
        transaction.changes?.changed(record.summary)
        memory.remember(record, as: payload)
        memory.ownUndoTop = nil
        let expected = try fingerprints(of: Touched(record)).text
        let values = [try transaction.storable(now).databaseValue, record.summary.databaseValue, payload.databaseValue,
                      ProcessSession.current.description.databaseValue, expected.databaseValue]
        // This session's newest entry, kept as a read would give it, once its id is known.
        try connection.send(Self.insertEntry, values) { [memory] id in
            if let entry = try? UndoEntryRecord(values: [id.databaseValue] + values) { memory.ownUndoTop = .some(entry) }
        }
        let entries = try memory.undoEntries.map { $0 + 1 } ?? connection.value(Int.self, "SELECT count(*) FROM undoEntry") ?? 0
        if entries == StoreTransaction.undoDepth + 1 {
            // One over, as after every push once the stack is full: the oldest goes.
            try transaction.send("DELETE FROM undoEntry WHERE id = (SELECT min(id) FROM undoEntry)")
        } else if entries > StoreTransaction.undoDepth {
            // Older than the undoDepth-th newest: walks the newest ids only, not the whole table.
            try transaction.send(
                "DELETE FROM undoEntry WHERE id < (SELECT id FROM undoEntry ORDER BY id DESC LIMIT 1 OFFSET ?)",
                [(StoreTransaction.undoDepth - 1).databaseValue])
        }
        memory.undoEntries = min(entries, StoreTransaction.undoDepth)
    }

    /// Takes back this session's latest change — or, when it has made none that is still on the
    /// stack, the latest change of all, unless that one belongs to another session still running
    /// (see the type's comment).
    public func undo() throws -> UndoOutcome {
        let candidate: UndoEntryRecord
        switch try choose() {
        case .refused(let outcome): return outcome
        case .entry(let entry): candidate = entry
        }
        let record = try memory.undoRecord(candidate.payload)
        try transaction.send("DELETE FROM undoEntry WHERE id = ?", [candidate.id.databaseValue])
        memory.forgetUndoRecord(candidate.payload)
        memory.undoEntries = memory.undoEntries.map { $0 - 1 }
        memory.ownUndoTop = nil
        for step in record.steps { try apply(step) }
        transaction.changes?.changed("took back “\(record.summary)”")
        return .undone(record, at: candidate.at, madeHere: candidate.session == ProcessSession.current.description)
    }

    /// The outcome ``undo()`` would have now, with nothing taken back: lets a reply ask before an
    /// undo that deletes a pet.
    public func preview() throws -> UndoOutcome {
        switch try choose() {
        case .refused(let outcome):
            return outcome
        case .entry(let entry):
            return .undone(try memory.undoRecord(entry.payload), at: entry.at, madeHere: entry.session == ProcessSession.current.description)
        }
    }

    private enum Choice {
        case entry(UndoEntryRecord)
        case refused(UndoOutcome)
    }

    /// The change an undo takes back, or why there is none.
    private func choose() throws -> Choice {
        let me = ProcessSession.current
        let candidate: UndoEntryRecord
        let own: UndoEntryRecord?
        if let kept = memory.ownUndoTop {
            own = kept
        } else {
            own = try entry(Self.selectEntries + " WHERE session = ? ORDER BY id DESC LIMIT 1", [me.description.databaseValue])
            memory.ownUndoTop = .some(own)
        }
        if let own {
            candidate = own
        } else {
            guard let latest = try entry(Self.selectEntries + " ORDER BY id DESC LIMIT 1") else {
                return .refused(.nothingToUndo)
            }
            if let owner = latest.session.flatMap(ProcessSession.init), owner != me, owner.isRunning {
                return .refused(.madeElsewhere(summary: latest.summary, at: latest.at, by: owner))
            }
            candidate = latest
        }
        if let expected = candidate.expected.map(Fingerprints.init(text:)),
           let differing = expected.firstDifference(from: try fingerprints(of: expected.touched, like: expected)) {
            return .refused(.changedSince(summary: candidate.summary, at: candidate.at, newer: try change(touching: differing, after: candidate.id)))
        }
        return .entry(candidate)
    }

    private func entry(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> UndoEntryRecord? {
        try connection.firstRow(sql, arguments).map(UndoEntryRecord.init(values:))
    }

    /// The oldest change after `id` that touched `what`: the one that came right after.
    private func change(touching what: Touched.Item, after id: Int64) throws -> UndoOutcome.NewerChange? {
        var found: UndoOutcome.NewerChange?
        try connection.forEachRow(Self.selectEntries + " WHERE id > ? ORDER BY id", [id.databaseValue]) { row in
            guard found == nil else { return }
            let entry = try UndoEntryRecord(values: row)
            guard let expected = entry.expected.map(Fingerprints.init(text:)), expected.touched.items.contains(what) else { return }
            let owner = entry.session.flatMap(ProcessSession.init)
            found = UndoOutcome.NewerChange(
                summary: entry.summary, at: entry.at, elsewhere: owner.flatMap { $0 != .current && $0.isRunning ? $0 : nil })
        }
        return found
    }

    private func apply(_ step: UndoStep) throws {
        switch step {
        case .restorePet(let pet):
            // A pet this connection knows to be stored (the rows are as it read or wrote them:
            // the fingerprints said so) is updated without waiting; else an update tells whether
            // its row is there, or it is put back.
            if let id = pet.id, memory.petRows[id] != nil || memory.pets?.contains(where: { $0.id == id }) == true {
                try transaction.update(pet)
            } else if try !transaction.updateRow(of: pet) {
                _ = try transaction.insertRow(of: pet)
                memory.forgetPets()
            }
        case .removePet(let id):
            try transaction.deletePet(id: id)
        case .removeEvent(let id):
            try transaction.send("DELETE FROM cycleEvent WHERE id = ?", [id.databaseValue])
        case .restoreEvents(let events):
            for event in events {
                let record = CycleEventRecord(
                    id: event.id, petId: event.petId, petName: event.petName, kind: event.kind, at: event.at, endsAt: event.endsAt)
                try transaction.send(StoreTransaction.insertEvent.sqlWithID, record.values)
            }
        case .restoreSettings(let settings):
            try transaction.save(settings)
        }
    }

    // MARK: - Fingerprints

    /// The rows as they are now: each touched pet's row (or its absence), and the settings — each
    /// hashed the way `earlier` hashed it, when it was made by an older version.
    private func fingerprints(of touched: Touched, like earlier: Fingerprints? = nil) throws -> Fingerprints {
        var values: [Touched.Item: String] = [:]
        for item in touched.items {
            let hash = earlier?.values[item].map(Fingerprints.hashFunction(of:)) ?? { Fingerprints.hash($0) }
            switch item {
            case .pet(let id):
                values[item] = try petRow(id).map { hash(PetRecord.fingerprinted($0)) } ?? "-"
            case .settings:
                values[item] = hash(try transaction.settingRows())
            }
        }
        return Fingerprints(values: values)
    }

    /// A pet's row as stored (nil when there is none): as this connection last wrote it, else read.
    private func petRow(_ id: Int64) throws -> [DatabaseValue]? {
        if let written = memory.petRows[id] { return written }
        return try connection.firstRow("SELECT \(PetRecord.columnList) FROM pet WHERE id = ?", [id.databaseValue])
    }
}

/// What a change touched: pets by id, and the app settings.
struct Touched {
    enum Item: Hashable, Comparable {
        case pet(Int64)
        case settings
    }

    let items: [Item]

    init(items: [Item]) {
        self.items = items
    }

    init(_ record: UndoRecord) {
        var items: [Item] = []
        for step in record.steps {
            switch step {
            case .restorePet(let pet): if let id = pet.id { items.append(.pet(id)) }
            case .removePet(let id): items.append(.pet(id))
            case .restoreEvents(let events): items += events.map { .pet($0.petId) }
            case .removeEvent: break  // the pet's own step says which pet
            case .restoreSettings: items.append(.settings)
            }
        }
        self.items = Array(Set(items)).sorted()
    }
}

/// A fingerprint (64-bit FNV-1a) of each touched row as a change left it, kept with the change as
/// text: one line per item, "pet 12 2.9f3a…", "pet 12 -" for a pet the change deleted,
/// "settings 2.51c0…". The "2." marks a hash of the values themselves; a bare hex hash, written
/// before it, is of the values' debug descriptions (slower: quoting and escaping every string), and
/// is compared with one made the same way, so that older changes can still be undone.
struct Fingerprints {
    let values: [Touched.Item: String]

    var touched: Touched { Touched(items: values.keys.sorted()) }

    init(values: [Touched.Item: String]) {
        self.values = values
    }

    init(text: String) {
        var values: [Touched.Item: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 3, fields[0] == "pet", let id = Int64(fields[1]) {
                values[.pet(id)] = String(fields[2])
            } else if fields.count == 2, fields[0] == "settings" {
                values[.settings] = String(fields[1])
            }
        }
        self.values = values
    }

    var text: String {
        values.keys.sorted().map { item in
            switch item {
            case .pet(let id): "pet \(id) \(values[item]!)"
            case .settings: "settings \(values[item]!)"
            }
        }.joined(separator: "\n")
    }

    /// The first item whose fingerprint differs in `other`.
    func firstDifference(from other: Fingerprints) -> Touched.Item? {
        values.keys.sorted().first { other.values[$0] != values[$0] }
    }

    /// The hash a stored fingerprint was made with.
    static func hashFunction(of stored: String) -> ([DatabaseValue]) -> String {
        if stored.hasPrefix(prefix) || stored == "-" { return { hash($0) } }
        return { legacyHash($0) }
    }

    private static let prefix = "2."

    /// Each value's type and bytes: integers and reals by their 8 bytes, text and blobs by theirs.
    static func hash(_ values: [DatabaseValue]) -> String {
        var hasher = FNV1a()
        for value in values {
            switch value.storage {
            case .null: hasher.addByte(0)
            case .int64(let int): hasher.addByte(1); hasher.addWord(UInt64(bitPattern: int))
            case .double(let double): hasher.addByte(2); hasher.addWord(double.bitPattern)
            case .string(let string): hasher.addByte(3); hasher.addBytes(string.utf8)
            case .blob(let data): hasher.addByte(4); hasher.addBytes(data)
            }
            hasher.endField()
        }
        return prefix + String(hasher.value, radix: 16)
    }

    /// The hash of fingerprints written before the "2." ones: of each value's `description`.
    static func legacyHash(_ values: [DatabaseValue]) -> String {
        var hasher = FNV1a()
        for value in values {
            hasher.addBytes(value.description.utf8)
            hasher.endField()
        }
        return String(hasher.value, radix: 16)
    }

    private struct FNV1a {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func addByte(_ byte: UInt8) {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }

        mutating func addBytes(_ bytes: some Sequence<UInt8>) {
            for byte in bytes { addByte(byte) }
        }

        mutating func addWord(_ word: UInt64) {
            withUnsafeBytes(of: word.littleEndian) { addBytes($0) }
        }

        /// A field separator, so that ["ab", "c"] and ["a", "bc"] differ.
        mutating func endField() {
            addByte(0x1F)
        }
    }
}

import Foundation
import GRDB
import LaundryCore

/// What a command may read and write, inside one transaction.
///
/// The store hands one to ``LaundryStore/read(_:)`` and ``LaundryStore/write(_:)``; it is only
/// valid inside that closure. Pets come back as ``LaundryCore/Pet`` values.
public struct StoreTransaction {
    let db: Database
    let path: String

    /// Every pet, in the order they were created.
    public func pets() throws -> [Pet] {
        try PetRecord.order(Column("id")).fetchAll(db).map(decode)
    }

    /// The pet whose name is `name` ignoring case.
    public func pet(named name: String) throws -> Pet? {
        try PetRecord.filter(Column("nameKey") == PetName.key(for: name)).fetchOne(db).map(decode)
    }

    public func petCount() throws -> Int {
        try PetRecord.fetchCount(db)
    }

    /// Saves a new pet and returns it with its id.
    public func insert(_ pet: Pet) throws -> Pet {
        var record = PetRecord(pet)
        try record.insert(db)
        var saved = pet
        saved.id = record.id
        return saved
    }

    /// Saves a changed pet (it must have been stored before).
    public func update(_ pet: Pet) throws {
        precondition(pet.id != nil, "update(_:) needs a stored pet")
        try PetRecord(pet).update(db)
    }

    /// Records a step of the pet's laundry history and returns the event's id.
    @discardableResult
    public func append(_ event: CycleEvent, for pet: Pet) throws -> Int64 {
        guard let id = pet.id else { preconditionFailure("append(_:for:) needs a stored pet") }
        let endsAt: Date? =
            switch event.kind {
            case .washStarted(let end), .dryStarted(let end): end
            default: nil
            }
        var record = CycleEventRecord(id: nil, petId: id, petName: pet.name.value, kind: event.kind.name, at: event.at, endsAt: endsAt)
        try record.insert(db)
        return record.id!
    }

    /// History events, newest first: of one pet (all when nil), from `since` on, at most `limit`.
    public func events(petId: Int64? = nil, since: Date? = nil, until: Date? = nil, limit: Int? = nil) throws -> [RecordedEvent] {
        var request = CycleEventRecord.order(Column("at").desc, Column("id").desc)
        if let petId { request = request.filter(Column("petId") == petId) }
        if let since { request = request.filter(Column("at") >= since) }
        if let until { request = request.filter(Column("at") < until) }
        if let limit { request = request.limit(limit) }
        return try request.fetchAll(db).map(\.recorded)
    }

    /// Deletes a pet; its history goes with it.
    public func deletePet(id: Int64) throws {
        _ = try PetRecord.deleteOne(db, key: id)
    }

    /// Deletes every pet, the history, the settings, the transcript and the undo stack.
    public func deleteEverything() throws {
        for table in ["cycleEvent", "pet", "setting", "transcriptMessage", "undoEntry", "deliveredNotice"] {
            try db.execute(sql: "DELETE FROM \(table)")
        }
    }

    /// The schema migrations applied to this database, in order.
    public func appliedMigrations() throws -> [String] {
        let applied = try Schema.migrator.appliedIdentifiers(db)
        return Schema.migrator.migrations.filter(applied.contains)
    }

    /// How long a trivial query takes, in seconds.
    public func measureQueryLatency() throws -> Double {
        let clock = ContinuousClock()
        let elapsed = try clock.measure { _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM pet") }
        return Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
    }

    // MARK: - Undo

    /// Keeps how to reverse a change. The stack holds the latest ``undoDepth`` changes.
    public func pushUndo(_ record: UndoRecord, at now: Date) throws {
        let payload = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        try UndoEntryRecord(id: nil, at: now, summary: record.summary, payload: payload).insert(db)
        try db.execute(
            sql: "DELETE FROM undoEntry WHERE id NOT IN (SELECT id FROM undoEntry ORDER BY id DESC LIMIT ?)",
            arguments: [Self.undoDepth])
    }

    public static let undoDepth = 100

    /// Takes the latest change off the undo stack and reverses it; nil when there is none.
    public func undoLatest() throws -> UndoRecord? {
        guard let entry = try UndoEntryRecord.order(Column("id").desc).fetchOne(db) else { return nil }
        _ = try UndoEntryRecord.deleteOne(db, key: entry.id)
        let record = try JSONDecoder().decode(UndoRecord.self, from: Data(entry.payload.utf8))
        for step in record.steps { try apply(step) }
        return record
    }

    private func apply(_ step: UndoStep) throws {
        switch step {
        case .restorePet(let pet):
            var record = PetRecord(pet)
            if try PetRecord.exists(db, key: pet.id) {
                try record.update(db)
            } else {
                try record.insert(db)
            }
        case .removePet(let id):
            try deletePet(id: id)
        case .removeEvent(let id):
            _ = try CycleEventRecord.deleteOne(db, key: id)
        case .restoreEvents(let events):
            for event in events {
                var record = CycleEventRecord(
                    id: event.id, petId: event.petId, petName: event.petName, kind: event.kind, at: event.at, endsAt: event.endsAt)
                try record.insert(db)
            }
        case .restoreSettings(let settings):
            try save(settings)
        }
    }

    /// How many history events a pet has (all pets when nil).
    public func eventCount(for pet: Pet? = nil) throws -> Int {
        var request = CycleEventRecord.all()
        if let id = pet?.id { request = request.filter(Column("petId") == id) }
        return try request.fetchCount(db)
    }

    /// Claims a notice for delivery: true for the first caller with `key`, false for every later
    /// one, in this process or another (the key is stored in the same transaction).
    public func claimNotice(_ key: String, at now: Date) throws -> Bool {
        try db.execute(sql: "INSERT OR IGNORE INTO deliveredNotice (key, at) VALUES (?, ?)", arguments: [key, now])
        return db.changesCount == 1
    }

    /// Whether a notice was delivered already.
    public func isNoticeClaimed(_ key: String) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM deliveredNotice WHERE key = ?)", arguments: [key]) ?? false
    }

    /// The app settings, with defaults for what was never set.
    public func settings() throws -> AppSettings {
        var settings = AppSettings.defaults
        for record in try SettingRecord.fetchAll(db) {
            guard let key = AppSettings.Key(rawValue: record.key) else { continue }
            try? settings.set(key, to: record.value)
        }
        return settings
    }

    public func save(_ settings: AppSettings) throws {
        for key in AppSettings.Key.allCases {
            try SettingRecord(key: key.rawValue, value: settings.storedValue(of: key)).save(db)
        }
    }

    /// Appends messages to the transcript.
    public func append(_ messages: [TranscriptMessage]) throws {
        for message in messages {
            try TranscriptMessageRecord(
                id: nil, at: message.at, role: message.role.rawValue, text: message.text,
                intent: message.intent, ok: message.ok, petName: message.petName
            ).insert(db)
        }
    }

    /// Messages whose text contains `query` (ignoring case), the latest `limit`, oldest first.
    public func messages(containing query: String, limit: Int) throws -> [TranscriptMessage] {
        let pattern = "%" + query.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
        return try TranscriptMessageRecord
            .filter(sql: "text LIKE ? ESCAPE '\\'", arguments: [pattern])
            .order(Column("id").desc).limit(limit).fetchAll(db).reversed().map(\.message)
    }

    /// How many transcript messages there are since `since` (all when nil).
    public func messageCount(since: Date? = nil) throws -> Int {
        var request = TranscriptMessageRecord.all()
        if let since { request = request.filter(Column("at") >= since) }
        return try request.fetchCount(db)
    }

    /// The latest `limit` messages, oldest first. Reads only those rows, however long the
    /// transcript is.
    public func latestMessages(limit: Int) throws -> [TranscriptMessage] {
        try TranscriptMessageRecord.order(Column("id").desc).limit(limit).fetchAll(db).reversed().map(\.message)
    }

    private func decode(_ record: PetRecord) throws -> Pet {
        guard let pet = record.pet() else {
            throw StoreError.damaged(path: path, reason: "pet row \(record.id ?? 0) holds values LaundryTime never writes")
        }
        return pet
    }
}

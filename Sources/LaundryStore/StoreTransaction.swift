import Foundation
import GRDB
import LaundryCore

/// What a command may read and write, inside one transaction.
///
/// The store hands one to ``LaundryStore/read(_:)`` and ``LaundryStore/write(_:)``; it is only
/// valid inside that closure. Pets come back as ``LaundryCore/Pet`` values.
///
/// What every command does (read the pets, update one, append to the history, the undo stack and
/// the transcript) is written as SQL in cached statements: each is compiled once per connection,
/// where the query interface would build and compile it again for every command.
public struct StoreTransaction {
    let db: Database
    let path: String
    /// What the connection keeps between commands (the pets above all); every write below keeps it
    /// in step with the rows.
    let memory: StoreMemory

    /// Runs a statement, compiled once per connection and kept for the next command.
    func execute(_ sql: String, _ arguments: StatementArguments = StatementArguments()) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    private static let selectPets = "SELECT \(PetRecord.columnList) FROM pet ORDER BY id"
    private static let selectPetByKey = "SELECT \(PetRecord.columnList) FROM pet WHERE nameKey = ?"
    private static let updatePet =
        "UPDATE pet SET " + PetRecord.columns.dropFirst().map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?"

    /// How many rows this connection has changed so far: a command that leaves it as it was
    /// changed nothing.
    public var changeCount: Int { db.totalChangesCount }

    /// Every pet, in the order they were created: as the last command left them when nothing has
    /// changed them since (``StoreMemory``), else read.
    public func pets() throws -> [Pet] {
        if let pets = memory.pets { return pets }
        let pets = try storedPets()
        memory.keep(pets)
        return pets
    }

    /// Every pet, read from its row.
    func storedPets() throws -> [Pet] {
        try PetRecord.fetchAll(db.cachedStatement(sql: Self.selectPets)).map(\.pet)
    }

    /// The pet whose name is `name` ignoring case.
    public func pet(named name: String) throws -> Pet? {
        try PetRecord.fetchOne(db.cachedStatement(sql: Self.selectPetByKey), arguments: [PetName.key(for: name)]).map(\.pet)
    }

    public func petCount() throws -> Int {
        try PetRecord.fetchCount(db)
    }

    /// Saves a new pet and returns it with its id.
    public func insert(_ pet: Pet) throws -> Pet {
        try requireStorable(pet)
        var record = PetRecord(pet)
        try record.insert(db)
        memory.forgetPets()
        return record.pet
    }

    /// Saves a changed pet (it must have been stored before).
    public func update(_ pet: Pet) throws {
        guard let id = pet.id else { preconditionFailure("update(_:) needs a stored pet") }
        guard try updateRow(of: pet) else {
            throw RecordError.recordNotFound(databaseTableName: "pet", key: ["id": id.databaseValue])
        }
    }

    /// Writes a stored pet's row; false when there is no row with its id. When this connection
    /// wrote the row last (``StoreMemory/petRows``), only the columns that differ are set: fewer
    /// values to write, and the name's unique index is left alone unless the name changed.
    func updateRow(of pet: Pet) throws -> Bool {
        try requireStorable(pet)
        guard let id = pet.id else { return false }
        let row = try PetRecord(pet).values()
        if let previous = memory.petRows[id], previous.count == row.count {
            let changed = row.indices.dropFirst().filter { row[$0] != previous[$0] }
            if !changed.isEmpty {
                let assignments = changed.map { "\(PetRecord.columns[$0]) = ?" }.joined(separator: ", ")
                try execute("UPDATE pet SET \(assignments) WHERE id = ?", StatementArguments(changed.map { row[$0] } + [row[0]]))
                guard db.changesCount == 1 else { return false }
            }
        } else {
            try execute(Self.updatePet, StatementArguments(row.dropFirst() + row.prefix(1)))  // the id goes last, in WHERE
            guard db.changesCount == 1 else { return false }
        }
        memory.updated(try? PetRecord.asStored(row), id: id, row: row)
        return true
    }

    /// Records a step of the pet's laundry history and returns the event's id.
    @discardableResult
    public func append(_ event: CycleEvent, for pet: Pet) throws -> Int64 {
        guard let id = pet.id else { preconditionFailure("append(_:for:) needs a stored pet") }
        let endsAt = event.kind.endsAt
        try execute(
            "INSERT INTO cycleEvent (petId, petName, kind, at, endsAt) VALUES (?, ?, ?, ?, ?)",
            [id, pet.name.value, event.kind.recorded.rawValue, try storable(event.at), try endsAt.map(storable)])
        return db.lastInsertedRowID
    }

    /// History events, newest first: of one pet (all when nil), from `since` on, at most `limit`.
    public func events(petId: Int64? = nil, since: Date? = nil, until: Date? = nil, limit: Int? = nil) throws -> [RecordedEvent] {
        var request = Self.events(petId: petId, since: since, until: until).order(Column("at").desc, Column("id").desc)
        if let limit { request = request.limit(limit) }
        return try request.fetchAll(db).map(\.recorded)
    }

    /// History events oldest first, one at a time — of one pet (all when nil), from `since` up to
    /// `until` — so that an export of the whole history is never in memory at once.
    public func forEachEvent(
        petId: Int64? = nil, since: Date? = nil, until: Date? = nil, _ body: (RecordedEvent) throws -> Void
    ) throws {
        let events = try Self.events(petId: petId, since: since, until: until).order(Column("at"), Column("id")).fetchCursor(db)
        while let record = try events.next() { try body(record.recorded) }
    }

    /// The events of one pet (all when nil) from `since` up to `until` (open ends when nil).
    private static func events(petId: Int64?, since: Date?, until: Date?) -> QueryInterfaceRequest<CycleEventRecord> {
        var request = CycleEventRecord.all()
        if let petId { request = request.filter(Column("petId") == petId) }
        if let since { request = request.filter(Column("at") >= StoredDate.text(since)) }
        if let until { request = request.filter(Column("at") < StoredDate.text(until)) }
        return request
    }

    /// Each pet's last fold (or revive) before `instant`, by pet id (of one pet when `petId` is set).
    public func lastFolds(before instant: Date, petId: Int64? = nil) throws -> [Int64: Date] {
        let rows = try Row.fetchAll(
            db,
            sql: "SELECT petId, max(at) FROM cycleEvent WHERE kind IN (?, ?) AND at < ?"
                + (petId == nil ? "" : " AND petId = ?") + " GROUP BY petId",
            arguments: StatementArguments(
                [RecordedEvent.Kind.folded.rawValue, RecordedEvent.Kind.revived.rawValue, StoredDate.text(instant)]
                    + (petId.map { [$0] } ?? [])))
        var folds: [Int64: Date] = [:]
        for row in rows {
            guard let id: Int64 = try row.decode(atIndex: 0), let at = StoredDate.date(row[1] as DatabaseValue) else { continue }
            folds[id] = at
        }
        return folds
    }

    /// Deletes a pet; its history goes with it.
    public func deletePet(id: Int64) throws {
        _ = try PetRecord.deleteOne(db, key: id)
        memory.forgetPets()
    }

    /// Deletes every pet, the history, the settings, the transcript and the undo stack.
    public func deleteEverything() throws {
        for table in ["cycleEvent", "pet", "setting", "transcriptMessage", "undoEntry", "deliveredNotice"] {
            try db.execute(sql: "DELETE FROM \(table)")
        }
        memory.forget()
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

    /// How many history events a pet has (all pets when nil).
    public func eventCount(for pet: Pet? = nil) throws -> Int {
        var request = CycleEventRecord.all()
        if let id = pet?.id { request = request.filter(Column("petId") == id) }
        return try request.fetchCount(db)
    }

    /// Claims a notice for delivery: true for the first caller with `key`, false for every later
    /// one, in this process or another (the key is stored in the same transaction).
    public func claimNotice(_ key: String, at now: Date) throws -> Bool {
        try execute("INSERT OR IGNORE INTO deliveredNotice (key, at) VALUES (?, ?)", [key, try storable(now)])
        return db.changesCount == 1
    }

    /// Whether a notice was delivered already.
    public func isNoticeClaimed(_ key: String) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM deliveredNotice WHERE key = ?)", arguments: [key]) ?? false
    }

    /// The app settings, with defaults for what was never set.
    public func settings() throws -> AppSettings {
        var settings = AppSettings.defaults
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT key, value FROM setting"))
        while let row = try rows.next() {
            guard let name: String = try? row.decode(atIndex: 0), let key = AppSettings.Key(rawValue: name),
                  let value: String = try? row.decode(atIndex: 1)
            else { continue }
            try? settings.set(key, to: value)
        }
        return settings
    }

    /// Stores `settings`: every value, or only those that differ from `previous` (what
    /// ``settings()`` read in this transaction).
    public func save(_ settings: AppSettings, over previous: AppSettings? = nil) throws {
        for key in AppSettings.Key.allCases where settings.storedValue(of: key) != previous?.storedValue(of: key) {
            try execute(
                "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [key.rawValue, settings.storedValue(of: key)])
        }
    }

    // MARK: - Maintenance

    /// An instant kept under `key` in the `maintenance` table (when the store was last checked
    /// whole, or last pruned), or nil.
    func maintenanceDate(_ key: String) throws -> Date? {
        let value = try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM maintenance WHERE key = ?"), arguments: [key])
        return value.flatMap(StoredDate.date)
    }

    func setMaintenanceDate(_ key: String, _ date: Date) throws {
        try execute(
            "INSERT INTO maintenance (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [key, try storable(date)])
    }

    // MARK: - Dates that read back

    /// The stored text of `date`, or an error when it is outside what the store can read back
    /// (``LaundryCore/Clock/supportedRange``): such a row would make every later run fail.
    func storable(_ date: Date) throws -> String {
        guard Clock.supportedRange.contains(date) else {
            throw StoreError.failed(
                path: path, reason: "\(date) is outside the years LaundryTime can keep (1970 to 9999), so it was not stored")
        }
        return StoredDate.text(date)
    }

    private func requireStorable(_ pet: Pet) throws {
        let dates = [pet.createdAt, pet.lastCaredAt, pet.cycle.timer?.startedAt, pet.cycle.timer?.endsAt, pet.pausedAt, pet.pausedUntil]
        for date in dates.compactMap({ $0 }) {
            _ = try storable(date)
        }
    }

    /// Reads every row of the pets, their history, the transcript and the undo stack the way the
    /// commands read them, throwing at the first one LaundryTime could not use.
    func readEveryRow() throws {
        _ = try storedPets()
        let events = try CycleEventRecord.fetchCursor(db)
        while try events.next() != nil {}
        let messages = try TranscriptMessageRecord.fetchCursor(db)
        while try messages.next() != nil {}
        let undo = try UndoEntryRecord.fetchCursor(db, sql: "SELECT \(UndoEntryRecord.columnList) FROM undoEntry")
        while let entry = try undo.next() { _ = try JSONDecoder().decode(UndoRecord.self, from: Data(entry.payload.utf8)) }
    }
}

import Foundation
import GRDB
import LaundryCore

/// What a command may read and write, inside one transaction.
///
/// A store (``StoreEngine``: SQLite's ``LaundryStore`` or the PostgreSQL store) hands one to its
/// `read` and `write`; it is only valid inside that closure. Pets come back as
/// ``LaundryCore/Pet`` values.
///
/// What every command does (read the pets, update one, append to the history, the undo stack and
/// the transcript) is written as SQL both engines read, on the engine's ``StoreConnection``:
/// SQLite compiles each statement once per connection, where GRDB's query interface would build
/// and compile it again for every command.
public struct StoreTransaction {
    /// The engine's connection, inside its transaction.
    package let connection: any StoreConnection
    /// Where the store is, for messages: the SQLite file's path, or the PostgreSQL database.
    let path: String
    /// What the connection keeps between commands (the pets above all); every write below keeps it
    /// in step with the rows.
    let memory: StoreMemory
    /// Told of each change this transaction makes, for the other members of a household; nil
    /// where nobody else shares the store.
    let changes: (any StoreChangeObserver)?
    /// Who types in this session (the OS user, or `--member NAME`): recorded with each transcript
    /// row it adds.
    public let member: String

    package init(
        connection: any StoreConnection, path: String, memory: StoreMemory, member: String, changes: (any StoreChangeObserver)? = nil
    ) {
        self.connection = connection
        self.path = path
        self.memory = memory
        self.member = member
        self.changes = changes
    }

    /// Who types here when nobody says (`--member`): the OS user.
    public static func defaultMember(environment: [String: String]) -> String {
        environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? NSUserName()
    }

    /// Runs a statement (compiled once per connection and kept for the next command) and returns
    /// how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> Int {
        try connection.execute(sql, arguments)
    }

    /// Runs a statement that changes rows and whose count is not wanted: on a household's server it
    /// goes with the next statement that is waited for (``StoreConnection/send(_:_:)``).
    func send(_ sql: String, _ arguments: [DatabaseValue] = []) throws {
        try connection.send(sql, arguments)
    }

    private static let selectPets = "SELECT \(PetRecord.columnList) FROM pet ORDER BY id"
    private static let selectPetByKey = "SELECT \(PetRecord.columnList) FROM pet WHERE nameKey = ?"
    private static let updatePet =
        "UPDATE pet SET " + PetRecord.columns.dropFirst().map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?"
    private static let insertPet = RowInsert(into: "pet", columns: Array(PetRecord.columns.dropFirst()))
    static let insertEvent = RowInsert(into: "cycleEvent", columns: Array(CycleEventRecord.columns.dropFirst()))

    /// How many rows this connection has changed so far: a command that leaves it as it was
    /// changed nothing.
    public var changeCount: Int { connection.totalChanges }

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
        try connection.rows(Self.selectPets).map { try PetRecord.asStored($0) }
    }

    /// The pet whose name is `name` ignoring case.
    public func pet(named name: String) throws -> Pet? {
        try connection.firstRow(Self.selectPetByKey, [PetName.key(for: name).databaseValue]).map { try PetRecord.asStored($0) }
    }

    public func petCount() throws -> Int {
        try connection.value(Int.self, "SELECT count(*) FROM pet") ?? 0
    }

    /// Saves a new pet and returns it with its id.
    public func insert(_ pet: Pet) throws -> Pet {
        try requireStorable(pet)
        var inserted = pet
        inserted.id = try insertRow(of: pet)
        memory.forgetPets()
        return inserted
    }

    /// Inserts a pet's row — with its own id when it has one (undo puts a deleted pet back as it
    /// was) — and returns the id.
    func insertRow(of pet: Pet) throws -> Int64 {
        let row = try PetRecord(pet).values()
        if let id = pet.id {
            try execute(Self.insertPet.sqlWithID, row)
            return id
        }
        return try connection.insert(Self.insertPet, Array(row.dropFirst()))
    }

    /// Saves a changed pet (it must have been stored before). On a household's server the update
    /// is not waited for on its own (``StoreConnection/send(_:_:changing:else:)``): a pet whose row
    /// is gone fails the command when the answer comes.
    public func update(_ pet: Pet) throws {
        guard let id = pet.id else { preconditionFailure("update(_:) needs a stored pet") }
        let path = path
        _ = try writeRow(of: pet) { sql, arguments in
            try connection.send(sql, arguments, changing: 1) { StoreError.failed(path: path, reason: "pet \(id) is no longer stored") }
            return true
        }
    }

    /// Writes a stored pet's row; false when there is no row with its id.
    func updateRow(of pet: Pet) throws -> Bool {
        try writeRow(of: pet) { sql, arguments in try execute(sql, arguments) == 1 }
    }

    /// Writes a stored pet's row with `update` (an UPDATE and its values, true when it changed
    /// the row). When this connection wrote the row last (``StoreMemory/petRows``), only the
    /// columns that differ are set: fewer values to write, and the name's unique index is left
    /// alone unless the name changed.
    private func writeRow(of pet: Pet, with update: (String, [DatabaseValue]) throws -> Bool) throws -> Bool {
        try requireStorable(pet)
        guard let id = pet.id else { return false }
        let row = try PetRecord(pet).values()
        if let previous = memory.petRows[id], previous.count == row.count {
            let changed = row.indices.dropFirst().filter { row[$0] != previous[$0] }
            if !changed.isEmpty {
                let assignments = changed.map { "\(PetRecord.columns[$0]) = ?" }.joined(separator: ", ")
                guard try update("UPDATE pet SET \(assignments) WHERE id = ?", changed.map { row[$0] } + [row[0]]) else { return false }
            }
        } else {
            // The id goes last, in WHERE.
            guard try update(Self.updatePet, Array(row.dropFirst() + row.prefix(1))) else { return false }
        }
        memory.updated(try? PetRecord.asStored(row), id: id, row: row)
        return true
    }

    /// Records a step of the pet's laundry history and returns the event's id.
    @discardableResult
    public func append(_ event: CycleEvent, for pet: Pet) throws -> Int64 {
        guard let id = pet.id else { preconditionFailure("append(_:for:) needs a stored pet") }
        let endsAt = event.kind.endsAt
        return try connection.insert(
            Self.insertEvent,
            [id.databaseValue, pet.name.value.databaseValue, event.kind.recorded.rawValue.databaseValue,
             try storable(event.at).databaseValue, try endsAt.map(storable).databaseValue])
    }

    /// History events, newest first: of one pet (all when nil), from `since` on, at most `limit`.
    public func events(petId: Int64? = nil, since: Date? = nil, until: Date? = nil, limit: Int? = nil) throws -> [RecordedEvent] {
        var (sql, arguments) = Self.events(petId: petId, since: since, until: until)
        sql += " ORDER BY at DESC, id DESC"
        if let limit {
            sql += " LIMIT ?"
            arguments.append(limit.databaseValue)
        }
        return try connection.rows(sql, arguments).map { try CycleEventRecord(values: $0).recorded }
    }

    /// History events oldest first, one at a time — of one pet (all when nil), from `since` up to
    /// `until` — so that an export of the whole history is never in memory at once.
    public func forEachEvent(
        petId: Int64? = nil, since: Date? = nil, until: Date? = nil, _ body: (RecordedEvent) throws -> Void
    ) throws {
        let (sql, arguments) = Self.events(petId: petId, since: since, until: until)
        try connection.forEachRow(sql + " ORDER BY at, id", arguments) { try body(CycleEventRecord(values: $0).recorded) }
    }

    /// The query of the events of one pet (all when nil) from `since` up to `until` (open ends when
    /// nil), and its arguments.
    private static func events(petId: Int64?, since: Date?, until: Date?) -> (String, [DatabaseValue]) {
        let (conditions, arguments) = conditions(petId: petId, since: since, until: until)
        return ("SELECT \(CycleEventRecord.columns.joined(separator: ", ")) FROM cycleEvent" + conditions, arguments)
    }

    /// A WHERE clause (or nothing) for rows of one pet (any when nil), with `at` from `since` up to
    /// `until`, and its arguments.
    static func conditions(petId: Int64? = nil, since: Date?, until: Date?) -> (String, [DatabaseValue]) {
        var conditions: [String] = []
        var arguments: [DatabaseValue] = []
        if let petId {
            conditions.append("petId = ?")
            arguments.append(petId.databaseValue)
        }
        if let since {
            conditions.append("at >= ?")
            arguments.append(StoredDate.text(since).databaseValue)
        }
        if let until {
            conditions.append("at < ?")
            arguments.append(StoredDate.text(until).databaseValue)
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), arguments)
    }

    /// Each pet's last fold (or revive) before `instant`, by pet id (of one pet when `petId` is set).
    public func lastFolds(before instant: Date, petId: Int64? = nil) throws -> [Int64: Date] {
        var folds: [Int64: Date] = [:]
        try connection.forEachRow(
            "SELECT petId, max(at) FROM cycleEvent WHERE kind IN (?, ?) AND at < ?" + (petId == nil ? "" : " AND petId = ?")
                + " GROUP BY petId",
            [RecordedEvent.Kind.folded.rawValue.databaseValue, RecordedEvent.Kind.revived.rawValue.databaseValue,
             StoredDate.text(instant).databaseValue] + (petId.map { [$0.databaseValue] } ?? [])
        ) { row in
            guard let id: Int64 = try row.optionalValue(0), let at = try? row.optionalDate(1) else { return }
            folds[id] = at
        }
        return folds
    }

    /// Deletes a pet; its history goes with it.
    public func deletePet(id: Int64) throws {
        try execute("DELETE FROM pet WHERE id = ?", [id.databaseValue])
        memory.forgetPets()
    }

    /// Deletes every pet, the history, the settings, the transcript and the undo stack.
    public func deleteEverything() throws {
        for table in ["cycleEvent", "pet", "setting", "transcriptMessage", "undoEntry", "deliveredNotice"] {
            try execute("DELETE FROM \(table)")
        }
        memory.forget()
    }

    /// The schema migrations applied to this database, in order.
    public func appliedMigrations() throws -> [String] {
        let applied = try connection.appliedMigrations()
        return Schema.identifiers.filter(applied.contains)
    }

    /// How long a trivial query takes, in seconds.
    public func measureQueryLatency() throws -> Double {
        let clock = ContinuousClock()
        let elapsed = try clock.measure { _ = try connection.value(Int.self, "SELECT count(*) FROM pet") }
        return Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
    }

    /// How many history events a pet has (all pets when nil).
    public func eventCount(for pet: Pet? = nil) throws -> Int {
        let (conditions, arguments) = Self.conditions(petId: pet?.id, since: nil, until: nil)
        return try connection.value(Int.self, "SELECT count(*) FROM cycleEvent" + conditions, arguments) ?? 0
    }

    /// The app settings, with defaults for what was never set.
    public func settings() throws -> AppSettings {
        var settings = AppSettings.defaults
        for row in try storedSettings() {
            guard let name: String = try? row.value(0), let key = AppSettings.Key(rawValue: name),
                  let value: String = try? row.value(1)
            else { continue }
            try? settings.set(key, to: value)
        }
        return settings
    }

    /// The settings' rows as stored, in key order, for undo's fingerprints.
    func settingRows() throws -> [DatabaseValue] {
        try storedSettings().flatMap { $0 }
    }

    /// The settings' rows in key order: as the last command left them when nothing has changed
    /// them since (``StoreMemory``), else read.
    private func storedSettings() throws -> [[DatabaseValue]] {
        if let kept = memory.settingRows { return kept }
        let rows = try connection.rows("SELECT key, value FROM setting ORDER BY key")
        memory.settingRows = rows
        return rows
    }

    /// Stores `settings`: every value, or only those that differ from `previous` (what
    /// ``settings()`` read in this transaction).
    public func save(_ settings: AppSettings, over previous: AppSettings? = nil) throws {
        for key in AppSettings.Key.allCases where settings.storedValue(of: key) != previous?.storedValue(of: key) {
            let row = [key.rawValue.databaseValue, settings.storedValue(of: key).databaseValue]
            try send("INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", row)
            // The kept rows as they now read; a new key's place in the database's order is not
            // known here: they are read again.
            if let index = memory.settingRows?.firstIndex(where: { $0.first == row[0] }) {
                memory.settingRows?[index] = row
            } else {
                memory.settingRows = nil
            }
        }
    }

    // MARK: - Maintenance

    /// An instant kept under `key` in the `maintenance` table (when the store was last checked
    /// whole, or last pruned), or nil.
    func maintenanceDate(_ key: String) throws -> Date? {
        try connection.value(String.self, "SELECT value FROM maintenance WHERE key = ?", [key.databaseValue]).flatMap(StoredDate.date)
    }

    func setMaintenanceDate(_ key: String, _ date: Date) throws {
        try send(
            "INSERT INTO maintenance (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [key.databaseValue, try storable(date).databaseValue])
    }

    // MARK: - Dates that read back

    /// The stored text of `date`, or ``LaundryCore/DateOutOfRange`` when it is outside what the
    /// store can read back (``LaundryCore/Clock/supportedRange``): such a row would make every
    /// later run fail. Every date a write stores comes through here.
    func storable(_ date: Date) throws -> String {
        guard Clock.supportedRange.contains(date) else { throw DateOutOfRange(date: date) }
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
        try connection.forEachRow("SELECT \(CycleEventRecord.columns.joined(separator: ", ")) FROM cycleEvent", []) {
            _ = try CycleEventRecord(values: $0)
        }
        try connection.forEachRow("SELECT \(TranscriptMessageRecord.columnList) FROM transcriptMessage", []) {
            _ = try TranscriptMessageRecord(values: $0)
        }
        try connection.forEachRow("SELECT \(UndoEntryRecord.columnList) FROM undoEntry", []) {
            _ = try JSONDecoder().decode(UndoRecord.self, from: Data(UndoEntryRecord(values: $0).payload.utf8))
        }
    }
}

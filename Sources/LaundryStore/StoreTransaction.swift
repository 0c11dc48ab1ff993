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

    /// Records a step of the pet's laundry history.
    public func append(_ event: CycleEvent, for pet: Pet) throws {
        guard let id = pet.id else { preconditionFailure("append(_:for:) needs a stored pet") }
        let endsAt: Date? =
            switch event.kind {
            case .washStarted(let end), .dryStarted(let end): end
            default: nil
            }
        try CycleEventRecord(petId: id, petName: pet.name.value, kind: event.kind.name, at: event.at, endsAt: endsAt)
            .insert(db)
    }

    /// How many history events a pet has (all pets when nil).
    public func eventCount(for pet: Pet? = nil) throws -> Int {
        var request = CycleEventRecord.all()
        if let id = pet?.id { request = request.filter(Column("petId") == id) }
        return try request.fetchCount(db)
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

    /// The latest `limit` messages, oldest first. Reads only those rows, however long the
    /// transcript is.
    public func latestMessages(limit: Int) throws -> [TranscriptMessage] {
        try TranscriptMessageRecord.order(Column("id").desc).limit(limit).fetchAll(db).reversed().map { record in
            TranscriptMessage(
                at: record.at, role: TranscriptMessage.Role(rawValue: record.role) ?? .assistant,
                text: record.text, intent: record.intent, ok: record.ok, petName: record.petName)
        }
    }

    private func decode(_ record: PetRecord) throws -> Pet {
        guard let pet = record.pet() else {
            throw StoreError.damaged(path: path, reason: "pet row \(record.id ?? 0) holds values LaundryTime never writes")
        }
        return pet
    }
}

import Foundation
import LaundryCore
internal import LaundryGrammar
internal import LaundryStore

/// What the terminal shows when a session opens: the header's facts and the latest messages.
public struct SessionOpening: Sendable {
    public let petCount: Int
    public let settings: AppSettings
    /// The latest messages of the transcript, oldest first, to show faint above the prompt.
    public let earlier: [TranscriptMessage]
    /// Whether every one of `earlier` is from today.
    public let earlierIsToday: Bool
    /// The welcome text when there are no pets yet.
    public let emptyState: String?
    /// Whether changes can be stored: the store is connected, read-only or unavailable.
    public let state: StoreState
    /// Times in the user's time zone.
    public let time: TimeWords
    /// Who types in this session (``ReplyContext/member``).
    public let member: String
    /// When the session opened.
    public let now: Date
    /// What happened while the program was closed ("While you were away: …"), nil when nothing
    /// did; what it tells is claimed, so that no other prompt announces it again.
    public internal(set) var away: Reply?
}

/// Why commands that were answered could not be stored: one sentence, and what to do about it.
public struct StoreTrouble: Error, CustomStringConvertible {
    public let description: String
    public let wayOut: String?
    /// The batch may have been stored all the same: the server took its COMMIT, perhaps, before
    /// the connection was lost (``LaundryStore/StoreError/changedNothing``).
    public let mayBeStored: Bool
}

/// Facts the terminal asks for between replies: the header, the palette, completion.
extension Assistant {
    /// The header's facts and the last `messageLimit` messages (only the latest rows are read, so
    /// opening costs the same with ten messages or a hundred thousand).
    func readOpening(messageLimit: Int) throws -> SessionOpening {
        let now = clock.now()
        return try store.read { transaction in
            let earlier = try transaction.transcript.latest(limit: messageLimit)
            let count = try transaction.petCount()
            let settings = try transaction.settings()
            facts = (settings, count)
            return SessionOpening(
                petCount: count, settings: settings, earlier: earlier,
                earlierIsToday: earlier.allSatisfy { calendar.isDate($0.at, inSameDayAs: now) },
                emptyState: count == 0 ? PetText.emptyState : nil,
                state: storeState, time: shared.time, member: member, now: now, away: nil)
        }
    }

    /// Whether changes can be stored now (a store's file can go away while the program runs).
    var storeState: StoreState {
        if store.unavailable != nil { return .unavailable }
        return store.readOnlyReason == nil ? .connected : .readOnly
    }

    /// On start: what happened while the program was closed, as one reply ("While you were
    /// away: Snowy's wash finished 12 minutes ago — ready for the dryer."), nil when nothing did.
    /// What it tells is claimed, so that no prompt announces it again.
    func awayReply() -> Reply? {
        awaySummary().map { Reply(input: "", intent: .status, text: $0, at: clock.now()) }
    }

    /// The last reply of a session that ends without `quit` (Ctrl-D, two Ctrl-C).
    func goodbyeReply() -> Reply {
        Reply(input: "", intent: .quit, text: Self.goodbye, at: clock.now(), kind: .goodbye)
    }

    static let goodbye = "Bye! Your pets will be waiting. 🧺"

    /// Every word any sentence uses, sorted: what Tab completes from where no sentence starts with
    /// the words typed (elsewhere, ``completion(after:)``).
    var completionWords: [String] {
        grammar.completionWords
    }

    /// What can come after `typed` (the words before the one being completed): the grammar's
    /// words that can follow in some sentence, and the pets' names and nicknames when a pet can
    /// stand there. Nil when no sentence starts with those words.
    package func completion(after typed: String) -> (words: [String], petNames: [String])? {
        let pets = (try? store.read { try $0.pets() }) ?? []
        guard let next = grammar.nextWords(after: typed, pets: PetNameIndex(pets: pets)) else { return nil }
        return (next.words, next.pet ? Self.namesAndNicknames(of: pets) : [])
    }

    /// Every pet's name, then every pet's nicknames: what Tab offers where a pet can stand.
    /// How many pets there are now, for the header (nil when the store cannot be read).
    package func petCount() -> Int? {
        try? store.read { try $0.petCount() }
    }

    package func petNamesAndNicknames() -> [String] {
        Self.namesAndNicknames(of: (try? store.read { try $0.pets() }) ?? [])
    }

    private static func namesAndNicknames(of pets: [Pet]) -> [String] {
        pets.map(\.name.value) + pets.flatMap(\.nicknames)
    }

    // MARK: - Batches

    /// Starts storing the next commands together, in one commit: a script's commands that were
    /// already waiting when the first of them was read. Nothing of a batch is shown before
    /// ``commitBatch()``, so every answered command is stored. False when the batch cannot begin
    /// (the store is busy past its timeout, or failing): each command then stores on its own and
    /// its reply reports the trouble.
    package func beginStoreBatch() -> Bool {
        store.readOnlyReason == nil && (try? store.beginGroup()) != nil
    }

    /// Stores the batch begun by ``beginBatch()``. Throws when it could not be stored: then none
    /// of its commands was (or, when ``StoreTrouble/mayBeStored``, nobody can tell yet), and the
    /// caller must say so for each of them.
    package func commitBatch() throws(StoreTrouble) {
        do {
            try store.commitGroup()
        } catch {
            throw StoreTrouble(description: error.description, wayOut: error.wayOut, mayBeStored: !error.changedNothing)
        }
    }

    /// Who types in this session: the OS user, or `--member NAME` (named in a household's news and
    /// by the other members' transcripts).
    package var member: String { store.member }

    /// The app settings as stored now (another process may have changed them).
    package func currentSettings() -> AppSettings {
        (try? store.read { try $0.settings() }) ?? .defaults
    }

    /// The pets' names, for completion.
    package func petNames() -> [String] {
        (try? store.read { try $0.pets().map(\.name.value) }) ?? []
    }
}

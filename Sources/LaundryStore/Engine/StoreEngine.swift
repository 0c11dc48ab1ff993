import LaundryCore

/// The store behind the assistant: SQLite in a data directory (``LaundryStore``, the default), or
/// a household's PostgreSQL database (`PostgresStore`, in a build with the `PostgreSQL` trait).
///
/// Both hand out the same ``StoreTransaction`` — the commands' reads and writes are written once,
/// on the engine's ``StoreConnection`` — and keep the same promises: a `write` is one transaction,
/// all or nothing; a group of writes (a script's waiting commands) reaches the database in one
/// commit; a store that can only be read says why.
public protocol StoreEngine: AnyObject, Sendable {
    /// The data directory: exports, reminders and the history of typed lines live there whichever
    /// engine keeps the pets.
    var location: StoreLocation { get }

    /// Why the store can only be read, or nil when it can be written.
    var readOnlyReason: String? { get }

    /// Why the store, though it opened, can no longer be written (its file was deleted or moved
    /// away: ``StoreError/vanished(path:reason:)``), or nil while it can.
    var unavailable: StoreError? { get }

    /// Reads in one transaction.
    func read<T>(_ body: (StoreTransaction) throws -> T) throws -> T

    /// Reads and writes in one transaction, committed when `body` returns (rolled back anyway when
    /// `commit` is false: a dry run) and rolled back when it throws. Inside a group the same holds
    /// for a savepoint, and the group's commit makes it durable.
    func write<T>(commit: Bool, _ body: (StoreTransaction) throws -> T) throws -> T

    /// Starts a group of writes that reach the database together (``commitGroup()``).
    func beginGroup() throws(StoreError)

    /// Commits the group begun by ``beginGroup()``; throws when it could not be stored, and then
    /// none of its writes is.
    func commitGroup() throws(StoreError)

    /// Ends the connection, as the program ends.
    func close()

    /// Who types in this session: the OS user, or `--member NAME`.
    var member: String { get }

    /// What the household's other members changed since the last call, oldest first ("Sam started
    /// Fluffy's wash"); always empty for a store nobody shares.
    func householdNews() -> [String]
}

extension StoreEngine {
    public func householdNews() -> [String] { [] }

    /// A database server's store has no file to lose: its troubles are its connection's.
    public var unavailable: StoreError? { nil }

    /// Reads and writes in one transaction, committed when `body` returns.
    public func write<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        try write(commit: true, body)
    }
}

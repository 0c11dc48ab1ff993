/// The program's exit status (README, "Options").
public enum ExitStatus: Int32, Sendable {
    var isSuccess: Bool { self == .success }

    /// Every command was understood and done.
    case success = 0
    /// At least one command was not understood or could not be done.
    case commandFailed = 1
    /// A usage error: a bad option or value.
    case usage = 2
    /// The data store cannot be opened or is damaged.
    case storeUnavailable = 3
    /// The terminal went away (SIGHUP), after an orderly end.
    case hangUp = 129
    /// The user left the prompt with Ctrl-C (as shells report SIGINT).
    case interrupted = 130
    /// SIGTERM asked the program to end, and it did, in order.
    case terminated = 143
}

import LaundryAssistant
import LaundryCore

/// A script's commands answered inside one store transaction (group commit), with what they
/// printed held back until that transaction is committed: nobody sees an answer that is not stored.
///
/// Only commands that were already waiting in the input join a group, and a group ends at
/// ``maximumCommands`` or after ``maximumDuration``, so another process waiting for the database
/// waits no longer than that.
struct CommandGroup {
    static let maximumCommands = 100
    static let maximumDuration = Duration.milliseconds(50)

    /// The script's line numbers of its first and last command, for a message about all of them.
    let firstLine: Int
    private(set) var lastLine: Int
    private(set) var commands = 0
    /// Everything printed for the group, in order: descriptor and text.
    private(set) var output: [(descriptor: Int32, text: String)] = []
    private let started = ContinuousClock.now

    init(line: Int) {
        firstLine = line
        lastLine = line
    }

    mutating func add(line: Int) {
        lastLine = line
        commands += 1
    }

    mutating func hold(_ text: String, for descriptor: Int32) {
        output.append((descriptor, text))
    }

    /// The events of its commands, for the hooks once it is stored.
    private(set) var events: [PetEvent] = []

    mutating func hold(_ events: [PetEvent]) {
        self.events += events
    }

    var isFull: Bool {
        commands >= Self.maximumCommands || started.duration(to: .now) >= Self.maximumDuration
    }

    /// "line 7" or "lines 7–12".
    var lineRange: String {
        firstLine == lastLine ? "line \(firstLine)" : "lines \(firstLine)–\(lastLine)"
    }
}

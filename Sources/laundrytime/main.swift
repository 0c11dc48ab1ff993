import ArgumentParser
import EnglishGrammar
import Foundation
import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryPlatform
#if MCP
import LaundryMCP
#endif
import LaundryStore
import LaundryTerminal

/// Exits with a message on stderr.
func fail(_ message: String, _ status: ExitStatus) -> Never {
    StandardStreams.err("laundrytime: \(message)\n")
    exit(status.rawValue)
}

// A hook's supervisor: this program started again by Hooks, under that name (HookSupervisor).
if CommandLine.arguments.first == HookSupervisor.programName {
    exit(HookSupervisor.run(Array(CommandLine.arguments.dropFirst())))
}

// A reader that goes away (`laundrytime --help | head -1`) is an EPIPE for StandardStreams to
// handle, in every mode, not a signal that ends the program mid-write.
StandardStreams.ignoreBrokenPipeSignal()

let options: CommandLineOptions
let subcommand: (any LaundryTimeSubcommand)?
do {
    let arguments = Array(CommandLine.arguments.dropFirst())
    try LaundryTimeCommand.refuseEmptyDataDirectory(arguments)
    (options, subcommand) = try LaundryTimeCommand.read(arguments)
} catch {
    // --help and --version end here too, with status 0; usage errors get 2, not ArgumentParser's 64.
    let code = LaundryTimeCommand.exitCode(for: error)
    let message = LaundryTimeCommand.fullMessage(for: error)
    if code == .success {
        // A help text, version or completion script that could not be written is no success.
        StandardStreams.out(message + "\n")
        exit(0)
    }
    StandardStreams.err(message + "\n")
    exit(ExitStatus.usage.rawValue)
}

let environment = ProcessEnvironment.current()
let clock: Clock
if let pinned = environment["LAUNDRYTIME_NOW"], !pinned.isEmpty {
    guard let start = PinnedTime.parse(pinned) else {
        fail("LAUNDRYTIME_NOW=\(pinned) is not an ISO 8601 instant such as 2026-03-01T09:00:00Z.", .usage)
    }
    // What the store cannot write back would make every later run fail: refused here, at the clock.
    guard Clock.pinnableRange.contains(start) else {
        fail("LAUNDRYTIME_NOW=\(pinned) is outside the years LaundryTime can keep: "
                + "pick an instant from 1970-01-01T00:00:00Z to 9999-12-30T23:59:59Z.", .usage)
    }
    clock = .starting(at: start)
} else {
    clock = .system
}

let grammar: Grammar
do {
    grammar = try Grammar.english
} catch {
    fail("the built-in grammar does not compile: \(error)", .usage)
}

let location = StoreLocation.resolve(dataDirectory: options.dataDirectory, environment: environment)

/// How long to wait for another process that holds the store, in seconds.
@MainActor func readBusyTimeout() -> TimeInterval {
    guard let text = environment["LAUNDRYTIME_BUSY_TIMEOUT"], !text.isEmpty else { return LaundryStore.defaultBusyTimeout }
    guard let seconds = Double(text), seconds.isFinite, (0...3600).contains(seconds) else {
        fail("LAUNDRYTIME_BUSY_TIMEOUT=\(text) is not a number of seconds from 0 to 3600.", .usage)
    }
    return seconds
}
// `laundrytime reminders …`, `laundrytime migrate --to …`.
if let subcommand {
    exit(subcommand.run(in: SubcommandContext(options: options, environment: environment, location: location,
                                              busyTimeout: readBusyTimeout)).rawValue)
}
let busyTimeout = readBusyTimeout()
// A household's PostgreSQL database, when one is named; else the data directory's SQLite file.
let databaseURL = options.database ?? environment["LAUNDRYTIME_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
// `laundrytime mcp`: the same store and conversation, served to an AI assistant (docs/mcp.md).
let servesMCP = options.words.map { $0.lowercased() } == ["mcp"]
if servesMCP, options.yes || options.deliverDue {
    // What an assistant asks to delete is confirmed by its person, never by a flag.
    fail("“laundrytime mcp” takes neither --yes nor --deliver-due.", .usage)
}
// Who types here: named with each transcript row, and in a household's news (on the other members'
// terminals too: no control characters).
let typist: String = {
    guard let given = options.member, !given.isEmpty else { return StoreTransaction.defaultMember(environment: environment) }
    if let bad = given.unicodeScalars.first(where: PetName.isForbidden) {
        fail("--member takes a name without control or invisible characters; this one holds "
                + String(format: "U+%04X", bad.value) + ".", .usage)
    }
    guard !given.trimmingWhitespace().isEmpty else { fail("--member takes a name, not only spaces.", .usage) }
    guard given.count <= 64 else { fail("--member takes a name of at most 64 characters.", .usage) }
    return given
}()
#if MCP
let member = servesMCP ? MCPServer.member(for: typist) : typist
#else
if servesMCP {
    fail("this laundrytime was built without the MCP server: build it with `swift build --traits MCP` (docs/mcp.md).", .usage)
}
let member = typist
#endif
/// The data directory's SQLite store, looked at for damage first; with --backup-and-reset a damaged
/// one is moved aside for a new one.
@MainActor func openDataDirectoryStore() -> LaundryStore {
    do throws(StoreError) {
        let opened = try LaundryStore(location: location, busyTimeout: busyTimeout, member: member)
        do throws(StoreError) {
            // Damage is looked for before any command may write into it (StoreIntegrity).
            try opened.verify(at: clock.now())
            if options.backupAndReset {
                // A store that opens can still be damaged (a page, a row): that is for moving aside too.
                try opened.verifyContents()
            }
        } catch {
            opened.close()
            throw error
        }
        if options.backupAndReset {
            opened.close()
            fail("The database \(location.databaseURL.path) opens and reads fine, so nothing was moved. "
                    + "To start afresh anyway, say “reset everything”.", .usage)
        }
        return opened
    } catch let error where options.backupAndReset && error.allowsMovingAside {
        do {
            let backup = try StoreRecovery.moveAside(location, at: clock.now(), busyTimeout: busyTimeout)
            let store = try LaundryStore(location: location, busyTimeout: busyTimeout, member: member)
            StandardStreams.err("laundrytime: \(error.description)\nMoved it to \(backup.path); a new, empty database is ready.\n")
            return store
        } catch {
            fail(error.messageAndWayOut, .storeUnavailable)
        }
    } catch {
        fail(error.messageAndWayOut, .storeUnavailable)
    }
}

let store: any StoreEngine
if let databaseURL {
    if options.backupAndReset {
        fail("--backup-and-reset moves a data directory's file aside; a PostgreSQL database is the server's to keep.", .usage)
    }
    store = HouseholdDatabase.open(databaseURL, location: location, member: member, environment: environment)
} else {
    store = openDataDirectoryStore()
}

// However the program ends — the last command, `quit`, a closed pipe, SIGTERM — the database is
// closed cleanly on the way out.
nonisolated(unsafe) var openStore: (any StoreEngine)? = store
atexit { openStore?.close() }

let assistant = Assistant(store: store, grammar: grammar, clock: clock, dryRun: options.dryRun, assumeYes: options.yes)
let hooks = Hooks(environment: environment, supervisor: HookSupervisor.thisProgram) { message in StandardStreams.err(message + "\n") }
#if MCP
if servesMCP {
    MCPServer.run(CalledSession(conversation: assistant, clock: clock, hooks: hooks), environment: environment)
}
#endif
let display = DisplayOptions(format: options.json ? .json : options.format, color: options.color,
                             noAnimation: options.noAnimation, environment: environment)
let session = Session(conversation: assistant, clock: clock, display: display, bail: options.bail)
session.hooks = hooks

let status: ExitStatus
if options.deliverDue {
    status = session.deliverDue()
} else if !options.words.isEmpty {
    status = session.runOneShot(options.words.joined(separator: " "))
} else if isatty(STDIN_FILENO) == 1 {
    status = session.runInteractive()
} else {
    status = session.runScript()
}
// Hooks still running end by their time limit; they never change the outcome.
session.hooks?.waitForAll()
exit(status.rawValue)

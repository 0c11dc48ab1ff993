import ArgumentParser
import Foundation
import LaundryPlatform
import LaundryStore
import LaundryTerminal

/// A subcommand of `laundrytime` (`reminders`, `migrate`): listed in ``LaundryTimeCommand``'s
/// configuration, so that its help, its usage errors, the main help's list of subcommands and the
/// shell's completion of it are swift-argument-parser's; run by main.swift, with what the main
/// command's options and the environment give it. A new one is a type like these, added to that list.
protocol LaundryTimeSubcommand: ParsableCommand {
    @MainActor func run(in context: SubcommandContext) -> ExitStatus
}

/// What a subcommand is given besides its own arguments.
struct SubcommandContext {
    /// The main command's options (`--data-dir`, `--dry-run` …), wherever they stood.
    let options: CommandLineOptions
    let environment: [String: String]
    /// The data directory's store those name.
    let location: StoreLocation
    /// LAUNDRYTIME_BUSY_TIMEOUT, read (and refused when it is no number of seconds from 0 to 3600)
    /// by a subcommand that opens the store.
    let busyTimeout: @MainActor () -> TimeInterval
}

/// `laundrytime reminders [install | status | remove]`.
struct RemindersCommand: LaundryTimeSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders",
        abstract: "Install, show or remove the schedule that runs “laundrytime --deliver-due” every minute.",
        usage: "laundrytime [<options>] reminders [install | status | remove]",
        discussion: "A systemd user timer where systemd runs your session, a crontab line otherwise "
            + "(LAUNDRYTIME_SCHEDULER=systemd or cron chooses). With --dry-run, install and remove say what they would do.")

    enum Action: String, CaseIterable, ExpressibleByArgument {
        case install, status, remove
    }

    @Argument(help: "install, status or remove.")
    var action: Action = .status

    func run(in context: SubcommandContext) -> ExitStatus {
        let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        let reminders = Reminders(
            command: [binary, "--data-dir", context.location.directory.path, "--deliver-due"], environment: context.environment,
            dryRun: context.options.dryRun, out: StandardStreams.out)
        return reminders.run(action)
    }
}

/// `laundrytime migrate --to URL`.
struct MigrateCommand: LaundryTimeSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy the data directory's store into a household's PostgreSQL database, in one transaction.",
        usage: "laundrytime [<options>] migrate --to <url>")

    @Option(help: ArgumentHelp("The PostgreSQL database to copy the store into (postgres://user@host/db).", valueName: "url"))
    var to: String

    func run(in context: SubcommandContext) -> ExitStatus {
        HouseholdDatabase.moveIn(from: context.location, to: to, environment: context.environment, busyTimeout: context.busyTimeout())
    }
}

extension LaundryTimeCommand {
    /// The subcommands' names, for the plain reader to leave their lines to the parser: written out,
    /// since the configuration is not built for a plain line (the start's budget), and held to it
    /// by `SubcommandTests`.
    static let subcommandNames = ["reminders", "migrate"]

    /// The options and, when the words name one, the subcommand of a command line: a plain line
    /// read plainly (``parsePlainly(_:)``), any other by swift-argument-parser — the main command's
    /// options wherever they stand, then the subcommand's own words by the subcommand's parser.
    /// `laundrytime help reminders` and `laundrytime reminders --help` are the subcommand's help.
    static func read(_ arguments: [String]) throws -> (options: CommandLineOptions, subcommand: (any LaundryTimeSubcommand)?) {
        #if LAUNDRYTIME_AB
        let plain = libraryInstead == "parser" ? nil : parsePlainly(arguments)
        #else
        let plain = parsePlainly(arguments)
        #endif
        if let options = plain { return (options, nil) }
        let command: LaundryTimeCommand
        do {
            command = try parse(arguments)
        } catch where exitCode(for: error) == .success && arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
            // The main command finds a help flag among all its words; whose help it is, the words
            // read without it say.
            let words = try? parse(arguments.filter { $0 != "-h" && $0 != "--help" }).words
            guard let name = words?.first, subcommand(named: name) != nil else { throw error }
            _ = try readSubcommand([name, "--help"])
            throw error
        }
        // The words as given (a `--` among them is the subcommand's to read).
        let words = command.words
        let helpOnOne = words.count == 2 && words[0] == "help" && subcommand(named: words[1]) != nil
        guard helpOnOne || words.first.flatMap(subcommand(named:)) != nil else { return (command.options, nil) }
        return (command.options, try readSubcommand(words))
    }

    /// A subcommand's words (its name first) read by its parser; a help asked for is thrown, as
    /// swift-argument-parser's help command gives it.
    private static func readSubcommand(_ words: [String]) throws -> any LaundryTimeSubcommand {
        var parsed = try Subcommands.parseAsRoot(words)
        if let subcommand = parsed as? any LaundryTimeSubcommand { return subcommand }
        try parsed.run()
        throw CleanExit.helpRequest(Subcommands.self)
    }

    /// The subcommands under the program's name, without the main command's words (which would
    /// take theirs): what reads a subcommand's own words — its help ("See 'laundrytime reminders
    /// --help'"), its errors — once the main command has taken its options from the line.
    private struct Subcommands: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "laundrytime", subcommands: LaundryTimeCommand.configuration.subcommands)
    }

    static func subcommand(named name: String) -> ParsableCommand.Type? {
        configuration.subcommands.first { $0.configuration.commandName == name }
    }
}

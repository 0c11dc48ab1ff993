import ArgumentParser
import Foundation
import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryStore
import LaundryTerminal

/// The `laundrytime` command line: options, picking the mode, exit codes.
struct LaundryTimeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "laundrytime",
        abstract: "Keep your laundry pets alive: a chat-style assistant for the terminal.",
        // The library's own would be "[<command> ...] <subcommand>", as if a subcommand followed
        // the words: a line is a sentence or a subcommand, never both.
        usage: """
            laundrytime [<options>] [<command> ...]
            laundrytime [<options>] <subcommand>
            laundrytime [<options>] mcp
            """,
        discussion: """
            With a terminal on stdin, laundrytime opens an interactive prompt. With stdin piped, it \
            reads one command per line and answers each (empty lines and lines starting with # are \
            skipped). Words after the options are one command, answered at once. \
            `laundrytime mcp` serves the same pets to AI assistants over the Model Context Protocol \
            (in a build with `--traits MCP`; docs/mcp.md).

            Examples:
              laundrytime create pet Snowy
              laundrytime --json start wash for snowy
              printf 'status\\nhow is snowy?\\n' | laundrytime

            Environment:
              LAUNDRYTIME_HOME   where the database lives (like --data-dir)
              XDG_DATA_HOME      default data directory: $XDG_DATA_HOME/laundrytime
              LAUNDRYTIME_NOW    start the clock at this ISO 8601 instant (demos, tests)
              LAUNDRYTIME_BUSY_TIMEOUT  seconds to wait for another process's lock (10)
              XDG_STATE_HOME     the prompt's history: $XDG_STATE_HOME/laundrytime/history
              NO_COLOR           turn colour off (FORCE_COLOR turns it on)
              COLORTERM          truecolor or 24bit: 24-bit colour
              COLORFGBG          the terminal's background, for the "system" appearance
              LAUNDRYTIME_BORDERS=ascii  draw bubbles with +-| instead of box drawing
              LAUNDRYTIME_REDUCE_MOTION=1  no spinner (like --no-animation)

            Exit status: 0 all commands done, 1 a command failed, 2 usage error, 3 data store unavailable, \
            130 left with Ctrl-C, 143 / 129 ended by SIGTERM / SIGHUP.
            """,
        version: LaundryTimeVersion.current,
        subcommands: [RemindersCommand.self, MigrateCommand.self]
    )

    @Option(help: "Output format: auto, bubbles, plain or json. auto is bubbles on a terminal, plain text otherwise.")
    var format: OutputFormat = .auto

    @Option(help: "Colour: auto, always or never. auto follows NO_COLOR, FORCE_COLOR and whether stdout is a terminal.")
    var color: ColorChoice = .auto

    @Flag(name: .customLong("no-animation"), help: "No spinner in watch (also LAUNDRYTIME_REDUCE_MOTION=1).")
    var noAnimation = false

    @Flag(help: "Write JSON Lines (the same as --format json).")
    var json = false

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Directory of the database.", valueName: "path"))
    var dataDirectory: String?

    @Option(help: ArgumentHelp(
        "A household's PostgreSQL database (postgres://user@host/db) instead of the data directory's; also LAUNDRYTIME_DATABASE_URL.",
        valueName: "url"))
    var database: String?

    @Option(help: ArgumentHelp("Who types here, named in the household's news (default: your user name).", valueName: "name"))
    var member: String?

    @Flag(name: .customLong("backup-and-reset"),
          help: "When the database cannot be opened (damaged, unreadable), move it aside — never delete it — and start a new one.")
    var backupAndReset = false

    @Flag(help: "Parse and resolve every command, but change nothing.")
    var dryRun = false

    @Flag(help: "Stop a piped script at the first command that fails.")
    var bail = false

    @Flag(name: [.short, .long], help: "Answer yes to every question (delete, reset, overwrite) — for scripts.")
    var yes = false

    @Flag(name: .customLong("deliver-due"),
          help: "Tell every reminder that is due and not yet told (a timer that ended, a pet due), once, then exit — what `laundrytime reminders install` runs every minute.")
    var deliverDue = false

    /// The command's words. Once the sentence has begun, a negative number is one of them: "-5" in
    /// `laundrytime wash snowy every -5 days` is the sentence's, for the assistant to answer as it
    /// does on stdin, not a usage error. The parser hands over every word it does not know, so
    /// ``validate()`` refuses the others that start with a dash ("--jsn", and "-5" before the
    /// sentence): a mistyped option stays a usage error. The parser keeps the `--` that ends the
    /// options among these words; ``sentence`` leaves it out.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("A command to run once, e.g. /status.", valueName: "command"),
              completion: .custom(ShellCompletion.complete))
    var words: [String] = []

    /// "-5", "-3.5": a dash, then digits and dots only — no letter the parser could take for one
    /// of its short options.
    static func isNegativeNumber(_ word: String) -> Bool {
        word.count > 1 && word.utf8.dropFirst().allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".") }
    }

    /// The words of the command to run: ``words`` without the `--` that ended the options (the
    /// first one; any after it are the sentence's).
    var sentence: [String] {
        guard let end = words.firstIndex(of: "--") else { return words }
        var sentence = words
        sentence.remove(at: end)
        return sentence
    }

    func validate() throws {
        // Before `--`, a word with a dash is a mistyped option ("--jsn"), unless it is a number
        // inside the sentence — or one of a subcommand's own options, for its parser to read.
        let subcommand = words.first.map { Self.subcommandNames.contains($0) } ?? false
        for (index, word) in words.prefix(while: { $0 != "--" && !subcommand }).enumerated()
        where word.hasPrefix("-") && word != "-" && (index == 0 || !Self.isNegativeNumber(word)) {
            throw ValidationError("Unknown option '\(word)'")
        }
        if dataDirectory?.isEmpty == true { throw Self.emptyDataDirectory }
        if json && format != .auto && format != .json {
            throw ValidationError("--json and --format \(format.rawValue) contradict each other; use one.")
        }
        if deliverDue && !sentence.isEmpty {
            throw ValidationError("--deliver-due takes no command; run “laundrytime --deliver-due” alone.")
        }
    }
}

extension LaundryTimeCommand {
    /// An empty path is a script's unset variable (`--data-dir "$DIR"`), not a wish for the default.
    static let emptyDataDirectory = ValidationError(
        "--data-dir was given an empty path; name the directory of the database, or leave the option out for the default "
            + "place (LAUNDRYTIME_HOME, else $XDG_DATA_HOME/laundrytime or ~/.local/share/laundrytime).")

    /// Refuses an empty `--data-dir` in either spelling, before either reader sees it:
    /// swift-argument-parser reads `--data-dir=` followed by a word as that word (so that
    /// `--data-dir= /status` made a store in the folder `/status`), and `--data-dir ''` as "".
    static func refuseEmptyDataDirectory(_ arguments: [String]) throws {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return }
            let empty = argument == "--data-dir=" || (argument == "--data-dir" && index + 1 < arguments.count && arguments[index + 1].isEmpty)
            if empty { throw emptyDataDirectory }
        }
    }
}

/// What the command line asks for, however it was read: by ``LaundryTimeCommand/parsePlainly(_:)``
/// or by swift-argument-parser (``LaundryTimeCommand/options``).
struct CommandLineOptions: Equatable {
    var format = OutputFormat.auto
    var color = ColorChoice.auto
    var noAnimation = false
    var json = false
    var dataDirectory: String?
    var database: String?
    var member: String?
    var backupAndReset = false
    var dryRun = false
    var bail = false
    var yes = false
    var deliverDue = false
    var words: [String] = []
}

extension LaundryTimeCommand {
    var options: CommandLineOptions {
        CommandLineOptions(format: format, color: color, noAnimation: noAnimation, json: json, dataDirectory: dataDirectory,
                           database: database, member: member, backupAndReset: backupAndReset, dryRun: dryRun, bail: bail, yes: yes, deliverDue: deliverDue, words: sentence)
    }
}

extension OutputFormat: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}

import LaundryTerminal

extension LaundryTimeCommand {
    /// The options of a plain command line, read as swift-argument-parser reads them, or nil
    /// for anything else — `--help`, `--version`, a completion script, a mistake, an unusual
    /// spelling, a subcommand (`reminders`, `migrate`) — which the parser then reads, answers and
    /// explains (``read(_:)``).
    ///
    /// A plain command line is what people type nearly every time: options of this command, each
    /// in full (`--data-dir D` or `--data-dir=D`, `--json`, `-y`), and the words of a command,
    /// in any order, with `--` before words that start with a dash — or, once the command has
    /// begun, a negative number ("every -5 days"), which the parser leaves to the command too.
    ///
    /// Why it exists: swift-argument-parser finds a command's options by reflection, and in a
    /// process that has just started, that is the first use of dozens of generic types — about
    /// 3 ms of the 13 ms a one-shot `/status` took (Benchmarks/RESULTS.md); even making the
    /// command's default values costs a few tenths. `PlainCommandLineTests` holds this reader to
    /// the parser: it knows exactly the options the parser's help lists, and every command line it
    /// reads, the parser reads to the same values (2,000 random ones).
    static func parsePlainly(_ arguments: [String]) -> CommandLineOptions? {
        var options = CommandLineOptions()
        var index = 0
        var terminated = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                options.words.append(argument)
                continue
            }
            if argument == "--" {
                // A subcommand's name is one only before `--`.
                if options.words.first.map(subcommandNames.contains) == true { return nil }
                terminated = true
                options.words += arguments[index...]
                break
            }
            if !options.words.isEmpty, Self.isNegativeNumber(argument) {
                options.words.append(argument)
                continue
            }
            // "--name value" or "--name=value".
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]), attached = parts.count > 1 ? String(parts[1]) : nil
            func value() -> String? {
                if let attached { return attached.isEmpty ? nil : attached }
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                index += 1
                return arguments[index - 1]
            }
            switch name {
            case "--format":
                guard let value = value().flatMap(OutputFormat.init(rawValue:)) else { return nil }
                options.format = value
            case "--color":
                guard let value = value().flatMap(ColorChoice.init(rawValue:)) else { return nil }
                options.color = value
            case "--data-dir":
                guard let value = value() else { return nil }
                options.dataDirectory = value
            case "--database":
                guard let value = value() else { return nil }
                options.database = value
            case "--member":
                guard let value = value() else { return nil }
                options.member = value
            case _ where attached != nil:
                return nil  // a flag takes no value
            case "--no-animation": options.noAnimation = true
            case "--json": options.json = true
            case "--backup-and-reset": options.backupAndReset = true
            case "--dry-run": options.dryRun = true
            case "--bail": options.bail = true
            case "--yes", "-y": options.yes = true
            case "--deliver-due": options.deliverDue = true
            default: return nil
            }
        }
        // What `validate()` refuses, the parser refuses and explains.
        if options.json && options.format != .auto && options.format != .json { return nil }
        if options.dataDirectory?.isEmpty == true { return nil }
        if options.deliverDue && !options.words.isEmpty { return nil }
        // A subcommand, and `help` followed by one, are the parser's to read.
        if !terminated, let first = options.words.first,
           subcommandNames.contains(first) || (options.words.count == 2 && first == "help" && subcommandNames.contains(options.words[1])) {
            return nil
        }
        return options
    }

}

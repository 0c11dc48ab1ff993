import LaundryTerminal

extension LaundryTimeCommand {
    /// The options of a plain command line, read the way swift-argument-parser reads them, or nil
    /// for anything else — `--help`, `--version`, a completion script, a mistake, an unusual
    /// spelling — which `parse()` then reads, answers and explains.
    ///
    /// A plain command line is what people type nearly every time: options of this command, each
    /// in full (`--data-dir D` or `--data-dir=D`, `--json`, `-y`), and the words of a command,
    /// in any order, with `--` before words that start with a dash.
    ///
    /// Why it exists: swift-argument-parser finds a command's options by reflection, and in a
    /// process that has just started, that is the first use of dozens of generic types — about
    /// 2 ms of the 13 ms a one-shot `/status` takes (Benchmarks/RESULTS.md). `PlainCommandLineTests`
    /// holds this reader to the parser: it knows exactly the options the parser's help lists, and
    /// every command line it reads, the parser reads to the same values (thousands of random ones).
    static func parsePlainly(_ arguments: [String]) -> LaundryTimeCommand? {
        var format = OutputFormat.auto, color = ColorChoice.auto
        var dataDirectory: String?
        var noAnimation = false, json = false, backupAndReset = false, dryRun = false, bail = false, yes = false
        var words: [String] = []

        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                words.append(argument)
                continue
            }
            if argument == "--" {
                words += arguments[index...]
                break
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
                format = value
            case "--color":
                guard let value = value().flatMap(ColorChoice.init(rawValue:)) else { return nil }
                color = value
            case "--data-dir":
                guard let value = value() else { return nil }
                dataDirectory = value
            case _ where attached != nil:
                return nil  // a flag takes no value
            case "--no-animation": noAnimation = true
            case "--json": json = true
            case "--backup-and-reset": backupAndReset = true
            case "--dry-run": dryRun = true
            case "--bail": bail = true
            case "--yes", "-y": yes = true
            default: return nil
            }
        }
        // What `validate()` refuses, the parser refuses and explains.
        if json && format != .auto && format != .json { return nil }

        var command = LaundryTimeCommand()
        command.format = format
        command.color = color
        command.noAnimation = noAnimation
        command.json = json
        command.dataDirectory = dataDirectory
        command.backupAndReset = backupAndReset
        command.dryRun = dryRun
        command.bail = bail
        command.yes = yes
        command.words = words
        return command
    }
}

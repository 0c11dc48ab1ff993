import ArgumentParser
import Foundation
@testable import laundrytime
import LaundryTestSupport
import Testing

/// `reminders` and `migrate` are swift-argument-parser subcommands: the main command's options
/// wherever they stand, the subcommand's own arguments read by its parser — its help, its errors —
/// and listed in `laundrytime --help`.
@Suite struct SubcommandTests {
    @Test func theSubcommandsAreReadByTheirParsers() throws {
        let status = try LaundryTimeCommand.read(["reminders"])
        #expect((status.subcommand as? RemindersCommand)?.action == .status)
        let install = try LaundryTimeCommand.read(["--data-dir", "/tmp/d", "--dry-run", "reminders", "install"])
        #expect((install.subcommand as? RemindersCommand)?.action == .install)
        #expect(install.options.dataDirectory == "/tmp/d" && install.options.dryRun)
        // The main command's options after the subcommand's name are the main command's still.
        let after = try LaundryTimeCommand.read(["reminders", "remove", "--data-dir", "/tmp/e"])
        #expect((after.subcommand as? RemindersCommand)?.action == .remove && after.options.dataDirectory == "/tmp/e")
        let migrate = try LaundryTimeCommand.read(["--data-dir=/tmp/d", "migrate", "--to", "postgres:///laundry"])
        #expect((migrate.subcommand as? MigrateCommand)?.to == "postgres:///laundry" && migrate.options.dataDirectory == "/tmp/d")
        #expect((try LaundryTimeCommand.read(["migrate", "--to=postgres:///l"]).subcommand as? MigrateCommand)?.to == "postgres:///l")
    }

    /// What is no subcommand stays a sentence for the assistant, `help` alone included.
    @Test func sentencesStaySentences() throws {
        for line in [["help"], ["status", "reminders"], ["--", "reminders", "install"], ["Reminders"], ["help", "me"]] {
            let read = try LaundryTimeCommand.read(line)
            #expect(read.subcommand == nil && read.options.words == line.filter { $0 != "--" }, "\(line)")
        }
    }

    /// Mistakes are usage errors (status 2 in main.swift), told by the subcommand's parser.
    @Test func mistakesAreTheParsersUsageErrors() {
        let lines: [([String], String)] = [
            (["reminders", "off"], "The value 'off' is invalid for '<action>'"),
            (["reminders", "install", "now"], "Unexpected argument 'now'"),
            (["migrate"], "Missing expected argument '--to <url>'"),
            (["migrate", "--to", "postgres:///l", "--jsn"], "Unknown option '--jsn'"),
            (["--deliver-due", "reminders"], "--deliver-due takes no command"),
            (["--to", "postgres:///l"], "Unknown option '--to'"),
        ]
        for (line, message) in lines {
            do {
                _ = try LaundryTimeCommand.read(line)
                Issue.record("\(line) was read")
            } catch {
                #expect(LaundryTimeCommand.exitCode(for: error) != .success, "\(line)")
                #expect(LaundryTimeCommand.fullMessage(for: error).contains(message), "\(line): \(LaundryTimeCommand.fullMessage(for: error))")
            }
        }
    }

    /// The main help lists the subcommands; `help reminders` and `reminders --help` are the
    /// subcommand's own.
    @Test func theHelpListsAndExplainsThem() {
        let help = LaundryTimeCommand.helpMessage(columns: 200)
        #expect(help.contains("SUBCOMMANDS:") && help.contains("  reminders") && help.contains("  migrate"), "\(help)")
        #expect(help.contains("--data-dir") && help.contains("LAUNDRYTIME_NOW"), "the main command's own help still")
        for line in [["help", "reminders"], ["reminders", "--help"], ["--json", "reminders", "-h"], ["migrate", "--help"]] {
            do {
                _ = try LaundryTimeCommand.read(line)
                Issue.record("\(line) was read")
            } catch {
                #expect(LaundryTimeCommand.exitCode(for: error) == .success, "\(line)")
                let usage = line.contains("migrate") ? "migrate --to <url>" : "reminders [install | status | remove]"
                #expect(LaundryTimeCommand.fullMessage(for: error).contains("laundrytime [<options>] " + usage), "\(line)")
            }
        }
    }

    /// The main usage says the two ways the program is called — a sentence, or a subcommand — and
    /// the MCP server; not "[<command> ...] <subcommand>", as if a subcommand had to follow words.
    @Test func theUsageSaysHowItIsCalled() {
        let help = LaundryTimeCommand.helpMessage(columns: 200)
        #expect(!help.contains("[<command> ...] <subcommand>"), "\(help)")
        #expect(help.contains("laundrytime [<options>] [<command> ...]\n"), "\(help)")
        #expect(help.contains("laundrytime [<options>] <subcommand>"), "\(help)")
        #expect(help.contains("laundrytime [<options>] mcp"), "\(help)")
    }

    /// Every subcommand of the configuration is one main.swift can run, and one the plain reader
    /// leaves to the parser.
    @Test func everySubcommandRuns() {
        #expect(LaundryTimeCommand.subcommandNames == LaundryTimeCommand.configuration.subcommands.compactMap { $0.configuration.commandName })
        for type in LaundryTimeCommand.configuration.subcommands {
            #expect(type is any LaundryTimeSubcommand.Type, "\(type)")
        }
    }
}

/// The same through the built binary: exit statuses and where the words go.
@Suite struct SubcommandEndToEndTests {
    let directory = TemporaryDirectory()

    @Test func statusesAndStreams() throws {
        let laundrytime = LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data"))
        let help = try laundrytime.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("SUBCOMMANDS:") && help.stdout.contains("reminders"), "\(help.stdout)")
        let subcommandHelp = try laundrytime.run(["reminders", "--help"])
        #expect(subcommandHelp.status == 0 && subcommandHelp.stdout.contains("reminders [install | status | remove]"),
                "\(subcommandHelp.stdout)")
        let mistake = try laundrytime.run(["reminders", "off"])
        #expect(mistake.status == 2 && mistake.stdout.isEmpty && mistake.stderr.contains("'off' is invalid"), "\(mistake.stderr)")
        #expect(mistake.stderr.contains("See 'laundrytime reminders --help'"), "\(mistake.stderr)")
        let missing = try laundrytime.run(["migrate"])
        #expect(missing.status == 2 && missing.stderr.contains("--to"), "\(missing.stderr)")
    }
}

import EnglishGrammar
import Foundation
import FuzzHarness
@testable import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryStore
import LaundryTerminal

// The fuzz target of the assistant: each input is a script, answered line by line by an
// assistant on a throwaway store (emptied for every input, so that an input found to crash crashes
// again on its own), each reply drawn as `--json` and as bubbles and checked (``DrawnOutput``). A
// store that fails on a healthy file is a finding too.

let grammar: Grammar = {
    do { return try Grammar.english } catch { fatalError("the built-in grammar does not load: \(error)") }
}()

/// Opened once per process, in the sandbox.
let store: LaundryStore = {
    do {
        return try LaundryStore(location: StoreLocation(directory: URL(fileURLWithPath: Sandbox.folder + "/store")))
    } catch {
        fatalError("the throwaway store does not open: \(error)")
    }
}()

let time = FuzzClock()
let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
}()

/// Lines past these in one input are not answered: a 4 KB input of short lines would otherwise
/// take longer than libFuzzer's one-second `-timeout` without any line being slow.
let linesPerInput = 48
/// How far the clock moves between two lines: a wash ends within a script, a pet grows sad in a long one.
let minutesPerLine = 10.0

func assistantFuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let lines = ScriptLines.lines(of: UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : count))
    Sandbox.inside { answer(lines, columns: 30 + count % 91) }
    return 0
}

/// Answers an input's lines on an emptied store, each reply drawn and checked.
/// - Parameter columns: from 30 to 120, decided by the input so that it draws the same every time.
func answer(_ lines: [ScriptLine], columns: Int) {
    do {
        try store.write { try $0.deleteEverything() }
    } catch {
        fatalError("the throwaway store could not be emptied: \(error)")
    }
    time.now = FuzzClock.start
    let assistant = Assistant(store: store, grammar: grammar, clock: time.clock, calendar: utc)
    assistant.shared.exportFile.willRename = { temporary throws(ExportFile.Problem) in
        // The lines are looked at before they run (``exportStaysInside``); this is the last guard.
        guard Sandbox.holds(temporary) else { fatalError("an export was about to be written outside the sandbox: \(temporary)") }
    }
    let json = CapturedPrinter(assistant: assistant, format: .json, columns: columns)
    let bubbles = CapturedPrinter(assistant: assistant, format: .bubbles, columns: columns)
    var number = 0
    for line in lines.prefix(linesPerInput) {
        number += 1
        let reply: Reply
        let said: String
        switch line {
        case .text(let text):
            said = text.trimmingWhitespace()
            if said.isEmpty || said.hasPrefix("#") { continue }
            guard exportStaysInside(said) else { continue }
            json.echo(said, at: time.now)
            bubbles.echo(said, at: time.now)
            reply = assistant.respond(to: said)
        case .undecodable(let bytes):
            said = String(decoding: bytes, as: UTF8.self)
            reply = assistant.respond(toUndecodable: bytes)
        }
        if reply.failure == .store || reply.failure == .damagedStore {
            fatalError("the store failed on the line \(String(reflecting: said)): \(reply.text)")
        }
        json.show(reply, line: number)
        bubbles.show(reply, line: number)
        for notice in assistant.claimDueNotices() {
            json.show(notice.notification, at: time.now)
            bubbles.show(notice.notification, at: time.now)
        }
        DrawnOutput.checkJSONLines(json.take(), after: said)
        DrawnOutput.checkInert(bubbles.take(), after: said, in: "bubbles")
        if reply.kind == .goodbye { break }
        time.now.addTimeInterval(minutesPerLine * 60)
    }
}

/// Whether every file the line could export to — as the assistant reads it, with the pets in the
/// store, or as any reading it may offer — is inside the sandbox. Only a path with a "/" can lead
/// out of it: a relative one stays in the working directory, "~" is the sandbox.
func exportStaysInside(_ line: String) -> Bool {
    guard line.contains("/") else { return true }
    let names: [String]
    do {
        names = try store.read { try $0.pets() }.map(\.name.value)
    } catch {
        fatalError("the throwaway store could not be read: \(error)")
    }
    let reading = grammar.interpret(line, pets: PetNameIndex(names: names))
    return ([reading.command] + reading.guesses.map(\.command)).allSatisfy { command in
        command[.path].map { Sandbox.holds($0.text) } ?? true
    }
}

import CLibEdit
import Foundation
import LaundryAssistant
import LaundryCore

/// Runs a script: lines from a pipe or a file, one reply each, no prompt.
struct ScriptRunner {
    let printer: ReplyPrinter
    /// Stop at the first command that fails (like `sqlite3 -bail`).
    let bail: Bool

    /// Reads and answers the script on `descriptor` (``Session/runScript(descriptor:)``).
    func run(descriptor: Int32) -> ExitStatus {
        let conversation = printer.conversation
        var reader = InputLineReader(descriptor: descriptor)
        var number = 0
        // The line whose reply asked a question, while it waits for its answer.
        var lastQuestionLine: Int?
        // How many questions the conversation had dropped before the line now answered.
        var dropped = printer.context?.droppedQuestions ?? 0
        while !printer.groupLost {
            // Before waiting for more input, everything answered so far is stored and shown.
            if let group = printer.group, !reader.hasCompleteLine || group.isFull {
                printer.commitGroup()
                continue
            }
            guard let line = reader.next() else { break }
            number += 1
            let reply: Reply
            switch line {
            case .text(let text):
                let trimmed = text.trimmingWhitespace()
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                printer.joinGroup(line: number)
                printer.out(printer.renderer.render(userLine: trimmed, at: printer.clock.now()))
                reply = conversation.respond(to: .line(trimmed, keepsQuestions: bail))
            case .undecodable(let bytes):
                printer.joinGroup(line: number)
                reply = conversation.respond(to: .undecodable(bytes, keepsQuestions: bail))
            }
            let droppedNow = reply.context?.droppedQuestions ?? dropped
            defer { dropped = droppedNow }
            // A question this line did not answer left its command undone.
            if droppedNow > dropped, let asked = lastQuestionLine {
                printer.fold(.commandFailed)
                printer.err("laundrytime: line \(asked): not answered, so not done (line \(number) is another command).\n")
            }
            // A question still waiting after a look ("how is snowy" while "which pet?" waits) is
            // still the earlier line's.
            if reply.awaiting == nil {
                lastQuestionLine = nil
            } else if lastQuestionLine == nil || droppedNow > dropped {
                lastQuestionLine = number
            }
            printer.emit(reply, errorPrefix: "line \(number): ")
            // A store that failed inside a group may have lost the group: say so at once.
            if reply.failure == .store || reply.failure == .damagedStore { printer.commitGroup() }
            // A damaged store is not written to again: the script stops here.
            if reply.kind == .goodbye || reply.failure == .damagedStore || (bail && !printer.status.isSuccess)
                || lt_termination_signal() != 0 { break }
        }
        if let asked = lastQuestionLine, printer.context?.awaitsAnswer == true, !printer.groupLost {
            printer.err("laundrytime: line \(asked): not answered, so not done (the script ended).\n")
        }
        printer.commitGroup()
        return printer.terminationStatus ?? printer.finish()
    }
}

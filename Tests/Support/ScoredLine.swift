import LaundryAssistant
import LaundryCore
import LaundryGrammar
import LaundryTerminal

/// One labelled line as the assistant answered it, in a conversation of its own.
public struct ScoredLine: Sendable {
    public let line: LabelledLine
    /// The question the line was said after (a yes or a no answers one), nil for the others.
    public let question: Reply?
    public let reply: Reply
    public let verdict: UnderstandingVerdict

    public init(line: LabelledLine, question: Reply?, reply: Reply, pets: [String]) {
        self.line = line
        self.question = question
        self.reply = reply
        verdict = UnderstandingVerdict(reply, for: line, pets: pets)
    }

    /// The change the reply made (in a dry run: would have made), if any. A reply fires when it
    /// is ok and waits for no answer; a "yes" after a question fires the question's change.
    public var firedChange: Intent? {
        guard reply.ok, reply.awaiting == nil else { return nil }
        if reply.intent == .confirm, let question { return question.intent }
        return reply.intent.changesData ? reply.intent : nil
    }

    /// A change the line did not ask for: a data-changing intent other than its own fired. A
    /// `confirm` line's own change is the one its question proposed.
    public var isDataChangingMisread: Bool {
        guard let fired = firedChange else { return false }
        return fired != line.intent && !(line.intent == .confirm && question?.intent == fired)
    }

    /// A near miss: the line was read as another data-changing intent, which did not fire only
    /// because it was refused (no such pet, a wrong stage) or asked first.
    public var isDataChangingNearMiss: Bool {
        reply.intent.changesData && reply.intent != line.intent && firedChange == nil
    }

    /// The line's own change was made, about another pet or with another value than it said
    /// ("new pet!! call it Gymbo" makes a pet called “call it Gymbo”).
    public var madeItsChangeWrongly: Bool {
        firedChange == line.intent && (verdict == .wrongPet || verdict == .wrongValue)
    }

    /// What the reply said, for a report: "start_wash · pet Snowy · pet=snowy · “Snowy is getting …”".
    public var replySummary: String {
        let text = reply.text.split(separator: "\n").joined(separator: " ⏎ ")
        let shown = text.count > 80 ? text.prefix(80) + "…" : Substring(text)
        let asks = reply.awaiting.map { " · asks for \($0.rawValue)" } ?? ""
        return "\(reply.intent.rawValue)\(asks) · pet \(reply.pet ?? "–") · \(LabelledLine.text(of: reply.contractSlots)) · “\(shown)”"
    }
}

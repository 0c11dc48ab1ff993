import Foundation
import LaundryAssistant
import LaundryCore

/// A front end that is called rather than typed at (`laundrytime mcp`): each call is one line for
/// the conversation, answered with the reply and the object `--json` prints for it; what it did is
/// told to the hooks as the prompt tells them. No rendering of its own: the JSON is the terminal's
/// (docs/json.md), so that a client reads what a script reads.
public final class CalledSession {
    public let conversation: any Conversation
    /// The conversation's clock.
    public let clock: Clock
    public let hooks: Hooks?

    public init(conversation: any Conversation, clock: Clock, hooks: Hooks?) {
        self.conversation = conversation
        self.clock = clock
        self.hooks = hooks
    }

    /// A reply and its `--json` object.
    public struct Answer: Sendable {
        public let reply: Reply
        public let json: String
        /// The reply's text without controls or bidi overrides (a pet's name may hold them).
        public var text: String { TextSanitizer.sanitize(reply.text) }
    }

    /// A notice or a household's news, as its line and its `--json` object.
    public struct Told: Sendable {
        public let line: String
        public let json: String
        public let pet: String?
    }

    /// Answers `line` and tells the hooks of its events.
    public func answer(_ line: String) -> Answer {
        let reply = conversation.respond(to: .line(line))
        for event in reply.events { hooks?.fire(event.name, payload: JSONRenderer.object(for: event).serialized) }
        return Answer(reply: reply, json: JSONRenderer.object(for: reply).serialized)
    }

    /// What is due now and nobody has told yet — claimed as the prompt claims it, so that no other
    /// process tells it again — and the household's other members' news; and when to look again.
    public func due() -> (told: [Told], next: Date?) {
        var told: [Told] = []
        if let news = try? conversation.dueNotices(.newsOnly) {
            var renderer = JSONRenderer()
            told += news.news.map { item in
                Told(line: TextSanitizer.sanitize(item.line), json: renderer.render(item, at: clock.now()).trimmingCharacters(in: .newlines), pet: item.pet)
            }
        }
        guard let claimed = try? conversation.dueNotices(.shown) else { return (told, nil) }
        for notice in claimed.notices {
            let object = JSONRenderer.object(for: notice.event, notification: notice.notification).serialized
            hooks?.fire(notice.event.name, payload: object)
            told.append(Told(line: TextSanitizer.sanitize(notice.notification.line), json: object, pet: notice.notification.pet))
        }
        return (told, claimed.nextTimerEnd)
    }
}

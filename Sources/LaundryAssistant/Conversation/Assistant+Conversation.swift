import Foundation
import LaundryCore
internal import LaundryStore

/// The assistant as a front end sees it (``Conversation``).
extension Assistant: Conversation {
    public func respond(to input: ConversationInput) -> Reply {
        var reply: Reply
        switch input {
        case .line(let line, let keepsQuestions):
            self.keepsQuestions = keepsQuestions
            reply = respond(to: line)
        case .undecodable(let bytes, let keepsQuestions):
            self.keepsQuestions = keepsQuestions
            reply = respond(toUndecodable: bytes)
        case .goodbye:
            reply = goodbyeReply()
        }
        reply.context = context
        return reply
    }

    /// What drawing a reply needs, as things stand after the last line.
    var context: ReplyContext {
        ReplyContext(settings: facts.settings, time: shared.time, member: member, storeState: storeState,
                     petCount: facts.petCount, awaitsAnswer: isAwaitingAnswer, droppedQuestions: droppedQuestions)
    }

    public func opening(messageLimit: Int) -> SessionOpening? {
        guard var opening = try? readOpening(messageLimit: messageLimit) else { return nil }
        // What happened while the program was closed is the first opening's to tell; a header
        // drawn again later claims nothing the prompt should announce.
        if !toldAway {
            toldAway = true
            opening.away = awayReply()
        }
        return opening
    }

    public func dueNotices(_ claim: NoticeClaim) throws -> DueNotices {
        switch claim {
        case .newsOnly:
            let news = householdNews()
            // The settings are read only when there is news to show.
            if !news.isEmpty { facts.settings = currentSettings() }
            return DueNotices(notices: [], news: news, nextTimerEnd: nil, settings: facts.settings)
        case .shown, .untilTold:
            let due: DueNotices
            do {
                due = try claimDue(untilTold: claim == .untilTold)
            } catch {
                // A prompt's look that fails (the store busy, say) claims nothing and is tried
                // again at the next; `--deliver-due` says why.
                guard claim == .shown else { throw error }
                return DueNotices(notices: [], news: [], nextTimerEnd: nil, settings: facts.settings)
            }
            facts.settings = due.settings
            return due
        }
    }

    public func delivered(_ delivery: Delivery) {
        switch delivery {
        case .told(let notice): markTold(notice)
        case .notification(let notification): recordDelivery(of: notification)
        }
    }

    public func completion(after typed: String) -> Completion {
        if let next = completion(after: typed) {
            return Completion(words: next.words, petNames: next.petNames, followsTyped: true)
        }
        return Completion(words: completionWords, petNames: petNamesAndNicknames(), followsTyped: false)
    }

    public func beginBatch() -> (any ConversationBatch)? {
        beginStoreBatch() ? StoreBatch(assistant: self) : nil
    }

    /// A batch of lines stored in one commit of the assistant's store.
    private struct StoreBatch: ConversationBatch {
        let assistant: Assistant

        func commit() throws(StoreTrouble) {
            try assistant.commitBatch()
        }
    }
}

import Foundation
import LaundryAssistant
import LaundryCore

/// `--deliver-due`, what the reminders' timer runs every minute: every notice due now that no
/// prompt or earlier run has told is printed (plain or JSON), sent to the desktop when there is
/// one, given to its hook, and kept in the transcript. Waits for the hooks before it returns.
///
/// At least once: the notices are claimed until told, and each is marked told only
/// once its line was written whole and its hook has ended — each as soon as that is so, not when
/// the last hook ends, so that a run killed midway leaves to the next only what it had not
/// finished telling. stdout is written unbuffered, and a write that fails ends the program with
/// status 1 (``StandardStreams``): the notices it had not finished are then left to the next run,
/// which finds their claims lapsed, and their hooks are not run. A run killed after a notice's
/// line was written and before it was marked told has it told twice; none is told never.
struct DueDelivery {
    let printer: ReplyPrinter
    let hooks: Hooks?

    func run() -> ExitStatus {
        let conversation = printer.conversation
        let notices: [Notice]
        do {
            notices = try conversation.dueNotices(.untilTold).notices
        } catch {
            // A store's error describes itself in sentences that name the store and its holder.
            printer.err("laundrytime: \(TextSanitizer.sanitize(String(describing: error))) No notice was told; the next run tells them.\n")
            return .storeUnavailable
        }
        let ended = EndedNotices()
        var told = 0
        func markEnded(waiting: Bool) {
            for index in ended.take(waiting: waiting) {
                conversation.delivered(.told(notices[index]))
                told += 1
            }
        }
        for (index, notice) in notices.enumerated() {
            let object = JSONRenderer.object(for: notice.event, notification: notice.notification).serialized
            printer.out((printer.format == .json ? object : TextSanitizer.sanitize(notice.notification.line)) + "\n")
            DesktopNotification.sendThroughDesktop(
                title: notice.notification.title, body: notice.notification.text, environment: printer.display.environment)
            if let hooks {
                hooks.fire(notice.event.name, payload: object) { ended.add(index) }
            } else {
                ended.add(index)
            }
            markEnded(waiting: false)
        }
        while told < notices.count { markEnded(waiting: true) }
        hooks?.waitForAll()
        return printer.terminationStatus ?? .success
    }
}

/// The notices whose hooks have ended, handed from the hooks' threads to the one that marks them
/// told.
private final class EndedNotices: @unchecked Sendable {
    private let condition = NSCondition()
    private var ended: [Int] = []

    func add(_ index: Int) {
        condition.lock()
        ended.append(index)
        condition.signal()
        condition.unlock()
    }

    /// Those ended so far — with `waiting`, at least one, waiting for it.
    func take(waiting: Bool) -> [Int] {
        condition.lock()
        defer { condition.unlock() }
        while waiting && ended.isEmpty { condition.wait() }
        let taken = ended
        ended = []
        return taken
    }
}

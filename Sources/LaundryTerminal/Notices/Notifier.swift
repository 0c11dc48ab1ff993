import Foundation
import LaundryPlatform
import LaundryAssistant
import LaundryCore

/// Tells the user a timer ended while the prompt waits: the notification is printed above the
/// prompt (the half-typed line is redrawn under it), with the bell when sound is on and a desktop
/// notification where the terminal offers one.
///
/// It runs on the prompt's own thread, from the line editor's idle hook, so it never races the
/// command being answered. It looks at the store when the next timer is due and every few seconds
/// besides (another process may have started a timer), and rereads the wall clock at least once a
/// second, so that a suspended laptop or a clock change is noticed at once (docs/ARCHITECTURE.md,
/// "Time"). A household's news (another member's change, on a shared PostgreSQL store) is shown
/// as it arrives.
final class Notifier {
    private let conversation: any Conversation
    private let clock: Clock
    private let environment: [String: String]
    /// The settings as the last look or the last reply found them: whether to show, and with the
    /// bell.
    private var settings = AppSettings.defaults
    /// Test notifications waiting for their moment (they are this process's own).
    private var scheduled: [(notification: LaundryNotification, due: Date)] = []
    private var nextLook = Date.distantPast
    /// Told of each notice this prompt claims.
    var hooks: Hooks?
    /// How often the store is looked at when no timer is due sooner.
    static let lookInterval: TimeInterval = 5

    init(conversation: any Conversation, clock: Clock, environment: [String: String]) {
        self.conversation = conversation
        self.clock = clock
        self.environment = environment
    }

    /// A notification to deliver at `due` (the test notification, 3 s after it is asked for).
    func schedule(_ notification: LaundryNotification, at due: Date) {
        scheduled.append((notification, due))
    }

    /// Shows and rings as `settings` say (a reply's: the command may have changed them).
    func use(_ settings: AppSettings) {
        self.settings = settings
    }

    /// Look at the store at the next chance (after a command: it may have started a timer).
    func lookSoon() {
        nextLook = .distantPast
    }

    /// The notifications due now, each once; and how long to wait before asking again.
    func due() -> (notifications: [LaundryNotification], nextMilliseconds: Int) {
        let now = clock.now()
        var due: [LaundryNotification] = []
        let ready = scheduled.filter { $0.due <= now }
        scheduled.removeAll { $0.due <= now }
        for item in ready {
            conversation.delivered(.notification(item.notification))
            due.append(item.notification)
        }
        // Another member's change: shown now, and it may have started a timer, so look again.
        if let news = try? conversation.dueNotices(.newsOnly), !news.news.isEmpty {
            due += news.news
            settings = news.settings
            nextLook = .distantPast
        }
        if now >= nextLook, let claimed = try? conversation.dueNotices(.shown) {
            for notice in claimed.notices {
                hooks?.fire(notice.event.name, payload: JSONRenderer.object(for: notice.event, notification: notice.notification).serialized)
            }
            due += claimed.notices.map(\.notification)
            settings = claimed.settings
            nextLook = min(claimed.nextTimerEnd ?? .distantFuture, now.addingTimeInterval(Self.lookInterval))
        }
        let nextEvent = min(nextLook, scheduled.map(\.due).min() ?? .distantFuture)
        let wait = min(max(nextEvent.timeIntervalSince(now), 0.02), 1)
        // The settings come with what is to show (read then, not every second).
        let shown = !due.isEmpty && settings.notificationsEnabled ? due : []
        return (shown, Int((wait * 1000).rounded(.up)))
    }

    /// The bell and the desktop notification that go with a bubble, as escapes for the terminal
    /// (and `notify-send` started when there is a desktop session).
    func alerts(for notification: LaundryNotification) -> String {
        var out = ""
        if settings.soundEnabled { out += "\u{07}" }
        if let sequence = DesktopNotification.sequence(title: notification.title, body: notification.text, environment: environment) {
            out += sequence
        }
        DesktopNotification.sendThroughDesktop(title: notification.title, body: notification.text, environment: environment)
        return out
    }
}

/// Desktop notifications through the terminal (OSC 9 or OSC 777, wrapped for tmux) and through
/// `notify-send`. The text is sanitised: it may hold a pet's name.
enum DesktopNotification {
    /// The escape sequence the terminal understands, nil when it offers none we know of.
    static func sequence(title: String, body: String, environment: [String: String]) -> String? {
        let title = inert(title), body = inert(body)
        let program = environment["TERM_PROGRAM"] ?? ""
        let term = environment["TERM"] ?? ""
        let sequence: String
        if ["iTerm.app", "WezTerm", "ghostty"].contains(program) {
            sequence = "\u{1B}]9;\(title) — \(body)\u{07}"
        } else if environment["VTE_VERSION"] != nil || term.hasPrefix("foot") || term.hasPrefix("rxvt") {
            sequence = "\u{1B}]777;notify;\(title.replacingOccurrences(of: ";", with: ","));\(body.replacingOccurrences(of: ";", with: ","))\u{07}"
        } else if term == "xterm-kitty" {
            sequence = "\u{1B}]99;;\(title) — \(body)\u{1B}\\"
        } else {
            return nil
        }
        // Inside tmux the sequence must pass through to the outer terminal.
        guard environment["TMUX"] != nil else { return sequence }
        return "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }

    /// `notify-send TITLE BODY`, when a desktop session is there and the program exists; whether
    /// it was started. Started as the hooks are (``ChildProcess``), so that it inherits none of our
    /// descriptors, blocked signals or ignored SIGPIPE; its stdin is /dev/null, so it never reads
    /// what is typed at the prompt, and what it says goes where ours does.
    @discardableResult
    static func sendThroughDesktop(title: String, body: String, environment: [String: String]) -> Bool {
        guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil,
              let path = HomePath.program("notify-send", environment: environment)
        else { return false }
        let started = ChildProcess.spawn(
            path, arguments: [path, "--app-name=LaundryTime", inert(title), inert(body)],
            environment: environment.map { "\($0.key)=\($0.value)" },
            stdin: .file("/dev/null", flags: O_RDONLY), stdout: .descriptor(STDOUT_FILENO), stderr: .descriptor(STDERR_FILENO))
        guard case .success(let pid) = started else { return false }
        // Nobody waits for it, but a prompt runs for hours: reaped when it ends, not left a zombie.
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        return true
    }

    /// No control characters at all: not even the ones the sanitiser shows as text may end the
    /// sequence early.
    private static func inert(_ text: String) -> String {
        String(String.UnicodeScalarView(TextSanitizer.sanitize(text).unicodeScalars.filter { $0.value >= 0x20 }))
    }
}

import Foundation
import LaundryCore
internal import LaundryGrammar
internal import LaundryStore
internal import LaundryConfusables

/// What every handler answers with besides the line itself: the grammar, the calendar, how the
/// program was started, and what the conversation remembers. One per assistant; the handlers are
/// small values over it (``Handlers``), so none of them reaches back into the assistant.
final class HandlerContext {
    let grammar: Grammar
    /// Where the store lives (the connection report names it).
    let location: StoreLocation
    /// Tells a new name that looks like another pet's (Cyrillic "Ѕnоwy" beside "Snowy").
    let confusables: ConfusableTable
    let dryRun: Bool
    /// Answer "yes" to every confirmation (`--yes`).
    let assumeYes: Bool
    /// Why the store can only be read; nil when it can be written.
    let readOnlyReason: String?
    /// The user's calendar and time zone: days and weeks of the history are local. Looked up
    /// when first needed (loading the time zone and calendar data is a cost most commands,
    /// and a one-shot `/status`, need not pay); the replies' context shares the lookup.
    let time: TimeWords
    var calendar: Calendar { time.calendar }
    /// The pet last talked about and the question waiting for its answer.
    var conversation = ConversationContext()
    /// How many questions were dropped because the next line was another command.
    var droppedQuestions = 0
    /// Whether a line that would drop an unanswered question is refused instead of run (a script
    /// under `--bail` stops there).
    var keepsQuestions = false
    /// Checks and writes the files exports go to.
    var exportFile = ExportFile()

    init(grammar: Grammar, location: StoreLocation, confusables: ConfusableTable, dryRun: Bool, assumeYes: Bool,
         readOnlyReason: String? = nil, time: TimeWords) {
        self.grammar = grammar
        self.location = location
        self.confusables = confusables
        self.dryRun = dryRun
        self.assumeYes = assumeYes
        self.readOnlyReason = readOnlyReason
        self.time = time
        exportFile.protected = ProtectedFiles(location: location)
    }

    /// A message's time as a caption: "09:45" on the day of `now`, "Sat 28 Feb 09:45" before.
    func captionTime(_ date: Date, now: Date) -> String {
        time.caption(date, now: now)
    }
}

/// A group of handlers by concern — pets, the cycle, settings, records, the conversation, help — as a
/// value over the shared ``HandlerContext``. A handler answers one ``Turn`` from the pets as they
/// are and the open transaction; one that hands a line on does so through ``handle(_:pets:_:)``,
/// the one dispatcher.
protocol Handlers {
    var shared: HandlerContext { get }
}

extension Handlers {
    var grammar: Grammar { shared.grammar }
    var calendar: Calendar { shared.calendar }
    var confusables: ConfusableTable { shared.confusables }
    var dryRun: Bool { shared.dryRun }
    var assumeYes: Bool { shared.assumeYes }

    /// What the conversation remembers: the pet last talked about, the pending question.
    var context: ConversationContext {
        get { shared.conversation }
        nonmutating set { shared.conversation = newValue }
    }

    var exportFile: ExportFile {
        get { shared.exportFile }
        nonmutating set { shared.exportFile = newValue }
    }

    /// Runs a line as the command it is (the dispatcher).
    func handle(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        try Dispatcher(shared: shared).handle(turn, pets: pets, transaction)
    }

    var petHandlers: PetHandlers { PetHandlers(shared: shared) }
    var nicknameHandlers: NicknameHandlers { NicknameHandlers(shared: shared) }
    var cycleHandlers: CycleHandlers { CycleHandlers(shared: shared) }
    var pauseHandlers: PauseHandlers { PauseHandlers(shared: shared) }
    var settingHandlers: SettingHandlers { SettingHandlers(shared: shared) }
    var recordHandlers: RecordHandlers { RecordHandlers(shared: shared) }
    var conversationHandlers: ConversationHandlers { ConversationHandlers(shared: shared) }
    var helpHandlers: HelpHandlers { HelpHandlers(shared: shared) }
}

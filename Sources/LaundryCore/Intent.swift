/// What a line asks for. The raw values are the stable intent names of the JSON contract
/// (docs/json.md); the grammar file names intents by them, and loading refuses a name that is
/// not here.
public enum Intent: String, CaseIterable, Sendable, Codable {
    case createPet = "create_pet"
    case listPets = "list_pets"
    case showPet = "show_pet"
    case status
    case renamePet = "rename_pet"
    case deletePet = "delete_pet"
    case setWashTime = "set_wash_time"
    case setDryTime = "set_dry_time"
    case setFrequency = "set_frequency"
    case startWash = "start_wash"
    case startDry = "start_dry"
    case markFolded = "mark_folded"
    case stopCycle = "stop_cycle"
    case showSettings = "show_settings"
    case setSetting = "set_setting"
    case testNotification = "test_notification"
    case resetAll = "reset_all"
    case history
    case export
    case transcript
    case help
    case quickActions = "quick_actions"
    case undo
    case confirm
    case deny
    case clear
    case quit
    case greeting
    case thanks
    case connection
    case watch
    case wait
    case pausePet = "pause_pet"
    case resumePet = "resume_pet"
    /// A kind of laundry or a nickname for a pet ("Snowy is my whites"), which then names it.
    case addNickname = "add_nickname"
    /// Nothing in the grammar matched.
    case unknown

    /// Whether the intent changes what is stored (or writes a file): such a line is never run on
    /// a guess — a misspelt pet under `--yes`, a typo-corrected command word — without a person's yes.
    public var changesData: Bool {
        switch self {
        case .createPet, .renamePet, .deletePet, .setWashTime, .setDryTime, .setFrequency, .startWash, .startDry,
             .markFolded, .stopCycle, .setSetting, .resetAll, .export, .undo, .pausePet, .resumePet, .addNickname:
            true
        case .listPets, .showPet, .status, .showSettings, .testNotification, .history, .transcript, .help, .quickActions,
             .confirm, .deny, .clear, .quit, .greeting, .thanks, .connection, .watch, .wait, .unknown:
            false
        }
    }

    /// Whether the intent classifier (the guess behind the templates) learns it, and so may guess
    /// it. A nickname is only ever given in so many words, and each class the classifier learns
    /// takes a little of every other's confidence, so it is left out — and with it the templates
    /// of other intents that use its value lists ("create pet Fluffy for towels"), which leave
    /// what the classifier learns of their intent as it was.
    public var isLearned: Bool { self != .addNickname }

    /// Whether the intent writes to the store: every one that changes data but an export, which
    /// only reads the store (and writes a file). A store that can only be read refuses these.
    public var changesStore: Bool { changesData && self != .export }
}

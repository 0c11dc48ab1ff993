import Foundation
import LaundryCore
internal import LaundryGrammar

/// What the assistant remembers between lines of one session: the pet last talked about and a
/// question it is waiting to have answered.
struct ConversationContext {
    /// A question back to the user.
    enum Pending {
        /// "Which pet — Snowy or Fluffy?": the command runs again once a pet is named — by its
        /// name, or by its place among `choices` ("2", "the second one").
        case pet(Command, input: String, choices: [String])
        /// "What should the new pet be called?": the next line that is no command is the name.
        case newPetName
        /// "Delete Snowy? …": runs on yes, is dropped on no or on any other command.
        case confirmation(Confirmation)
        /// The quick-actions grid is on screen: a bare number runs that action.
        case quickActions
        /// "Did you mean 1) … 2) …?": a number (or yes, when there is one) runs that reading.
        case suggestions([Guess])
        /// "Start wash for Fluffy? (yes/no)": a sure reading of a line no template fits, a change,
        /// asked about — run on yes, dropped on no or on any other command.
        case guessedChange(Guess)
        /// "Until when?" after a pause that begins later was made without an end: an end said
        /// next ("until sunday", "for a week") is given to the pets paused from `start`.
        case pauseEnd(pets: [String], start: Date)

        /// Whether it leaves a command undone until it is answered (the grid and suggestions
        /// only offer).
        var awaitsAnswer: Bool {
            switch self {
            case .pet, .confirmation, .newPetName, .guessedChange: true
            case .quickActions, .suggestions, .pauseEnd: false
            }
        }
    }

    /// A change that waits for a yes.
    enum Confirmation {
        case deletePet(name: String)
        case resetAll
        case overwrite(ExportRequest)
        /// "Export history as csv to h.json": the format asked for, to a file named for another.
        case exportAnyway(ExportRequest, fileFormat: ExportRequest.Format)
        /// "Start wash for all": the step for each of these pets.
        case cycleForAll(CycleStep, names: [String])
        /// "undo" that would delete a pet an earlier session created.
        case undoEarlierCreation(summary: String, at: Date, petName: String)

        /// The one pet the change is about, if there is one.
        var petName: String? {
            switch self {
            case .deletePet(let name), .undoEarlierCreation(_, _, let name): name
            case .resetAll, .overwrite, .exportAnyway, .cycleForAll: nil
            }
        }
    }

    /// The stored name of the pet last talked about ("it", "her" refer to it).
    var lastPetName: String?
    var pending: Pending?
}

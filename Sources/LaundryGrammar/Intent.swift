/// What a line asks for. The raw values are the stable intent names of the JSON contract
/// (PRODUCT.md §6); the grammar file names intents by them, and loading refuses a name that is
/// not here.
public enum Intent: String, CaseIterable, Sendable, Codable {
    case createPet = "create_pet"
    case listPets = "list_pets"
    case showPet = "show_pet"
    case status
    case startWash = "start_wash"
    case startDry = "start_dry"
    case markFolded = "mark_folded"
    case stopCycle = "stop_cycle"
    case help
    case quit
    /// Nothing in the grammar matched.
    case unknown
}

/// The grammar's words (``WordRole``) the matcher reads in every line, held as ``FewWords``: a
/// pronoun, the word for a pet, what leads to a new name.
struct MatcherWords: Sendable {
    /// Stand for the pet last talked about ("it", "her").
    let pronouns: FewWords
    /// Everyone's word for a pet ("pet").
    let petWords: FewWords
    /// After which a new name starts ("called", "call it"), each as its words.
    let nameLeads: [[String]]
    /// After which a line no template fits gives a new name ("new name"), each as its words.
    let scannedNameLeads: [[String]]
    /// After a new name, start what the pet is for and so end the name ("for my"), each as its words.
    let namePurposes: [[String]]
    /// That lead to a new name and so cannot start it ("to", "as").
    let nameLeadIns: FewWords
    /// After which a word stands where a pet's name would ("for", "of").
    let petLeadIns: FewWords
    /// Stand for a time said earlier in the line ("that").
    let timeReferences: FewWords
    /// What the typed slots read, and how (numbers, times, days).
    let slots: SlotParsers

    /// `wordFacts`: the line preparer's word facts as the grammar's tables hold them, if they do.
    init(_ roles: WordRoles, wordFacts: LaidOutWordTable? = nil) {
        pronouns = FewWords(roles.list(.pronoun))
        petWords = FewWords(roles.list(.pet))
        nameLeads = roles.list(.nameLead).map { $0.split(separator: " ").map(String.init) }
        scannedNameLeads = roles.list(.scannedNameLead).map { $0.split(separator: " ").map(String.init) }
        namePurposes = roles.list(.namePurpose).map { $0.split(separator: " ").map(String.init) }
        nameLeadIns = FewWords(roles.list(.nameLeadIn))
        petLeadIns = FewWords(roles.list(.petLeadIn))
        timeReferences = FewWords(roles.list(.timeReference))
        slots = SlotParsers(roles, wordFacts: wordFacts)
    }
}

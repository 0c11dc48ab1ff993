/// Where the walk's paths meet (see ``Matcher/Walk/reached``).
///
/// A line with words that may be passed over can be walked in very many ways that end up at the
/// same node and position: a dot passed over before an optional word or after it, at one node or
/// the next, or taken into a slot (the loose pass lets `{pet}` take one to three words no pet is
/// called). Each such way once walked the whole rest of the template again, so the work doubled
/// with each such word ("hold . . . . . . . . . . . . . . no", 35 bytes, ran for minutes).
///
/// From one place the rest of the walk goes the same way whatever came before — but for four
/// things, which are part of the place: the value-list slots still open; whether a word of a
/// pet's name was read as the grammar's and whether a `{name}` was taken (the two together make
/// a path that may not end); and whether free text ends right here (symbols after it are its,
/// not passed over). The rest adds the same to every path's score, and the ranking
/// (``Matcher/Score``) compares scores part by part, so a path arriving with a score no better
/// than an earlier one's can end no better: it stops there. A tie stops too — the earlier path
/// found the same endings first, and the first found wins a tie. The work is then bounded by the
/// places, which grow with the line's length, not by the ways to reach them.
extension Matcher.Walk {
    /// A place in the walk: the node, the position in the line, and what of the path before it
    /// can change the path after it.
    struct State: Hashable {
        let node: Int32
        let position: Int32
        /// ``Matcher/Walk/openNames``' top: the value-list slots open.
        let open: Int32
        /// ``Flags``.
        let flags: UInt8
    }

    /// What a path has done that changes where it may go on, in ``State/flags``.
    enum Flags {
        static let readPetWord: UInt8 = 1, tookName: UInt8 = 2, freeTextEndsHere: UInt8 = 4
    }

    /// An open value-list slot, as ``StackNames`` keeps it.
    struct OpenSlot: Hashable {
        let kind: SlotKind
        let start: Int
    }

    /// Whether a path arriving at `node` and `position` with `score` goes on: it is the first
    /// there, or it comes with a better score than any before it.
    mutating func arrives(at node: Int32, _ position: Int, with score: Matcher.Score) -> Bool {
        var flags: UInt8 = 0
        if score.petWordLiterals > 0 { flags |= Flags.readPetWord }
        if namesTaken > 0 { flags |= Flags.tookName }
        if let last = captures.last, last.isFreeText, last.end == position { flags |= Flags.freeTextEndsHere }
        let state = State(node: node, position: Int32(position), open: openNames.last ?? 0, flags: flags)
        if let earlier = reached[state], !(earlier < score) { return false }
        reached[state] = score
        return true
    }

    mutating func push(_ capture: Matcher.Capture) {
        if capture.kind == .name { namesTaken += 1 }
        captures.append(capture)
    }

    mutating func popCapture() {
        if captures.removeLast().kind == .name { namesTaken -= 1 }
    }

    mutating func open(_ kind: SlotKind, at start: Int) {
        if remembers { openNames.append(openStacks.name(of: OpenSlot(kind: kind, start: start), on: openNames.last ?? 0)) }
        open.append((kind, start))
    }

    mutating func close() -> (SlotKind, Int) {
        if remembers { openNames.removeLast() }
        return open.removeLast()
    }
}

/// Short names for stacks of values: the same stack, however it was built up, gets the same name,
/// so that a stack can be compared and hashed as one number. 0 names the empty stack.
struct StackNames<Element: Hashable> {
    private struct Step: Hashable {
        let below: Int32
        let top: Element
    }

    private var names: [Step: Int32] = [:]

    /// The name of the stack named `below` with `element` pushed on it.
    mutating func name(of element: Element, on below: Int32) -> Int32 {
        let step = Step(below: below, top: element)
        if let name = names[step] { return name }
        let name = Int32(names.count + 1)
        names[step] = name
        return name
    }
}

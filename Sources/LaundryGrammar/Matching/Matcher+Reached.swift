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
    /// A place in the walk — the node, the position in the line, and what of the path before it
    /// can change the path after it (``Matcher/Walk/openNames``' top: the value-list slots open;
    /// ``Flags``) — packed into one number: node (32 bits), position (8), flags (3), open slots
    /// (21). Nil for a place that does not fit (more open-slot stacks than that): never remembered.
    static func place(node: Int32, position: Int, open: Int32, flags: UInt8) -> UInt64? {
        guard position < 1 << 8, open >= 0, open < 1 << 21 else { return nil }
        return UInt64(UInt32(bitPattern: node)) << 32 | UInt64(position) << 24 | UInt64(flags) << 21 | UInt64(open)
    }

    /// What a path has done that changes where it may go on, in a place's flags.
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
        guard let place = Self.place(node: node, position: position, open: openNames.last ?? 0, flags: flags) else { return true }
        return reached.arrives(at: place, with: score)
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

/// The places a walk reached (``Matcher/Walk/place(node:position:open:flags:)``), each with the
/// best score a path came there with: a table of open addressing, emptied for every template at
/// once by starting a new generation. It is asked at every step of a line with words to pass
/// over: a `Dictionary` of the places' four fields spent a tenth of all matching in hashing them.
struct ReachedPlaces {
    private var places: [UInt64]
    private var scores: [Matcher.Score]
    /// The generation each slot was filled in: a slot of an earlier one is empty.
    private var filledIn: [UInt32]
    private var generation: UInt32 = 1
    private var count = 0

    init() {
        (places, scores, filledIn) = ([], [], [])
    }

    /// Forgets every place.
    mutating func removeAll() {
        count = 0
        generation &+= 1
        if generation == 0 {
            filledIn = [UInt32](repeating: 0, count: filledIn.count)
            generation = 1
        }
    }

    /// Whether a path arriving at `place` with `score` goes on — it is the first there, or its
    /// score beats every earlier one's — and if so, keeps its score.
    mutating func arrives(at place: UInt64, with score: Matcher.Score) -> Bool {
        if 2 * (count + 1) > places.count { grow() }
        let mask = places.count - 1
        // Fibonacci hashing: the high bits of the product spread the packed fields.
        var index = Int(truncatingIfNeeded: (place &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while filledIn[index] == generation {
            if places[index] == place {
                guard scores[index] < score else { return false }
                scores[index] = score
                return true
            }
            index = (index + 1) & mask
        }
        (places[index], scores[index], filledIn[index]) = (place, score, generation)
        count += 1
        return true
    }

    /// Twice the slots (at least 64), the places of this generation moved over.
    private mutating func grow() {
        // The first growth — once a walk, most never grow again — has nothing to move over.
        let kept = places.isEmpty ? [] : (0..<places.count).filter { filledIn[$0] == generation }.map { (places[$0], scores[$0]) }
        let size = max(64, places.count * 2)
        (places, scores, filledIn) = ([UInt64](repeating: 0, count: size), [Matcher.Score](repeating: Matcher.Score(), count: size),
                                      [UInt32](repeating: 0, count: size))
        (generation, count) = (1, 0)
        for (place, score) in kept { _ = arrives(at: place, with: score) }
    }
}

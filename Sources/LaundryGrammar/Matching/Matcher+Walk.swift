/// The walk over the word graph (see ``Matcher``): from a template's start, every path the line
/// can take through it, the best complete one kept.
extension Matcher {
    /// Whether the rest of a template, from `node` on, can take the rest of the line from
    /// `position`: not too few words left, nor too many — counting those that may be passed over.
    @inline(__always)
    private func fits(_ node: Int32, _ position: Int, _ walk: borrowing Walk) -> Bool {
        let remaining = walk.wordCount - position
        guard remaining >= Int(minimumWords[Int(node)]) else { return false }
        return !walk.usesMaximumWords || remaining - walk.line.skippable(from: position) <= Int(maximumWords[Int(node)])
    }

    /// Goes on to `target` past the line's word at `position`, which the edge to it takes.
    @inline(__always)
    private func visitWord(_ target: Int32, _ position: Int, _ score: Score, _ walk: inout Walk) {
        guard !walk.line.tokens[position].quoted else { return }
        var next = score
        if !walk.line.isPetWord(position) {
            next.literals += 1
        } else if !words.petWords.contains(walk.line.words[position]) {
            // (The word for a pet stays everyone's, even with a pet called Pet.)
            next.petWordLiterals += 1
        }
        visit(target, position + 1, next, &walk)
    }

    func visit(_ node: Int32, _ position: Int, _ score: Score, _ walk: inout Walk) {
        walk.steps &+= 1
        // Where the rest of the line cannot fit, no path can end well: do not look.
        guard fits(node, position, walk) else { return }
        // Ranking rule 1 first: a path that cannot match as many literal words as the best
        // reading so far would lose to it whatever else it found.
        guard score.literals + mostLiterals[Int(node)] >= walk.bestLiterals else { return }
        // Filler passed over here or there, before or after an optional word, brings paths to the
        // same place: only the first to come, or one with a better score, goes on from it.
        if walk.remembers, !walk.arrives(at: node, position, with: score) { return }
        if position == walk.wordCount && accepts[Int(node)] >= 0 { accept(score, &walk) }
        if !walk.line.skips.isEmpty, position < walk.wordCount { passOver(node, position, score, &walk) }
        var index = Int(edgeStarts[Int(node)])
        let end = Int(edgeStarts[Int(node) + 1])
        while index < end {
            let edge = edges[index]
            switch edge.label {
            case .word:
                // A run of word edges, sorted by word: only those of the line's word are taken.
                let runEnd = Int(runEnds[index])
                let id = position < walk.wordCount ? walk.line.ids[position] : -1
                if id >= 0 {
                    var next = index
                    while next < runEnd, wordIDs[next] < id { next += 1 }
                    while next < runEnd, wordIDs[next] == id {
                        visitWord(edges.target(next), position, score, &walk)
                        next += 1
                    }
                }
                index = runEnd
                continue
            case .skip:
                visit(edge.target, position, score, &walk)
            case .slot(let kind, let ordinal, let next):
                visitSlot(kind, ordinal: ordinal, next: next, edge.target, position, score, &walk)
            case .open, .close, .constant:
                visitValue(edge, position, score, &walk)
            }
            index += 1
        }
    }

    // The rarer steps are functions of their own, never inlined: `visit` runs for every node of
    // every path, and kept small it needs a small stack frame (grammar benchmark: about 5 %).

    /// The path ends here, the whole line taken: the best reading so far, if it beats the last.
    @inline(never)
    private func accept(_ score: Score, _ walk: inout Walk) {
        // A pet's name read as a grammar word never makes a new name ("make buddy due daily",
        // with a pet called Buddy, names no new pet "due daily").
        guard !(score.petWordLiterals > 0 && walk.namesTaken > 0) else { return }
        if walk.best == nil || walk.best!.score < score {
            walk.best = Best(score: score, template: walk.template, captures: walk.captures)
            walk.bestLiterals = score.literals
        }
    }

    /// Filler may be passed over here — but symbols right after a free-text slot belong to it.
    @inline(never)
    private func passOver(_ node: Int32, _ position: Int, _ score: Score, _ walk: inout Walk) {
        let afterFreeText = walk.captures.last.map { $0.isFreeText && $0.end == position } ?? false
        for skip in walk.line.skips[position] where !(skip.isSymbols && afterFreeText) {
            var next = score
            if skip.isSymbols { next.skippedSymbols += 1 }
            visit(node, skip.end, next, &walk)
        }
    }

    /// A value list's slot opening or closing, or a slot with a fixed value.
    @inline(never)
    private func visitValue(_ edge: WordGraph.Edge, _ position: Int, _ score: Score, _ walk: inout Walk) {
        switch edge.label {
        case .open(let kind):
            walk.open(kind, at: position)
            visit(edge.target, position, score, &walk)
            _ = walk.close()
        case .close(let kind, let value):
            guard let (openKind, start) = walk.open.last, openKind == kind, position > start else { return }
            _ = walk.close()
            walk.push(Capture(kind: kind, start: start, end: position, value: .listed(value)))
            visit(edge.target, position, score, &walk)
            walk.popCapture()
            walk.open(openKind, at: start)
        case .constant(let kind, let value):
            walk.push(Capture(kind: kind, start: position, end: position, value: .listed(value)))
            visit(edge.target, position, score, &walk)
            walk.popCapture()
        case .word, .skip, .slot:
            break
        }
    }

    /// Each way the slot can take words here, then on to `target`.
    @inline(never)
    private func visitSlot(
        _ kind: SlotKind, ordinal: Int32, next: Int32, _ target: Int32, _ position: Int, _ score: Score, _ walk: inout Walk
    ) {
        guard position < walk.wordCount else { return }
        for candidateIndex in walk.slotCandidates(kind, ordinal: Int(ordinal), at: position, graph: graph, words: words) {
            // Only ways after which the rest of the line can fit and the next word can go on
            // (or be passed over).
            let end = walk.candidates[candidateIndex].capture.end
            guard fits(target, end, walk),
                  end == walk.wordCount || graph.slotCanBeFollowed(next, by: walk.line.ids[end])
                    || (!walk.line.skips.isEmpty && !walk.line.skips[end].isEmpty)
            else { continue }
            if walk.candidates[candidateIndex].status == .unparsed { walk.parse(candidateIndex, kind, words.slots) }
            let candidate = walk.candidates[candidateIndex]
            guard candidate.status == .ready else { continue }
            var nextScore = score
            nextScore.freeWords += Int32(candidate.freeWords)
            if candidate.capture.knownPet != nil || candidate.capture.isPronoun { nextScore.knownPets += 1 }
            if candidate.closePet { nextScore.closePets += 1 }
            walk.push(candidate.capture)
            visit(target, candidate.capture.end, nextScore, &walk)
            walk.popCapture()
        }
    }
}

/// Where the walk starts: the templates a line may fit at all.
extension Matcher {
    /// The templates the line may fit, in template order: those that can start with its first
    /// word — or with any word that filler before it leaves first — and those that start with a
    /// pet, where a pet may be named there.
    func startingTemplates(_ line: Line, pets: PetNameIndex, options: Options) -> ArraySlice<Int32> {
        // A `{pet}` takes words that name a pet — as typed, by a pronoun, or misspelt (a word the
        // grammar does not know) — or, in the loose pass, any. Where none can, the templates
        // starting with one are not walked: they would end at their first step (most lines,
        // more than half of all walks when they were).
        func mayNamePet(_ position: Int) -> Bool {
            line.isPetWord(position) || words.pronouns.contains(line.words[position])
                || (line.ids[position] < 0 && !pets.closeNames(in: line.words, at: position) { graph.id(of: $0) >= 0 }.isEmpty)
        }
        // Most lines pass nothing over at their start and name no pet first.
        if line.skips.isEmpty || line.skips[0].isEmpty, !options.unknownPets, !mayNamePet(0) {
            return graph.templates(startingWith: line.ids[0])
        }
        var starts = [0], next = 0
        while next < starts.count, !line.skips.isEmpty {
            let position = starts[next]
            next += 1
            guard position < line.ids.count else { continue }
            for skip in line.skips[position] where !starts.contains(skip.end) { starts.append(skip.end) }
        }
        starts.removeAll { $0 >= line.ids.count }
        let petFirst = options.unknownPets || starts.contains(where: mayNamePet)
        if starts.count == 1, !petFirst { return graph.templates(startingWith: line.ids[starts[0]]) }
        // Each list is in template order already: merged, not sorted again.
        var templates = petFirst ? graph.templatesStartingWithPet[...] : []
        for start in starts { templates = Self.union(templates, graph.templates(startingWith: line.ids[start])) }
        return templates
    }

    /// Two lists of templates in order, merged in order, each template once.
    static func union(_ a: ArraySlice<Int32>, _ b: ArraySlice<Int32>) -> ArraySlice<Int32> {
        var merged: ArraySlice<Int32> = []
        merged.reserveCapacity(a.count + b.count)
        var (i, j) = (a.startIndex, b.startIndex)
        while i < a.endIndex || j < b.endIndex {
            let next: Int32
            if j == b.endIndex || (i < a.endIndex && a[i] <= b[j]) {
                next = a[i]
                i += 1
            } else {
                next = b[j]
                j += 1
            }
            if merged.last != next { merged.append(next) }
        }
        return merged
    }
}

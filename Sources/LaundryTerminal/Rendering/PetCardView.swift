import Foundation
import LaundryAssistant
import LaundryCore

/// A pet's card in characters: the mood's face, a health bar in the mood's colour,
/// the stage and the next action, the stats cards, and a progress bar for a running timer. Every
/// colour has a word or a face beside it, so nothing is said by colour alone.
struct PetCardView {
    let pet: PetSnapshot
    /// Formats a wall-clock time ("09:45") in the user's time zone.
    let clockTime: (Date) -> String
    /// Whether the card says the pet's status in words (not when the reply's sentence just did).
    var showsStatus = true
    var drawing = CardDrawing.standard

    /// The full card, at most `width` cells wide.
    func lines(width: Int) -> [BodyLine] {
        var lines: [BodyLine] = []
        // The face and the washing mark are never cut off: a long name gives way to them.
        let mark = StyledLine("  " + face, .ink(Self.ink(for: pet.mood)))
        lines.append(.fixed(StyledLine(pet.name, .ink(.plain, bold: true)).clipped(to: max(width - mark.width, 4)) + mark))
        if showsStatus {
            lines.append(.text(StyledLine(pet.statusLine, .ink(.secondary))))
        }
        if let knownAs = pet.knownAs { lines.append(.text(StyledLine(knownAs, .ink(.secondary)))) }
        // Both bars as long as the narrower line allows, so that they line up.
        var barWidth = min(width - Self.healthLine(pet, barWidth: 0, glyphs: drawing.glyphs).width, 24)
        if let timer = pet.stage.timer { barWidth = min(barWidth, width - progressLine(timer, barWidth: 0).width) }
        barWidth = max(barWidth, 4)
        lines.append(.fixed(Self.healthLine(pet, barWidth: barWidth, glyphs: drawing.glyphs)))
        if let timer = pet.stage.timer {
            lines.append(.fixed(progressLine(timer, barWidth: barWidth)))
        }
        var next = StyledLine("Stage: ", .ink(.secondary))
        next.append(pet.stage.words, .ink(Self.ink(for: pet.stage)))
        next.append(" · Next: ", .ink(.secondary))
        next.append(nextStep, .ink(.accent, bold: true))
        lines.append(.text(next))
        lines += StatsCards(cards: statsCards, drawing: drawing).lines(width: width).map(BodyLine.fixed)
        if let forecast = pet.forecast() { lines.append(.text(StyledLine(forecast, .ink(.secondary)))) }
        return lines
    }

    /// The next step; while a timer runs, the step after it and when it can be taken.
    var nextStep: String { pet.nextStep(clockTime: clockTime) }

    /// The face, with bubbles while washing and steam while drying.
    var face: String {
        switch pet.stage {
        case .washing: "\(pet.mood.face) o°O"
        case .drying: "\(pet.mood.face) ~~~"
        default: pet.mood.face
        }
    }

    private var statsCards: [StatsCards.Card] {
        [
            .init(label: "CYCLES", value: "\(pet.stats.totalCycles)", ink: .fold),
            .init(label: "STREAK", value: "\(pet.stats.currentStreak) (best \(pet.stats.bestStreak))", ink: .happy),
            .init(label: "HEALTH", value: "\(pet.health)%", ink: Self.ink(for: pet.mood)),
            .init(label: "NEXT DUE", value: pet.dueText, ink: .accent),
        ]
    }

    private func progressLine(_ timer: TimerWindow, barWidth: Int) -> StyledLine {
        let progress = timer.progress(at: pet.at)
        let ink: Ink = pet.stage.isWashing ? .wash : .dry
        var line = StyledLine(pet.stage.isWashing ? "Wash   " : "Dry    ", .ink(.secondary))
        line = line + Self.bar(progress, width: barWidth, ink: ink, glyphs: drawing.glyphs)
        line.append(" \(DurationText.countdown(timer.remaining(at: pet.at))) left · \(Int((progress * 100).rounded(.down)))%")
        return line
    }

    /// "Health ██████████░░░░ 72% okay"
    static func healthLine(_ pet: PetSnapshot, barWidth: Int, glyphs: BorderGlyphs) -> StyledLine {
        var line = StyledLine("Health ", .ink(.secondary))
        line = line + bar(Double(pet.health) / 100, width: barWidth, ink: ink(for: pet.mood), glyphs: glyphs)
        line.append(" \(pet.health)% \(moodWord(pet.mood))")
        return line
    }

    /// A bar of `width` cells, filled in proportion (to the eighth of a cell).
    static func bar(_ fraction: Double, width: Int, ink: Ink, glyphs: BorderGlyphs) -> StyledLine {
        let eighths = Int((min(max(fraction, 0), 1) * Double(width * 8)).rounded(.down))
        let full = eighths / 8
        let partial = eighths % 8
        var filled = String(repeating: glyphs.barFull, count: full)
        var empty = width - full
        if partial > 0 && empty > 0 && !glyphs.barEighths.isEmpty {
            filled += glyphs.barEighths[partial]
            empty -= 1
        }
        var line = StyledLine(filled, .ink(ink))
        line.append(String(repeating: glyphs.barEmpty, count: empty), .ink(.faint))
        return line
    }

    static func ink(for mood: Mood) -> Ink {
        switch mood {
        case .happy: .happy
        case .neutral: .neutral
        case .sad, .verySad: .sad
        case .dead: .dead
        }
    }

    static func ink(for stage: Stage) -> Ink {
        switch stage {
        case .washing, .washDone: .wash
        case .drying: .dry
        case .dryDone: .fold
        case .idle: .secondary
        }
    }

    static func moodWord(_ mood: Mood) -> String {
        switch mood {
        case .happy: "happy"
        case .neutral: "okay"
        case .sad: "sad"
        case .verySad: "very sad"
        case .dead: "dead"
        }
    }
}

/// The small cards under a pet (CYCLES / STREAK / HEALTH / NEXT DUE) or a history summary: side
/// by side when they fit, two by two when they do not, and as labelled lines when even that is
/// too wide.
struct StatsCards {
    struct Card {
        let label: String
        let value: String
        let ink: Ink
    }

    let cards: [Card]
    var drawing = CardDrawing.standard

    func lines(width: Int) -> [StyledLine] {
        let cellWidth = cards.map { max(DisplayWidth.of($0.label), DisplayWidth.of($0.value)) }.max() ?? 0
        let boxWidth = cellWidth + 4
        for perRow in [cards.count, (cards.count + 1) / 2]
        where drawing.boxes && perRow > 0 && perRow * boxWidth + (perRow - 1) <= width {
            return stride(from: 0, to: cards.count, by: perRow).flatMap { start in
                row(Array(cards[start..<min(start + perRow, cards.count)]), cellWidth: cellWidth)
            }
        }
        return cards.map { card in
            var line = StyledLine(card.label + " ", .ink(.secondary))
            line.append(card.value, .ink(card.ink, bold: true))
            return line
        }
    }

    private func row(_ cards: [Card], cellWidth: Int) -> [StyledLine] {
        func joined(_ parts: [StyledLine]) -> StyledLine {
            parts.enumerated().reduce(StyledLine()) { $0 + ($1.offset > 0 ? StyledLine(" ") : StyledLine()) + $1.element }
        }
        let box = drawing.box(inner: cellWidth)
        let labels = joined(cards.map { box.side(StyledLine($0.label, .ink(.secondary)).padded(to: cellWidth)) })
        let values = joined(cards.map { box.side(StyledLine($0.value, .ink($0.ink, bold: true)).padded(to: cellWidth)) })
        return [joined(cards.map { _ in box.top }), labels, values, joined(cards.map { _ in box.bottom })]
    }
}

/// How cards are drawn inside a bubble: with the terminal's glyphs (box drawing, or ASCII), and
/// as boxes only where the bubble has a frame — below 40 columns they become lines.
struct CardDrawing {
    var glyphs: BorderGlyphs
    var boxes: Bool

    static let standard = CardDrawing(glyphs: .rounded, boxes: true)

    /// A box of `inner` cells between "│ " and " │".
    func box(inner: Int) -> Box { Box(glyphs: glyphs, inner: inner) }

    struct Box {
        let glyphs: BorderGlyphs
        let inner: Int

        var top: StyledLine { rule(glyphs.cardTopLeft, glyphs.cardTopRight) }
        var bottom: StyledLine { rule(glyphs.cardBottomLeft, glyphs.cardBottomRight) }

        func side(_ content: StyledLine) -> StyledLine {
            StyledLine(glyphs.vertical + " ", .ink(.faint)) + content + StyledLine(" " + glyphs.vertical, .ink(.faint))
        }

        private func rule(_ left: String, _ right: String) -> StyledLine {
            StyledLine(left + String(repeating: glyphs.horizontal, count: inner + 2) + right, .ink(.faint))
        }
    }
}

/// A pet in the dashboard grid: the card's essentials in a small box.
struct CompactPetCard {
    static let width = 30

    let pet: PetSnapshot
    let clockTime: (Date) -> String
    var drawing = CardDrawing.standard

    /// Exactly ``width`` cells per line in a box; without one, as lines of at most `width` cells.
    func lines(width: Int = Self.width) -> [StyledLine] {
        let inner = drawing.boxes ? Self.width - 4 : width
        let view = PetCardView(pet: pet, clockTime: clockTime, drawing: drawing)
        var title = StyledLine(view.face + " ", .ink(PetCardView.ink(for: pet.mood)))
        title.append(pet.name, .ink(.plain, bold: true))
        var stage = StyledLine(pet.stage.words, .ink(PetCardView.ink(for: pet.stage)))
        if let timer = pet.stage.timer {
            stage.append(" · \(DurationText.countdown(timer.remaining(at: pet.at))) left")
        }
        if pet.isPaused { stage.append(" · paused", .ink(.secondary)) }
        var next = StyledLine("next: ", .ink(.secondary))
        next.append(view.nextStep, .ink(.accent))
        var health = PetCardView.bar(Double(pet.health) / 100, width: 10, ink: PetCardView.ink(for: pet.mood), glyphs: drawing.glyphs)
        health.append(" \(pet.health)% \(PetCardView.moodWord(pet.mood))")
        guard drawing.boxes else { return [title, health, stage, next].map { $0.clipped(to: inner) } }
        let box = drawing.box(inner: inner)
        return [box.top] + [title, health, stage, next].map { box.side($0.clipped(to: inner).padded(to: inner)) } + [box.bottom]
    }

    /// The cards in rows that fit `width`: as many per row as there is room for.
    static func grid(_ pets: [PetSnapshot], width: Int, drawing: CardDrawing, clockTime: @escaping (Date) -> String) -> [StyledLine] {
        let gap = 2
        // Without boxes, one pet under another, a blank line between them.
        let perRow = drawing.boxes ? max((width + gap) / (Self.width + gap), 1) : 1
        var lines: [StyledLine] = []
        for start in stride(from: 0, to: pets.count, by: perRow) {
            let cards = pets[start..<min(start + perRow, pets.count)].map {
                CompactPetCard(pet: $0, clockTime: clockTime, drawing: drawing).lines(width: width)
            }
            if start > 0 { lines.append(StyledLine()) }
            for row in 0..<(cards.first?.count ?? 0) {
                lines.append(cards.enumerated().reduce(StyledLine()) { line, card in
                    line + (card.offset > 0 ? StyledLine(String(repeating: " ", count: gap)) : StyledLine()) + card.element[row]
                })
            }
        }
        return lines
    }
}

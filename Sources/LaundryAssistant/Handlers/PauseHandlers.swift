import Foundation
import LaundryCore
internal import LaundryGrammar
internal import LaundryStore

/// Pauses (issue 18): "pause snowy until monday", "vacation mode for 2 weeks", "resume snowy".
/// A pause holds a pet's decay — health and mood stay, no due or sad notices come — and ends by
/// itself at its end, when resumed, or when laundry is done for the pet. Its timers run on.
/// A line that names no pet is about every pet: vacation is the household's.
struct PauseHandlers: Handlers {
    let shared: HandlerContext

    /// The longest pause: a year.
    static let longest: TimeInterval = 366 * 86_400

    func pause(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        var until: Date?
        if let slot = turn.command[.until], let value = slot.value {
            switch PauseEnd.resolve(value, now: turn.now, calendar: calendar) {
            case .open: until = nil
            case .at(let end) where end.timeIntervalSince(turn.now) > Self.longest:
                return turn.failed(.refused, "A pause can last up to a year; “\(slot.text)” is longer. Nothing changed.")
            case .at(let end) where !KeptDates.contains(end):
                return turn.failed(.refused, KeptDates.refusal("The pause (“\(slot.text)”) would end", end))
            case .at(let end): until = end
            case .past:
                return turn.failed(.refused, "“\(slot.text)” has gone by; a pause ends later than now. Nothing changed.")
            case .unreadable:
                return turn.failed(.refused, "I could not tell when “\(slot.text)” is. Say “until monday”, “for 2 weeks” or “until dec 24”. Nothing changed.")
            }
        }
        guard turn.command[.pet] == nil else {
            return try withPet(turn, pets: pets) { pet in try pause([pet], until: until, turn, transaction) }
        }
        guard !pets.isEmpty else { return turn.failed(.refused, PetText.emptyState) }
        return try pause(pets, until: until, turn, transaction)
    }

    private func pause(_ pets: [Pet], until: Date?, _ turn: Turn, _ transaction: StoreTransaction) throws -> Reply {
        let (dead, living) = (pets.filter { $0.mood(at: turn.now) == .dead }, pets.filter { $0.mood(at: turn.now) != .dead })
        let deadNote = dead.isEmpty ? nil
            : "\(dead.map(\.name.value).joinedAsChoice("and")) \(dead.count == 1 ? "has" : "have") died: there is nothing to hold. Doing a load of laundry brings \(dead.count == 1 ? "it" : "them") back."
        guard !living.isEmpty else { return turn.failed(.refused, deadNote! + " Nothing changed.") }
        let end = until.map { "until \(HistoryText.dayAndTime($0, calendar: calendar, from: turn.now))" } ?? "until you resume \(living.count == 1 ? "it" : "them")"
        var steps: [UndoStep] = [], lines: [String] = [], events: [PetEvent] = []
        for pet in living {
            let changed = pet.paused(at: turn.now, until: until)
            try transaction.update(changed)
            let id = try transaction.append(CycleEvent(kind: .paused(until: until), at: turn.now), for: changed)
            steps += [.restorePet(pet), .removeEvent(id: id)]
            events.append(PetEvent(.paused, of: changed, at: turn.now))
            var line = "\(pet.name) is paused \(end) — health holds at \(changed.health(at: turn.now))%."
            if let timer = pet.stage(at: turn.now).timer { line += " Its timer runs on (ends at \(PetText.clockTime(timer.endsAt, calendar: calendar)))." }
            lines.append(line)
        }
        let names = living.map(\.name.value).joinedAsChoice("and")
        try transaction.pushUndo(UndoRecord(summary: "paused \(names)", steps: steps), at: turn.now)
        lines.append("No due or sad reminders come meanwhile. “resume\(living.count == 1 ? " " + living[0].name.value : "")” ends it early.")
        if let deadNote { lines.append(deadNote) }
        var reply = living.count == 1
            ? turn.reply(lines.joined(separator: " "), pet: living[0])
            : turn.reply(lines.joined(separator: "\n"))
        reply.events = events
        return reply
    }

    func resume(_ turn: Turn, pets: [Pet], _ transaction: StoreTransaction) throws -> Reply {
        guard turn.command[.pet] == nil else {
            return try withPet(turn, pets: pets) { pet in
                guard pet.isPaused(at: turn.now) else {
                    return turn.failed(.refused, "\(pet.name) is not paused — \(pet.statusLine(at: turn.now)) Nothing changed.", pet: pet)
                }
                return try resume([pet], turn, transaction)
            }
        }
        let paused = pets.filter { $0.isPaused(at: turn.now) }
        guard !paused.isEmpty else {
            return turn.failed(.refused, pets.isEmpty ? PetText.emptyState : "No pet is paused. Nothing changed.")
        }
        return try resume(paused, turn, transaction)
    }

    private func resume(_ pets: [Pet], _ turn: Turn, _ transaction: StoreTransaction) throws -> Reply {
        var steps: [UndoStep] = [], lines: [String] = [], events: [PetEvent] = []
        for pet in pets {
            let changed = pet.resumed(at: turn.now)
            try transaction.update(changed)
            let event = CycleEvent(kind: .resumed, at: turn.now)
            let id = try transaction.append(event, for: changed)
            steps += [.restorePet(pet), .removeEvent(id: id)]
            events.append(PetEvent(.resumed, of: changed, at: turn.now))
            lines.append(CycleText.done(event, snapshot: PetSnapshot(changed, at: turn.now)))
        }
        try transaction.pushUndo(UndoRecord(summary: "resumed \(pets.map(\.name.value).joinedAsChoice("and"))", steps: steps), at: turn.now)
        var reply = pets.count == 1
            ? turn.reply(lines[0], pet: pets[0], content: .petCard(PetSnapshot(pets[0].resumed(at: turn.now), at: turn.now)))
            : turn.reply(lines.joined(separator: "\n"))
        reply.events = events
        return reply
    }
}

/// The instant an `until` slot's value (``SlotParsers/until``) stands for, in a calendar: always
/// after `now` — a weekday, a day of the month or a date is the next one after today (today's is
/// as good as gone) — and at the day's start unless a time is given. Spans of days and longer are counted on
/// the calendar, so a pause "for 2 weeks" over a change of summer time ends at the same clock time.
enum PauseEnd: Equatable {
    case open
    case at(Date)
    /// A day said that has gone by ("until dec 24" on the 25th is not next year's).
    case past(Date)
    case unreadable

    static func resolve(_ value: String, now: Date, calendar: Calendar) -> PauseEnd {
        if value == "open" { return .open }
        let parts = value.split(separator: ":").map(String.init)
        if parts.count == 3, parts[0] == "for", let count = Int(parts[1]) {
            let component: Calendar.Component? = switch parts[2] {
            case "minute": .minute
            case "hour": .hour
            case "day": .day
            case "week": .weekOfYear
            case "month": .month
            case "year": .year
            default: nil
            }
            guard let component, let end = calendar.date(byAdding: component, value: count, to: now), end > now else { return .unreadable }
            return .at(end)
        }
        let halves = value.split(separator: "@", maxSplits: 1).map(String.init)
        let (dayPart, timePart) = halves.count == 2 ? (halves[0], Optional(halves[1])) : (value, nil)
        var time = (hour: 0, minute: 0)
        if let timePart {
            let clock = timePart.split(separator: ":").compactMap { Int($0) }
            guard clock.count == 2 else { return .unreadable }
            time = (clock[0], clock[1])
        }
        let today = calendar.startOfDay(for: now)
        func at(_ day: Date?) -> Date? {
            day.flatMap { calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: $0) }
        }
        let day = dayPart.split(separator: ":").map(String.init)
        var end: Date?
        switch day.first {
        case let offset? where offset.hasPrefix("+"):
            end = at(Int(offset.dropFirst()).flatMap { calendar.date(byAdding: .day, value: $0, to: today) })
        case "weekday":
            guard day.count == 2, let weekday = Int(day[1]) else { return .unreadable }
            end = at(calendar.nextDate(after: today, matching: DateComponents(weekday: weekday), matchingPolicy: .nextTime))
        case "dom":
            guard day.count == 2, let dayOfMonth = Int(day[1]) else { return .unreadable }
            end = at(calendar.nextDate(after: today, matching: DateComponents(day: dayOfMonth), matchingPolicy: .strict))
        case "nextmonth":
            guard day.count == 2, let dayOfMonth = Int(day[1]),
                  let nextMonth = calendar.dateInterval(of: .month, for: now)?.end,
                  let days = calendar.range(of: .day, in: .month, for: nextMonth), days.contains(dayOfMonth)
            else { return .unreadable }
            end = at(calendar.date(byAdding: .day, value: dayOfMonth - 1, to: nextMonth))
        case "date":
            guard day.count == 3, let month = Int(day[1]), let dayOfMonth = Int(day[2]) else { return .unreadable }
            end = at(calendar.nextDate(after: today, matching: DateComponents(month: month, day: dayOfMonth), matchingPolicy: .strict))
        case "ymd":
            guard day.count == 4, let year = Int(day[1]), let month = Int(day[2]), let dayOfMonth = Int(day[3]) else { return .unreadable }
            let components = DateComponents(year: year, month: month, day: dayOfMonth)
            guard let date = calendar.date(from: components),
                  calendar.dateComponents([.year, .month, .day], from: date) == components else { return .unreadable }
            end = at(date)
        default:
            return .unreadable
        }
        guard var end else { return .unreadable }
        // A time without a day ("until 6pm") is its next one.
        if dayPart == "+0", end <= now, let tomorrow = calendar.date(byAdding: .day, value: 1, to: end) { end = tomorrow }
        return end > now ? .at(end) : .past(end)
    }
}

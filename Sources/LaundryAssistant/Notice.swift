import Foundation
import LaundryCore

/// Something the assistant says without being asked: a timer ended, or a pet got sadder.
public struct Notice: Sendable, Equatable {
    public let notification: LaundryNotification
    /// How the notice reads in the "while you were away" summary.
    public let summary: String
    /// The instant the notice is about (a timer's end; for a mood, when it was noticed).
    public let at: Date
    /// The store's key for it: whoever claims the key first delivers it, once.
    let key: String
}

extension Notice {
    /// Every notice `pets` call for at `now`, delivered or not: each ended timer, and each pet
    /// whose mood has fallen to sad, very sad or dead since it was last cared for.
    static func due(pets: [Pet], now: Date) -> [Notice] {
        var notices: [Notice] = []
        for pet in pets {
            guard let id = pet.id else { continue }
            let name = pet.name.value
            switch pet.stage(at: now) {
            case .washDone(since: let end?):
                notices.append(Notice(
                    notification: .washComplete(pet: name),
                    summary: "\(name)'s wash finished \(ago(end, now)) — ready for the dryer.", at: end,
                    key: "end:\(id):wash:\(Int(end.timeIntervalSince1970))"))
            case .dryDone(since: let end?):
                notices.append(Notice(
                    notification: .dryComplete(pet: name),
                    summary: "\(name)'s dryer finished \(ago(end, now)) — ready to be folded.", at: end,
                    key: "end:\(id):dry:\(Int(end.timeIntervalSince1970))"))
            default:
                break
            }
            let mood = pet.mood(at: now)
            if let (title, summary) = moodNotice(mood, name: name) {
                notices.append(Notice(
                    notification: LaundryNotification(title: title, text: "\(name) \(mood.text)", pet: name),
                    summary: summary, at: now,
                    key: "mood:\(id):\(mood.rawValue):\(Int(pet.lastCaredAt.timeIntervalSince1970))"))
            }
        }
        return notices.sorted { $0.at < $1.at }
    }

    private static func moodNotice(_ mood: Mood, name: String) -> (title: String, summary: String)? {
        switch mood {
        case .happy, .neutral: nil
        case .sad: ("Laundry is due", "\(name) got sadder — it needs some laundry love.")
        case .verySad: ("Laundry is overdue!", "\(name) is very sad — laundry is overdue!")
        case .dead: ("\(name) has died", "\(name) has died from neglect — “start wash for \(name)” brings it back.")
        }
    }

    private static func ago(_ instant: Date, _ now: Date) -> String {
        let seconds = now.timeIntervalSince(instant)
        return seconds < 60 ? "just now" : "\(DurationText.words(seconds)) ago"
    }
}

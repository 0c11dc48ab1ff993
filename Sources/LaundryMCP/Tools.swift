#if MCP
import LaundryCore

/// Every tool, in the order a client lists them.
enum Tools {
    static let petArgument = Property.pet("The pet: its name or a nickname.")
    static let ranges = ["today", "yesterday", "this week", "last week", "this month", "last month", "last 30 days", "this year", "all time"]

    static let all: [ToolSpec] = pets + cycles + records + [say]

    static let pets: [ToolSpec] = [
        ToolSpec(name: "create_pet", title: "Create a pet", description: "Create a new laundry pet (one kind of laundry: towels, bedding, …).",
                 kind: .additive, properties: [("name", .text("The new pet's name."))], required: ["name"]) { args throws(ToolInputError) in
            "create pet \(Arguments.quoted(try args.text("name")))"
        },
        ToolSpec(name: "rename_pet", title: "Rename a pet", description: "Give a pet a new name.", kind: .idempotent,
                 properties: [("pet", petArgument), ("new_name", .text("The pet's new name."))], required: ["pet", "new_name"]) { args throws(ToolInputError) in
            "rename \(try args.pet()) to \(Arguments.quoted(try args.text("new_name")))"
        },
        ToolSpec(name: "delete_pet", title: "Delete a pet",
                 description: "Delete a pet and all its history. The person is asked to confirm; without a client that can ask, it is refused.",
                 kind: .destructive, properties: [("pet", petArgument)], required: ["pet"]) { args throws(ToolInputError) in
            "delete \(try args.pet())"
        },
        ToolSpec(name: "set_wash_minutes", title: "Set the wash time", description: "How long a pet's wash takes.", kind: .idempotent,
                 properties: [("pet", petArgument), ("minutes", .integer(CycleSettings.minutesRange, "Minutes the wash takes."))],
                 required: ["pet", "minutes"]) { args throws(ToolInputError) in
            "set wash time for \(try args.pet()) to \(try args.integer("minutes")) minutes"
        },
        ToolSpec(name: "set_dry_minutes", title: "Set the dry time", description: "How long a pet's dry takes.", kind: .idempotent,
                 properties: [("pet", petArgument), ("minutes", .integer(CycleSettings.minutesRange, "Minutes the dry takes."))],
                 required: ["pet", "minutes"]) { args throws(ToolInputError) in
            "set dry time for \(try args.pet()) to \(try args.integer("minutes")) minutes"
        },
        ToolSpec(name: "set_frequency", title: "Set how often laundry is due", description: "Every how many days a pet's laundry is due.",
                 kind: .idempotent,
                 properties: [("pet", petArgument), ("days", .integer(CycleSettings.frequencyRange, "Days between washes."))],
                 required: ["pet", "days"]) { args throws(ToolInputError) in
            "wash \(try args.pet()) every \(try args.integer("days")) days"
        },
    ]

    static let cycles: [ToolSpec] = [
        ToolSpec(name: "start_wash", title: "Start the wash", description: "The pet's laundry went into the washer: its timer starts.",
                 kind: .additive, properties: [("pet", petArgument)], required: ["pet"]) { args throws(ToolInputError) in
            "start wash for \(try args.pet())"
        },
        ToolSpec(name: "start_dryer", title: "Start the dryer", description: "The washed laundry went into the dryer: its timer starts.",
                 kind: .additive, properties: [("pet", petArgument)], required: ["pet"]) { args throws(ToolInputError) in
            "start dryer for \(try args.pet())"
        },
        ToolSpec(name: "fold", title: "Fold", description: "The dried laundry was folded: the cycle is complete. Say when, if it was earlier.",
                 kind: .additive,
                 properties: [("pet", petArgument), ("at", .text("When it was folded, if earlier: a clock time today, “08:30”.")),
                              ("minutes_ago", .integer(0...1440, "When it was folded, if earlier: minutes ago."))],
                 required: ["pet"]) { args throws(ToolInputError) in
            let pet = try args.pet()
            if let at = try args.optionalText("at") { return "fold \(pet) at \(at)" }
            if let minutes = try args.optionalInteger("minutes_ago") { return "fold \(pet) \(minutes) minutes ago" }
            return "fold \(pet)"
        },
        ToolSpec(name: "stop", title: "Stop the timer", description: "Stop the running wash or dry (the load was taken out early).",
                 kind: .idempotent, properties: [("pet", petArgument)], required: ["pet"]) { args throws(ToolInputError) in
            "stop \(try args.pet())"
        },
        ToolSpec(name: "pause", title: "Pause a pet", description: "Pause a pet (away, on holiday): its health holds and no reminders come.",
                 kind: .idempotent,
                 properties: [("pet", petArgument), ("days", .integer(1...365, "For how many days; until resumed without it."))],
                 required: ["pet"]) { args throws(ToolInputError) in
            let pet = try args.pet()
            return try args.optionalInteger("days").map { "pause \(pet) for \($0) days" } ?? "pause \(pet)"
        },
        ToolSpec(name: "resume", title: "Resume a pet", description: "End a pet's pause.", kind: .idempotent,
                 properties: [("pet", petArgument)], required: ["pet"]) { args throws(ToolInputError) in
            "resume \(try args.pet())"
        },
        ToolSpec(name: "undo", title: "Undo", description: "Take back the last change (even a delete).", kind: .additive,
                 properties: [], required: []) { _ throws(ToolInputError) in "undo" },
    ]

    static let settingNames = ["notifications", "sound", "appearance", "transcript_days", "dryer_reminder_minutes", "fold_reminder_minutes"]

    static let records: [ToolSpec] = [
        ToolSpec(name: "status", title: "Status", description: "Every pet: health, mood, what runs, what is next.", kind: .reads,
                 properties: [], required: []) { _ throws(ToolInputError) in "status" },
        ToolSpec(name: "show_pet", title: "Show a pet", description: "One pet's card: health, timer, stage, statistics, next due.",
                 kind: .reads, properties: [("pet", petArgument)], required: ["pet"]) { args throws(ToolInputError) in
            "show \(try args.pet())"
        },
        ToolSpec(name: "history", title: "History", description: "What was washed, dried and folded: for one pet or all, over a span of time.",
                 kind: .reads, properties: [("pet", petArgument), ("range", .choice(ranges, "The span of time (all time without it)."))],
                 required: []) { args throws(ToolInputError) in
            var sentence = "history"
            if let pet = try args.optionalText("pet") { sentence += " for \(Arguments.quoted(pet))" }
            if let range = try args.optionalText("range") { sentence += " " + range }
            return sentence
        },
        ToolSpec(name: "export", title: "Export", description: "The history or the transcript as CSV, JSON or Markdown: to a file, or as the answer.",
                 kind: .idempotent,
                 properties: [("what", .choice(["history", "transcript"], "What to export (history without it).")),
                              ("format", .choice(["csv", "json", "markdown"], "The file's format.")),
                              ("path", .text("The file to write (no spaces); the answer holds the document without it."))],
                 required: ["format"]) { args throws(ToolInputError) in
            var sentence = "export \(try args.optionalText("what") ?? "history") as \(try args.text("format"))"
            if let path = try args.optionalText("path") { sentence += " to \(path)" }
            return sentence
        },
        ToolSpec(name: "show_settings", title: "Settings", description: "Every setting, and each pet's timings.", kind: .reads,
                 properties: [], required: []) { _ throws(ToolInputError) in "settings" },
        ToolSpec(name: "change_setting", title: "Change a setting",
                 description: "notifications and sound: on or off; appearance: light, dark or system; transcript_days: 1–3650; "
                    + "dryer_reminder_minutes and fold_reminder_minutes: 0–1440 (0: no reminder).",
                 kind: .idempotent,
                 properties: [("setting", .choice(settingNames, "Which setting.")), ("value", .text("Its new value."))],
                 required: ["setting", "value"]) { args throws(ToolInputError) in
            try settingSentence(try args.text("setting"), try args.text("value"))
        },
    ]

    static let say = ToolSpec(
        name: "say", title: "Say",
        description: "A sentence for LaundryTime, as a person would type it at its prompt (“I just threw the towels in”, "
            + "“how is snowy?”). Deletes, resets and guesses are confirmed by the person.",
        kind: .destructive, properties: [("sentence", .text("What to say."))], required: ["sentence"]) { args throws(ToolInputError) in
        try args.text("sentence")
    }

    /// A setting's change, as the prompt says it.
    static func settingSentence(_ setting: String, _ value: String) throws(ToolInputError) -> String {
        let onOff = ["on", "off"]
        switch setting {
        case "notifications", "sound":
            guard onOff.contains(value) else { throw ToolInputError(message: "“\(setting)” is on or off.") }
            return "turn \(value) \(setting)"
        case "appearance":
            guard ["light", "dark", "system"].contains(value) else { throw ToolInputError(message: "“appearance” is light, dark or system.") }
            return "appearance \(value)"
        case "transcript_days", "dryer_reminder_minutes", "fold_reminder_minutes":
            guard !value.isEmpty, value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber) else {
                throw ToolInputError(message: "“\(setting)” takes a whole number.")
            }
            switch setting {
            case "transcript_days": return "keep transcript for \(value) days"
            case "dryer_reminder_minutes": return "dryer reminder after \(value) minutes"
            default: return "fold reminder after \(value) minutes"
            }
        default:
            throw ToolInputError(message: "“setting” is one of \(settingNames.joined(separator: ", ")).")
        }
    }
}
#endif

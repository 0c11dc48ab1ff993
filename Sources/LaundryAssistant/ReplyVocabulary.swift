// The values a Reply carries, re-exported for the terminal that draws them: a pet's mood, stage
// and timer, the settings, spans of time in words, a stored message — and the home and XDG
// folders. The terminal names these types but reaches the store and the grammar only through the
// assistant (docs/ARCHITECTURE.md, "Layers").
@_exported import struct LaundryCore.AppSettings
@_exported import enum LaundryCore.Appearance
@_exported import enum LaundryCore.DurationText
@_exported import enum LaundryCore.HomePath
@_exported import enum LaundryCore.ChildProcess
@_exported import enum LaundryCore.Intent
@_exported import enum LaundryCore.Mood
@_exported import enum LaundryCore.NextAction
@_exported import struct LaundryCore.PetStats
@_exported import enum LaundryCore.Stage
@_exported import enum LaundryCore.TimelineGroup
@_exported import struct LaundryCore.TimerWindow
@_exported import struct LaundryCore.TranscriptMessage

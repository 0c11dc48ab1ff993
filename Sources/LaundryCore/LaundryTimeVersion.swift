/// This LaundryTime's version: `--version`, and the first line of "version" / "about".
public enum LaundryTimeVersion {
    public static let current = "0.1.0"
}

/// Facts about this build of infowin.
public enum InfoWin {
    /// The version `infowin --version` prints.
    public static let version = "0.1.0"
}

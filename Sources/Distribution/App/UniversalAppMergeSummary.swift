/// What a universal merge wrote: the binaries joined, and the paths taken from one app only.
public struct UniversalAppMergeSummary: Sendable, Equatable, Encodable {
  /// One universal binary made from the two apps' files.
  public struct Binary: Sendable, Equatable, Encodable {
    /// The path inside the app, such as `Contents/MacOS/MyApp`.
    public let path: String
    /// The slices' architectures, in file order (`x86_64`, `arm64`).
    public let architectures: [String]
  }

  /// The universal app.
  public let output: String
  /// The binaries joined, in path order.
  public let binaries: [Binary]
  /// Mach-O files that were the same in both apps, copied as they were.
  public let identicalBinaries: [String]
  /// The paths that differed (as the allowed differences let them) and were taken from one app,
  /// with that app.
  public let takenFromOneSide: [String: UniversalAppMerge.Side]
  /// How many files, links and folders the output holds.
  public let entries: Int
}

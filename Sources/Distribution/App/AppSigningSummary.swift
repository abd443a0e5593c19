/// What signing an app did: every item signed, inside-out, and warnings worth reading.
public struct AppSigningSummary: Sendable, Encodable, Equatable {
  /// One signed item: a Mach-O file, or a bundle sealed and signed through its main executable.
  public struct Item: Sendable, Encodable, Equatable {
    /// The path inside the signed bundle (the file's name for a single binary).
    public let path: String
    /// The signing identifier.
    public let identifier: String
    /// The cdhash (hex of the first 20 bytes of the SHA-256 code directory's hash), where the
    /// engine reports it.
    public let cdhash: String?

    /// Makes an item.
    public init(path: String, identifier: String, cdhash: String?) {
      self.path = path
      self.identifier = identifier
      self.cdhash = cdhash
    }
  }

  /// The app or binary signed.
  public let path: String
  /// The engine that signed.
  public let engine: String
  /// The items signed, in the order they were signed.
  public let items: [Item]
  /// What the signer noticed that Apple's notary will refuse, such as `get-task-allow`.
  public let warnings: [String]

  /// Makes a summary.
  public init(path: String, engine: String, items: [Item], warnings: [String]) {
    self.path = path
    self.engine = engine
    self.items = items
    self.warnings = warnings
  }
}

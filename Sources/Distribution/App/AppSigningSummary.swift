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
    /// Whether ``identifier`` is the one the former signature had, kept because nothing gave
    /// the file one (no `CFBundleIdentifier`, no identifier option).
    public let keptIdentifier: Bool
    /// The keys of the entitlements kept from the former signature (none were given for the
    /// file), sorted; empty when none were kept.
    public let keptEntitlements: [String]

    /// Makes an item.
    ///
    /// - Parameters:
    ///   - path: The path inside the signed bundle.
    ///   - identifier: The signing identifier.
    ///   - cdhash: The cdhash in hex, where the engine reports it.
    ///   - keptIdentifier: Whether the identifier is the former signature's.
    ///   - keptEntitlements: The keys of the entitlements kept from the former signature.
    public init(
      path: String, identifier: String, cdhash: String?, keptIdentifier: Bool = false,
      keptEntitlements: [String] = []
    ) {
      self.path = path
      self.identifier = identifier
      self.cdhash = cdhash
      self.keptIdentifier = keptIdentifier
      self.keptEntitlements = keptEntitlements
    }

    /// One line for people: `signed <path> as <identifier>`, and what was kept.
    public var line: String {
      var kept: [String] = []
      if keptIdentifier { kept.append("its identifier") }
      if !keptEntitlements.isEmpty {
        kept.append("its entitlements (\(keptEntitlements.joined(separator: ", ")))")
      }
      let suffix = kept.isEmpty ? "" : "; kept " + kept.joined(separator: " and ")
      return "signed \(path) as \(identifier)\(suffix)"
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

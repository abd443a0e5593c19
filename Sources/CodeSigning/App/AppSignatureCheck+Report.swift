extension AppSignatureCheck {
  /// One Mach-O file of the checked bundle (or the checked file itself) and its signature.
  package struct Item: Sendable, Equatable, Encodable {
    /// The file's path from the checked bundle's parent folder (`Demo.app/Contents/MacOS/Demo`);
    /// the file name for a single Mach-O file.
    package let path: String
    /// What the file is to its bundle.
    package let kind: Kind
    /// The signing identifier of the first slice; `nil` when it is not signed.
    package let identifier: String?
    /// The team identifier of the first slice; `nil` when there is none.
    package let team: String?
    /// Every slice, in the file's order.
    package let slices: [SliceSummary]
  }

  /// What a Mach-O file is to its bundle.
  package enum Kind: String, Sendable, Equatable, Encodable {
    /// A bundle's main executable (`CFBundleExecutable`).
    case mainExecutable = "main executable"
    /// Code that is no bundle's main executable: dylibs, helper tools, `.node` modules, or a
    /// single binary checked on its own.
    case looseCode = "loose code"
  }

  /// What holds of one slice's signature.
  package struct SliceSummary: Sendable, Equatable, Encodable {
    /// The slice's architecture, such as `arm64`.
    package let architecture: String
    /// The slot-0 code directory's identifier; `nil` when the slice is not signed.
    package let identifier: String?
    /// The slot-0 code directory's team identifier.
    package let team: String?
    /// The slot-0 code directory's flags (`0x10000` is the hardened runtime); `nil` unsigned.
    package let flags: UInt32?
    /// Whether the slot-0 code directory sets the hardened runtime.
    package let hasHardenedRuntime: Bool
    /// What the CMS's time-stamp token says (`stamped at …`, or why it does not hold); `nil`
    /// when the signature carries no token.
    package let timestamp: String?
    /// Whether the slice carries a time-stamp token that holds.
    package let isTimestamped: Bool
    /// The root the certificate chain ended at, when the policy trusts it.
    package let anchor: String?
    /// Why the policy does not trust the chain; `nil` when it does or there is no CMS.
    package let trustProblem: String?
    /// Every check of the slice that does not hold.
    package let failingFindings: [SignatureFinding]

    /// Whether a signer signed the slice: it carries a signature, and not the one a linker
    /// writes into every arm64 output (`CS_LINKER_SIGNED`, 0x20000: ad hoc, sealing nothing).
    package var isSignedBySigner: Bool { flags.map { $0 & 0x20000 == 0 } ?? false }
  }

  /// The check of one bundle's resource seal.
  package struct Seal: Sendable, Equatable, Encodable {
    /// The folder the seal covers, from the checked bundle's parent (`Demo.app/Contents`, a
    /// framework's `…/Versions/A`); the paths in the findings start from it.
    package let path: String
    /// Whether the seal holds.
    package let holds: Bool
    /// One finding per problem, then the summary (`resource seal`).
    package let findings: [SignatureFinding]
  }

  /// One problem found: a failing check of a slice, of a seal, or of the bundle's layout.
  package struct Problem: Sendable, Equatable, Encodable {
    /// The file or folder at fault, from the checked bundle's parent (`Demo.app/Contents/MacOS/Demo`);
    /// for a seal's problem, the sealed folder (the finding's detail names the entry in it).
    package let path: String
    /// The slice's architecture, for a problem of one slice.
    package let architecture: String?
    /// What was checked, such as `code digest (sha256)`, `resource modified`, `bundle layout`.
    package let check: SignatureFinding.Check
    /// What is wrong, naming the entry, page or slot.
    package let detail: String

    /// Makes a problem.
    package init(
      path: String, architecture: String? = nil, check: SignatureFinding.Check, detail: String
    ) {
      self.path = path
      self.architecture = architecture
      self.check = check
      self.detail = detail
    }
  }
}

/// What Apple's notary service would reject in one Mach-O slice, in the service's own words
/// (app-signing reference §14), judged offline from what a verification found.
///
/// ```swift
/// let slice = NotaryPreflight.Slice(path: "MyApp.app/Contents/MacOS/MyApp", architecture: "arm64", ...)
/// for issue in NotaryPreflight.issues(of: slice) { print(issue.path, issue.message) }
/// ```
package enum NotaryPreflight {
  /// What the preflight needs to know of one slice.
  package struct Slice: Sendable, Equatable {
    /// The file's path, as the notary's log names it (`<archive>/<path inside>`).
    package var path: String
    /// The slice's architecture, such as `arm64`.
    package var architecture: String
    /// Whether the slice carries a signature at all (a linker or ad hoc signature counts: the
    /// notary calls it not Developer ID).
    package var isSigned: Bool
    /// Whether the signature's structure holds: page and special-slot hashes, the CMS.
    package var isStructurallyValid: Bool
    /// Whether the leaf is a Developer ID Application certificate chaining to an Apple root
    /// (or a root the caller trusts).
    package var isDeveloperID: Bool
    /// Whether the CMS carries an RFC 3161 timestamp token.
    package var isTimestamped: Bool
    /// Whether the slice is a main executable (`MH_EXECUTE`), which needs the hardened runtime.
    package var isExecutable: Bool
    /// Whether the code directory sets the hardened-runtime flag (0x10000).
    package var hasHardenedRuntime: Bool
    /// Whether the entitlements ask for `com.apple.security.get-task-allow`.
    package var requestsGetTaskAllow: Bool
    /// The SDK version of the slice's version load command (nibbles `xxxx.yy.zz`), if any.
    package var sdkVersion: UInt32?
    /// Whether every code directory is SHA-1.
    package var isSHA1Only: Bool

    /// Makes the facts of a slice.
    package init(
      path: String, architecture: String, isSigned: Bool, isStructurallyValid: Bool,
      isDeveloperID: Bool, isTimestamped: Bool, isExecutable: Bool, hasHardenedRuntime: Bool,
      requestsGetTaskAllow: Bool, sdkVersion: UInt32?, isSHA1Only: Bool
    ) {
      self.path = path
      self.architecture = architecture
      self.isSigned = isSigned
      self.isStructurallyValid = isStructurallyValid
      self.isDeveloperID = isDeveloperID
      self.isTimestamped = isTimestamped
      self.isExecutable = isExecutable
      self.hasHardenedRuntime = hasHardenedRuntime
      self.requestsGetTaskAllow = requestsGetTaskAllow
      self.sdkVersion = sdkVersion
      self.isSHA1Only = isSHA1Only
    }
  }

  /// One issue, as the notary's log reports it.
  package struct Issue: Sendable, Equatable, Encodable {
    /// The file's path.
    package let path: String
    /// The slice's architecture.
    package let architecture: String
    /// Apple's message, word for word.
    package let message: String
  }

  /// Apple's messages (reference §14).
  package enum Message {
    /// No signature.
    package static let unsigned = "The binary is not signed."
    /// Signed, but not by a Developer ID Application certificate.
    package static let notDeveloperID =
      "The binary is not signed with a valid Developer ID certificate."
    /// No RFC 3161 timestamp.
    package static let noTimestamp = "The signature does not include a secure timestamp."
    /// An executable without the hardened runtime.
    package static let noHardenedRuntime =
      "The executable does not have the hardened runtime enabled."
    /// `get-task-allow` requested.
    package static let getTaskAllow =
      "The executable requests the com.apple.security.get-task-allow entitlement."
    /// Built against an SDK older than 10.9.
    package static let oldSDK = "The binary uses an SDK older than the 10.9 SDK."
    /// A signature whose structure does not hold.
    package static let invalidSignature = "The signature of the binary is invalid."
    /// SHA-1 code directories only.
    package static let weakAlgorithm = "The signature algorithm used is too weak."
  }

  /// The SDK the notary requires at least: 10.9, as `LC_BUILD_VERSION` encodes it.
  static let minimumSDK: UInt32 = 0x000A_0900

  /// The issues the notary would report for `slice`, in the order its log lists them; empty
  /// when the slice would pass.
  package static func issues(of slice: Slice) -> [Issue] {
    var messages: [String] = []
    // Published logs: an unsigned binary also lacks a timestamp; an ad hoc or linker signature
    // is not Developer ID and has none either.
    if !slice.isSigned {
      messages += [Message.unsigned, Message.noTimestamp]
    } else {
      if !slice.isStructurallyValid { messages.append(Message.invalidSignature) }
      if !slice.isDeveloperID { messages.append(Message.notDeveloperID) }
      if !slice.isTimestamped { messages.append(Message.noTimestamp) }
      if slice.isSHA1Only { messages.append(Message.weakAlgorithm) }
    }
    if slice.isExecutable && !(slice.isSigned && slice.hasHardenedRuntime) {
      messages.append(Message.noHardenedRuntime)
    }
    if slice.requestsGetTaskAllow { messages.append(Message.getTaskAllow) }
    if let sdk = slice.sdkVersion, sdk < minimumSDK { messages.append(Message.oldSDK) }
    return messages.map { Issue(path: slice.path, architecture: slice.architecture, message: $0) }
  }
}

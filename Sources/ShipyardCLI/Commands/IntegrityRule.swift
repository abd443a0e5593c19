import Distribution
import Foundation

/// The one rule `app verify` and `dmg verify` judge signatures by, and `--integrity-only`.
///
/// By default both judge as Gatekeeper and Apple's notary do: an ad hoc signature fails. With
/// `--integrity-only` both check that the code is signed and that every signature holds, whoever
/// signed it: an ad hoc signature passes, unsigned code does not.
enum IntegrityRule {
  /// The paragraph both commands' help carries.
  static let help = """
    By default the check is Gatekeeper's and the notary's: code must be signed with a Developer
    ID certificate (an ad hoc or linker signature fails), with a secure timestamp and, on
    executables, the hardened runtime. --integrity-only checks only that the code is signed and
    that every signature holds (hashes, seals, a certificate's chain): an ad hoc signature
    passes, unsigned code does not. `app verify` and `dmg verify` judge alike.
    """

  /// `--integrity-only`.
  static func flag<Options>(
    _ apply: @escaping @Sendable (inout Options) -> Void
  ) -> OptionSpec<Options> {
    .flag(
      "--integrity-only",
      help: "Checks only that every signature holds, whoever signed (ad hoc passes).",
      apply: apply)
  }

  /// The error line `app verify` exits 1 with, or `nil` when the app passes.
  static func failure(of verification: AppVerification, integrityOnly: Bool) -> String? {
    let path = verification.path
    if verification.signer == .none || verification.signer == .linkerOnly {
      return "\(path) is not signed: sign it with `shipyard app sign \(shellWord(path)) "
        + "\(identityExample)` (or --ad-hoc, to run it on one Mac only)"
    }
    let problems = verification.problems.count
    let issues = integrityOnly ? 0 : verification.notaryIssues.count
    guard problems + issues > 0 else { return nil }
    var line = "\(path): \(problems) problem\(problems == 1 ? "" : "s")"
    if !integrityOnly {
      line += ", \(issues) issue\(issues == 1 ? "" : "s") Apple's notary would refuse"
    }
    if problems == 0, verification.isAdHoc {
      line += " (signed ad hoc, its signatures hold: --integrity-only checks that alone)"
    }
    return line
  }

  /// The identity option of the platform's engine, as an example: a keychain identity for
  /// Apple's codesign on macOS, a `.p12` file elsewhere.
  static var identityExample: String {
    EngineName.platformDefault == .apple
      ? #"--identity "Developer ID Application: <name> (<team>)""# : "--p12 <identity.p12>"
  }

  /// `path` as a shell word: as it is when it has no character the shell reads, else quoted.
  static func shellWord(_ path: String) -> String {
    let plain = path.unicodeScalars.allSatisfy {
      $0.properties.isAlphabetic || $0.properties.numericType != nil
        || "/._-+@%,:=".unicodeScalars.contains($0)
    }
    return plain && !path.isEmpty
      ? path : "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}

import CodeSigning
import Digests
import Foundation

extension NativeEngine {
  /// Signs a Mac app inside-out, or one Mach-O file, with Shipyard's own signer.
  ///
  /// Every Mach-O slice is signed and every nested bundle's resources sealed, with the hardened
  /// runtime and timestamps as `options` and the configuration say. The bundle is signed as a
  /// copy beside it and swapped in only when complete: on any error the original is left as it
  /// was.
  ///
  /// - Parameters:
  ///   - path: The `.app` (or other bundle) folder, or a Mach-O file.
  ///   - identity: Who signs; `nil` signs ad hoc (no certificate, no timestamp).
  ///   - options: Entitlements, the hardened runtime, a single binary's identifier.
  /// - Returns: What was signed, in order, and warnings (such as `get-task-allow`).
  /// - Throws: An error naming the file at fault: an unreadable identity or entitlements file,
  ///   code that cannot be signed (bytes after `__LINKEDIT`, no room for the load command, a
  ///   data file where code belongs), the time-stamp authority.
  public func signApp(_ path: String, identity: SigningIdentity?, options: AppSigningOptions)
    async throws -> AppSigningSummary
  {
    // The certificate is checked before the staging copy is made (the signer checks it again
    // for each slice).
    let signingTime = options.signingTime ?? now()
    let signer = try identity.map { try loadIdentity($0, validAt: signingTime) }
    let url = URL(fileURLWithPath: path)
    let scopes = try AppEntitlementScopes(
      options.entitlements, in: url, identifier: options.identifier)
    var warnings: [String] = []
    for (scope, bytes) in scopes.entitlements {
      let parsed = try Entitlements(xml: bytes)
      if parsed.requestsGetTaskAllow && signer != nil {
        warnings.append(
          "\(scope.isEmpty ? "the main executable" : scope) requests "
            + "com.apple.security.get-task-allow: Apple's notary refuses it with a Developer ID")
      }
    }
    let itemSigner = NativeCodeItemSigner(
      identity: signer, entitlements: scopes.entitlements,
      hardenedRuntime: options.hardenedRuntime,
      timestamper: signer == nil ? nil : timestamper(),
      signingTime: signingTime)
    let outcome = try await BundleSigner(signer: itemSigner).sign(
      url, identifier: options.identifier)
    let items = outcome.plan.steps.map { step in
      let item = step.item
      return AppSigningSummary.Item(
        path: item.relativePath, identifier: item.identifier,
        cdhash: outcome.signatures[item.relativePath]?.cdhash.hex)
    }
    return AppSigningSummary(path: path, engine: name, items: items, warnings: warnings)
  }
}

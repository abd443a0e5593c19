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
  ///   - progress: Told the items signed and their count after each step of the plan.
  /// - Returns: What was signed, in order, and warnings (such as `get-task-allow`).
  /// - Throws: An error naming the file at fault: an unreadable identity or entitlements file,
  ///   code that cannot be signed (bytes after `__LINKEDIT`, no room for the load command, a
  ///   data file where code belongs), the time-stamp authority.
  package func signApp(
    _ path: String, identity: SigningIdentity?, options: AppSigningOptions,
    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void
  ) async throws -> AppSigningSummary {
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
        warnings.append(Self.getTaskAllowWarning(scope.isEmpty ? "the main executable" : scope))
      }
    }
    let itemSigner = NativeCodeItemSigner(
      identity: signer, entitlements: scopes.entitlements,
      hardenedRuntime: options.hardenedRuntime,
      preservesEntitlements: options.preservesEntitlements,
      timestamper: signer == nil ? nil : timestamper(),
      signingTime: signingTime)
    let outcome = try await BundleSigner(signer: itemSigner).sign(
      url, identifier: options.identifier, progress: progress)
    var items: [AppSigningSummary.Item] = []
    for step in outcome.plan.steps {
      let item = step.item
      let signed = outcome.signatures[item.relativePath]
      let keptEntitlements = try signed?.kept.entitlementsXML.map { try Entitlements(xml: $0) }
      if keptEntitlements?.requestsGetTaskAllow == true && signer != nil {
        warnings.append(Self.getTaskAllowWarning(item.relativePath))
      }
      items.append(
        AppSigningSummary.Item(
          path: item.relativePath, identifier: signed?.kept.identifier ?? item.identifier,
          cdhash: signed?.cdhash.hex,
          keptIdentifier: signed?.kept.identifier.map { $0 != item.identifier } ?? false,
          keptEntitlements: keptEntitlements?.values.keys.sorted() ?? []))
    }
    return AppSigningSummary(path: path, engine: name, items: items, warnings: warnings)
  }

  /// The warning for code whose entitlements ask for `get-task-allow`.
  static func getTaskAllowWarning(_ code: String) -> String {
    "\(code) requests com.apple.security.get-task-allow: Apple's notary refuses it with a "
      + "Developer ID"
  }

  /// Zips the app as `shipyard app zip` does (``AppZip``: every entry under `<Name>.app/`, links
  /// kept as links, modes kept, no AppleDouble files, the same bytes for the same tree), as
  /// `ditto -c -k --keepParent` lays it out.
  package func archiveApp(_ app: String, to zip: String) async throws {
    _ = try AppZip(zipping: app, to: zip)
  }
}

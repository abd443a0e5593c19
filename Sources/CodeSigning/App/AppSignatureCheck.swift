package import Foundation

/// The offline verification `shipyard app verify` prints: every Mach-O slice's signature, every
/// bundle's seal, the trust of every chain and what Apple's notary would reject, each problem
/// named with its path (issue #18).
///
/// ```swift
/// let check = try AppSignatureCheck(url: URL(fileURLWithPath: "Demo.app"), policy: TrustPolicy())
/// for problem in check.problems { print(problem.path, problem.check, problem.detail) }
/// for issue in check.notaryIssues { print(issue.path, issue.architecture, issue.message) }
/// ```
///
/// For a bundle, every Mach-O file is read with ``MachOSignatureReader`` (a main executable with
/// its bundle's `Info.plist` in slot 1 and `_CodeSignature/CodeResources` in slot 3), and every
/// bundle's seal is checked with ``BundleSealCheck``. A bundle that cannot be laid out (a data
/// file where code belongs, …) is one problem, not an error. Paths are from the checked
/// bundle's parent folder (`Demo.app/Contents/MacOS/Demo`), so a caller can prefix an archive's
/// name. Encodable as it reads, `isValid` included, for `--json`.
package struct AppSignatureCheck: Sendable, Encodable {
  // MARK: - Properties

  /// Every Mach-O file, by path.
  package let items: [Item]
  /// Every bundle's seal, outer bundles first.
  package let seals: [Seal]
  /// What the notary would reject, per slice, in Apple's words.
  package let notaryIssues: [NotaryPreflight.Issue]
  /// Every failing finding of a slice, every problem of a seal, every layout error.
  package let problems: [Problem]

  /// Whether nothing is wrong (the notary's issues aside: a missing timestamp is no problem of
  /// the signature).
  package let isValid: Bool

  /// Whether the app was signed at all.
  ///
  /// Some slice of its code carries a signature a signer made. `false` when its code is unsigned, or signed only by its linker, which is how a build
  /// leaves an app before it is signed; also `false` when no code was read (a layout problem).
  package var isSigned: Bool { items.contains { $0.slices.contains(where: \.isSignedBySigner) } }

  // MARK: - Lifecycle

  /// Checks the bundle, or single Mach-O file, at `url`.
  ///
  /// - Parameters:
  ///   - url: An app bundle (or any bundle), or a Mach-O file.
  ///   - policy: The roots a certificate chain may end at.
  /// - Throws: ``SystemSupport/SystemError`` when the bundle cannot be read at all; what is
  ///   wrong inside it is a ``Problem`` instead.
  package init(url: URL, policy: TrustPolicy) throws {
    let layout: BundleLayout
    do {
      layout = try BundleLayout(scanning: url)
    } catch let error as BundleError {
      let root = url.standardizedFileURL.lastPathComponent
      (items, seals, notaryIssues, isValid) = ([], [], [], false)
      problems = [
        Problem(path: error.path(under: root), check: .bundleLayout, detail: "\(error)")
      ]
      return
    }
    var walk = AppSignatureWalk(layout: layout, policy: policy)
    walk.checkCode()
    walk.checkSeals()
    items = walk.items.sorted { $0.path < $1.path }
    seals = walk.seals
    notaryIssues = walk.notaryIssues
    problems = walk.problems
    isValid = problems.isEmpty
  }
}

extension BundleError {
  /// The path the error names, from the checked bundle's parent (`root` is its folder name).
  fileprivate func path(under root: String) -> String {
    switch self {
    case .notABundle(let path, _), .unreadableInfoPlist(let path, _),
      .missingMainExecutable(let path), .notMachO(let path, _), .dataInCodeLocation(let path),
      .unsealedFrameworkRoot(let path), .unsignedNestedCode(let path),
      .digestMismatch(let path, _), .malformedCodeResources(let path, _),
      .stagingFailed(let path, _):
      path.hasPrefix("/") || path == root || path.hasPrefix(root + "/")
        ? path : joinedPath(root, path)
    }
  }
}

import Digests
package import Foundation

/// Checks a bundle's resource seal against what lies in the bundle now, as
/// `codesign --verify` does: every sealed file's hash, nothing added that is not omitted,
/// nothing missing that is not optional, each symbolic link's target, and each nested code's
/// cdhash (reference §12).
///
/// ```swift
/// let check = try BundleSealCheck(bundle, in: app) { executable in try currentCDHash(executable) }
/// for finding in check.findings where !finding.ok { print(finding.detail) }
/// ```
package struct BundleSealCheck: Sendable {
  /// Every problem, one finding naming each path, then a summary finding `resource seal`.
  package let findings: [SignatureFinding]

  /// Whether the seal holds.
  package var holds: Bool { findings.allSatisfy(\.ok) }

  /// Checks `seal` against `contentFolder`.
  ///
  /// - Parameters:
  ///   - contentFolder: The folder the seal's paths start from.
  ///   - mainExecutable: The main executable's path from `contentFolder` (not sealed).
  ///   - seal: The seal, as read from the bundle.
  ///   - nestedCodeHash: The current 20-byte cdhash of the Mach-O file at a URL (a nested
  ///     bundle's main executable, or nested Mach-O), `nil` when it is not signed.
  /// - Throws: ``BundleError/malformedCodeResources(path:reason:)`` when a rule is no regular
  ///   expression; ``SystemError`` and `nestedCodeHash`'s errors.
  package init(
    contentFolder: URL, mainExecutable: String?, seal: CodeResources,
    nestedCodeHash: (URL) throws -> [UInt8]?
  ) throws {
    let walk = try ResourceWalk(
      contentFolder,
      rules: try ResourceRuleMatcher(seal.rules.rules2, source: contentFolder.path),
      mainExecutable: mainExecutable)
    var problems: [SignatureFinding] = []
    var seen: Set<String> = []
    for entry in walk.entries {
      seen.insert(entry.path)
      guard let sealed = seal.files2[entry.path] else {
        if let rule = entry.rule, !rule.omit {
          problems.append(.problem(.resourceAdded, "\(entry.path) was added after signing"))
        }
        continue
      }
      if let problem = try Self.compare(entry, sealed, nestedCodeHash: nestedCodeHash) {
        problems.append(problem)
      }
    }
    let missing = seal.files2.filter { !$0.value.optional && !seen.contains($0.key) }.keys
    for path in missing.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      problems.append(.problem(.resourceMissing, "\(path) is sealed but missing"))
    }
    let summary = SignatureFinding(
      check: .resourceSeal, ok: problems.isEmpty,
      detail: "\(seal.files2.count) sealed entries, \(problems.count) problems")
    findings = problems + [summary]
  }

  /// Reads `bundle`'s `_CodeSignature/CodeResources` under `root` and checks it.
  ///
  /// - Throws: ``BundleError/malformedCodeResources(path:reason:)`` when the seal is missing,
  ///   past ``CodeResources/readLimit`` or cannot be parsed; what the initializer throws.
  package init(
    _ bundle: BundleLayout.SignableBundle, in root: URL, nestedCodeHash: (URL) throws -> [UInt8]?
  ) throws {
    let content =
      bundle.contentPath.isEmpty ? root : root.appendingPathComponent(bundle.contentPath)
    let sealURL = content.appendingPathComponent("_CodeSignature/CodeResources")
    try self.init(
      contentFolder: content, mainExecutable: bundle.mainExecutableInContent,
      seal: try CodeResources(contentsOf: sealURL.path),
      nestedCodeHash: nestedCodeHash)
  }

  /// The problem with one entry found where the seal has one, if any.
  private static func compare(
    _ entry: ResourceWalk.Entry, _ sealed: ResourceSeal, nestedCodeHash: (URL) throws -> [UInt8]?
  ) throws -> SignatureFinding? {
    switch entry.kind {
    case .symlink(let target):
      guard sealed.symlink == target else {
        return .problem(
          .symlinkTarget,
          "\(entry.path) points to \(target), sealed as \(sealed.symlink.map { "a link to \($0)" } ?? "no link")"
        )
      }
    case .nestedBundle, .nestedMachO:
      let executable =
        entry.kind == .nestedMachO ? entry.url : NestedBundleExecutable.url(ofBundle: entry.url)
      guard let cdhash = sealed.cdhash else {
        return .problem(.resourceModified, "\(entry.path) is code where the seal has data")
      }
      guard let current = try executable.flatMap(nestedCodeHash) else {
        return .problem(.nestedCode, "\(entry.path) is not signed")
      }
      guard current == cdhash else {
        return .problem(
          .nestedCode,
          "\(entry.path) was changed or signed again (cdhash \(current.hex), sealed \(cdhash.hex))")
      }
    case .file, .dataInCodeLocation:
      let expected =
        sealed.hash2.map { ($0, DigestAlgorithm.sha256) } ?? sealed.hash.map { ($0, .sha1) }
      guard let (hash, algorithm) = expected else {
        return .problem(.resourceModified, "\(entry.path) is a file, not sealed as one")
      }
      guard try FileDigest(ofFileAt: entry.url.path, algorithm: algorithm).value == hash else {
        return .problem(
          .resourceModified, "\(entry.path) does not match its sealed \(algorithm) hash")
      }
    }
    return nil
  }
}

extension SignatureFinding {
  /// A failed check of the seal.
  fileprivate static func problem(_ check: SignatureFinding.Check, _ detail: String)
    -> SignatureFinding
  {
    SignatureFinding(check: check, ok: false, detail: detail)
  }
}

import Digests
package import Foundation

/// Builds a bundle's resource seal from what lies in its content folder (reference §12).
///
/// Files are hashed as they are read (1 MiB at a time, never loaded whole): SHA-1 for `files`
/// and, beside SHA-1 code directories, `files2`; SHA-256 for `files2`. Nested code is sealed by
/// what signing it made, which `nestedCode` looks up.
///
/// ```swift
/// let seal = try CodeResourcesBuilder(rules: .deep, includeSHA1: false).build(
///   contentFolder: app.appendingPathComponent("Contents"), mainExecutable: "MacOS/App"
/// ) { path in signatures[path] }
/// ```
package struct CodeResourcesBuilder: Sendable {
  /// The rules to seal by.
  package var rules: ResourceRules
  /// Whether `files2` entries carry a SHA-1 `hash` beside `hash2`: when the bundle's main
  /// executable has SHA-1 code directories.
  package var includeSHA1: Bool

  /// Makes a builder.
  package init(rules: ResourceRules, includeSHA1: Bool) {
    self.rules = rules
    self.includeSHA1 = includeSHA1
  }

  /// Seals the bundle whose content folder is `contentFolder` (`X.app/Contents`, a framework's
  /// `Versions/A`, a shallow bundle's folder).
  ///
  /// - Parameters:
  ///   - contentFolder: The folder the seal's paths start from.
  ///   - mainExecutable: The main executable's path from `contentFolder`, left out of the seal.
  ///   - nestedCode: The signature of the nested bundle (its folder) or Mach-O file at a path
  ///     from `contentFolder`; `nil` when it was not signed.
  /// - Returns: The seal, to write with ``CodeResources/xml``.
  /// - Throws: ``BundleError/dataInCodeLocation(path:)`` and
  ///   ``BundleError/unsignedNestedCode(path:)`` with paths from `contentFolder`; ``SystemError``
  ///   when a file cannot be read.
  package func build(
    contentFolder: URL, mainExecutable: String?, nestedCode: (String) -> SignedCode?
  ) throws -> CodeResources {
    let walk = try ResourceWalk(
      contentFolder, rules: try ResourceRuleMatcher(rules.rules2), mainExecutable: mainExecutable)
    let legacyRules = try ResourceRuleMatcher(rules.rules)
    var files: [String: ResourceSeal] = [:]
    var files2: [String: ResourceSeal] = [:]
    for entry in walk.entries {
      switch entry.kind {
      case .dataInCodeLocation:
        throw BundleError.dataInCodeLocation(path: entry.path)
      case .nestedBundle, .nestedMachO:
        guard let signed = nestedCode(entry.path) else {
          throw BundleError.unsignedNestedCode(path: entry.path)
        }
        files2[entry.path] = ResourceSeal(
          cdhash: signed.cdhash, requirement: signed.sealRequirement)
      case .symlink(let target):
        guard let rule = entry.rule, !rule.omit else { continue }
        files2[entry.path] = ResourceSeal(symlink: target, optional: rule.optional)
      case .file:
        let legacy = legacyRules.rule(for: entry.path).flatMap { $0.omit ? nil : $0 }
        let sealed = entry.rule.flatMap { $0.omit ? nil : $0 }
        guard legacy != nil || sealed != nil else { continue }
        let sha1 =
          legacy != nil || includeSHA1
          ? try FileDigest(ofFileAt: entry.url.path, algorithm: .sha1).value : nil
        if let legacy { files[entry.path] = ResourceSeal(hash: sha1, optional: legacy.optional) }
        if let sealed {
          let sha256 = try FileDigest(ofFileAt: entry.url.path, algorithm: .sha256).value
          files2[entry.path] = ResourceSeal(
            hash: includeSHA1 ? sha1 : nil, hash2: sha256, optional: sealed.optional)
        }
      }
    }
    return CodeResources(files: files, files2: files2, rules: rules)
  }
}

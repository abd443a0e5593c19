/// A bundle's resource seal, `_CodeSignature/CodeResources`: the hash of every sealed file, the
/// symbolic links, the nested code, and the rules that chose them (reference §12).
///
/// ```swift
/// let seal = try CodeResourcesBuilder(rules: .deep, includeSHA1: false)
///   .build(contentFolder: contents, mainExecutable: "MacOS/App") { _ in nil }
/// try Data(seal.xml).write(to: contents.appendingPathComponent("_CodeSignature/CodeResources"))
/// ```
package struct CodeResources: Sendable, Equatable {
  /// `files`: v1 seals, path → SHA-1 (``ResourceSeal/hash`` and ``ResourceSeal/optional`` only).
  package var files: [String: ResourceSeal]
  /// `files2`: v2 seals, path → hashes, link target or nested code.
  package var files2: [String: ResourceSeal]
  /// `rules` and `rules2`.
  package var rules: ResourceRules

  /// Makes a seal.
  package init(files: [String: ResourceSeal], files2: [String: ResourceSeal], rules: ResourceRules)
  {
    self.files = files
    self.files2 = files2
    self.rules = rules
  }
}

/// One path's entry in a seal: a file's hashes, a symbolic link's target, or nested code's
/// cdhash and requirement.
package struct ResourceSeal: Sendable, Equatable {
  /// `hash`: the file's SHA-1 (always in `files`; in `files2` only beside SHA-1 code directories).
  package var hash: [UInt8]?
  /// `hash2`: the file's SHA-256 (`files2` only).
  package var hash2: [UInt8]?
  /// `symlink`: the link's target.
  package var symlink: String?
  /// `cdhash`: the nested code's 20-byte cdhash.
  package var cdhash: [UInt8]?
  /// `requirement`: the nested code's requirement as text.
  package var requirement: String?
  /// `optional`: the file may be missing.
  package var optional: Bool

  /// Makes an entry.
  package init(
    hash: [UInt8]? = nil, hash2: [UInt8]? = nil, symlink: String? = nil, cdhash: [UInt8]? = nil,
    requirement: String? = nil, optional: Bool = false
  ) {
    self.hash = hash
    self.hash2 = hash2
    self.symlink = symlink
    self.cdhash = cdhash
    self.requirement = requirement
    self.optional = optional
  }

  /// Whether the entry seals nested code.
  package var isNestedCode: Bool { cdhash != nil }
}

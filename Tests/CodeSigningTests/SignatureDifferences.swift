import CodeSigning
import Digests

/// Where two signatures of the same code differ, field by field, named so that a test can
/// expect an exact list: ours against a peer's (apple-platform-py) signing of the same input.
///
/// ```swift
/// let differences = SignatureDifferences.codeDirectory(ours, theirs)   // ["team"]
/// ```
enum SignatureDifferences {
  /// The fields of two code directories that differ: `version`, `flags`, `hash type`,
  /// `identifier`, `team`, `code limit`, `page size`, `exec segment base`, `exec segment limit`,
  /// `exec segment flags`, `runtime`, `special slot <n>` and `code slots <first>..<last>`
  /// (`code slot count` when their numbers differ).
  static func codeDirectory(_ ours: CodeDirectory, _ theirs: CodeDirectory) -> [String] {
    var differences: [String] = []
    func compare<Field: Equatable>(_ name: String, _ mine: Field, _ their: Field) {
      if mine != their { differences.append(name) }
    }
    compare("version", ours.version, theirs.version)
    compare("flags", ours.flags, theirs.flags)
    compare("hash type", ours.hashType, theirs.hashType)
    compare("identifier", ours.identifier, theirs.identifier)
    compare("team", ours.teamIdentifier, theirs.teamIdentifier)
    compare("code limit", ours.codeLimit, theirs.codeLimit)
    compare("page size", ours.pageSize, theirs.pageSize)
    compare("exec segment base", ours.executableSegmentBase, theirs.executableSegmentBase)
    compare("exec segment limit", ours.executableSegmentLimit, theirs.executableSegmentLimit)
    compare("exec segment flags", ours.executableSegmentFlags, theirs.executableSegmentFlags)
    compare("runtime", ours.runtimeVersion, theirs.runtimeVersion)
    for slot in Set(ours.specialDigests.keys).union(theirs.specialDigests.keys).sorted() {
      compare("special slot \(slot)", ours.specialDigests[slot], theirs.specialDigests[slot])
    }
    if ours.codeDigests.count != theirs.codeDigests.count {
      differences.append("code slot count")
    } else {
      let pages = ours.codeDigests.indices.filter { ours.codeDigests[$0] != theirs.codeDigests[$0] }
      if let first = pages.first, let last = pages.last {
        differences.append(
          "code slots \(first)..\(last)" + (pages.count == last - first + 1 ? "" : " (some)"))
      }
    }
    return differences
  }

  /// Where two embedded signatures of one slice differ: the slots present (`blob slots`), each
  /// code directory by its slot (`cd 0x1000: team`), the requirements (`requirements`, slot 2)
  /// and the entitlements (`entitlements XML`, slot 5; `entitlements DER`, slot 7).
  static func slice(_ ours: EmbeddedSignature, _ theirs: EmbeddedSignature) throws -> [String] {
    var differences: [String] = []
    if ours.blobs.keys.sorted() != theirs.blobs.keys.sorted() {
      differences.append(
        "blob slots \(ours.blobs.keys.sorted().map(hex)) vs \(theirs.blobs.keys.sorted().map(hex))")
    }
    for slot in [0] + Array(UInt32(0x1000)...0x1004) {
      guard let mine = ours.blobs[slot], let their = theirs.blobs[slot] else { continue }
      differences += codeDirectory(try CodeDirectory(mine), try CodeDirectory(their)).map {
        "cd \(hex(slot)): \($0)"
      }
    }
    for (slot, name) in [(2, "requirements"), (5, "entitlements XML"), (7, "entitlements DER")]
    where ours.blobs[UInt32(slot)] != theirs.blobs[UInt32(slot)] {
      differences.append(name)
    }
    return differences
  }

  /// Where two seals differ: each path of `files` and `files2` found in one only
  /// (`files2 <path>: only ours|only theirs`) or whose fields differ (`files2 <path>: cdhash`),
  /// and the rules (`rules`, `rules2`).
  static func seal(_ ours: CodeResources, _ theirs: CodeResources) -> [String] {
    var differences: [String] = []
    for (name, mine, their) in [
      ("files", ours.files, theirs.files), ("files2", ours.files2, theirs.files2),
    ] {
      for path in Set(mine.keys).union(their.keys).sorted() {
        switch (mine[path], their[path]) {
        case (let mine?, let their?):
          differences += entry(mine, their).map { "\(name) \(path): \($0)" }
        case (_?, nil): differences.append("\(name) \(path): only ours")
        default: differences.append("\(name) \(path): only theirs")
        }
      }
    }
    if ours.rules.rules != theirs.rules.rules { differences.append("rules") }
    if ours.rules.rules2 != theirs.rules.rules2 { differences.append("rules2") }
    return differences
  }

  /// The fields of two entries of a seal that differ.
  private static func entry(_ ours: ResourceSeal, _ theirs: ResourceSeal) -> [String] {
    [
      ("hash", ours.hash == theirs.hash), ("hash2", ours.hash2 == theirs.hash2),
      ("symlink", ours.symlink == theirs.symlink), ("cdhash", ours.cdhash == theirs.cdhash),
      ("requirement", ours.requirement == theirs.requirement),
      ("optional", ours.optional == theirs.optional),
    ].filter { !$0.1 }.map(\.0)
  }

  private static func hex(_ slot: UInt32) -> String { "0x" + String(slot, radix: 16) }
}

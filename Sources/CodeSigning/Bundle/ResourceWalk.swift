import Foundation
import SystemSupport

/// What lies in a bundle's content folder, seen through its v2 rules: the walk a seal is built
/// from and checked against (reference §12).
///
/// Paths are walked in byte order, folders before their contents; a nested bundle's contents
/// are not walked. The internal exclusions (`_CodeSignature/`, a stapled `CodeResources`,
/// `_MASReceipt`, the main executable) never appear.
struct ResourceWalk {
  /// One thing found.
  struct Entry: Equatable {
    /// What it is.
    enum Kind: Equatable {
      /// A regular file outside the nested-code locations (or one the rules omit).
      case file
      /// A symbolic link, with its target as written.
      case symlink(target: String)
      /// A folder with a dot in its name in a nested-code location.
      case nestedBundle
      /// A Mach-O file in a nested-code location.
      case nestedMachO
      /// A regular file that is not Mach-O, in a nested-code location.
      case dataInCodeLocation
    }

    /// The path from the content folder.
    let path: String
    /// The file.
    let url: URL
    /// What it is.
    let kind: Kind
    /// The v2 rule that governs it; `nil` when none matches.
    let rule: ResourceRule?
  }

  /// Everything found, in walk order.
  let entries: [Entry]

  /// Walks `contentFolder` with the v2 `rules`, leaving out `mainExecutable` (a path from the
  /// content folder; `nil` for none).
  ///
  /// - Throws: ``SystemError`` when a folder or link cannot be read.
  init(_ contentFolder: URL, rules: ResourceRuleMatcher, mainExecutable: String?) throws {
    var entries: [Entry] = []
    try Self.walk(
      contentFolder, prefix: "", rules: rules, excluded: mainExecutable, into: &entries)
    self.entries = entries
  }

  /// The entries of one folder, in byte order of their names.
  static func sortedNames(in folder: URL) throws -> [String] {
    try FolderListing.namesInByteOrder(in: folder.path)
  }

  /// Whether `path` is one of the seal's internal exclusions.
  static func isExcluded(_ path: String, mainExecutable: String?) -> Bool {
    path == "_CodeSignature" || path.hasPrefix("_CodeSignature/") || path == "CodeResources"
      || path == "_MASReceipt" || path == mainExecutable
  }

  private static func walk(
    _ folder: URL, prefix: String, rules: ResourceRuleMatcher, excluded: String?,
    into entries: inout [Entry]
  ) throws {
    for name in try sortedNames(in: folder) {
      let path = prefix.isEmpty ? name : prefix + "/" + name
      guard !isExcluded(path, mainExecutable: excluded) else { continue }
      let url = folder.appendingPathComponent(name)
      let rule = rules.rule(for: path)
      let nested = rule?.nested ?? false
      switch try FileStatus.of(url.path, followingLinks: false)?.kind {
      case .symbolicLink?:
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: url.path)
        entries.append(Entry(path: path, url: url, kind: .symlink(target: target), rule: rule))
      case .directory? where nested && name.contains("."):
        entries.append(Entry(path: path, url: url, kind: .nestedBundle, rule: rule))
      case .directory?:
        guard !(rule?.omit ?? false) else { continue }
        try walk(url, prefix: path, rules: rules, excluded: excluded, into: &entries)
      case .regular? where nested:
        let kind: Entry.Kind =
          try MachOFileDetection.isMachO(at: url.path) ? .nestedMachO : .dataInCodeLocation
        entries.append(Entry(path: path, url: url, kind: kind, rule: rule))
      case .regular?:
        entries.append(Entry(path: path, url: url, kind: .file, rule: rule))
      default:
        continue
      }
    }
  }
}

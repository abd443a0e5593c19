import Foundation
import SystemSupport

extension CodeResources {
  /// The largest seal read: 64 MiB.
  ///
  /// A seal holds about 350 bytes of XML per file it seals (`files` and `files2` entries with
  /// their hashes); nested bundles carry their own, so 64 MiB is a single bundle of some 190,000
  /// resources, beyond the largest apps (Xcode's biggest bundles seal tens of thousands). A larger
  /// file is hostile or damaged, and is refused before it is read.
  package static let readLimit: Int64 = 64 << 20

  /// Reads and parses the seal at `path`, refusing one larger than ``readLimit`` unread.
  ///
  /// - Parameter path: The `_CodeSignature/CodeResources` file.
  /// - Throws: ``BundleError/malformedCodeResources(path:reason:)`` when it is missing, too
  ///   large, unreadable or not a seal.
  package init(contentsOf path: String) throws(BundleError) {
    try self.init(plist: try Self.bytes(at: path), path: path)
  }

  /// The bytes of the seal at `path`, refused unread when larger than ``readLimit``.
  ///
  /// - Parameter path: The `_CodeSignature/CodeResources` file.
  /// - Returns: Its bytes.
  /// - Throws: ``BundleError/malformedCodeResources(path:reason:)`` when it is missing, too
  ///   large or unreadable.
  package static func bytes(at path: String) throws(BundleError) -> [UInt8] {
    do {
      let file = try FileDescriptor.openForReading(path)
      defer { file.close() }
      let size = try file.status().size
      guard size <= Self.readLimit else {
        throw BundleError.malformedCodeResources(
          path: path,
          reason:
            "it is \(size) bytes, more than the \(Self.readLimit >> 20) MiB a seal could need; refused unread"
        )
      }
      return try file.read(at: 0, count: Int(size))
    } catch let error as SystemError {
      throw .malformedCodeResources(
        path: path, reason: error.isNoSuchFile ? "there is no seal" : error.description)
    } catch let error as BundleError {
      throw error
    } catch {
      throw .malformedCodeResources(path: path, reason: "\(error)")
    }
  }

  /// Parses an existing `_CodeSignature/CodeResources` (XML or binary property list).
  ///
  /// Rules come back in byte order of their patterns (a property list dictionary has no order).
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - path: The file's path, for the errors.
  /// - Throws: ``BundleError/malformedCodeResources(path:reason:)`` naming the entry at fault.
  package init(plist bytes: [UInt8], path: String) throws(BundleError) {
    let top: [String: Any]
    do {
      top = try PropertyListInput.dictionary(from: bytes)
    } catch {
      throw .malformedCodeResources(path: path, reason: error.description)
    }
    let reader = SealReader(path: path)
    self.init(
      files: try reader.seals(top["files"], named: "files"),
      files2: try reader.seals(top["files2"], named: "files2"),
      rules: ResourceRules(
        rules: try reader.rules(top["rules"], named: "rules"),
        rules2: try reader.rules(top["rules2"], named: "rules2")))
  }
}

/// Turns the property-list values of a seal into its types, naming the entry that is wrong.
private struct SealReader {
  let path: String

  func seals(_ value: Any?, named name: String) throws(BundleError) -> [String: ResourceSeal] {
    guard let value else { return [:] }
    var seals: [String: ResourceSeal] = [:]
    for (key, entry) in try dictionary(value, name) {
      if let hash = entry as? Data {
        seals[key] = ResourceSeal(hash: Array(hash))
        continue
      }
      let fields = try dictionary(entry, "\(name) entry \(key)")
      seals[key] = ResourceSeal(
        hash: (fields["hash"] as? Data).map(Array.init),
        hash2: (fields["hash2"] as? Data).map(Array.init),
        symlink: fields["symlink"] as? String, cdhash: (fields["cdhash"] as? Data).map(Array.init),
        requirement: fields["requirement"] as? String, optional: Self.flag(fields["optional"]))
    }
    return seals
  }

  func rules(_ value: Any?, named name: String) throws(BundleError) -> [ResourceRule] {
    guard let value else { return [] }
    let entries = try dictionary(value, name)
    return try entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map {
      pattern throws(BundleError) in
      if Self.flag(entries[pattern]) { return ResourceRule(pattern) }
      let fields = try dictionary(entries[pattern] as Any, "\(name) rule \(pattern)")
      return ResourceRule(
        pattern, weight: Self.number(fields["weight"]), omit: Self.flag(fields["omit"]),
        optional: Self.flag(fields["optional"]), nested: Self.flag(fields["nested"]))
    }
  }

  private func dictionary(_ value: Any, _ what: String) throws(BundleError) -> [String: Any] {
    guard let dictionary = value as? [String: Any] else {
      throw .malformedCodeResources(path: path, reason: "\(what) is not a dictionary")
    }
    return dictionary
  }

  /// A `<true/>` or `<false/>`, however Foundation bridges it; anything else is `false`.
  private static func flag(_ value: Any?) -> Bool {
    (value as? Bool) ?? (value as? NSNumber)?.boolValue ?? false
  }

  private static func number(_ value: Any?) -> Double? {
    (value as? Double) ?? (value as? Int).map(Double.init) ?? (value as? NSNumber)?.doubleValue
  }
}

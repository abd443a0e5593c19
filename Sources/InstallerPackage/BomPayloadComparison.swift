/// Compares a package's bill of materials with its payload, entry by entry as the payload
/// streams: what `pkg verify` reports when the two disagree.
///
/// Each path must be in both, once in the payload, of the same kind, permissions and owner;
/// files and links must have the same size and POSIX `cksum`, links the same target. Folders'
/// sizes are not compared (a Bom gives the size APFS reports, a payload none), nor are times.
///
/// ```swift
/// var comparison = BomPayloadComparison(bom: try BomReader.records(in: bom))
/// try PayloadReader.read(from: file, count: size) { comparison.check($0) }
/// let findings = comparison.finish()  // empty when they agree
/// ```
package struct BomPayloadComparison {
  /// An owner: user and group IDs.
  package struct Owner: Sendable, Equatable, CustomStringConvertible {
    /// The user ID.
    package var userID: UInt32
    /// The group ID.
    package var groupID: UInt32

    /// Makes an owner.
    package init(userID: UInt32, groupID: UInt32) {
      self.userID = userID
      self.groupID = groupID
    }

    /// `user:group`.
    package var description: String { "\(userID):\(groupID)" }
  }

  /// The Bom's records not yet met in the payload, by path.
  private var expected: [String: BomRecord] = [:]
  /// The Bom's paths, in its order.
  private let order: [String]
  /// The payload's paths met so far.
  private var seen: Set<String> = []
  /// What disagrees so far.
  package private(set) var findings: [BomPayloadFinding] = []

  /// A comparison with the Bom's `records`.
  package init(bom records: [BomRecord]) {
    for record in records where expected[record.path] == nil { expected[record.path] = record }
    order = records.map(\.path)
  }

  /// Compares the payload's next `entry` with the Bom.
  package mutating func check(_ entry: PayloadEntry) {
    let path = entry.path
    guard seen.insert(path).inserted else {
      findings.append(.repeatedInPayload(path: path))
      return
    }
    guard let record = expected.removeValue(forKey: path) else {
      findings.append(.missingFromBom(path: path))
      return
    }
    let kinds = (Self.name(of: record.kind), Self.name(of: entry.kind))
    guard kinds.0 == kinds.1 else {
      findings.append(.kindMismatch(path: path, bom: kinds.0, payload: kinds.1))
      return
    }
    if record.permissions != entry.permissions {
      findings.append(
        .permissionsMismatch(path: path, bom: record.permissions, payload: entry.permissions))
    }
    let owners = (
      Owner(userID: record.userID, groupID: record.groupID),
      Owner(userID: entry.userID, groupID: entry.groupID)
    )
    if owners.0 != owners.1 {
      findings.append(.ownerMismatch(path: path, bom: owners.0, payload: owners.1))
    }
    switch (record.kind, entry.kind) {
    case (.symbolicLink(let expectedTarget), .symbolicLink(let target))
    where expectedTarget != target:
      findings.append(.linkTargetMismatch(path: path, bom: expectedTarget, payload: target))
    case (.file, _), (.symbolicLink, _):
      if record.size != entry.size {
        findings.append(.sizeMismatch(path: path, bom: record.size, payload: entry.size))
      } else if record.checksum != entry.checksum {
        findings.append(
          .checksumMismatch(path: path, bom: record.checksum, payload: entry.checksum))
      }
    default: break
    }
  }

  /// Ends the comparison: every path of the Bom the payload lacks is a finding.
  ///
  /// - Returns: Every finding, in the payload's order, then the paths it lacks in the Bom's.
  package mutating func finish() -> [BomPayloadFinding] {
    for path in order where expected.removeValue(forKey: path) != nil {
      findings.append(.missingFromPayload(path: path))
    }
    return findings
  }

  /// What disagrees between the Bom's `records` and the payload's `entries`.
  package static func findings(bom records: [BomRecord], payload entries: [PayloadEntry])
    -> [BomPayloadFinding]
  {
    var comparison = BomPayloadComparison(bom: records)
    for entry in entries { comparison.check(entry) }
    return comparison.finish()
  }

  /// The kind's name in a finding.
  private static func name(of kind: BomRecord.Kind) -> String {
    switch kind {
    case .file: "file"
    case .folder: "folder"
    case .symbolicLink: "link"
    case .device: "device"
    }
  }

  /// The kind's name in a finding: a device for the character and block devices a Bom records.
  private static func name(of kind: PayloadEntry.Kind) -> String {
    switch kind {
    case .file: "file"
    case .folder: "folder"
    case .symbolicLink: "link"
    case .special(let bits) where bits == 0o020000 || bits == 0o060000: "device"
    case .special: "special file"
    }
  }
}

import InstallerPackage
import Testing

/// The Bom and the payload PayloadWriter and BomWriter make of one tree agree; each way they
/// can disagree is a finding naming the path.
struct BomPayloadComparisonTests {
  /// The records and entries of the small tree of PayloadReaderTests.
  static func sides() throws -> ([BomRecord], [PayloadEntry]) {
    let (payload, entries) = try PayloadReaderTests.payload(of: PayloadReaderTests.smallRoot)
    return (
      try BomReader.records(in: try BomWriter.bytes(of: entries)),
      try PayloadReader.entries(in: payload)
    )
  }

  @Test func theWritersAgree() throws {
    let (records, entries) = try Self.sides()
    #expect(BomPayloadComparison.findings(bom: records, payload: entries) == [])
  }

  @Test func eachDisagreementIsNamed() throws {
    var (records, entries) = try Self.sides()
    let index = { (path: String) in try #require(records.firstIndex { $0.path == path }) }
    records[try index("./a/x")].checksum ^= 1
    records[try index("./a/empty")].mode = 0o100600
    records[try index("./a/link")].kind = .symbolicLink(target: "y")
    records[try index("./a")].userID = 501
    records.append(records[try index("./a/x")])
    records[records.count - 1].path = "./gone"
    entries.append(entries[1])
    var changed = entries[4]
    changed.size = 7
    entries.append(changed)
    entries[4].path = "./extra"

    let findings = BomPayloadComparison.findings(bom: records, payload: entries)
    #expect(
      findings == [
        .ownerMismatch(
          path: "./a", bom: .init(userID: 501, groupID: 0), payload: .init(userID: 0, groupID: 0)),
        .permissionsMismatch(path: "./a/empty", bom: 0o600, payload: 0o644),
        .linkTargetMismatch(path: "./a/link", bom: "y", payload: "x"),
        .missingFromBom(path: "./extra"),
        .repeatedInPayload(path: "./a"),
        .sizeMismatch(path: "./a/x", bom: 6, payload: 7),
        .missingFromPayload(path: "./gone"),
      ])
    #expect(findings.map(\.path).contains("./a/x"))
    #expect(findings[5].description == "./a/x: 6 bytes in the Bom, 7 in the payload")
  }

  @Test func checksumsAndKindsAreCompared() throws {
    var (records, entries) = try Self.sides()
    entries[4].checksum ^= 1
    records[1].kind = .file
    #expect(
      BomPayloadComparison.findings(bom: records, payload: entries) == [
        .kindMismatch(path: "./a", bom: "file", payload: "folder"),
        .checksumMismatch(
          path: "./a/x", bom: entries[4].checksum ^ 1, payload: entries[4].checksum),
      ])
  }
}

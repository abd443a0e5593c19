import FinderLayout
import Foundation
import ShipyardTestSupport
import Testing

/// Our `.DS_Store` files read by the Python `ds_store` package (what dmgbuild uses).
@Suite(.enabled(if: FinderPeers.shouldRun, "needs python3 with ds-store"))
struct DSStoreWriterTests {
  /// What `ds_store` reads: name, code, type, and the value (bytes as hex, plists as JSON).
  static func read(_ path: String) throws -> [[String]] {
    let script = """
      import json, sys, plistlib
      from ds_store import DSStore
      rows = []
      with DSStore.open(sys.argv[1], 'r') as store:
          for entry in store:
              value = entry.value
              kind = entry.type if isinstance(entry.type, str) else entry.type.decode() if isinstance(entry.type, bytes) else entry.type.__name__
              if isinstance(value, (bytes, bytearray)): value = value.hex()
              elif isinstance(value, dict): value = json.dumps(value, sort_keys=True, default=lambda o: o.hex() if isinstance(o, bytes) else str(o))
              rows.append([entry.filename, entry.code.decode(), kind, str(value)])
      print(json.dumps(rows))
      """
    let output = try ProcessRunner.check("python3", ["-c", script, path])
    return try JSONDecoder().decode([[String]].self, from: output)
  }

  @Test func recordsOfEveryTypeReadBack() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let records = [
      DSStoreRecord(name: ".", code: "vSrn", value: .long(1)),
      DSStoreRecord(name: ".", code: "icvl", value: .type("icnv")),
      DSStoreRecord(
        name: "Hello.app", code: "Iloc",
        value: .blob([0, 0, 0, 180, 0, 0, 0, 170, 255, 255, 255, 255, 255, 255, 0, 0])),
      DSStoreRecord(
        name: "Applications", code: "Iloc",
        value: .blob([0, 0, 1, 224, 0, 0, 0, 170, 255, 255, 255, 255, 255, 255, 0, 0])),
      DSStoreRecord(name: "caf\u{E9}", code: "cmmt", value: .text("a comment")),
      DSStoreRecord(name: "x", code: "dscl", value: .bool(true)),
    ]
    let path = try folder.write(DSStoreWriter.data(for: records), to: ".DS_Store").path
    let rows = try Self.read(path)
    #expect(
      rows.map { "\($0[0])/\($0[1])" }
        == [".", ".", "Applications", "café", "Hello.app", "x"].enumerated().map { index, name in
          "\(name)/\(["icvl", "vSrn", "Iloc", "cmmt", "Iloc", "dscl"][index])"
        })
    #expect(rows.first { $0[1] == "vSrn" }?[3] == "1")
    #expect(
      rows.first { $0[1] == "icvl" }?[3]
        == Array("icnv".utf8).map { String($0, radix: 16) }.joined())
    // ds_store decodes an Iloc blob into its point.
    #expect(rows.first { $0[0] == "Hello.app" }?[3] == "(180, 170)")
    #expect(rows.first { $0[1] == "cmmt" }?[3] == "a comment")
  }

  @Test func manyRecordsSpanSeveralNodes() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let records = (0..<600).map { index in
      DSStoreRecord(
        name: String(format: "file-%04d.txt", index), code: "Iloc",
        value: .blob([UInt8](repeating: UInt8(index % 256), count: 16)))
    }
    let path = try folder.write(DSStoreWriter.data(for: records), to: ".DS_Store").path
    let rows = try Self.read(path)
    #expect(rows.count == 600)
    #expect(rows.map { $0[0] } == records.map(\.name))
  }
}

enum FinderPeers {
  static let shouldRun = PeerPolicy.shouldRun(
    whenAvailable: ProcessRunner.succeeds("python3", ["-c", "import ds_store, mac_alias"]))
}

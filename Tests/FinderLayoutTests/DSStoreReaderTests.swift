import FinderLayout
import Foundation
import ShipyardTestSupport
import Testing

@Suite struct DSStoreReaderTests {
  @Test func whatTheWriterWritesReadsBackInTheFindersOrder() throws {
    var records = (0..<700).map { index in
      DSStoreRecord(name: "file \(index)", code: "cmmt", value: .text("comment \(index)"))
    }
    records += [
      DSStoreRecord(name: ".", code: "vSrn", value: .long(1)),
      DSStoreRecord(name: ".", code: "icvl", value: .type("icnv")),
      DSStoreRecord(name: "Hello.app", code: "Iloc", value: .blob([0, 0, 0, 180, 0, 0, 0, 170])),
      DSStoreRecord(name: "x", code: "dscl", value: .bool(true)),
      DSStoreRecord(name: "x", code: "lg1S", value: .long64(1 << 40)),
      DSStoreRecord(name: "x", code: "moDD", value: .date(0x1234_5678_9ABC)),
      DSStoreRecord(name: "x", code: "fwvh", value: .short(420)),
    ]
    let read = try DSStoreReader.records(in: DSStoreWriter.data(for: records))
    #expect(read.count == records.count)
    #expect(
      Set(read.map { "\($0.name)/\($0.code)/\($0.value)" })
        == Set(records.map { "\($0.name)/\($0.code)/\($0.value)" }))
    let names = read.map(\.name)
    #expect(names.firstIndex(of: "file 10")! < names.firstIndex(of: "file 9")!)
  }

  @Test(arguments: [0, 3, 7, 40, 2048, 2100, 4200])
  func damagedFilesAreRefusedWithAReason(cut: Int) throws {
    let records = (0..<300).map { DSStoreRecord(name: "f\($0)", code: "cmmt", value: .text("c")) }
    var bytes = DSStoreWriter.data(for: records)
    bytes.removeSubrange(cut..<bytes.count)
    #expect {
      _ = try DSStoreReader.records(in: bytes)
    } throws: { error in
      (error as? DSStoreReader.Malformed)?.description.hasPrefix("not a readable .DS_Store:")
        == true
    }
  }

  @Test func everyGarbledByteOfTheHeaderAndRootIsRefusedOrRead() throws {
    let bytes = DSStoreWriter.data(for: [DSStoreRecord(name: ".", code: "vSrn", value: .long(1))])
    for offset in Array(0..<36) + Array(2052..<2100) {
      var damaged = bytes
      damaged[offset] ^= 0xA5
      // A damaged file never crashes the reader: it reads or says why not.
      do { _ = try DSStoreReader.records(in: damaged) } catch {}
    }
  }
}

/// A `.DS_Store` written by the Python `ds_store` package, read by ours (100 records: its writer
/// fails to split nodes past about that many when inserting one at a time).
@Suite(.enabled(if: FinderPeers.shouldRun, "needs python3 with ds-store"))
struct DSStoreReaderPeerTests {
  @Test func aFileWrittenByDSStoreReadsBack() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let script = """
      import json, sys
      from ds_store import DSStore
      with DSStore.open(sys.argv[1], 'w+') as store:
          store['.']['vSrn'] = ('long', 1)
          store['.']['icvl'] = ('type', b'icnv')
          store['Hello.app']['Iloc'] = (180, 170)
          store['Applications']['Iloc'] = (480, 170)
          for index in range(100):
              store['file %d' % index]['cmmt'] = ('ustr', 'comment %d' % index)
      with DSStore.open(sys.argv[1], 'r') as store:
          print(json.dumps([[entry.filename, entry.code.decode()] for entry in store]))
      """
    let path = folder.path("peer.DS_Store")
    let peerRead = try JSONDecoder().decode(
      [[String]].self, from: try ProcessRunner.check("python3", ["-c", script, path]))
    let records = try DSStoreReader.records(
      in: Array(try Data(contentsOf: folder.file("peer.DS_Store"))))
    // The same records in the same order as ds_store reads them (its writer repeats a record
    // when it splits a node; both readers see the repeats).
    #expect(records.map { [$0.name, $0.code] } == peerRead)
    #expect(Set(records.map(\.name)).count == 103)
    #expect(records.contains(DSStoreRecord(name: ".", code: "vSrn", value: .long(1))))
    #expect(
      records.contains(DSStoreRecord(name: "file 99", code: "cmmt", value: .text("comment 99"))))
    let layout = FinderWindowLayout(records: records)
    #expect(
      layout.positions.mapValues { [$0.x, $0.y] }
        == ["Hello.app": [180, 170], "Applications": [480, 170]])
  }
}

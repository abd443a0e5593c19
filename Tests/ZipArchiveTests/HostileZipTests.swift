import Foundation
import ShipyardTestSupport
import Testing
import ZipArchive

/// Zips written by Python's `zipfile`, then damaged field by field: each damage is an error
/// that names the structure, and random damage never crashes the reader.
@Suite(.enabled(if: PythonZips.shouldRun, "needs python3 with zipfile"))
struct HostileZipTests {
  static let plist = "Hello.app/Contents/Info.plist"
  static let binary = "Hello.app/Contents/MacOS/Hello"

  /// A damage and the words its error must contain.
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let method: String
    let expected: String
    let damage: @Sendable (inout HostileZip) -> Void
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "truncated", method: "ZIP_STORED", expected: "no end of central directory record") {
      $0.bytes.removeLast(8)
    },
    Case(name: "entry count", method: "ZIP_STORED", expected: "claims 65534 entries") {
      $0.set(0xFFFE, at: $0.endRecord + 10, width: 2)
    },
    Case(name: "directory offset", method: "ZIP_STORED", expected: "runs past byte") {
      $0.set(0x7FFF_0000, at: $0.endRecord + 16, width: 4)
    },
    Case(name: "name length", method: "ZIP_STORED", expected: "run past the central directory") {
      $0.set(0xFFF0, at: $0.centralHeader(of: binary) + 28, width: 2)
    },
    Case(name: "local offset", method: "ZIP_STORED", expected: "is not before the central") {
      let directory = UInt64($0.get32($0.endRecord + 16))
      $0.set(directory, at: $0.centralHeader(of: plist) + 42, width: 4)
    },
    Case(name: "local signature", method: "ZIP_STORED", expected: "no local file header") {
      let header = $0.centralHeader(of: plist)
      $0.set(UInt64($0.get32(header + 42)) + 1, at: header + 42, width: 4)
    },
    Case(name: "compressed size", method: "ZIP_DEFLATED", expected: "runs into the central") {
      $0.set(0x7FFF_FFF0, at: $0.centralHeader(of: binary) + 20, width: 4)
    },
    Case(name: "crc", method: "ZIP_STORED", expected: "CRC-32 of its data is") {
      let header = $0.centralHeader(of: binary)
      $0.set(UInt64($0.get32(header + 16) ^ 1), at: header + 16, width: 4)
    },
    Case(name: "stored sizes", method: "ZIP_STORED", expected: "is stored but its sizes differ") {
      $0.set(3, at: $0.centralHeader(of: binary) + 24, width: 4)
    },
    Case(name: "inflates to more", method: "ZIP_DEFLATED", expected: "inflates to more than") {
      $0.set(100, at: $0.centralHeader(of: binary) + 24, width: 4)
    },
    Case(name: "inflates to fewer", method: "ZIP_DEFLATED", expected: "inflates to 70000 bytes") {
      $0.set(80_000, at: $0.centralHeader(of: binary) + 24, width: 4)
    },
    Case(name: "encrypted", method: "ZIP_STORED", expected: "is encrypted") {
      let header = $0.centralHeader(of: binary)
      $0.set(UInt64($0.get16(header + 8) | 1), at: header + 8, width: 2)
    },
    Case(name: "method", method: "ZIP_STORED", expected: "uses compression method 14") {
      $0.set(14, at: $0.centralHeader(of: binary) + 10, width: 2)
    },
    Case(name: "several disks", method: "ZIP_STORED", expected: "spans several disks") {
      $0.set(1, at: $0.endRecord + 4, width: 2)
    },
  ]

  @Test(arguments: cases)
  func damageIsAnErrorNamingTheStructure(_ damage: Case) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = scratch.path("Hello.zip")
    try PythonZips.write(to: path, method: damage.method, zip64: false)
    var zip = HostileZip(bytes: try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    damage.damage(&zip)
    try Data(zip.bytes).write(to: URL(fileURLWithPath: path))

    let error = #expect(throws: ZipReaderError.self) {
      let reader = try ZipReader(path: path)
      for entry in reader.entries { _ = try reader.contents(of: entry) }
    }
    #expect(error.map { "\($0)".contains(damage.expected) } == true, "\(String(describing: error))")
    #expect(error.map { "\($0)".contains("(at byte ") } == true)
  }

  @Test func zip64LocatorPointingPastItselfIsAnError() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = scratch.path("Hello.zip")
    try PythonZips.write(to: path, method: "ZIP_DEFLATED", zip64: true)
    var zip = HostileZip(bytes: try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    zip.set(UInt64(zip.endRecord), at: zip.endRecord - 20 + 8, width: 8)
    try Data(zip.bytes).write(to: URL(fileURLWithPath: path))
    #expect {
      try ZipReader(path: path)
    } throws: { "\($0)".contains("Zip64 end of central directory locator") }
  }

  /// Random bytes changed in the central directory and the data: every run ends in the entries'
  /// bytes or an error, never a crash, a hang or an allocation the archive's size cannot back.
  @Test(arguments: ["ZIP_STORED", "ZIP_DEFLATED"])
  func randomDamageNeverCrashes(method: String) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = scratch.path("Hello.zip")
    try PythonZips.write(to: path, method: method, zip64: method == "ZIP_DEFLATED")
    let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    var random = SplitMix(seed: 20)
    var errors = 0
    for _ in 0..<300 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        // Half the damage lands in the last 300 bytes: the central directory and end records.
        let low = Bool.random(using: &random) ? max(0, bytes.count - 300) : 0
        bytes[Int.random(in: low..<bytes.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      let damaged = scratch.path("damaged.zip")
      try Data(bytes).write(to: URL(fileURLWithPath: damaged))
      do {
        let reader = try ZipReader(path: damaged)
        for entry in reader.entries { _ = try reader.contents(of: entry) }
      } catch is ZipReaderError {
        errors += 1
      }
    }
    #expect(errors > 50)
  }
}

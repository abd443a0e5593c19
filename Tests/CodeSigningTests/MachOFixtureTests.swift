import Foundation
import ShipyardTestSupport
import Testing

/// The peers that check the fixtures.
private let peers: [FixtureTool] = [.lief, .otool, .objdump, .lipo]

/// lief's reading of every fixture, in one run of Python.
private let liefReading = Result { () throws -> [MachOFixture: [LiefMachO]] in
  let fixtures = MachOFixture.allCases
  let slices = try LiefMachO.read(try fixtures.map { try $0.url })
  return Dictionary(uniqueKeysWithValues: zip(fixtures, slices))
}

/// lief's slices of `fixture`.
private func lief(_ fixture: MachOFixture) throws -> [LiefMachO] {
  try liefReading.get()[fixture] ?? []
}

/// The Mach-O fixtures are what they claim, as lief, `llvm-lipo -info` and LLVM's otool read
/// them: architectures, file types, the linker's signatures, build versions, the room (or none)
/// for a load command, the bytes after `__LINKEDIT`, install names.
@Suite(
  .enabled(
    if: MachOFixture.shouldRun(MachOFixture.allCases, peers: peers),
    MachOFixture.skipReason(MachOFixture.allCases, peers: peers)))
struct MachOFixtureTests {
  @Test(arguments: MachOFixture.allCases)
  func liefReadsWhatTheFixtureClaims(_ fixture: MachOFixture) throws {
    let slices = try lief(fixture)
    #expect(slices.map(\.architecture) == fixture.architectures)
    for slice in slices {
      #expect(slice.fileType == fixture.fileType, "\(slice.architecture)")
      let version = fixture.buildVersion(slice.architecture)
      #expect(slice.minimumOS == version.minos, "\(slice.architecture)")
      #expect(slice.sdk == version.sdk, "\(slice.architecture)")
      if fixture.isLinkerSigned(slice.architecture) {
        // An embedded-signature SuperBlob that ends where __LINKEDIT's data ends.
        #expect(slice.signatureMagic == 0xfade_0cc0, "\(slice.architecture)")
        let end = try #require(slice.signatureOffset) + (slice.signatureSize ?? 0)
        #expect(end == slice.linkEditEnd, "\(slice.architecture)")
      } else {
        #expect(slice.signatureOffset == nil, "\(slice.architecture)")
      }
    }
  }

  @Test(arguments: MachOFixture.allCases)
  func linkEditIsLastAndEndsTheFileUnlessBytesWereAppended(_ fixture: MachOFixture) throws {
    let slices = try lief(fixture)
    let appended = [.appendedDataArm64, .appendedDataAmd64].contains(fixture)
    for slice in slices {
      let linkEdit = try #require(slice.segment("__LINKEDIT"))
      let lastByOffset = slice.segments.filter { $0.fileSize > 0 }.max {
        $0.fileOffset < $1.fileOffset
      }
      #expect(lastByOffset?.name == "__LINKEDIT", "\(slice.architecture)")
      let trailing = slice.size - (linkEdit.fileOffset + linkEdit.fileSize)
      #expect(trailing == (appended ? MachOFixture.appendedByteCount : 0), "\(slice.architecture)")
    }
    let fileSize = try fixture.bytes().count
    if !fixture.isUniversal { #expect(fileSize == slices[0].size) }
  }

  @Test(arguments: MachOFixture.allCases.filter { !$0.isGo })
  func theRoomForALoadCommandIsAsClaimed(_ fixture: MachOFixture) throws {
    for slice in try lief(fixture) {
      let room = try #require(slice.firstSectionOffset) - slice.loadCommandsEnd
      // lld pads 32 bytes after the load commands by default; -headerpad 0 leaves alignment.
      if fixture == .noHeaderPadAmd64 {
        #expect(room < 16)
      } else {
        #expect(room >= 16, "\(slice.architecture)")
      }
    }
  }

  @Test(arguments: [MachOFixture.goArm64, .goAmd64])
  func goPutsAnEmptyDWARFSegmentBeforeLinkEdit(_ fixture: MachOFixture) throws {
    let slice = try #require(lief(fixture).first)
    let dwarf = try #require(slice.segment("__DWARF"))
    #expect(dwarf.virtualSize == 0)
    #expect(dwarf.fileOffset < (slice.segment("__LINKEDIT")?.fileOffset ?? 0))
  }

  @Test(arguments: MachOFixture.allCases)
  func lipoInfoNamesTheArchitectures(_ fixture: MachOFixture) throws {
    let lipo = try FixtureTool.lipo.requirePath()
    let url = try fixture.url
    let info = String(decoding: try ProcessRunner.check(lipo, ["-info", url.path]), as: UTF8.self)
    let expected =
      fixture.isUniversal
      ? "Architectures in the fat file: \(url.path) are: \(fixture.architectures.joined(separator: " "))"
      : "Non-fat file: \(url.path) is architecture: \(fixture.architectures[0])"
    #expect(info.trimmingCharacters(in: .whitespacesAndNewlines) == expected)
  }

  @Test(arguments: MachOFixture.allCases)
  func otoolListsTheSignatureAndBuildVersionCommands(_ fixture: MachOFixture) throws {
    let url = try fixture.url
    for architecture in fixture.architectures {
      let commands = try LoadCommandListing.read(
        url, architecture: fixture.isUniversal ? architecture : nil)
      let signatures = commands.filter { $0["cmd"] == "LC_CODE_SIGNATURE" }
      #expect(signatures.count == (fixture.isLinkerSigned(architecture) ? 1 : 0), "\(architecture)")
      let build = try #require(
        commands.first { $0["cmd"] == "LC_BUILD_VERSION" }, "\(architecture)")
      let version = fixture.buildVersion(architecture)
      #expect(build["platform"] == "macos")
      #expect(build["minos"].map { $0 + ".0" } == version.minos, "\(architecture)")
      #expect(build["sdk"].map { $0 + ".0" } == version.sdk, "\(architecture)")
    }
  }

  @Test(arguments: [
    (MachOFixture.dylibUniversal, "@rpath/libhello.dylib"),
    (.frameworkUniversal, "@rpath/Demo Framework.framework/Versions/A/Demo Framework"),
  ])
  func dylibsCarryTheirInstallNames(_ fixture: MachOFixture, installName: String) throws {
    for architecture in fixture.architectures {
      let commands = try LoadCommandListing.read(try fixture.url, architecture: architecture)
      let identity = commands.first { $0["cmd"] == "LC_ID_DYLIB" }
      #expect(identity?["name"]?.hasPrefix("\(installName) (offset") == true, "\(architecture)")
    }
  }

  @Test func theExecutablesLinkLibHelloAndLibSystem() throws {
    let commands = try LoadCommandListing.read(try MachOFixture.executableAmd64.url)
    let linked = commands.filter { $0["cmd"] == "LC_LOAD_DYLIB" }.compactMap { $0["name"] }
    #expect(
      linked.map { $0.components(separatedBy: " (offset")[0] }
        == ["@rpath/libhello.dylib", "/usr/lib/libSystem.B.dylib"])
  }
}

import CodeSigning
import Digests
import Foundation
import ShipyardTestSupport
import Testing

/// Signing real Mach-O (Go cross-builds, `llvm-lipo`, clang + `ld64.lld`) and checking the result
/// with peers: `lief` reads the rewritten layout, apple-platform-py verifies every code digest.
enum MachOPeerChecks {
  /// Signs the fixture `name`, writes it beside, and checks what every signed file must hold:
  /// our reader and apple-platform-py find no problem, and lief sees `LC_CODE_SIGNATURE`
  /// 16-byte aligned, ending `__LINKEDIT` and the slice.
  static func signAndCheck(_ fixtures: MachOFixtureBuilds, _ name: String) async throws
    -> (signed: SignedMachO, lief: [MachOPeers.LiefSlice])
  {
    let signed = try await MachOSigner(maker: AdHocSliceMaker()).sign(
      try fixtures.bytes(name), path: fixtures.path(name))
    let output = try fixtures.folder.write(signed.bytes, to: "\(name)-signed")
    let reader = try MachOSignatureReader(bytes: signed.bytes, path: output.path)
    for slice in reader.slices {
      #expect(slice.isValid, "\(name) \(slice.architecture): \(slice.findings.filter { !$0.ok })")
      #expect(
        slice.codeDirectories.allSatisfy {
          !$0.isLinkerSigned && $0.identifier == "com.example.tool"
        })
    }
    #expect(try MachOPeers.verifyProblems(output.path) == [], "\(name)")
    let lief = try MachOPeers.lief(output.path)
    let file = try MachOFile(bytes: signed.bytes, path: output.path)
    for (peer, slice) in zip(lief, file.slices) {
      let command = try #require(peer.codeSignature, "\(name) \(peer.cpu)")
      let linkedit = try #require(peer.segments.first { $0.name == "__LINKEDIT" })
      #expect(command[0] % 16 == 0 && command[0] + command[1] == slice.range.count)
      #expect(linkedit.fileOffset + linkedit.fileSize == command[0] + command[1])
      #expect(linkedit.vmSize >= linkedit.fileSize && linkedit.vmSize % 16384 == 0)
      #expect(peer.fatOffset == (file.isUniversal ? slice.range.lowerBound : 0))
    }
    // The peer and our reader both see one changed byte of code (in the first slice's __TEXT).
    var changed = signed.bytes
    changed[(file.slices.first?.range.lowerBound ?? 0) + 0x2000] ^= 0x01
    let changedFile = try fixtures.folder.write(changed, to: "\(name)-changed")
    #expect(
      try MachOPeers.verifyProblems(changedFile.path).contains { $0.contains("digest mismatch") })
    let changedReader = try MachOSignatureReader(bytes: changed, path: changedFile.path)
    #expect(changedReader.slices.contains { !$0.isValid })
    // Signing what we signed lays it out the same way, byte for byte.
    let again = try await MachOSigner(maker: AdHocSliceMaker()).sign(
      signed.bytes, path: output.path)
    #expect(again.bytes == signed.bytes, "\(name) signed twice")
    return (signed, lief)
  }
}

@Suite(
  .serialized,
  .enabled(if: MachOFixtureBuilds.Tools.runGo, "needs go, python3 with lief and apple-platform-py"))
struct MachOGoPeerTests {
  @Test func readsGoBinariesAsLiefDoes() throws {
    let fixtures = try MachOFixtureBuilds.go.get()
    for name in ["go-arm64", "go-amd64"] {
      let slice = try MachOFile(bytes: try fixtures.bytes(name), path: name).slices[0].macho
      let peer = try #require(try MachOPeers.lief(fixtures.path(name)).first)
      #expect(slice.segments.map(\.name) == peer.segments.map(\.name))
      #expect(slice.segments.map(\.fileOffset) == peer.segments.map(\.fileOffset))
      #expect(slice.segments.map(\.fileSize) == peer.segments.map(\.fileSize))
      #expect(slice.segments.map { Int($0.vmSize) } == peer.segments.map(\.vmSize))
      #expect(slice.loadCommands.count == peer.commandCount)
      #expect(slice.codeSignature.map { [$0.dataOffset, $0.dataSize] } == peer.codeSignature)
      #expect(slice.fileType == .execute)
    }
    let arm64 = try MachOSlice(bytes: try fixtures.bytes("go-arm64")[...], path: "go-arm64")
    let amd64 = try MachOSlice(bytes: try fixtures.bytes("go-amd64")[...], path: "go-amd64")
    #expect(arm64.architecture == "arm64" && amd64.architecture == "x86_64")
    // Go 1.19: arm64 says macOS 11, amd64 10.9, so amd64 needs a SHA-1 code directory.
    #expect(!arm64.needsSHA1 && amd64.needsSHA1)
    #expect(amd64.platformVersion.map { MachOPlatformVersion.text($0.minimumOS) } == "10.9")
    // The arm64 build comes linker-signed.
    let linkerSigned = try MachOSignatureReader(
      bytes: try fixtures.bytes("go-arm64"), path: "go-arm64")
    #expect(linkerSigned.slices[0].codeDirectories.first?.isLinkerSigned == true)
  }

  @Test func signsGoBinariesReplacingTheLinkerSignature() async throws {
    let fixtures = try MachOFixtureBuilds.go.get()
    for name in ["go-arm64", "go-amd64"] {
      let original = try MachOSlice(bytes: try fixtures.bytes(name)[...], path: name)
      let (signed, lief) = try await MachOPeerChecks.signAndCheck(fixtures, name)
      // An existing LC_CODE_SIGNATURE is reused, else one is added.
      #expect(
        lief[0].commandCount == original.loadCommands.count
          + (original.codeSignature == nil ? 1 : 0))
      if let old = original.codeSignature {
        #expect(lief[0].codeSignature?[0] == (old.dataOffset + 15) / 16 * 16)
      }
      #expect(
        try MachOPeers.codeDirectories(fixtures.path("\(name)-signed")).allSatisfy {
          $0.hasPrefix("com.example.tool/")
        })
      #expect(signed.slices[0].signature.codeDirectories.count == (original.needsSHA1 ? 2 : 1))
    }
  }

  @Test func refusesAGoBinaryWithAnAppendedPayload() async throws {
    let fixtures = try MachOFixtureBuilds.go.get()
    let bytes = try fixtures.bytes("go-amd64") + Array(repeating: 0x5A, count: 1000)
    do {
      _ = try await MachOSigner(maker: AdHocSliceMaker()).sign(bytes, path: "dist/tool")
      Issue.record("an appended payload was signed over")
    } catch {
      guard case .appendedData("dist/tool", "x86_64", _, 1000) = error else {
        Issue.record("\(error)")
        return
      }
    }
  }

  @Test(.enabled(if: MachOFixtureBuilds.Tools.runUniversal, "needs llvm-lipo"))
  func signsAUniversalBinarySliceBySlice() async throws {
    let fixtures = try MachOFixtureBuilds.go.get()
    let (signed, lief) = try await MachOPeerChecks.signAndCheck(fixtures, "go-universal")
    // The slices stay in lipo's order: x86_64 first, at 4 KiB, then arm64 on a 16 KiB boundary;
    // both get SHA-1 first, because the amd64 build (minimum macOS 10.9) needs it.
    #expect(signed.slices.map(\.architecture) == ["x86_64", "arm64"])
    #expect(lief.map(\.cpu) == ["X86_64", "ARM64"])
    #expect(lief[0].fatOffset == 4096 && lief[1].fatOffset % 16384 == 0)
    #expect(signed.slices.allSatisfy { $0.signature.codeDirectories.count == 2 })
    if let lipo = MachOFixtureBuilds.Tools.lipo {
      for arch in ["x86_64", "arm64"] {
        #expect(
          ProcessRunner.succeeds(
            lipo, [fixtures.path("go-universal-signed"), "-verify_arch", arch]))
      }
    }
  }
}

@Suite(
  .serialized,
  .enabled(
    if: MachOFixtureBuilds.Tools.runLLD,
    "needs clang, Debian's ld64.lld, python3 with lief and apple-platform-py"))
struct MachOLLDPeerTests {
  @Test func signsADylibAndExecutablesLinkedByLLD() async throws {
    let fixtures = try MachOFixtureBuilds.lld.get()
    for name in ["lld-dylib", "lld-tool", "lld-tool-unsigned"] {
      let original = try MachOSlice(bytes: try fixtures.bytes(name)[...], path: name)
      #expect(original.fileType == (name == "lld-dylib" ? .dylib : .execute))
      #expect(
        original.codeSignature == nil ? name == "lld-tool-unsigned" : name != "lld-tool-unsigned")
      let (signed, lief) = try await MachOPeerChecks.signAndCheck(fixtures, name)
      #expect(
        lief[0].commandCount == original.loadCommands.count
          + (original.codeSignature == nil ? 1 : 0))
      let directory = try CodeDirectory(signed.slices[0].signature.codeDirectories[0])
      #expect(directory.executableSegmentFlags == (name == "lld-dylib" ? 0 : 1))
      if let otool = MachOFixtureBuilds.Tools.otool {
        let text = String(
          decoding: try ProcessRunner.check(otool, ["-l", fixtures.path("\(name)-signed")]),
          as: UTF8.self)
        #expect(
          text.contains("LC_CODE_SIGNATURE")
            && text.contains("dataoff \(lief[0].codeSignature?[0] ?? -1)"))
      }
    }
  }

  @Test func refusesAnExecutableLinkedWithNoHeaderPadding() async throws {
    let bytes = try MachOFixtureBuilds.lld.get().bytes("lld-tool-nopad")
    do {
      _ = try await MachOSigner(maker: AdHocSliceMaker()).sign(bytes, path: "bin/tool")
      Issue.record("a file with no room for LC_CODE_SIGNATURE was signed")
    } catch {
      #expect(error == .noRoomForLoadCommand(path: "bin/tool", architecture: "arm64", available: 0))
    }
  }
}

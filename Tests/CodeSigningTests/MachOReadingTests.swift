import CodeSigning
import ShipyardTestSupport
import SystemSupport
import Testing

/// The Mach-O reader on hand-made files: what it reads, and that damaged or hostile headers
/// give errors naming the file (never traps).
@Suite struct MachOReadingTests {
  static let path = "Tool.app/Contents/MacOS/Tool"

  @Test(arguments: [(true, false), (false, true)])
  func readsTheHeaderSegmentsAndVersion(is64Bit: Bool, bigEndian: Bool) throws {
    let machO = SyntheticMachO(
      is64Bit: is64Bit, bigEndian: bigEndian, cpuType: is64Bit ? 0x0100_000C : 18)
    let slice = try MachOSlice(bytes: machO.bytes()[...], path: Self.path)
    #expect(slice.architecture == (is64Bit ? "arm64" : "ppc"))
    #expect(slice.is64Bit == is64Bit && slice.isBigEndian == bigEndian)
    #expect(slice.fileType == .execute && slice.fileType.description == "MH_EXECUTE")
    #expect(
      slice.loadCommands.map(\.command) == [is64Bit ? 0x19 : 0x1, is64Bit ? 0x19 : 0x1, 0x32])
    #expect(slice.segments.map(\.name) == ["__TEXT", "__LINKEDIT"])
    #expect(slice.segments[1].fileOffset == 4096 && slice.segments[1].fileSize == 100)
    #expect(slice.segments[0].sections.map(\.name) == ["__text"])
    #expect(slice.segments[0].sections[0].fileOffset == 1024)
    #expect(slice.buildVersion?.platform == 1 && slice.buildVersion?.isBuildVersion == true)
    #expect(slice.buildVersion?.minimumOS == 0xB_0000 && slice.buildVersion?.sdk == 0xE_0000)
    #expect(slice.codeSignature == nil && slice.embeddedInfoPlist == nil && !slice.needsSHA1)
    let facts = slice.facts(codeLimit: 4208)
    #expect(
      facts
        == MachOCodeFacts(
          codeLimit: 4208, executableSegmentBase: 0, executableSegmentLimit: 4096,
          isMainExecutable: true, sdkVersion: 0xE_0000, needsSHA1: false))
  }

  @Test func aMinimumBelow10_11_4NeedsSHA1() throws {
    for (minimum, needs) in [(0x000A_0900, true), (0x000A_0B03, true), (0x000A_0B04, false)] {
      let machO = SyntheticMachO(minimumOS: UInt32(minimum))
      #expect(try MachOSlice(bytes: machO.bytes()[...], path: Self.path).needsSHA1 == needs)
    }
  }

  @Test func isMachOTellsMachOFromJavaClassFilesAndText() {
    #expect(MachOFile.isMachO(prefix: [0xCF, 0xFA, 0xED, 0xFE, 0x0C, 0, 0, 1]))
    #expect(MachOFile.isMachO(prefix: [0xFE, 0xED, 0xFA, 0xCE, 0, 0, 0, 18]))
    #expect(MachOFile.isMachO(prefix: [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 2]))
    #expect(MachOFile.isMachO(prefix: [0xCA, 0xFE, 0xBA, 0xBF, 0, 0, 0, 2]))
    // A Java class file: minor 0, major 52 (Java 8) where nfat_arch would be.
    #expect(!MachOFile.isMachO(prefix: [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52]))
    #expect(!MachOFile.isMachO(prefix: [0xCA, 0xFE, 0xBA, 0xBE, 0, 3, 0, 45]))
    #expect(!MachOFile.isMachO(prefix: Array("#!/bin/sh\n".utf8)))
    #expect(!MachOFile.isMachO(prefix: [0xCF, 0xFA]))
  }

  /// Each damage, and the kind of error it gives.
  static func damaged() -> [(String, [UInt8], MachOError.Kind)] {
    let good = SyntheticMachO().bytes()
    func patched(_ offset: Int, _ value: UInt32) -> [UInt8] {
      var bytes = good
      withUnsafeBytes(of: value.littleEndian) {
        bytes.replaceSubrange(offset..<(offset + 4), with: $0)
      }
      return bytes
    }
    let firstCommand = 32
    let linkedit = 32 + 72 + 80
    return [
      ("empty", [], .notMachO),
      ("magic only", Array(good.prefix(4)), .malformedHeader),
      ("cut in the header", Array(good.prefix(20)), .malformedHeader),
      ("cut in the commands", Array(good.prefix(200)), .malformedHeader),
      ("not Mach-O", Array("hello, world".utf8), .notMachO),
      ("huge ncmds", patched(16, 0xFFFF_FFFF), .malformedHeader),
      ("huge sizeofcmds", patched(20, 0xFFFF_FF00), .malformedHeader),
      ("cmdsize 0", patched(firstCommand + 4, 0), .malformedLoadCommand),
      ("cmdsize past the commands", patched(firstCommand + 4, 0x10000), .malformedLoadCommand),
      ("huge nsects", patched(firstCommand + 64, 0x0FFF_FFFF), .malformedLoadCommand),
      ("segment past the end", patched(linkedit + 48, 0x7FFF_FFFF), .malformedLoadCommand),
      ("overlapping segments", patched(linkedit + 40, 4000), .malformedLoadCommand),
      (
        "fat slice past the end",
        [
          0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 1, 1, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0x10, 0, 0, 0, 0x10, 0,
          0, 0, 0, 14,
        ], .malformedFatHeader
      ),
      (
        "fat table cut short", [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 3, 1, 0, 0, 12],
        .malformedFatHeader
      ),
    ]
  }

  /// A universal file whose x86_64 slice starts inside its arm64 one (both slices otherwise
  /// valid and inside the file): the error names both slices and the offset field at fault.
  @Test func overlappingFatSlicesAreNamedWithTheirOffsets() {
    var bytes: [UInt8] = [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 2]
    for (cpu, offset) in [(0x0100_000C as UInt32, 4096 as UInt32), (0x0100_0007, 6144)] {
      for field in [cpu, 0, offset, 8192, 12] {
        withUnsafeBytes(of: field.bigEndian) { bytes += $0 }
      }
    }
    bytes += [UInt8](repeating: 0, count: 16384 - bytes.count)
    let error = #expect(throws: MachOError.self) { try MachOFile(bytes: bytes, path: Self.path) }
    #expect(error?.kind == .malformedFatHeader)
    #expect(
      error?.description
        == "\(Self.path) is not a valid Mach-O file: the x86_64 slice at 6144 overlaps the arm64 slice [4096, 12288) at offset 36"
    )
  }

  /// A load command count, or size, past the header's commands and the slice: named with the
  /// field and its offset, before any command is read.
  @Test func aLoadCommandCountPastTheHeaderIsNamedWithItsOffset() {
    let cases = Self.damaged().filter { $0.0 == "huge ncmds" || $0.0 == "huge sizeofcmds" }
    let messages = cases.map { _, bytes, _ in
      (#expect(throws: MachOError.self) { try MachOFile(bytes: bytes, path: Self.path) })?
        .description ?? ""
    }
    let commands = SyntheticMachO().commandsSize
    #expect(
      messages == [
        "\(Self.path) (arm64 slice) is not a valid Mach-O file: ncmds 4294967295 cannot fit in sizeofcmds \(commands) (8 bytes per command at least) at offset 16",
        "\(Self.path) (arm64 slice) is not a valid Mach-O file: sizeofcmds 4294967040 runs past the slice's \(SyntheticMachO().bytes().count) bytes at offset 20",
      ], "\(messages)")
  }

  @Test func damagedFilesGiveErrorsNamingTheFile() {
    for (name, bytes, kind) in Self.damaged() {
      #expect(throws: MachOError.self, "\(name)") {
        try MachOFile(bytes: bytes, path: Self.path)
      }
      do {
        _ = try MachOFile(bytes: bytes, path: Self.path)
      } catch {
        #expect(error.kind == kind, "\(name): \(error)")
        #expect(error.description.hasPrefix(Self.path), "\(name): \(error)")
      }
    }
  }

  /// Random damage to the header and commands: every outcome is a value or an error.
  @Test func randomDamageNeverTraps() throws {
    let good = SyntheticMachO().bytes()
    var generator = SplitMix(seed: 18)
    var errors = 0
    for _ in 0..<3000 {
      var bytes = good
      for _ in 0..<(1 + Int(generator.next() % 4)) {
        let offset = Int(generator.next() % UInt64(32 + SyntheticMachO().commandsSize))
        bytes[offset] = UInt8(truncatingIfNeeded: generator.next())
      }
      do {
        let file = try MachOFile(bytes: bytes, path: Self.path)
        _ = file.slices.map { ($0.macho.facts(codeLimit: 0), $0.macho.embeddedInfoPlist) }
        _ = try MachOSignatureReader(bytes: bytes, path: Self.path)
      } catch {
        errors += 1
      }
    }
    #expect(errors > 0)
  }
}

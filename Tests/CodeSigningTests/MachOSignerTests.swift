import CodeSigning
import Digests
import ShipyardTestSupport
import SystemSupport
import Testing

/// The Mach-O signer on hand-made files: the layout of §1, the refusals, universal files.
@Suite struct MachOSignerTests {
  static let path = "Tool.app/Contents/MacOS/Tool"

  /// Signs `bytes` with a fresh ad hoc maker.
  static func sign(_ bytes: [UInt8], maker: AdHocSliceMaker = AdHocSliceMaker())
    async throws(MachOSigningError) -> SignedMachO
  {
    try await MachOSigner(maker: maker).sign(bytes, path: path)
  }

  /// The error signing `bytes` gives, if any.
  static func signingError(_ bytes: [UInt8], maker: AdHocSliceMaker = AdHocSliceMaker()) async
    -> MachOSigningError?
  {
    do {
      _ = try await sign(bytes, maker: maker)
      return nil
    } catch { return error }
  }

  @Test(arguments: [(true, false), (false, true)])
  func signsAThinFileAndReadsItBack(is64Bit: Bool, bigEndian: Bool) async throws {
    let original = SyntheticMachO(
      is64Bit: is64Bit, bigEndian: bigEndian, cpuType: is64Bit ? 0x0100_000C : 18)
    let signed = try await Self.sign(original.bytes())
    let slice = try MachOSlice(bytes: signed.bytes[...], path: Self.path)
    // LC_CODE_SIGNATURE appended; the signature at the end of __LINKEDIT rounded up to 16.
    #expect(slice.loadCommands.count == 4 && slice.loadCommands.last?.command == 0x1D)
    let command = try #require(slice.codeSignature)
    #expect(command.dataOffset == 4096 + 112 && command.dataOffset % 16 == 0)
    #expect(command.dataSize % 1024 == 0 && command.dataEnd == signed.bytes.count)
    let linkedit = try #require(slice.segment(named: "__LINKEDIT"))
    #expect(linkedit.fileEnd == command.dataEnd && linkedit.vmSize == 16384)
    // The padding between the old end and dataoff is zeros, and hashed.
    #expect(signed.bytes[4196..<4208].allSatisfy { $0 == 0 })
    let reader = try MachOSignatureReader(bytes: signed.bytes, path: Self.path)
    #expect(reader.slices.count == 1)
    #expect(reader.slices[0].isValid, "\(reader.slices[0].findings)")
    #expect(reader.slices[0].codeDirectories.map(\.codeLimit) == [Int64(command.dataOffset)])
    #expect(reader.slices[0].codeDirectories[0].executableSegmentLimit == 4096)
    #expect(reader.slices[0].codeDirectories[0].executableSegmentFlags == 1)
    #expect(signed.slices.map(\.architecture) == [is64Bit ? "arm64" : "ppc"])
  }

  @Test func signingASignedFileGivesTheSameLayoutAndBytes() async throws {
    let once = try await Self.sign(SyntheticMachO().bytes())
    let twice = try await Self.sign(once.bytes)
    #expect(twice.bytes == once.bytes)
  }

  @Test func theReaderNamesAChangedPageAndAMovedLimit() async throws {
    var signed = try await Self.sign(SyntheticMachO().bytes()).bytes
    signed[2000] ^= 0x01
    let findings = try MachOSignatureReader(bytes: signed, path: Self.path).slices[0].findings
    #expect(findings.filter { !$0.ok }.map(\.check) == [.codeDigest(hash: "sha256")])
    #expect(findings.first { !$0.ok }?.detail == "page 0 does not match its digest")
  }

  @Test func refusesAppendedBytes() async {
    let bytes = SyntheticMachO().bytes() + Array("payload".utf8)
    let error = await Self.signingError(bytes)
    #expect(error == .appendedData(path: Self.path, architecture: "arm64", offset: 4196, count: 7))
    #expect(error?.description.contains("7 bytes follow __LINKEDIT") == true)
  }

  @Test func refusesAFileWithNoRoomForTheLoadCommand() async {
    var machO = SyntheticMachO()
    machO.textOffset = 32 + machO.commandsSize + 8
    let error = await Self.signingError(machO.bytes())
    #expect(error == .noRoomForLoadCommand(path: Self.path, architecture: "arm64", available: 8))
  }

  @Test func refusesNoLinkeditAndALinkeditThatIsNotLast() async {
    let noLinkedit = await Self.signingError(SyntheticMachO(linkeditName: "__DATA").bytes())
    #expect(noLinkedit == .noLinkedit(path: Self.path, architecture: "arm64"))
    let notLast = await Self.signingError(SyntheticMachO(segmentAfterLinkedit: true).bytes())
    #expect(notLast == .linkeditNotLast(path: Self.path, architecture: "arm64", segment: "__EXTRA"))
  }

  @Test func refusesASignatureLargerThanItsReserve() async {
    var maker = AdHocSliceMaker()
    maker.estimateAdjustment = -2048
    let error = await Self.signingError(SyntheticMachO().bytes(), maker: maker)
    guard case .signatureLargerThanReserved(Self.path, "arm64", _, 0)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
  }

  @Test func signsEachSliceOfAUniversalFileAndAlignsThem() async throws {
    // x86_64 first (aligned to 2^12), then arm64 (2^14); the x86_64 slice needs SHA-1.
    let x86 = SyntheticMachO(cpuType: 0x0100_0007, minimumOS: 0x000A_0900).bytes()
    let arm = SyntheticMachO().bytes()
    var fat = MachOFatHeader(
      architectures: [
        .init(
          cpu: .init(type: 0x0100_0007, subtype: 3), offset: 4096, size: x86.count, alignment: 12),
        .init(
          cpu: .init(type: 0x0100_000C, subtype: 0), offset: 16384, size: arm.count, alignment: 14),
      ], is64Bit: false
    ).bytes()
    fat += [UInt8](repeating: 0, count: 4096 - fat.count) + x86
    fat += [UInt8](repeating: 0, count: 16384 - fat.count) + arm
    let maker = AdHocSliceMaker()
    let signed = try await Self.sign(fat, maker: maker)
    let file = try MachOFile(bytes: signed.bytes, path: Self.path)
    #expect(file.isUniversal && file.slices.map(\.architecture) == ["x86_64", "arm64"])
    #expect(file.slices.map(\.range.lowerBound) == [4096, 16384])
    #expect(file.slices.map(\.alignment) == [12, 14])
    #expect(maker.recordedFacts.withLock { $0.map(\.needsSHA1) } == [true, true])
    let reader = try MachOSignatureReader(bytes: signed.bytes, path: Self.path)
    for slice in reader.slices {
      #expect(slice.isValid, "\(slice.architecture): \(slice.findings)")
      #expect(slice.codeDirectories.map(\.hashType) == [.sha1, .sha256])
    }
    #expect(signed.slices.map(\.architecture) == ["x86_64", "arm64"])
  }
}

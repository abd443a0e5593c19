import CodeSigning
import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing

/// `UniversalMachOPlan` over the Go cross-builds, checked against `llvm-lipo` (the same bytes
/// as `-create`, `-info`, `-verify_arch`) and lief, slices byte-identical to their sources.
@Suite(
  .enabled(
    if: MachOFixture.shouldRun([.goAmd64, .goArm64], peers: [.lipo, .lief]),
    MachOFixture.skipReason([.goAmd64, .goArm64], peers: [.lipo, .lief])))
struct UniversalMachOPlanTests {
  /// The slices of the files at `paths`, read by their headers.
  static func extents(_ paths: [URL]) throws -> [MachOSliceExtents] {
    try paths.map { url in
      let descriptor = try FileDescriptor.openForReading(url.path)
      defer { descriptor.close() }
      let size = try descriptor.status().size
      return try MachOSliceExtents(reading: descriptor, size: Int(size), path: url.path)
    }
  }

  /// Writes the universal binary of `inputs` to `output`.
  static func merge(_ inputs: [URL], to output: URL) throws -> UniversalMachOPlan {
    let plan = try UniversalMachOPlan(try extents(inputs))
    let descriptor = try FileDescriptor.createExclusively(output.path)
    defer { descriptor.close() }
    try plan.write(to: descriptor)
    return plan
  }

  @Test(arguments: [false, true])
  func twoGoBuildsGiveLiposBytesSliceForSlice(secondFirst: Bool) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let amd64 = try MachOFixture.goAmd64.url
    let arm64 = try MachOFixture.goArm64.url
    let output = folder.file("universal")
    // Given either order, the slices go in lipo's: x86_64, then arm64.
    let plan = try Self.merge(secondFirst ? [arm64, amd64] : [amd64, arm64], to: output)
    #expect(plan.header.architectures.map(\.cpu.name) == ["x86_64", "arm64"])

    let lipo = try FixtureTool.lipo.requirePath()
    let reference = folder.file("reference")
    try UniversalBinary.create(lipo: lipo, slices: [amd64, arm64], output: reference)
    let bytes = try Data(contentsOf: output)
    #expect(bytes == (try Data(contentsOf: reference)), "the same bytes as llvm-lipo -create")
    let info = try ProcessRunner.check(lipo, ["-info", output.path])
    let infoText = String(decoding: info, as: UTF8.self)
    #expect(infoText.contains("are: x86_64 arm64"), "\(infoText)")
    for architecture in ["x86_64", "arm64"] {
      #expect(ProcessRunner.succeeds(lipo, [output.path, "-verify_arch", architecture]))
    }
    #expect(!ProcessRunner.succeeds(lipo, [output.path, "-verify_arch", "arm64e"]))

    let slices = try LiefMachO.read(output)
    #expect(slices.map(\.architecture) == ["x86_64", "arm64"])
    #expect(slices.map(\.fatOffset) == [4096, plan.header.architectures[1].offset])
    #expect(slices[1].fatOffset % 16384 == 0)
    for (slice, source) in zip(slices, [amd64, arm64]) {
      let original = try Data(contentsOf: source)
      #expect(slice.size == original.count)
      #expect(bytes[slice.fatOffset..<(slice.fatOffset + slice.size)] == original[...])
    }
  }

  @Test func aUniversalInputGivesItsSlices() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let lipo = try FixtureTool.lipo.requirePath()
    let amd64 = try MachOFixture.goAmd64.url
    let arm64 = try MachOFixture.goArm64.url
    // A universal file of one slice (what some build systems leave), then the other thin one.
    let fat = try UniversalBinary.create(lipo: lipo, slices: [amd64], output: folder.file("fat"))
    let output = folder.file("universal")
    _ = try Self.merge([fat, arm64], to: output)
    let reference = try UniversalBinary.create(
      lipo: lipo, slices: [amd64, arm64], output: folder.file("reference"))
    #expect(try Data(contentsOf: output) == Data(contentsOf: reference))
  }

  @Test func twoSlicesOfOneArchitectureAreRefused() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let lipo = try FixtureTool.lipo.requirePath()
    let amd64 = try MachOFixture.goAmd64.url
    let universal = try UniversalBinary.create(
      lipo: lipo, slices: [amd64, try MachOFixture.goArm64.url], output: folder.file("fat"))
    #expect(
      throws: UniversalMachOError.duplicateArchitecture(
        "x86_64", firstPath: universal.path, secondPath: amd64.path)
    ) { try UniversalMachOPlan(try Self.extents([universal, amd64])) }
    let message = UniversalMachOError.duplicateArchitecture(
      "arm64", firstPath: "a/Demo", secondPath: "b/Demo"
    ).description
    #expect(message.contains("a/Demo and b/Demo both have an arm64 slice"))
  }

  @Test func aDamagedHeaderIsAnErrorNamingTheFile() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    // A universal header whose one slice runs past the end of the file.
    let slice = MachOFatHeader.Architecture(
      cpu: .init(type: MachOCPU.x64, subtype: 3), offset: 4096, size: 99_999, alignment: 12)
    let bytes = MachOFatHeader(architectures: [slice], is64Bit: false).bytes()
    let padding = [UInt8](repeating: 0, count: 5000 - bytes.count)
    let damaged = try folder.write(bytes + padding, to: "damaged")
    #expect {
      _ = try Self.extents([damaged])
    } throws: { error in
      (error as? MachOError)?.kind == .malformedFatHeader
        && "\(error)".contains(damaged.path) && "\(error)".contains("not inside the 5000-byte file")
    }
    // A file that is no Mach-O at all.
    let text = try folder.write(Array("not code at all, just text\n".utf8), to: "text")
    #expect { _ = try Self.extents([text]) } throws: { ($0 as? MachOError)?.kind == .notMachO }
  }
}

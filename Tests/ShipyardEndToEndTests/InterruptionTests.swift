import Foundation
import ShipyardTestSupport
import Testing

/// SIGINT and SIGTERM during `dmg build`, `dmg sign`, `app sign` and `dmg ship` (issue #19,
/// Must-show 4): the run removes every temporary file and folder it made, leaves the target as
/// it was (absent, or the previous bytes), says "interrupted" and exits with 128 + the signal.
///
/// Each run is signalled once its temporary file or staging folder appears, with a payload big
/// enough that the run is still going then.
@Suite(.serialized)
struct InterruptionTests {
  /// Checks what every interrupted run must show: signalled while it ran, the exit status, the
  /// message, and no temporary sibling of `name` left in `folder`.
  static func expectInterrupted(
    _ run: SignalledRun, by signal: Int32, _ workspace: FaultWorkspace, name: String = "Big.dmg",
    in folder: URL? = nil
  ) {
    #expect(run.wasSignalled, "the run ended before its marker appeared: \(run.errors)")
    #expect(run.status == 128 + signal, "\(run.errors)")
    #expect(run.errors.contains("interrupted"), "\(run.errors)")
    let leftovers = workspace.leftovers(of: name, in: folder ?? workspace.output)
    #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func anInterruptedBuildLeavesNoImage(signal: Int32) throws {
    let workspace = try FaultWorkspace(megabytes: 160)
    defer { workspace.folder.remove() }
    let run = try SignalledRun.run(
      ["dmg", "build", workspace.source, "-o", workspace.image.path, "--force"],
      environment: [workspace.temporaryVariable], signal: signal, in: workspace.folder
    ) { workspace.imageIsBeingWritten }
    Self.expectInterrupted(run, by: signal, workspace)
    #expect(try workspace.contents(of: workspace.output).isEmpty)
    #expect(try workspace.contents(of: workspace.temporary).isEmpty)
  }

  @Test func anInterruptedBuildKeepsThePreviousImage() throws {
    let workspace = try FaultWorkspace(megabytes: 160)
    defer { workspace.folder.remove() }
    let previous = Data("the previous image".utf8)
    try previous.write(to: workspace.image)
    let run = try SignalledRun.run(
      ["dmg", "build", workspace.source, "-o", workspace.image.path, "--force"], signal: SIGTERM,
      in: workspace.folder
    ) { workspace.imageIsBeingWritten }
    Self.expectInterrupted(run, by: SIGTERM, workspace)
    #expect(try Data(contentsOf: workspace.image) == previous)
    #expect(try workspace.contents(of: workspace.output) == ["Big.dmg"])
  }

  @Test func anInterruptedSignatureKeepsTheUnsignedImage() throws {
    let workspace = try FaultWorkspace(megabytes: 384)
    defer { workspace.folder.remove() }
    let image = workspace.image.path
    let built = try ProcessRunner.run(
      BuiltProducts.shipyard.path,
      ["dmg", "build", workspace.source, "-o", image, "--format", "UDRO"])
    try #require(built.status == 0, "\(built.standardError)")
    let digest = try ProcessRunner.check("sha256sum", [image])
    let run = try SignalledRun.run(
      ["dmg", "sign", image, "--pem", try TestPKI.path("identity.pem"), "--no-timestamp"],
      signal: SIGINT, in: workspace.folder
    ) { workspace.imageIsBeingWritten }
    Self.expectInterrupted(run, by: SIGINT, workspace)
    #expect(try ProcessRunner.check("sha256sum", [image]) == digest)
  }

  @Test(.enabled(if: ElectronAppFixture.shouldRun, ElectronAppFixture.skipReason))
  func anInterruptedAppSigningLeavesTheAppAsItWas() throws {
    let workspace = try FaultWorkspace(megabytes: 0)
    defer { workspace.folder.remove() }
    let fixture = try ElectronAppFixture.write(in: workspace.folder.url)
    // Enough resources (4,000 sealed files, 128 MiB) that the signing is still going once its
    // staging folder appears.
    let resources = fixture.url.appendingPathComponent("Contents/Resources/Data")
    try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
    let chunk = Data((0..<32_768).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
    for index in 0..<4_000 {
      try (Data("\(index)".utf8) + chunk).write(to: resources.appendingPathComponent("r\(index)"))
    }
    let before = try TreeSnapshot(of: fixture.url)
    let run = try SignalledRun.run(
      [
        "app", "sign", fixture.url.path, "--pem", try TestPKI.path("identity.pem"),
        "--no-timestamp",
      ],
      environment: ["PATH=/usr/bin:/bin"], signal: SIGTERM, in: workspace.folder
    ) { !workspace.leftovers(of: "Demo.app", in: workspace.folder.url).isEmpty }
    Self.expectInterrupted(run, by: SIGTERM, workspace, name: "Demo.app", in: workspace.folder.url)
    #expect(try TreeSnapshot(of: fixture.url) == before)
  }

  @Test(
    .enabled(
      if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable),
      Comment(rawValue: NotaryDouble.requirement)))
  func anInterruptedShipLeavesNoImage() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let workspace = try FaultWorkspace.shipping(megabytes: 160, with: double)
    let run = try SignalledRun.run(
      workspace.shipArguments(double),
      environment: [
        NativeShipTests.path, "P12_PASSWORD=\(NotaryDouble.password)",
        workspace.temporaryVariable, "SHIPYARD_TRUST_ROOTS=\(double.folder.path("root.pem"))",
      ] + double.environment,
      signal: SIGINT, in: workspace.folder
    ) { workspace.imageIsBeingWritten }
    Self.expectInterrupted(run, by: SIGINT, workspace)
    #expect(try workspace.contents(of: workspace.output).isEmpty)
    #expect(try workspace.contents(of: workspace.temporary).isEmpty)
  }
}

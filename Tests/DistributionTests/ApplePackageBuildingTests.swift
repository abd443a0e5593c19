import Distribution
import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing
import XarArchive

/// Installer packages built by Apple's tools against the fakes (whose pkgbuild and productbuild
/// build real packages with `shipyard pkg build --engine native`): pkgbuild's and productbuild's
/// exact arguments, the title added to the synthesized Distribution, the summary read back from
/// the package, refusals before any tool runs, and nothing at the output when a tool fails; and
/// the native engine building through PackageBuilder.
@Suite struct ApplePackageBuildingTests {
  /// The text of the member at `path` of the package at `package`.
  static func member(_ path: String, of package: String) throws -> String {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: package)))
    let reader = try XarReader(source: MemoryByteSource(bytes), size: Int64(bytes.count))
    let entry = try #require(reader.entries.first { $0.path == path })
    return String(decoding: try reader.contents(of: entry), as: UTF8.self)
  }

  @Test func aFolderBecomesAProductArchiveThroughPkgbuildAndProductbuild() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let source = try PackageSources.folder(in: tools.folder)
    let scripts = try PackageSources.scripts(in: tools.folder)
    let output = tools.folder.path("dist.pkg")
    let options = PackageBuildOptions(
      identifier: "com.example.tools", version: "1.2", installLocation: "/usr/local",
      scripts: scripts, title: "Example & Tools")
    let summary = try await AppleEngine(runner: tools.runner).buildPackage(
      source, to: output, options: options)

    let calls = tools.calls
    let component = try #require(calls.first?.last)
    let components = (component as NSString).deletingLastPathComponent
    let workspace = (components as NSString).deletingLastPathComponent
    #expect(workspace.hasPrefix(tools.folder.path(".dist.pkg.shipyard-")), "\(workspace)")
    #expect(component == workspace + "/component/tools.pkg")
    #expect(
      calls == [
        [
          "pkgbuild", "--root", source, "--identifier", "com.example.tools", "--version", "1.2",
          "--install-location", "/usr/local", "--scripts", scripts, component,
        ],
        ["productbuild", "--synthesize", "--package", component, workspace + "/Distribution.xml"],
        [
          "productbuild", "--distribution", workspace + "/Distribution.xml", "--package-path",
          components, workspace + "/dist.pkg",
        ],
      ])
    // The summary is the package's, as the native builder's of the same tree.
    let native = try PackageBuilder.build(
      source, to: tools.folder.path("native.pkg"), options: options)
    #expect(summary.output == output && summary.product)
    #expect(
      [summary.identifier, summary.version, summary.installLocation]
        == ["com.example.tools", "1.2", "/usr/local"])
    #expect(summary.numberOfFiles == native.numberOfFiles)
    #expect(summary.installKilobytes == native.installKilobytes)
    #expect(summary.size == (try FileStatus.of(output)?.size))
    #expect(
      try Self.member("Distribution", of: output).contains("<title>Example &amp; Tools</title>"))
    #expect(PackageSources.leftovers(in: tools.folder).isEmpty)
  }

  @Test func anAppBecomesAComponentPackageWithPkgbuildAlone() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let app = tools.folder.path("Hello.app")
    try FileManager.default.copyItem(atPath: SampleApps.scriptHello, toPath: app)
    let output = tools.folder.path("Hello.pkg")
    let summary = try await AppleEngine(runner: tools.runner).buildPackage(
      app, to: output, options: PackageBuildOptions(component: true))

    let written = try #require(tools.calls.first?.last)
    #expect(written.hasPrefix(tools.folder.path(".Hello.pkg.shipyard-")), "\(written)")
    #expect(
      tools.calls == [
        [
          "pkgbuild", "--component", app, "--identifier", "com.example.shipyard.hello",
          "--version", "1.0", "--install-location", "/Applications", written,
        ]
      ])
    #expect(!summary.product)
    #expect(summary.identifier == "com.example.shipyard.hello")
    #expect(try Self.member("PackageInfo", of: output).contains("com.example.shipyard.hello"))
    #expect(PackageSources.leftovers(in: tools.folder).isEmpty)
  }

  @Test func whatPkgbuildCannotDoIsRefusedBeforeAnyToolRuns() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let source = try PackageSources.folder(in: tools.folder)
    let engine = AppleEngine(runner: tools.runner)
    let output = tools.folder.path("tools.pkg")
    #expect(throws: PipelineError.sha256ChecksumsUnsupported(engine: "apple")) {
      try engine.validate(PackageBuildOptions(sha256: true))
    }
    await #expect(throws: PipelineError.sha256ChecksumsUnsupported(engine: "apple")) {
      _ = try await engine.buildPackage(
        source, to: output,
        options: .init(identifier: "com.example.tools", version: "1", sha256: true))
    }
    // A folder says no identifier: the options must.
    await #expect(throws: PackageBuildError.missing("--identifier", source: source)) {
      _ = try await engine.buildPackage(source, to: output, options: .init(version: "1"))
    }
    #expect(tools.calls.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  /// rcodesign builds no package: the release says so, by capability, before any tool runs.
  @Test func anEngineThatCannotBuildIsRefusedByTheRelease() async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    let release = PackageRelease(
      package: tools.folder.path("tools.pkg"), signingEngine: RCodesignEngine(runner: tools.runner))
    let error = try #require(throws: ReleaseError.self) {
      try release.checkBuild(options: PackageBuildOptions())
    }
    #expect(error.step == .build && error.kind == .invalidOptions)
    #expect(error.description.contains("cannot build installer packages"), "\(error)")
    await #expect(throws: ReleaseError.self) {
      _ = try await release.build(from: tools.folder.url.path, options: PackageBuildOptions())
    }
    #expect(tools.calls.isEmpty)
  }

  @Test(arguments: [
    ("fail-command", "pkgbuild"), ("fail-after-write", "pkgbuild"),
    ("fail-command", "productbuild"), ("fail-after-write", "productbuild"),
  ])
  func aFailingToolLeavesNothingAtTheOutput(scenario: String, tool: String) async throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set(scenario, tool)
    let output = tools.folder.path("tools.pkg")
    await #expect(throws: PipelineError.self) {
      _ = try await AppleEngine(runner: tools.runner).buildPackage(
        try PackageSources.folder(in: tools.folder), to: output,
        options: .init(identifier: "com.example.tools", version: "1"))
    }
    #expect(tools.calls.last?.first == tool)
    #expect(PackageSources.nothingLeft(at: output, in: tools.folder))
  }

  @Test func theNativeEngineBuildsThroughPackageBuilder() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let source = try PackageSources.folder(in: folder)
    let options = PackageBuildOptions(identifier: "com.example.tools", version: "1", dateLimit: 1)
    let engine: any PackageBuilding = NativeEngine.live(configuration: .apple)
    try engine.validate(PackageBuildOptions(sha256: true))
    let summary = try await engine.buildPackage(
      source, to: folder.path("engine.pkg"), options: options)
    var direct = try PackageBuilder.build(source, to: folder.path("direct.pkg"), options: options)
    direct.output = summary.output
    #expect(summary == direct)
    let read = try PackageBuilder.Summary(
      reading: folder.path("engine.pkg"), output: summary.output)
    #expect(read == summary)
  }
}

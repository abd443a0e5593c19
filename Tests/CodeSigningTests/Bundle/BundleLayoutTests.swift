import Foundation
import ShipyardTestSupport
import Testing

@testable import CodeSigning

/// The bundle scan: what is code, what is a bundle, the identifiers, and the layouts Apple's
/// tools refuse, each refused with the path at fault.
@Suite struct BundleLayoutTests {
  @Test func anElectronAppScansIntoItsBundlesAndLooseCode() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let layout = try BundleLayout(scanning: try BundleFixture.electron(in: folder))
    let framework = "Contents/Frameworks/Electron Framework.framework"
    #expect(
      Set(layout.bundles.map(\.contentPath)) == [
        "Contents", "\(framework)/Versions/A", "Contents/Frameworks/Electron Helper.app/Contents",
        "Contents/Frameworks/Electron Helper (GPU).app/Contents",
        "Contents/Library/LoginItems/Launcher.app/Contents", "Contents/PlugIns/Z.plugin/Contents",
      ])
    #expect(
      Set(layout.looseCode.map(\.relativePath)) == [
        "\(framework)/Versions/A/Helpers/chrome_crashpad_handler",
        "\(framework)/Versions/A/Libraries/libffmpeg.dylib", "Contents/Resources/native/addon.node",
      ])
    let version = try #require(layout.bundles.first { $0.contentPath.hasSuffix("Versions/A") })
    // The framework's Info.plist is a binary property list; the parent seals the framework's
    // folder, for its current version.
    #expect(version.mainExecutable.identifier == "com.github.Electron.framework")
    #expect(version.sealedAs == framework)
    #expect(version.infoPlistPath == "\(framework)/Versions/A/Resources/Info.plist")
    #expect(
      version.mainExecutable.role == .mainExecutable(bundleRelativePath: "\(framework)/Versions/A"))
    let app = try #require(layout.bundles.first { $0.contentPath == "Contents" })
    #expect(app.mainExecutable.relativePath == "Contents/MacOS/Electron")
    #expect(app.mainExecutable.role == .mainExecutable(bundleRelativePath: ""))
    #expect(app.mainExecutableInContent == "MacOS/Electron")
    #expect(app.rules == .deep)
    #expect(
      layout.looseCode.map(\.identifier).sorted() == [
        "addon", "chrome_crashpad_handler", "libffmpeg",
      ])
  }

  @Test(arguments: [
    ("foo1.2.dylib", "foo1"), ("libEGL.dylib", "libEGL"), ("addon.node", "addon"),
    ("chrome_crashpad_handler", "chrome_crashpad_handler"), ("libfoo.1.dylib", "libfoo"),
    ("tool.1.2", "tool"), ("com.example.tool", "com.example"),
  ])
  func helperIdentifiersComeFromFileNames(_ name: String, _ identifier: String) {
    #expect(CodeIdentifier.fromFileName(name) == identifier)
  }

  @Test func machOIsToldFromDataAndJavaClassFilesByItsMagic() {
    func bytes(_ words: UInt32...) -> [UInt8] {
      words.flatMap { word in (0..<4).reversed().map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) }
      }
    }
    #expect(MachOFile.isMachO(prefix: BundleFixture.machO("")))
    for magic: UInt32 in [0xFEED_FACE, 0xFEED_FACF, 0xCEFA_EDFE, 0xCFFA_EDFE] {
      #expect(MachOFile.isMachO(prefix: bytes(magic, 0)))
    }
    #expect(MachOFile.isMachO(prefix: bytes(0xCAFE_BABE, 2)))
    #expect(MachOFile.isMachO(prefix: bytes(0xCAFE_BABF, 1)))
    // A Java class file: 0xcafebabe, then minor version 0 and major version 52 (Java 8).
    #expect(!MachOFile.isMachO(prefix: bytes(0xCAFE_BABE, 0x0000_0034)))
    #expect(!MachOFile.isMachO(prefix: bytes(0xCAFE_BABE, 0)))
    #expect(!MachOFile.isMachO(prefix: Array("#!/bin/sh\necho".utf8)))
    #expect(!MachOFile.isMachO(prefix: [0xCF, 0xFA, 0xED]))
  }

  @Test(arguments: [
    "Contents/LICENSE.txt", "Contents/Frameworks/readme.txt", "Contents/MacOS/launch.sh",
    "Contents/Frameworks/Electron Framework.framework/Versions/A/Helpers/notes.txt",
  ])
  func aDataFileWhereCodeBelongsIsRefusedByPath(_ path: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try BundleFixture.electron(in: folder)
    try BundleFixture.write(Array("text".utf8), path, in: app)
    #expect(throws: BundleError.dataInCodeLocation(path: "Electron.app/\(path)")) {
      try BundleLayout(scanning: app)
    }
  }

  @Test func filesThatTheRulesKeepAtTheContentRootAreNoCode() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try BundleFixture.electron(in: folder)
    for name in ["version.plist", "embedded.provisionprofile", ".DS_Store", "CodeResources"] {
      try BundleFixture.write(Array("data".utf8), "Contents/\(name)", in: app)
    }
    try BundleFixture.write(
      Array("dsym".utf8), "Contents/Frameworks/x.dSYM/Contents/Info.plist", in: app)
    #expect(try BundleLayout(scanning: app).bundles.count == 6)
  }

  @Test func aRealFileAtAFrameworksRootIsRefused() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try BundleFixture.electron(in: folder)
    let path = "Contents/Frameworks/Electron Framework.framework/Info.plist"
    try BundleFixture.write(Array("x".utf8), path, in: app)
    #expect(throws: BundleError.unsealedFrameworkRoot(path: "Electron.app/\(path)")) {
      try BundleLayout(scanning: app)
    }
  }

  @Test func aDottedFolderWhereCodeBelongsMustBeABundle() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try BundleFixture.electron(in: folder)
    try BundleFixture.write(BundleFixture.machO("x"), "Contents/PlugIns/odd.dir/x", in: app)
    #expect(
      throws: BundleError.notABundle(
        path: "Electron.app/Contents/PlugIns/odd.dir", reason: "it has no Info.plist")
    ) {
      try BundleLayout(scanning: app)
    }
    try BundleFixture.write(
      BundleFixture.infoPlist(executable: "Gone", identifier: "com.example.gone"),
      "Contents/PlugIns/Gone.plugin/Contents/Info.plist", in: app)
    try FileManager.default.removeItem(at: app.appendingPathComponent("Contents/PlugIns/odd.dir"))
    #expect(
      throws: BundleError.missingMainExecutable(
        path: "Electron.app/Contents/PlugIns/Gone.plugin/Contents/MacOS/Gone")
    ) {
      try BundleLayout(scanning: app)
    }
  }

  @Test func aShallowBundleAndASingleFileScan() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let bundle = folder.file("Tool.bundle")
    try BundleFixture.write(
      BundleFixture.infoPlist(executable: "Tool", identifier: "com.example.tool", type: "BNDL"),
      "Info.plist", in: bundle)
    try BundleFixture.write(BundleFixture.machO("tool"), "Tool", in: bundle)
    try BundleFixture.write(Array("x".utf8), "data.txt", in: bundle)
    let layout = try BundleLayout(scanning: bundle)
    #expect(layout.bundles.map(\.contentPath) == [""] && layout.bundles[0].rules == .shallow)
    #expect(layout.looseCode.isEmpty)
    let binary = try folder.write(BundleFixture.machO("cli"), to: "mytool.1.2")
    let single = try BundleLayout(scanning: binary)
    #expect(single.looseCode.map(\.identifier) == ["mytool"] && single.bundles.isEmpty)
    #expect(
      try BundleLayout(scanning: binary, identifier: "com.example.cli").looseCode[0].identifier
        == "com.example.cli")
    let text = try folder.write(Array("text".utf8), to: "notes.txt")
    #expect(throws: BundleError.self) { try BundleLayout(scanning: text) }
  }

  @Test func theSigningPlanGoesInsideOut() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let plan = SigningPlan(try BundleLayout(scanning: try BundleFixture.electron(in: folder)))
    let framework = "Contents/Frameworks/Electron Framework.framework/Versions/A"
    let helper = "Contents/Frameworks/Electron Helper"
    #expect(
      plan.description == """
        1. sign \(framework)/Helpers/chrome_crashpad_handler as chrome_crashpad_handler
        2. sign \(framework)/Libraries/libffmpeg.dylib as libffmpeg
        3. sign Contents/Resources/native/addon.node as addon
        4. seal \(framework), sign \(framework)/Electron Framework as com.github.Electron.framework
        5. seal Contents/Library/LoginItems/Launcher.app/Contents, sign Contents/Library/LoginItems/Launcher.app/Contents/MacOS/Launcher as com.example.electron.launcher
        6. seal \(helper) (GPU).app/Contents, sign \(helper) (GPU).app/Contents/MacOS/Electron Helper (GPU) as com.example.electron.helper.GPU
        7. seal \(helper).app/Contents, sign \(helper).app/Contents/MacOS/Electron Helper as com.example.electron.helper
        8. seal Contents/PlugIns/Z.plugin/Contents, sign Contents/PlugIns/Z.plugin/Contents/MacOS/Z as com.example.electron.z
        9. seal Contents, sign Contents/MacOS/Electron as com.example.electron
        """)
  }
}

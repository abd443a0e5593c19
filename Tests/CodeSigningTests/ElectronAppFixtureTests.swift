import Foundation
import ShipyardTestSupport
import Testing

/// The Electron-shaped app is what its description says: every Mach-O where it says (and no
/// other), each nested bundle's Info.plist naming it and its executable, the framework's root
/// made of symlinks only, and the options' changes in place.
@Suite(
  .enabled(
    if: MachOFixture.shouldRun(ElectronAppFixture.fixtures, peers: [.lief]),
    MachOFixture.skipReason(ElectronAppFixture.fixtures, peers: [.lief])))
struct ElectronAppFixtureTests {
  @Test func everyMachOIsDescribedAndIsTheFixtureItNames() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try ElectronAppFixture.write(in: folder.url)
    let found = try regularFiles(in: app.url)
    #expect(Set(found.filter(\.value).keys) == Set(app.machOFiles.keys))
    #expect(Set(found.filter { !$0.value }.keys) == Set(app.dataFiles))
    let paths = app.machOFiles.keys.sorted()
    for (path, slices) in zip(paths, try LiefMachO.read(paths.map(app.file))) {
      let fixture = try #require(app.machOFiles[path])
      #expect(slices.map(\.architecture) == fixture.architectures, "\(path)")
      #expect(slices.allSatisfy { $0.fileType == fixture.fileType }, "\(path)")
    }
    #expect(app.machOFiles["Contents/MacOS/Demo"] == .goUniversal)
    #expect(app.machOFiles["Contents/Resources/native.node"] == .bundleArm64)
  }

  @Test func nestedBundlesNameTheirIdentifiersAndExecutablesDeepestFirst() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try ElectronAppFixture.write(in: folder.url)
    #expect(
      app.bundles.map(\.path) == [
        "Contents/Frameworks/Demo Framework.framework/Versions/A",
        "Contents/Library/LoginItems/Demo Login.app",
        "Contents/Frameworks/Demo Helper (Renderer).app", "Contents/Frameworks/Demo Helper.app",
        "Contents/PlugIns/Demo.plugin",
      ])
    for bundle in app.bundles + [mainBundle(of: app)] {
      let keys = try infoPlist(app.file(bundle.infoPlist))
      #expect(keys["CFBundleIdentifier"] as? String == bundle.identifier)
      let executable = keys["CFBundleExecutable"] as? String
      #expect(executable == URL(fileURLWithPath: bundle.executable).lastPathComponent)
      #expect(app.machOFiles[bundle.executable] != nil, "\(bundle.executable)")
    }
    #expect(
      app.looseCode == [
        "Contents/Frameworks/Demo Framework.framework/Versions/A/Helpers/demo_crashpad_handler",
        "Contents/Frameworks/Demo Framework.framework/Versions/A/Libraries/libffmpeg.dylib",
        "Contents/Resources/native.node",
      ])
  }

  @Test func theFrameworkRootHoldsOnlySymlinksAndVersions() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try ElectronAppFixture.write(in: folder.url)
    let root = app.file("Contents/Frameworks/Demo Framework.framework")
    let entries = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
    #expect(entries == ["Demo Framework", "Helpers", "Libraries", "Resources", "Versions"])
    for (path, destination) in app.symlinks {
      let written = try FileManager.default.destinationOfSymbolicLink(atPath: app.file(path).path)
      #expect(written == destination, "\(path)")
      // Every link resolves inside the bundle.
      #expect(FileManager.default.fileExists(atPath: app.file(path).path), "\(path)")
    }
    #expect(app.symlinks["Contents/Resources/app-icon.icns"] == "electron.icns")
    #expect(app.symlinks.count == 6)
  }

  @Test func optionsPutDataWhereCodeBelongsAndSwapMachOFiles() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let library =
      "Contents/Frameworks/Demo Framework.framework/Versions/A/Libraries/libffmpeg.dylib"
    let options = ElectronAppFixture.Options(
      dataFilesWhereCodeBelongs: ["LICENSE.txt", "MacOS/readme.txt"],
      machOFiles: [library: .appendedDataAmd64])
    let app = try ElectronAppFixture.write(in: folder.url, options: options)
    #expect(app.dataFilesWhereCodeBelongs == ["Contents/LICENSE.txt", "Contents/MacOS/readme.txt"])
    for path in app.dataFilesWhereCodeBelongs {
      #expect(try regularFiles(in: app.url)[path] == false, "\(path)")
    }
    #expect(app.machOFiles[library] == .appendedDataAmd64)
    #expect(
      try Data(contentsOf: app.file(library)) == Data(try MachOFixture.appendedDataAmd64.bytes()))
  }

  // MARK: - Helpers

  /// The app itself, described as its nested bundles are.
  private func mainBundle(of app: ElectronAppFixture) -> ElectronAppFixture.NestedBundle {
    .init(
      path: "", identifier: app.identifier, executable: app.mainExecutable,
      infoPlist: "Contents/Info.plist")
  }

  /// Every regular file under `root` (symlinks not followed), by path relative to it, and
  /// whether it starts with a Mach-O or universal magic number.
  private func regularFiles(in root: URL) throws -> [String: Bool] {
    var files: [String: Bool] = [:]
    let prefix = root.standardizedFileURL.path + "/"
    let walker = FileManager.default.enumerator(
      at: root, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey])
    while let url = walker?.nextObject() as? URL {
      let values = try url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
      guard values.isRegularFile == true, values.isSymbolicLink != true else { continue }
      let magic = Array(try Data(contentsOf: url).prefix(4))
      let path = String(url.standardizedFileURL.path.dropFirst(prefix.count))
      files[path] = [[0xcf, 0xfa, 0xed, 0xfe], [0xca, 0xfe, 0xba, 0xbe]].contains(magic)
    }
    return files
  }

  private func infoPlist(_ url: URL) throws -> [String: Any] {
    let keys = try PropertyListSerialization.propertyList(
      from: try Data(contentsOf: url), format: nil)
    return try #require(keys as? [String: Any])
  }
}

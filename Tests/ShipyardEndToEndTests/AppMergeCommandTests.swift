import Foundation
import ShipyardTestSupport
import Testing

/// `shipyard app merge` (issue #20, Must-show 4): two Go-built apps, x86_64 and arm64, become one
/// universal app that llvm-lipo and lief read, with every slice byte-identical to its source,
/// links and modes kept; differences are a clear error that leaves nothing behind, unless
/// `--allow-different` names them.
@Suite(.enabled(if: UniversalAppPair.shouldRun, UniversalAppPair.skipReason))
struct AppMergeCommandTests {
  /// `shipyard app merge` with `arguments`.
  static func merge(_ arguments: [String]) throws -> ProcessRunner.Output {
    try ProcessRunner.run(BuiltProducts.shipyard.path, ["app", "merge"] + arguments)
  }

  /// The pair's two apps and the output path, then `arguments`.
  static func merge(_ pair: UniversalAppPair, to output: URL, _ arguments: [String] = []) throws
    -> ProcessRunner.Output
  {
    try merge([pair.first.url.path, pair.second.url.path, "-o", output.path] + arguments)
  }

  @Test func twoGoBuiltAppsBecomeOneUniversalApp() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let pair = try UniversalAppPair(in: folder.url)
    let output = folder.file("Demo.app")
    let run = try Self.merge(pair, to: output, ["--json"])
    #expect(run.status == 0, "\(run.standardError)")
    let summary = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any]
    let binaries = summary?["binaries"] as? [[String: Any]] ?? []
    #expect(
      Set(binaries.compactMap { $0["path"] as? String }) == Set(UniversalAppPair.thinCode.keys))

    // Every joined binary: lipo's view, lief's, and each slice the bytes of its source.
    let lipo = try FixtureTool.lipo.requirePath()
    let paths = UniversalAppPair.thinCode.keys.sorted()
    let lief = try LiefMachO.read(paths.map { output.appendingPathComponent($0) })
    for (path, slices) in zip(paths, lief) {
      let merged = output.appendingPathComponent(path)
      let info = String(
        decoding: try ProcessRunner.check(lipo, ["-info", merged.path]), as: UTF8.self)
      #expect(info.contains("are: x86_64 arm64"), "\(path): \(info)")
      for architecture in ["x86_64", "arm64"] {
        #expect(
          ProcessRunner.succeeds(lipo, [merged.path, "-verify_arch", architecture]), "\(path)")
      }
      #expect(slices.map(\.architecture) == ["x86_64", "arm64"], "\(path)")
      let bytes = try Data(contentsOf: merged)
      for (slice, source) in zip(slices, [pair.first.file(path), pair.second.file(path)]) {
        let original = try Data(contentsOf: source)
        #expect(slice.size == original.count, "\(path) \(slice.architecture)")
        #expect(bytes[slice.fatOffset..<(slice.fatOffset + slice.size)] == original[...], "\(path)")
      }
    }

    // Everything else is the first build's: the same bytes, links, modes and folders.
    let merged = try TreeSnapshot(of: output).entries
    let first = try TreeSnapshot(of: pair.first.url).entries
    #expect(Set(merged.keys) == Set(first.keys))
    for (path, entry) in first where UniversalAppPair.thinCode[path] == nil {
      #expect(merged[path] == entry, "\(path)")
    }
    for path in UniversalAppPair.thinCode.keys {
      #expect(merged[path]?.hasPrefix("file 755 ") == true, "\(path): \(merged[path] ?? "")")
    }
    #expect(merged["Contents/Resources/scripts"] == "folder 750")
    #expect(merged["Contents/Resources/private.txt"]?.hasPrefix("file 600 ") == true)
    #expect(merged["Contents/Resources/app-icon.icns"] == "link -> electron.icns")
    #expect(
      merged["Contents/Frameworks/Demo Framework.framework/Versions/Current"] == "link -> A")
    #expect(try TreeSnapshot.stagingLeftovers(of: "Demo.app", in: folder.url).isEmpty)
  }

  @Test func differencesAreListedByPathAndLeaveNothing() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let pair = try UniversalAppPair(in: folder.url)
    let second = pair.second
    try Data("other\n".utf8).write(to: second.file("Contents/Resources/app.asar"))
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o644], ofItemAtPath: second.file("Contents/Resources/private.txt").path)
    try Data("new\n".utf8).write(to: second.file("Contents/Resources/extra.txt"))
    try MachOFixture.goAmd64.copy(to: pair.first.file("Contents/Resources/tool"))
    let native = second.file("Contents/Resources/native.node")
    try FileManager.default.removeItem(at: native)
    try Data("not code\n".utf8).write(to: native)
    let icon = second.file("Contents/Resources/app-icon.icns")
    try FileManager.default.removeItem(at: icon)
    try FileManager.default.createSymbolicLink(atPath: icon.path, withDestinationPath: "other.icns")
    let output = folder.file("Demo.app")

    let run = try Self.merge(pair, to: output)
    #expect(run.status == 1)
    for line in [
      "differ where only Mach-O files may (6):",
      "Contents/Resources/app.asar: the content differs",
      "Contents/Resources/private.txt: the mode differs (0600 in the first app, 0644 in the second)",
      "Contents/Resources/extra.txt: data file only in the second app",
      "Contents/Resources/tool: Mach-O file only in the first app",
      "Contents/Resources/native.node: Mach-O in the first app, a data file in the second one",
      "Contents/Resources/app-icon.icns: the link points at \"electron.icns\" in the first app, "
        + "\"other.icns\" in the second",
      "--allow-different <glob>",
    ] {
      #expect(run.standardError.contains(line), "\(line): \(run.standardError)")
    }
    #expect(!FileManager.default.fileExists(atPath: output.path))
    #expect(folder.contents.sorted() == ["arm64", "x86_64"])

    // Two different x86_64 binaries at one path cannot be joined.
    try MachOFixture.executableAmd64.copy(to: second.file("Contents/Resources/tool"))
    let same = try Self.merge(pair, to: output)
    #expect(
      same.standardError.contains(
        "Contents/Resources/tool: both files have an x86_64 slice, and they differ"),
      "\(same.standardError)")
  }

  @Test func allowedDifferencesAreTakenFromThePreferredApp() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let pair = try UniversalAppPair(in: folder.url)
    let asar = "Contents/Resources/app.asar"
    try Data("arm64 archive\n".utf8).write(to: pair.second.file(asar))
    try Data("x86_64 only\n".utf8).write(to: pair.first.file("Contents/Resources/en.lproj/x.txt"))
    let allowed = ["--allow-different", asar, "--allow-different", "**/*.lproj/x.txt"]

    let preferSecond = folder.file("Second.app")
    let run = try Self.merge(pair, to: preferSecond, allowed + ["--prefer", "second"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      try Data(contentsOf: preferSecond.appendingPathComponent(asar))
        == Data("arm64 archive\n".utf8))
    #expect(
      try Data(contentsOf: preferSecond.appendingPathComponent("Contents/Resources/en.lproj/x.txt"))
        == Data("x86_64 only\n".utf8), "a path in one app only is kept from that app")
    let text = String(decoding: run.standardOutput, as: UTF8.self)
    #expect(text.contains("took \(asar) from the second app"), "\(text)")

    let preferFirst = folder.file("First.app")
    #expect(try Self.merge(pair, to: preferFirst, allowed).status == 0)
    #expect(
      try Data(contentsOf: preferFirst.appendingPathComponent(asar))
        == Data(contentsOf: pair.first.file(asar)))

    let bad = try Self.merge(
      pair, to: folder.file("Bad.app"), ["--allow-different", "Contents/[ab"])
    #expect(bad.status == 64)
    #expect(bad.standardError.contains("\"Contents/[ab\": the [ at character 10 is never closed"))
  }

  @Test func anExistingOutputIsKeptUnlessForced() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let pair = try UniversalAppPair(in: folder.url)
    let output = folder.file("Demo.app")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: false)
    try Data("old\n".utf8).write(to: output.appendingPathComponent("old.txt"))

    let refused = try Self.merge(pair, to: output)
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("\(output.path) exists already (--force replaces it)"))
    #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("old.txt").path))

    let forced = try Self.merge(pair, to: output, ["--force"])
    #expect(forced.status == 0, "\(forced.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("old.txt").path))
    #expect(
      FileManager.default.fileExists(
        atPath: output.appendingPathComponent("Contents/MacOS/Demo").path))
    #expect(try TreeSnapshot.stagingLeftovers(of: "Demo.app", in: folder.url).isEmpty)

    let onItself = try Self.merge([
      pair.first.url.path, pair.second.url.path, "-o", pair.first.url.path, "--force",
    ])
    #expect(onItself.status == 1)
    #expect(
      onItself.standardError.contains("is one of the apps merged"), "\(onItself.standardError)")
  }

  @Test func twoBinariesMergeAsLlvmLipoJoinsThemAndAppsMayBeLinks() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let amd64 = try MachOFixture.goAmd64.url
    let arm64 = try MachOFixture.goArm64.url
    let output = folder.file("hello")
    let run = try Self.merge([arm64.path, amd64.path, "-o", output.path])
    #expect(run.status == 0, "\(run.standardError)")
    let reference = try UniversalBinary.create(
      lipo: try FixtureTool.lipo.requirePath(), slices: [amd64, arm64],
      output: folder.file("reference"))
    #expect(try Data(contentsOf: output) == Data(contentsOf: reference))

    // An app given as a symbolic link (build/MyApp.app -> …) is the app it points at.
    let pair = try UniversalAppPair(in: folder.url)
    let link = folder.file("x86_64.app")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: pair.first.url)
    let app = folder.file("Demo.app")
    let linked = try Self.merge([link.path, pair.second.url.path, "-o", app.path])
    #expect(linked.status == 0, "\(linked.standardError)")
    #expect(try TreeSnapshot(of: app).entries["Contents/Info.plist"] != nil)
  }

  @Test(.enabled(if: SmallVolume.shouldRun, Comment(rawValue: SmallVolume.skipReason)))
  func aFullDiskSaysSoAndLeavesNothing() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let pair = try UniversalAppPair(in: folder.url)
    let volume = try SmallVolume(size: "2m", in: folder)
    defer { volume.remove() }
    let output = volume.url.appendingPathComponent("Demo.app")
    let run = try Self.merge(pair, to: output)
    #expect(run.status == 1)
    #expect(run.standardError.contains("ENOSPC"), "\(run.standardError)")
    #expect(run.standardError.contains(output.path), "\(run.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: volume.url.path).isEmpty)
  }
}

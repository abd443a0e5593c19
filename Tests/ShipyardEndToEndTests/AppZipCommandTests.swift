import Foundation
import ShipyardTestSupport
import Testing

/// `shipyard app zip` read back by peers: Python's `zipfile` sees ditto's layout (the app's
/// folder first, a folder entry each, Unix modes, links as `S_IFLNK` with their targets as the
/// data, UTC DOS times), and Info-ZIP's `zipinfo` and `unzip` list it and restore the same tree.
@Suite struct AppZipCommandTests {
  static let python = PeerPolicy.shouldRun(
    whenAvailable: ProcessRunner.succeeds("python3", ["-c", "import zipfile"]))
  static let infoZip = PeerPolicy.shouldRun(
    whenAvailable: ProcessRunner.succeeds("unzip", ["-v"]))

  /// Every entry as Python's `zipfile` reads it: name, system that made it, Unix mode, DOS time
  /// and data (hex), one JSON object a line, in the archive's order.
  static let reader = """
    import json, sys, zipfile
    with zipfile.ZipFile(sys.argv[1]) as archive:
        assert archive.testzip() is None
        for info in archive.infolist():
            print(json.dumps({'name': info.filename, 'system': info.create_system,
                              'mode': info.external_attr >> 16, 'time': list(info.date_time),
                              'data': archive.read(info).hex()}))
    """

  /// One entry as Python read it.
  struct Entry: Decodable {
    let name: String
    let system: Int
    let mode: Int
    let time: [Int]
    let data: String
  }

  static func shipyard(_ arguments: [String]) throws -> ProcessRunner.Output {
    try ProcessRunner.run(BuiltProducts.shipyard.path, arguments)
  }

  static func entries(of zip: String) throws -> [Entry] {
    let lines = try ProcessRunner.check("python3", ["-c", reader, zip])
    return try String(decoding: lines, as: UTF8.self).split(separator: "\n").map {
      try JSONDecoder().decode(Entry.self, from: Data($0.utf8))
    }
  }

  /// `Fancy.app` with a framework laid out as Xcode lays one out: `Versions/Current -> A` and
  /// top-level links into it, an executable in each, and every time set to `time`.
  static func fancyApp(in folder: ScratchFolder, time: Date) throws -> String {
    let manager = FileManager.default
    let app = folder.path("src/Fancy.app")
    let framework = app + "/Contents/Frameworks/Kit.framework"
    for path in ["/Contents/MacOS", "/Contents/Frameworks/Kit.framework/Versions/A/Resources"] {
      try manager.createDirectory(atPath: app + path, withIntermediateDirectories: true)
    }
    let files: [(String, String, Int)] = [
      ("/Contents/Info.plist", "<plist><dict/></plist>\n", 0o644),
      ("/Contents/MacOS/Fancy", "#!/bin/sh\necho fancy\n", 0o755),
      ("/Contents/Frameworks/Kit.framework/Versions/A/Kit", "\u{CF}kit", 0o755),
      ("/Contents/Frameworks/Kit.framework/Versions/A/Resources/Info.plist", "<plist/>", 0o644),
    ]
    for (path, text, mode) in files {
      try Data(text.utf8).write(to: URL(fileURLWithPath: app + path))
      try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: app + path)
    }
    for (name, target) in [
      ("Versions/Current", "A"), ("Kit", "Versions/Current/Kit"),
      ("Resources", "Versions/Current/Resources"),
    ] {
      try manager.createSymbolicLink(
        atPath: framework + "/" + name, withDestinationPath: target)
    }
    for path in try [""] + manager.subpathsOfDirectory(atPath: app).map({ "/" + $0 }) {
      var times = [timeval(tv_sec: Int(time.timeIntervalSince1970), tv_usec: 0)]
      times.append(times[0])
      #expect(lutimes(app + path, times) == 0)
    }
    return app
  }

  @Test(.enabled(if: python)) func helloZipsInDittosLayout() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let hello = PeerPolicy.packageRoot.appendingPathComponent("Examples/Hello.app").path
    let run = try Self.shipyard(["app", "zip", hello, "-o", folder.path("dist") + "/"])
    #expect(run.status == 0, "\(run.standardError)")
    let zip = folder.path("dist/Hello.zip")
    #expect(
      String(decoding: run.standardOutput, as: UTF8.self).hasPrefix("wrote \(zip) (8 entries"))

    let entries = try Self.entries(of: zip)
    #expect(
      entries.map(\.name) == [
        "Hello.app/", "Hello.app/Contents/", "Hello.app/Contents/Info.plist",
        "Hello.app/Contents/MacOS/", "Hello.app/Contents/MacOS/Hello", "Hello.app/Contents/PkgInfo",
        "Hello.app/Contents/Resources/", "Hello.app/Contents/Resources/Hello.icns",
      ])
    #expect(entries.allSatisfy { $0.system == 3 })  // made by Unix
    let modes = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.mode) })
    #expect(modes["Hello.app/"] == 0o40755)
    #expect(modes["Hello.app/Contents/MacOS/Hello"] == 0o100755)
    #expect(modes["Hello.app/Contents/Info.plist"] == 0o100644)
    for entry in entries where !entry.name.hasSuffix("/") {
      let source = try Data(contentsOf: URL(fileURLWithPath: hello + entry.name.dropFirst(9)))
      #expect(entry.data == source.map { String(format: "%02x", $0) }.joined(), "\(entry.name)")
    }
  }

  @Test(.enabled(if: python)) func aFrameworksLinksAndExecutablesKeepTheirKindModeAndTime()
    throws
  {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let time = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13:20 UTC
    let app = try Self.fancyApp(in: folder, time: time)
    let zip = folder.path("Fancy.zip")
    let run = try Self.shipyard(["app", "zip", app, "-o", zip])
    #expect(run.status == 0, "\(run.standardError)")

    let entries = Dictionary(uniqueKeysWithValues: try Self.entries(of: zip).map { ($0.name, $0) })
    let kit = "Fancy.app/Contents/Frameworks/Kit.framework/"
    for (name, target) in [
      ("Versions/Current", "A"), ("Kit", "Versions/Current/Kit"),
      ("Resources", "Versions/Current/Resources"),
    ] {
      let entry = try #require(entries[kit + name])
      #expect(entry.mode & 0o170000 == 0o120000, "\(name) is not S_IFLNK")
      #expect(entry.data == Data(target.utf8).map { String(format: "%02x", $0) }.joined())
    }
    #expect(entries[kit + "Versions/A/Kit"]?.mode == 0o100755)
    #expect(entries["Fancy.app/Contents/MacOS/Fancy"]?.mode == 0o100755)
    #expect(entries[kit + "Versions/"]?.mode == 0o40755)
    #expect(entries[kit + "Versions/Current/"] == nil, "a link was followed")
    #expect(entries.values.allSatisfy { $0.time == [2023, 11, 14, 22, 13, 20] })
  }

  @Test(.enabled(if: infoZip)) func infoZipListsAndRestoresTheSameTree() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try Self.fancyApp(in: folder, time: Date(timeIntervalSince1970: 1_700_000_000))
    let zip = folder.path("Fancy.zip")
    #expect(try Self.shipyard(["app", "zip", app, "-o", zip]).status == 0)

    let listing = String(decoding: try ProcessRunner.check("unzip", ["-Z", zip]), as: UTF8.self)
    let lines = listing.split(separator: "\n")
    func line(_ name: String) -> Substring? { lines.first { $0.hasSuffix(" " + name) } }
    #expect(line("Fancy.app/")?.hasPrefix("drwxr-xr-x") == true, "\(listing)")
    #expect(line("Fancy.app/Contents/MacOS/Fancy")?.hasPrefix("-rwxr-xr-x") == true)
    let current = "Fancy.app/Contents/Frameworks/Kit.framework/Versions/Current"
    #expect(line(current)?.hasPrefix("l") == true, "\(listing)")
    #expect(try ProcessRunner.run("unzip", ["-tq", zip]).status == 0)

    let out = folder.path("unzipped")
    _ = try ProcessRunner.check("unzip", ["-q", zip, "-d", out])
    #expect(
      try TreeSnapshot(of: URL(fileURLWithPath: out + "/Fancy.app"))
        == TreeSnapshot(of: URL(fileURLWithPath: app)))
    let restored = try FileManager.default.attributesOfItem(
      atPath: out + "/Fancy.app/Contents/MacOS/Fancy")
    #expect((restored[.modificationDate] as? Date) == Date(timeIntervalSince1970: 1_700_000_000))
  }

  @Test func theDefaultOutputIsTheAppsNameHereAndAnExistingOneNeedsForce() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let hello = PeerPolicy.packageRoot.appendingPathComponent("Examples/Hello.app").path
    let script = "cd \"$1\" && shift && exec \"$@\""
    func zip(_ extra: [String]) throws -> ProcessRunner.Output {
      try ProcessRunner.run(
        "sh",
        ["-c", script, "sh", folder.path(""), BuiltProducts.shipyard.path, "app", "zip", hello]
          + extra)
    }
    let first = try zip([])
    #expect(first.status == 0, "\(first.standardError)")
    let written = folder.path("Hello.zip")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: written))

    let refused = try zip([])
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("Hello.zip exists: add --force to replace it"))
    let forced = try zip(["--force"])
    #expect(forced.status == 0, "\(forced.standardError)")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: written)) == bytes, "the same tree, the same bytes")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")) == ["Hello.zip"])
  }

  @Test func aFileOrAZipInsideTheAppIsRefusedAndLeavesNothing() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try Self.fancyApp(in: folder, time: Date(timeIntervalSince1970: 1_700_000_000))
    let before = try TreeSnapshot(of: URL(fileURLWithPath: app))
    let inside = try Self.shipyard(["app", "zip", app, "-o", app + "/Contents/Fancy.zip"])
    #expect(inside.status == 1)
    #expect(inside.standardError.contains("lies inside"), "\(inside.standardError)")
    #expect(try TreeSnapshot(of: URL(fileURLWithPath: app)) == before)

    let file = try Self.shipyard(
      ["app", "zip", app + "/Contents/Info.plist", "-o", folder.path("x.zip")])
    #expect(file.status == 1)
    #expect(file.standardError.contains("is not an app's folder"), "\(file.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.path("x.zip")))
  }
}

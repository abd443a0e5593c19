import Distribution
import Foundation
import InstallerPackage
import ShipyardTestSupport
import StagedTree
import Testing
import XarArchive

/// Packages as `pkg build` writes them, inspected.
///
/// A product archive with scripts, a bare component package and a product archive of two
/// components. The members are what the Python reader of flat packages
/// (InstallerPackageTests/Peers/check_pkg.py) lists, the PackageInfo and the Distribution what
/// it reads with lxml, and each file's checksum what GNU `cksum` prints.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: PackagePeers.available),
    Comment(rawValue: PackagePeers.requirement)))
struct PackageInspectionTests {
  /// The creation time of the packages written here: 2027-01-15T08:00:00Z.
  static let time: Int64 = 1_800_000_000

  /// A product archive (or with `product` false, a component package) of the tree of
  /// ``PackageContentsCheckTests/tree(in:)``, with a `postinstall` script.
  static func package(in folder: ScratchFolder, product: Bool = true) throws -> String {
    let root = try PackageContentsCheckTests.tree(in: folder)
    try FileManager.default.createDirectory(
      at: folder.file("scripts"), withIntermediateDirectories: true)
    _ = try folder.write(Array("#!/bin/sh\nexit 0\n".utf8), to: "scripts/postinstall")
    let output = folder.path(product ? "Tools.pkg" : "tools-component.pkg")
    try FlatPackageWriter(archive: XarWriter(creationTime: time)).write(
      FlatPackageContents(
        payload: root, scripts: try SourceScanner.scan(folder.path("scripts")),
        identifier: "com.example.tools", version: "1.2", installLocation: "/usr/local",
        bundles: [],
        product: product
          ? .init(
            title: "Tools & Co", componentName: "Tools.pkg", hostArchitectures: ["arm64"],
            minimumSystemVersion: "12.0") : nil),
      to: output)
    return output
  }

  /// What the Python reader says of the package at `path`.
  static func peer(_ path: String) throws -> [String: Any] {
    let output = try ProcessRunner.check("python3", [PackagePeers.checker, path, "--json"])
    return try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
  }

  @Test func aProductArchiveShowsItsDistributionComponentAndBom() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try Self.package(in: folder)
    let inspection = try PackageInspection(path: path)

    #expect(inspection.kind == .productArchive && inspection.signature == nil)
    #expect(inspection.size == Int64(try Data(contentsOf: URL(fileURLWithPath: path)).count))
    #expect(inspection.tableOfContents.creationTime == "2027-01-15T08:00:00")
    #expect(inspection.tableOfContents.checksumAlgorithm == "sha1")
    #expect(inspection.tableOfContents.digestMatches && inspection.stapledTicketSize == nil)
    let peer = try Self.peer(path)
    let members = try #require(peer["members"] as? [[String: Any]])
    #expect(inspection.members.map(\.path) == members.map { $0["path"] as? String })
    for (member, listed) in zip(inspection.members, members) {
      #expect(member.archivedSize == listed["length"] as? Int64, "\(member.path)")
      #expect(member.extractedSize == listed["size"] as? Int64, "\(member.path)")
      #expect(member.encoding == listed["encoding"] as? String, "\(member.path)")
      #expect(member.checksumAlgorithm == "sha1")
    }

    let distribution = try #require(inspection.distribution)
    #expect(distribution.title == "Tools & Co" && distribution.hostArchitectures == ["arm64"])
    #expect(distribution.minimumSystemVersion == "12.0")
    let reference = try #require(distribution.choices.last?.packageReferences.first)
    #expect(reference.identifier == "com.example.tools" && reference.component == "Tools.pkg")
    let refs = try #require(
      (peer["distribution"] as? [String: Any])?["pkg_refs"] as? [String: [String: String]])
    #expect(reference.version == refs["com.example.tools"]?["version"])
    #expect(reference.installKBytes.map(String.init) == refs["com.example.tools"]?["installKBytes"])

    let component = try #require(inspection.components.first)
    #expect(inspection.components.count == 1 && component.name == "Tools.pkg")
    let info = try #require(component.packageInfo)
    let read = try #require((peer["package_info"] as? [String: String]))
    #expect(info.identifier == read["identifier"] && info.version == read["version"])
    #expect(info.installLocation == read["install-location"])
    let payload = try #require((peer["components"] as? [[String: Any]])?.first?["payload"])
    #expect(
      [String(info.numberOfFiles), String(info.installKBytes)]
        == ["numberOfFiles", "installKBytes"].map { (payload as? [String: String])?[$0] })
    #expect(info.scripts == ["postinstall"] && info.bundles.isEmpty)
    // The Bom's order: by parent, then by name.
    #expect(component.paths.map(\.path) == [".", "./bin", "./link", "./two.txt", "./bin/one"])
    #expect(component.paths.map(\.kind) == [.folder, .folder, .symbolicLink, .file, .file])
    #expect(component.paths[2].linkTarget == "two.txt" && component.paths[2].mode.hasPrefix("120"))
    #expect(component.paths[0].checksum == nil && component.paths.allSatisfy { $0.uid == 0 })
    for file in component.paths where file.kind == .file {
      let printed = try ProcessRunner.check("cksum", [folder.path("tree/" + file.path)])
      let words = String(decoding: printed, as: UTF8.self).split(separator: " ")
      #expect(file.checksum.map(String.init) == words.first.map(String.init), "\(file.path)")
      #expect(String(file.size) == words.dropFirst().first.map(String.init), "\(file.path)")
    }
  }

  @Test func aComponentPackageHasNoDistribution() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let inspection = try PackageInspection(path: try Self.package(in: folder, product: false))
    #expect(inspection.kind == .componentPackage && inspection.distribution == nil)
    #expect(inspection.components.map(\.name) == ["."])
    #expect(inspection.members.map(\.path) == ["Bom", "Payload", "Scripts", "PackageInfo"])
    #expect(inspection.components.first?.paths.count == 5)
  }

  /// Two components, the Distribution written by hand as `productbuild --distribution` takes
  /// it: each choice names its component, and each component its own PackageInfo and Bom.
  @Test func aProductArchiveOfTwoComponents() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let root = try PackageContentsCheckTests.tree(in: folder)
    var members: [XarMember] = [
      .file(
        "Distribution", .bytes(Array(Self.twoChoices.utf8)), encoding: .zlib,
        modificationTime: 0)
    ]
    for (name, identifier) in [
      ("App.pkg", "com.example.app"), ("CLI Tools.pkg", "com.example.cli"),
    ] {
      var payload: [UInt8] = []
      let entries = try PayloadWriter { payload += $0 }.write(root).entries
      let info = InstallerPackage.PackageInfo(
        identifier: identifier, version: "2.0", installLocation: "/", numberOfFiles: entries.count,
        installKilobytes: 8)
      members += [
        .folder(name, modificationTime: 0),
        .file(
          "\(name)/Bom", .bytes(try BomWriter.bytes(of: entries)), encoding: .zlib,
          modificationTime: 0),
        .file("\(name)/Payload", .bytes(payload), encoding: .stored, modificationTime: 0),
        .file(
          "\(name)/PackageInfo", .bytes(Array(info.xml.utf8)), encoding: .zlib,
          modificationTime: 0),
      ]
    }
    let path = folder.path("Suite.pkg")
    try XarWriter(creationTime: Self.time).write(members, to: path)

    let inspection = try PackageInspection(path: path)
    #expect(inspection.components.map(\.name) == ["App.pkg", "CLI Tools.pkg"])
    #expect(
      inspection.components.map { $0.packageInfo?.identifier } == [
        "com.example.app", "com.example.cli",
      ])
    let choices = try #require(inspection.distribution?.choices)
    #expect(choices.map(\.id) == ["everything", "cli"])
    #expect(choices[0].packageReferences.map(\.component) == ["App.pkg", "CLI Tools.pkg"])
    #expect(choices[1].title == "Command-line tools")
    #expect(choices[1].packageReferences.first?.version == "2.0")
    #expect(inspection.components.allSatisfy { $0.paths.count == 5 })
  }

  /// A Distribution of two choices and two components, the second named with a space.
  static let twoChoices = """
    <?xml version="1.0" encoding="utf-8"?>
    <installer-gui-script minSpecVersion="2">
        <title>Suite</title>
        <choices-outline><line choice="everything"/><line choice="cli"/></choices-outline>
        <choice id="everything" title="Everything">
            <pkg-ref id="com.example.app"/>
            <pkg-ref id="com.example.cli"/>
        </choice>
        <choice id="cli" title="Command-line tools"><pkg-ref id="com.example.cli"/></choice>
        <pkg-ref id="com.example.app" version="2.0">#App.pkg</pkg-ref>
        <pkg-ref id="com.example.cli" version="2.0">#CLI%20Tools.pkg</pkg-ref>
    </installer-gui-script>
    """

  @Test func itsJSONDecodesToTheSameInspection() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let inspection = try PackageInspection(path: try Self.package(in: folder))
    let json = try JSONEncoder().encode(inspection)
    #expect(try JSONDecoder().decode(PackageInspection.self, from: json) == inspection)
  }
}

import Foundation
import ShipyardTestSupport
import Testing

/// `shipyard pkg inspect` as users run it: a package `pkg build` wrote, its Bom's paths cut to
/// the first 20 of each component in the text and all listed with `--all` or `--json`, the
/// members' sizes those `7zz l -slt` lists, a signed package's signer named with the words that
/// this is no check, and bad input refused with exit 1 naming the file and the problem.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: ProcessRunner.succeeds("7zz", ["i"])),
    "needs 7zz (apt 7zip)"))
struct PkgInspectCommandTests {
  /// Runs `shipyard` with `arguments`.
  static func shipyard(_ arguments: [String]) throws -> ProcessRunner.Output {
    try ProcessRunner.run(BuiltProducts.shipyard.path, arguments)
  }

  /// A product archive of a folder of 25 files, at `Tools.pkg` in `folder`.
  static func package(in folder: ScratchFolder) throws -> String {
    try FileManager.default.createDirectory(
      at: folder.file("tools/bin"), withIntermediateDirectories: true)
    for index in 1...25 {
      _ = try folder.write(Array("tool \(index)\n".utf8), to: "tools/bin/tool\(index)")
    }
    let output = folder.path("Tools.pkg")
    let built = try shipyard([
      "pkg", "build", folder.path("tools"), "--identifier", "com.example.tools", "--version",
      "1.2", "--install-location", "/usr/local", "-o", output,
    ])
    #expect(built.status == 0, "\(built.standardError)")
    return output
  }

  @Test func theTextListsTheFirstPathsAndAllListsThemAll() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let package = try Self.package(in: folder)
    let run = try Self.shipyard(["pkg", "inspect", package])
    #expect(run.status == 0 && run.standardError.isEmpty, "\(run.standardError)")
    let text = String(decoding: run.standardOutput, as: UTF8.self)
    for words in [
      "(product archive,", "Signature: none (unsigned)", "Notarization ticket: none",
      "choice com.example.tools: com.example.tools 1.2 -> tools.pkg",
      "Component tools.pkg: com.example.tools 1.2, installs in /usr/local, 27 files",
      "  Bom: 27 paths", "… and 7 more (--all lists them)",
    ] {
      #expect(text.contains(words), "\(words) in \(text)")
    }
    let listed = { (text: String) in
      text.split(separator: "\n").filter { $0.hasPrefix("    ") && $0.contains(" 0/0 ") }.count
    }
    #expect(listed(text) == 20)
    let all = try Self.shipyard(["pkg", "inspect", package, "--all"])
    let allText = String(decoding: all.standardOutput, as: UTF8.self)
    #expect(listed(allText) == 27 && !allText.contains("more (--all"), "\(allText)")
  }

  /// The JSON lists every path; each member's sizes are those 7-Zip lists.
  @Test func theJSONListsEverythingAsSevenZipDoes() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let package = try Self.package(in: folder)
    let run = try Self.shipyard(["pkg", "inspect", package, "--json"])
    #expect(run.status == 0, "\(run.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
    let components = try #require(report["components"] as? [[String: Any]])
    #expect((components.first?["paths"] as? [Any])?.count == 27)
    let members = try #require(report["members"] as? [[String: Any]])

    let listing = String(
      decoding: try ProcessRunner.check("7zz", ["l", "-slt", "-txar", package]), as: UTF8.self)
    var sevenZip: [String: (size: String, packed: String)] = [:]
    for block in listing.components(separatedBy: "\n\n") {
      var fields: [String: String] = [:]
      for line in block.split(separator: "\n") {
        let parts = line.components(separatedBy: " = ")
        if parts.count == 2 { fields[parts[0]] = parts[1] }
      }
      if let path = fields["Path"], let size = fields["Size"], let packed = fields["Packed Size"] {
        sevenZip[path] = (size, packed)
      }
    }
    #expect(members.count == 4)
    for member in members {
      let path = try #require(member["path"] as? String)
      let listed = try #require(sevenZip[path], "7-Zip lists no \(path)")
      #expect("\(member["extractedSize"] ?? "")" == listed.size, "\(path)")
      #expect("\(member["archivedSize"] ?? "")" == listed.packed, "\(path)")
    }
  }

  @Test func aSignedPackageNamesItsSigner() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let package = try Self.package(in: folder)
    let signed = try ProcessRunner.run(
      "env",
      [
        "P12_PASSWORD=\(TestPKI.password)", BuiltProducts.shipyard.path, "pkg", "sign", package,
        "--p12", try TestPKI.path("installer-leaf.p12"), "--p12-password-env", "P12_PASSWORD",
        "--no-timestamp",
      ])
    #expect(signed.status == 0, "\(signed.standardError)")
    let run = try Self.shipyard(["pkg", "inspect", package])
    let text = String(decoding: run.standardOutput, as: UTF8.self)
    #expect(
      text.contains(
        "Signature: RSA and CMS, signed by Developer ID Installer: Shipyard Test (TEAMID1234), "
          + "team TEAMID1234 (a summary: run `shipyard pkg verify` to check)"), "\(text)")
    #expect(text.contains("  timestamp: none"), "\(text)")
  }

  @Test func badInputIsRefusedNamingTheFile() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let notXar = try folder.write(Array("not a package\n".utf8), to: "notes.pkg")
    let refused = try Self.shipyard(["pkg", "inspect", notXar.path])
    #expect(refused.status == 1)
    #expect(
      refused.standardError.contains(
        "error: \(notXar.path): xar header (at byte 0): not a xar archive"),
      "\(refused.standardError)")
    let package = try Self.package(in: folder)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: package))
    let truncated = try folder.write(bytes.prefix(200), to: "truncated.pkg")
    let short = try Self.shipyard(["pkg", "inspect", truncated.path])
    #expect(
      short.status == 1 && short.standardError.contains("past the file's 200"),
      "\(short.standardError)")
    let usage = try Self.shipyard(["pkg", "inspect"])
    #expect(usage.status == 64 && usage.standardError.contains("expected one <package.pkg>"))
  }
}

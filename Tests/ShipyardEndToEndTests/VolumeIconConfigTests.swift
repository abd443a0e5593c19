import Foundation
import ShipyardTestSupport
import Testing

/// A PNG volume icon named by `--volume-icon`, by a JSON config's `volumeIcon` and by appdmg's
/// `icon`: the same `.icns` each time, and the volume flagged as having its own icon.
@Suite struct VolumeIconConfigTests {
  static let examples = PeerPolicy.packageRoot.appendingPathComponent("Examples")

  private func shipyard(_ arguments: [String]) throws -> ProcessRunner.Output {
    try ProcessRunner.run(BuiltProducts.shipyard.path, arguments)
  }

  /// Builds `arguments` into `<name>.dmg`, checks `dmg inspect` sees the volume's own icon, and
  /// returns the stored `.VolumeIcon.icns`.
  private func storedIcon(_ arguments: [String], name: String, in folder: ScratchFolder) throws
    -> [UInt8]
  {
    let image = folder.path("\(name).dmg")
    let run = try shipyard(["dmg", "build"] + arguments + ["-o", image])
    #expect(run.status == 0, "\(run.standardError)")
    let inspect = try shipyard(["dmg", "inspect", image, "--json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: inspect.standardOutput) as? [String: Any])
    #expect(report["volumeIcon"] as? Bool == true, "\(report)")
    let extract = try shipyard(
      ["dmg", "extract", image, "/.VolumeIcon.icns", "-o", folder.path(name)])
    #expect(extract.status == 0, "\(extract.standardError)")
    return [UInt8](try Data(contentsOf: folder.file("\(name)/.VolumeIcon.icns")))
  }

  @Test func theFlagTheConfigAndAppdmgsIconMakeTheSameIcns() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try FileManager.default.copyItem(
      at: Self.examples.appendingPathComponent("Hello.app"), to: folder.file("Hello.app"))
    try FileManager.default.copyItem(
      at: Self.examples.appendingPathComponent("form/avatar.png"), to: folder.file("icon.png"))
    try folder.write(
      Array(#"{ "source": "Hello.app", "volumeIcon": "icon.png" }"#.utf8), to: "shipyard.json")
    try folder.write(
      Array(
        #"{ "title": "Hello", "icon": "icon.png", "contents": [ { "x": 192, "y": 344, "type": "file", "path": "Hello.app" } ] }"#
          .utf8), to: "appdmg.json")

    let flag = try storedIcon(
      [folder.path("Hello.app"), "--volume-icon", folder.path("icon.png")], name: "flag",
      in: folder)
    let config = try storedIcon(
      ["--config", folder.path("shipyard.json")], name: "config", in: folder)
    let appdmg = try storedIcon(
      ["--config", folder.path("appdmg.json")], name: "appdmg", in: folder)
    #expect(Array(flag.prefix(4)) == Array("icns".utf8))
    #expect(flag.count > 8 && Array(flag[8..<12]) == Array("icp4".utf8))  // 16×16: one entry
    #expect(config == flag && appdmg == flag)
  }
}

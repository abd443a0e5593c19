import Foundation
import ShipyardTestSupport
import Testing

@testable import ShipyardCLI

/// Every configuration key of the option tables says what its flags say: for each key of
/// `dmg build`'s table, in our JSON and in appdmg's, the key and its flags build byte-identical
/// images (and images that differ from the same build without them); each of `dmg ship`'s own
/// keys parses to the same signing and notary options as its flags.
///
/// The cases come from the tables: a key added without a sample in ``OptionSample`` fails
/// ``everyKeyHasASample()``.
@Suite struct OptionEquivalenceTests {
  /// A key of a configuration format.
  struct Key: Sendable, CustomTestStringConvertible {
    let format: ConfigFormat
    let path: String
    var testDescription: String { "\(format) \(path)" }
  }

  static let examples = PeerPolicy.packageRoot.appendingPathComponent("Examples")

  static func keys<Options>(of table: OptionTable<Options>) -> [Key] {
    [ConfigFormat.ours, .appdmg].flatMap { format in
      table.specs.flatMap { spec in (spec.keys[format] ?? []).map { Key(format: format, path: $0) }
      }
    }
  }

  static let buildKeys = keys(of: DMGBuildCommand.table)
  static let releaseKeys = keys(of: DMGShipCommand.table).filter { key in
    !buildKeys.contains { $0.format == key.format && $0.path == key.path }
  }

  static func sample(for key: Key) -> OptionSample? {
    guard
      let spec = DMGBuildCommand.table.specs.first(where: {
        $0.keys[key.format]?.contains(key.path) == true
      })
    else { return OptionSample.release[key.path] }
    return OptionSample.sample(for: key.path, in: key.format, of: spec)
  }

  @Test func everyKeyHasASample() {
    let missing = (Self.buildKeys + Self.releaseKeys).filter { Self.sample(for: $0) == nil }
    #expect(missing.isEmpty, "no sample for \(missing.map(\.testDescription))")
    #expect(Self.buildKeys.count > 80 && Self.releaseKeys.count > 15)
  }

  @Test(arguments: buildKeys)
  func aKeyAndItsFlagsBuildTheSameImage(_ key: Key) throws {
    let sample = try #require(Self.sample(for: key))
    let folder = try Self.stage(key, sample)
    defer { folder.remove() }
    let base =
      [folder.path("Hello.app")] + (key.format == .appdmg ? OptionSample.appdmgBase : [])
      + sample.context.flags
    let configImage = key.path == "output" ? "written-by-key.dmg" : "config.dmg"
    try build(base + ["-o", folder.path("flags.dmg")] + sample.extra + sample.flags, in: folder)
    try build(
      ["--config", folder.path("config.json")]
        + (key.path == "output" ? [] : ["-o", folder.path(configImage)]) + sample.extra,
      in: folder)
    try build(base + ["-o", folder.path("base.dmg")] + sample.extra, in: folder)
    let images = try ["flags.dmg", configImage, "base.dmg"].map {
      try Data(contentsOf: folder.file($0))
    }
    #expect(images[0] == images[1], "\(key.testDescription): the key and its flags differ")
    #expect(
      (images[0] == images[2]) == sample.changesNothing,
      "\(key.testDescription): the option \(sample.changesNothing ? "changed" : "left") the image")
  }

  @Test(arguments: releaseKeys)
  func aShipKeyAndItsFlagsGiveTheSameOptions(_ key: Key) throws {
    let sample = try #require(Self.sample(for: key))
    let folder = try Self.stage(key, sample)
    defer { folder.remove() }
    let environment = ["NOTARY_PASSWORD": "abcd-efgh"]
    let fromFlags = try DMGShipCommand(
      arguments: [folder.path("Hello.app")]
        + Self.expand(sample.context.flags + sample.extra + sample.flags, folder),
      environment: environment)
    let fromFile = try DMGShipCommand(
      arguments: ["--config", folder.path("config.json")] + Self.expand(sample.extra, folder),
      environment: environment)
    #expect(fromFlags.signing == fromFile.signing)
    #expect(fromFlags.notary == fromFile.notary)
    #expect(fromFlags.skipped == fromFile.skipped)
    // Without the key the options differ, or do not even make a command.
    let bare = try? DMGShipCommand(
      arguments: [folder.path("Hello.app")]
        + Self.expand(sample.context.flags + sample.extra, folder),
      environment: environment)
    let changed = bare.map {
      ($0.signing, $0.notary, $0.skipped) != (
        fromFlags.signing, fromFlags.notary, fromFlags.skipped
      )
    }
    #expect(changed ?? true != sample.changesNothing, "\(key.testDescription)")
  }

  // MARK: - Helpers

  private func build(_ arguments: [String], in folder: ScratchFolder) throws {
    let run = try ProcessRunner.run(
      BuiltProducts.shipyard.path, ["dmg", "build"] + Self.expand(arguments, folder))
    #expect(run.status == 0, "\(arguments): \(run.standardError)")
  }

  /// `$/` in `arguments` as the folder's path.
  static func expand(_ arguments: [String], _ folder: ScratchFolder) -> [String] {
    arguments.map { $0.replacingOccurrences(of: "$/", with: folder.url.path + "/") }
  }

  /// The configuration: ours with the source, or appdmg's with its title and contents, and the
  /// sample's value at the key's path.
  static func config(_ key: Key, _ sample: OptionSample) throws -> String {
    var root: [String: Any] = ["source": "Hello.app"]
    if key.format == .appdmg {
      root = try #require(
        try JSONSerialization.jsonObject(with: Data(OptionSample.appdmgBaseJSON.utf8))
          as? [String: Any])
    }
    for (path, json) in sample.context.json.sorted(by: { $0.key < $1.key }) + [
      (key.path, sample.json)
    ] {
      let value = try JSONSerialization.jsonObject(
        with: Data(json.utf8), options: .fragmentsAllowed)
      set(value, at: path.split(separator: ".").map(String.init), in: &root)
    }
    return String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
  }

  private static func set(_ value: Any, at path: [String], in object: inout [String: Any]) {
    guard let first = path.first else { return }
    guard path.count > 1 else {
      object[first] = value
      return
    }
    var inner = object[first] as? [String: Any] ?? [:]
    set(value, at: Array(path.dropFirst()), in: &inner)
    object[first] = inner
  }

  /// A folder with the app, every file the samples name and `config.json` with `sample` at
  /// `key`.
  static func stage(_ key: Key, _ sample: OptionSample) throws -> ScratchFolder {
    let folder = try ScratchFolder()
    let manager = FileManager.default
    let layout = examples.appendingPathComponent("layout")
    try manager.copyItem(
      at: examples.appendingPathComponent("Hello.app"), to: folder.file("Hello.app"))
    for (name, copy) in [
      ("background.png", "background.png"), ("background@2x.png", "background@2x.png"),
      ("background.png", "lone.png"), ("background@2x.png", "other@2x.png"),
      ("Hello.icns", "Hello.icns"),
    ] {
      try manager.copyItem(at: layout.appendingPathComponent(name), to: folder.file(copy))
    }
    try folder.write(Array("Hello License\nUse it freely.\n".utf8), to: "LICENSE.txt")
    try folder.write(Array("Lizenz\nFreie Nutzung.\n".utf8), to: "LIZENZ.txt")
    try folder.write(Array("read me".utf8), to: "README.txt")
    try folder.write(Array(try config(key, sample).utf8), to: "config.json")
    return folder
  }
}

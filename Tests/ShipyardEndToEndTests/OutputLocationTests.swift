import Foundation
import ShipyardTestSupport
import Testing

/// `-o` as users write it: a folder that does not exist yet is made, and a folder that exists
/// stands for the image inside it; a file is never written where a folder is.
@Suite struct OutputLocationTests {
  private static func source(in folder: ScratchFolder) throws -> URL {
    let source = folder.url.appendingPathComponent("MyApp")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    try Data("hello".utf8).write(to: source.appendingPathComponent("readme.txt"))
    return source
  }

  @Test func dmgBuildMakesTheOutputsFolder() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let source = try Self.source(in: folder)
    let output = folder.url.appendingPathComponent("dist/nightly/MyApp.dmg").path
    let run = try ProcessRunner.run(
      BuiltProducts.shipyard.path, ["dmg", "build", source.path, "-o", output])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(FileManager.default.fileExists(atPath: output))
  }

  @Test func dmgBuildIntoAFolderNamesTheImageAfterTheVolume() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let source = try Self.source(in: folder)
    let dist = folder.url.appendingPathComponent("dist")
    try FileManager.default.createDirectory(at: dist, withIntermediateDirectories: true)
    let run = try ProcessRunner.run(
      BuiltProducts.shipyard.path,
      ["dmg", "build", source.path, "-o", dist.path, "--volume-name", "Nightly"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(FileManager.default.fileExists(atPath: dist.appendingPathComponent("Nightly.dmg").path))
  }

  @Test func formEncodeMakesTheOutputsFolderAndRefusesAFolder() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let output = folder.url.appendingPathComponent("bodies/form.bin").path
    let made = try ProcessRunner.run(
      BuiltProducts.shipyard.path, ["form", "encode", "-F", "a=b", "-o", output])
    #expect(made.status == 0, "\(made.standardError)")
    #expect(FileManager.default.fileExists(atPath: output))

    let refused = try ProcessRunner.run(
      BuiltProducts.shipyard.path, ["form", "encode", "-F", "a=b", "-o", folder.url.path])
    #expect(refused.status == 1)
    #expect(
      refused.standardError.contains("\(folder.url.path) is a folder: name the file"),
      "\(refused.standardError)")
  }
}

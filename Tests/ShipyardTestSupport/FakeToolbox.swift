import Foundation

/// Fake `codesign`, `xcrun`, `spctl`, `ditto` and `rcodesign` in a folder of their own, and what they were
/// asked to do.
public struct FakeToolbox {
  /// The folder holding the fakes and their records.
  public let folder: ScratchFolder
  /// A file to sign, staple and notarize.
  public let image: String

  /// Makes the fakes in a new folder.
  public init() throws {
    folder = try ScratchFolder()
    let script = PeerPolicy.packageRoot.appendingPathComponent(
      "Tests/DistributionTests/FakeTools/fake-apple-tool"
    ).path
    for tool in ["codesign", "xcrun", "spctl", "ditto", "rcodesign"] {
      try FileManager.default.createSymbolicLink(
        atPath: folder.path(tool), withDestinationPath: script)
    }
    image = try folder.write(Array("a disk image".utf8), to: "Hello.dmg").path
    // A real disk image handed to the fake codesign is signed natively, as codesign would.
    try set("signer", "\(BuiltProducts.shipyard.path)\n\(try TestPKI.path("identity.pem"))\n")
  }

  /// A `PATH` that finds the fakes first, then the system's shell tools.
  public var path: String { "\(folder.url.path):/usr/bin:/bin" }

  /// Sets a scenario file (see the fake tool's header).
  public func set(_ name: String, _ value: String) throws {
    try folder.write(Array(value.utf8), to: name)
  }

  /// Every call, as the tool's name followed by its arguments.
  public var calls: [[String]] {
    let text = (try? String(contentsOfFile: folder.path("calls.log"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// Removes the fakes and everything they recorded.
  public func remove() { folder.remove() }
}

import Foundation

/// Fake `codesign`, `xcrun`, `spctl`, `ditto`, `rcodesign`, `pkgbuild`, `productbuild`,
/// `productsign` and `pkgutil` in a folder of their own, and what they were asked to do.
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
    for tool in [
      "codesign", "xcrun", "spctl", "ditto", "rcodesign", "pkgbuild", "productbuild", "productsign",
      "pkgutil",
    ] {
      try FileManager.default.createSymbolicLink(
        atPath: folder.path(tool), withDestinationPath: script)
    }
    image = try folder.write(Array("a disk image".utf8), to: "Hello.dmg").path
    // A real disk image handed to the fake codesign is signed natively, as codesign would.
    try set("signer", "\(BuiltProducts.shipyard.path)\n\(try TestPKI.path("identity.pem"))\n")
    // A flat package handed to the fake productsign (or rcodesign) is signed natively with the
    // test PKI's Installer identity; the fake pkgbuild and productbuild build with shipyard.
    try set("installer-signer", try TestPKI.path("installer-leaf.p12"))
  }

  /// A `PATH` that finds the fakes first, then the system's shell tools.
  public var path: String { "\(folder.url.path):/usr/bin:/bin" }

  /// Runs the built `shipyard` with `arguments`, the fakes first on `PATH`, the test PKI's root
  /// trusted (``TestPKI/trustRootsVariable()``) and `environment` (`NAME=value` each) added.
  public func shipyard(_ arguments: [String], environment: [String] = []) throws
    -> ProcessRunner.Output
  {
    try ProcessRunner.run(
      "env",
      ["PATH=\(path)", try TestPKI.trustRootsVariable()] + environment
        + [BuiltProducts.shipyard.path] + arguments)
  }

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

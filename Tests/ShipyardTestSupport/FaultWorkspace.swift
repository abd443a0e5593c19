public import Foundation
import SystemSupport

/// The folders of a fault test: a payload of random bytes to build from, an `out` folder for
/// the image (`Big.dmg`) and a `tmp` folder for the run's `TMPDIR`, all in one scratch folder.
public struct FaultWorkspace {
  /// The scratch folder holding everything.
  public let folder: ScratchFolder
  /// The payload folder, with `big.bin`.
  public let source: String
  /// The folder the image goes to.
  public let output: URL
  /// The run's temporary folder.
  public let temporary: URL

  /// Makes the folders and a payload of `megabytes` MiB of random bytes (which no compressor
  /// shrinks), inside `folder` or a new scratch folder.
  public init(megabytes: Int, in folder: ScratchFolder? = nil) throws {
    self.folder = try folder ?? ScratchFolder()
    source = self.folder.path("payload")
    output = self.folder.file("out")
    temporary = self.folder.file("tmp")
    for path in [source, output.path, temporary.path] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    try ProcessRunner.check(
      "sh", ["-c", "head -c \(megabytes)M /dev/urandom > \"$0\"", source + "/big.bin"])
  }

  /// A workspace in `double`'s folder whose payload holds Hello.app too, signed by the double's
  /// identity (``NotaryDouble/signedHello(in:)``), for `dmg ship`.
  public static func shipping(megabytes: Int, with double: NotaryDouble) throws -> FaultWorkspace {
    let workspace = try FaultWorkspace(megabytes: megabytes, in: double.folder)
    try FileManager.default.copyItem(
      atPath: try double.signedHello(), toPath: workspace.source + "/Hello.app")
    return workspace
  }

  /// `dmg ship` of the payload to the image with `double`'s identity and key, the app signed
  /// already.
  public func shipArguments(_ double: NotaryDouble) -> [String] {
    [
      "dmg", "ship", source, "-o", image.path, "--skip-sign-app", "--p12",
      double.folder.path("identity-legacy.p12"), "--p12-password-env", "P12_PASSWORD",
    ] + double.keyArguments
  }

  /// The image's path.
  public var image: URL { output.appendingPathComponent("Big.dmg") }

  /// `TMPDIR` set to ``temporary``.
  public var temporaryVariable: String { "TMPDIR=\(temporary.path)" }

  /// Whether the image's temporary sibling (`.Big.dmg.shipyard-*.tmp`) is there.
  public var imageIsBeingWritten: Bool { !leftovers(of: "Big.dmg", in: output).isEmpty }

  /// The names in `folder` of the temporary siblings of `name` (`.name.shipyard-*`).
  public func leftovers(of name: String, in folder: URL) -> [String] {
    ((try? FolderListing.names(in: folder.path)) ?? []).filter {
      $0.hasPrefix(".\(name).shipyard-")
    }
  }

  /// The names in `folder`, sorted.
  public func contents(of folder: URL) throws -> [String] {
    try FolderListing.names(in: folder.path).sorted()
  }
}

import Foundation
import ShipyardTestSupport

/// Sources of the packages the engines' tests build, and what a step leaves behind.
enum PackageSources {
  /// `tools/bin/hello` in `folder`; the path of `tools`.
  static func folder(in folder: ScratchFolder) throws -> String {
    try FileManager.default.createDirectory(
      at: folder.file("tools/bin"), withIntermediateDirectories: true)
    _ = try folder.write(Array("#!/bin/sh\necho hello\n".utf8), to: "tools/bin/hello")
    return folder.path("tools")
  }

  /// `scripts/postinstall` in `folder`; the path of `scripts`.
  static func scripts(in folder: ScratchFolder) throws -> String {
    try FileManager.default.createDirectory(
      at: folder.file("scripts"), withIntermediateDirectories: true)
    _ = try folder.write(Array("#!/bin/sh\nexit 0\n".utf8), to: "scripts/postinstall")
    return folder.path("scripts")
  }

  /// The hidden files and folders a step made beside its output and left in `folder`.
  static func leftovers(in folder: ScratchFolder) -> [String] {
    folder.contents.filter { $0.contains(".shipyard-") }
  }

  /// Whether nothing is at `output` and no hidden file or folder a step made beside it is left in
  /// `folder`: what a failed step leaves.
  static func nothingLeft(at output: String, in folder: ScratchFolder) -> Bool {
    !FileManager.default.fileExists(atPath: output) && leftovers(in: folder).isEmpty
  }
}

public import Foundation

/// The load commands of one slice as LLVM's otool prints them (`llvm-otool -l`, or for a slice
/// of a universal binary `llvm-objdump --macho --private-headers --arch=<arch>`, since
/// llvm-otool 14 ignores `-arch`).
///
/// ```swift
/// let commands = try LoadCommandListing.read(binary, architecture: "arm64")
/// #expect(commands.first { $0["cmd"] == "LC_CODE_SIGNATURE" }?["dataoff"] == "49424")
/// ```
public enum LoadCommandListing {
  /// Each load command's fields (`cmd`, `cmdsize`, `dataoff`, `minos`, …) as printed, in order.
  ///
  /// - Parameters:
  ///   - file: A thin or universal Mach-O file.
  ///   - architecture: The slice to list (`arm64`, `x86_64`); `nil` for a thin file.
  /// - Returns: The commands in load-command order.
  /// - Throws: ``FixtureToolMissing`` or the tool's ``ProcessFailure``.
  public static func read(_ file: URL, architecture: String? = nil) throws -> [[String: String]] {
    let output =
      if let architecture {
        try ProcessRunner.check(
          try FixtureTool.objdump.requirePath(),
          ["--macho", "--private-headers", "--arch=\(architecture)", file.path])
      } else {
        try ProcessRunner.check(try FixtureTool.otool.requirePath(), ["-l", file.path])
      }
    return parse(String(decoding: output, as: UTF8.self))
  }

  /// The commands in otool's text: a `Load command N` line opens each, then `key value` lines.
  public static func parse(_ text: String) -> [[String: String]] {
    var commands: [[String: String]] = []
    for line in text.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("Load command ") {
        commands.append([:])
        continue
      }
      guard !commands.isEmpty, let space = trimmed.firstIndex(of: " ") else { continue }
      let key = String(trimmed[..<space])
      let value = trimmed[space...].trimmingCharacters(in: .whitespaces)
      if commands[commands.count - 1][key] == nil { commands[commands.count - 1][key] = value }
    }
    return commands
  }
}

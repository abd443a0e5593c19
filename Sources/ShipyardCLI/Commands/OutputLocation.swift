import Foundation

/// Where a command writes its output file (`-o`): a folder given stands for a file in it, and the
/// folder the file goes in is made, and checked, before any work.
enum OutputLocation {
  /// `path`, or `name` inside it when `path` is an existing folder or ends with `/`.
  static func file(_ path: String, named name: String) -> String {
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    guard path.hasSuffix("/") || (exists && isFolder.boolValue) else { return path }
    return (path as NSString).appendingPathComponent(name)
  }

  /// Makes the folder `path` goes in, with its parents, and checks that it can be written.
  ///
  /// An existing folder at `path` itself is an error, and so is an existing file unless
  /// `replacing` (`--force`). `what` names the output in errors, such as `the response`.
  static func prepare(_ path: String, for what: String, replacing: Bool) throws(CommandError) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
      if isFolder.boolValue {
        throw .failure("\(path) is a folder: name the file to write \(what) to")
      }
      if !replacing { throw .failure("\(path) exists: add --force to replace it") }
    }
    try makeFolder(of: path, for: what)
  }

  /// Makes the missing folders above `path`, where `what` goes, and checks the last is writable.
  static func makeFolder(of path: String, for what: String) throws(CommandError) {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .failure("cannot make the folder \(folder) to write \(what) to \(path)")
    }
    guard FileManager.default.isWritableFile(atPath: folder) else {
      throw .failure("cannot write \(what) to \(path): \(folder) is not writable")
    }
  }

  /// `--force`, as every command that writes a file declares it.
  static func forceFlag<Options>(
    _ apply: @escaping @Sendable (inout Options) -> Void
  ) -> OptionSpec<Options> {
    .flag("--force", help: "Replaces an existing output file.", apply: apply)
  }
}

extension OutputLocation {
  /// Checks the folder a command writes items into.
  ///
  /// A missing folder is fine (the command makes it); an existing one must be empty unless
  /// `replacing` (`--force`). `what` names the output in errors, such as `the volume's files`.
  static func prepareFolder(_ path: String, for what: String, replacing: Bool)
    throws(CommandError)
  {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return }
    guard isFolder.boolValue else {
      throw .failure("\(path) is not a folder: name a folder to write \(what) into")
    }
    let items: [String]
    do {
      items = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw .failure("cannot read the folder \(path) to write \(what) into")
    }
    if !items.isEmpty && !replacing {
      throw .failure(
        "\(path) is not empty: add --force to write \(what) into it (items of the same names "
          + "are replaced)")
    }
  }
}

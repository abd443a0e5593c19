import Foundation

/// Where an option's value came from: a flag on the command line or a key of a configuration file.
///
/// It names the value in errors and resolves the file's relative paths.
struct ValueOrigin: Sendable {
  // MARK: - Properties

  /// The flag as the table spells it (`--icon-size`), or the key path (`list.iconSize`).
  let name: String
  /// The configuration file the value came from, or `nil` for the command line.
  let file: String?
  /// The command reading the value, for the `See 'shipyard … --help'` line of errors.
  let command: String
  /// Whether the option's value is a path, which ``path(_:)`` resolves from the file's folder.
  var isPath = false

  // MARK: - API

  /// A usage error about this value, naming the file it came from, if any.
  func error(_ message: String) -> CommandError {
    .usage(file.map { "\($0): \(message)" } ?? message, command: command)
  }

  /// `value` from the configuration file's folder, when the option takes a path, the value came
  /// from a file and it is relative; `value` as it is otherwise.
  func path(_ value: String) -> String {
    guard isPath, let file, !value.hasPrefix("/") else { return value }
    return URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(value)
      .path
  }

  /// The origin of a part of this value: `list.columnWidths` + `size`, `contents` + `[0]`; the
  /// file's root (named `""`) + `list` is `list`.
  func appending(_ component: String) -> ValueOrigin {
    let separator = name.isEmpty || component.hasPrefix("[") ? "" : "."
    var origin = ValueOrigin(name: name + separator + component, file: file, command: command)
    origin.isPath = isPath
    return origin
  }
}

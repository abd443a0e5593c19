import Distribution
import Foundation

/// What the app-signing flags read, shared by `app sign` and `dmg ship`: entitlements by the
/// code they are for, and the hardened runtime.
struct AppSigningArguments {
  /// `--entitlements [<path>=]<file>`, in the order given: `""` for the main executable.
  var entitlements: [(scope: String, file: String)] = []
  /// `false` with `--no-runtime`.
  var hardenedRuntime = true
  /// `false` with `--no-preserve-entitlements`.
  var preservesEntitlements = true

  /// `--entitlements`, `--no-preserve-entitlements` and `--no-runtime`.
  static let options: [OptionSpec<AppSigningArguments>] = [
    .option(
      "--entitlements", value: "[<path>=]<file>", .string, repeatable: true,
      help: """
        The entitlements of the app's main executable, or with <path>= of the nested bundle
        or executable at that path inside the app, such as
        "Contents/Frameworks/MyApp Helper (Plugin).app=plugin.plist" (repeatable). Code
        given none keeps the entitlements of its former signature.
        """
    ) { arguments, text in
      guard let equals = text.firstIndex(of: "=") else {
        arguments.entitlements.append(("", text))
        return
      }
      arguments.entitlements.append(
        (String(text[..<equals]), String(text[text.index(after: equals)...])))
    },
    .flag(
      "--no-preserve-entitlements",
      help: """
        Drops the entitlements of code's former signature where --entitlements gives none
        (by default they are kept, as a JIT runtime needs its allow-jit).
        """
    ) { $0.preservesEntitlements = false },
    .flag(
      "--no-runtime",
      help: "Leaves the hardened runtime off (Apple's notary refuses executables without it)."
    ) { $0.hardenedRuntime = false },
  ]

  /// The options, `SOURCE_DATE_EPOCH` fixing the signing time; a usage error for `command` when
  /// one scope is given twice.
  func validated(identifier: String?, environment: [String: String], command: String)
    throws(CommandError) -> AppSigningOptions
  {
    var scopes: [String: String] = [:]
    for (scope, file) in entitlements {
      guard scopes.updateValue(file, forKey: scope) == nil else {
        throw .usage(
          "--entitlements: \(scope.isEmpty ? "the main executable" : scope) is given twice",
          command: command)
      }
    }
    var signingTime: Date?
    if let epoch = environment["SOURCE_DATE_EPOCH"] {
      guard let seconds = Int64(epoch) else {
        throw .usage(
          "SOURCE_DATE_EPOCH is \(epoch.debugDescription), not a number of seconds",
          command: command)
      }
      signingTime = Date(timeIntervalSince1970: TimeInterval(seconds))
    }
    return AppSigningOptions(
      entitlements: scopes, hardenedRuntime: hardenedRuntime, identifier: identifier,
      preservesEntitlements: preservesEntitlements, signingTime: signingTime)
  }
}

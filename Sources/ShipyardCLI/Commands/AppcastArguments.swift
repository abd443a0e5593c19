import Distribution
import Foundation

/// What the update-feed flags read, shared by `appcast add` (`--feed`) and `dmg ship`
/// (`--appcast`), before the key is read and the options made
/// (``validated(environment:command:)``).
struct AppcastArguments {
  // MARK: - Properties

  var feed: String?
  var keyFile: String?
  var keyVariable: String?
  var electronUpdater: String?
  var downloadURLPrefix: String?
  var channel: String?
  var title: String?

  // MARK: - API

  /// The options; `feedFlag` is the appcast's flag (`--feed` or `--appcast`).
  static func options(feedFlag: String) -> [OptionSpec<AppcastArguments>] {
    [
      .option(
        feedFlag, value: "<appcast.xml>", .string, path: true,
        help: OptionHelp(
          """
          Writes or updates this Sparkle appcast: an item for the file (the
          app's versions and LSMinimumSystemVersion from inside it, length,
          EdDSA signature), replacing the item of the same CFBundleVersion;
          other items are kept.
          """)
      ) { $0.feed = $1 },
      .option(
        "--ed-key-file", value: "<file>", .string, path: true,
        help: OptionHelp(
          """
          The EdDSA private key, as Sparkle's `generate_keys -x <file>`
          exports it: Base64 of the 32-byte seed (or of the 96-byte key of
          Sparkle before 2.6.0).
          """)
      ) { $0.keyFile = $1 },
      .option(
        "--ed-key-env", value: "<VAR>", .string,
        help: OptionHelp("Reads that key from this environment variable (never printed).")
      ) { $0.keyVariable = $1 },
      .option(
        "--electron-updater", value: "<latest-mac.yml>", .string, path: true,
        help: OptionHelp(
          """
          Writes or updates electron-updater's latest-mac.yml: the file's
          SHA-512 and size under the app's short version (files of that
          version are kept).
          """)
      ) { $0.electronUpdater = $1 },
      .option(
        "--download-url-prefix", value: "<url>", .string,
        help: OptionHelp("Prefixes the file's name in the feeds' URLs (https://host/path/).")
      ) { $0.downloadURLPrefix = $1 },
      .option(
        "--channel", value: "<name>", .string,
        help: OptionHelp("Puts the Sparkle item on this channel (sparkle:channel).")
      ) { $0.channel = $1 },
      .option(
        "--feed-title", value: "<text>", .string,
        help: OptionHelp("The Sparkle item's title (default: app name and short version).")
      ) { $0.title = $1 },
    ]
  }

  /// The options, the key read from its file or variable; a usage error for `command` when an
  /// appcast has no key (or two), the key cannot be read, or a key comes without an appcast.
  func validated(environment: [String: String], command: String, feedFlag: String)
    throws(CommandError) -> UpdateFeedOptions
  {
    var options = UpdateFeedOptions(date: Self.date(environment: environment))
    options.appcastPath = feed
    options.electronUpdaterPath = electronUpdater
    options.downloadURLPrefix = downloadURLPrefix
    options.channel = channel
    options.title = title
    guard feed != nil else {
      guard keyFile == nil, keyVariable == nil, channel == nil, title == nil else {
        throw .usage(
          "--ed-key-file, --ed-key-env, --channel and --feed-title need \(feedFlag)",
          command: command)
      }
      return options
    }
    let text: String
    let source: String
    switch (keyFile, keyVariable) {
    case (let file?, nil):
      guard let contents = try? String(contentsOfFile: file, encoding: .utf8) else {
        throw .usage("--ed-key-file \(file): cannot be read", command: command)
      }
      (text, source) = (contents, file)
    case (nil, let variable?):
      guard let value = environment[variable] else {
        throw .usage(
          "--ed-key-env \(variable): the environment variable \(variable) is not set",
          command: command)
      }
      (text, source) = (value, "$\(variable)")
    case (nil, nil):
      throw .usage("\(feedFlag) needs --ed-key-file or --ed-key-env", command: command)
    default:
      throw .usage("give --ed-key-file or --ed-key-env, not both", command: command)
    }
    do {
      try options.readSigningKey(exportedText: text, source: source)
    } catch {
      throw .usage("\(error)", command: command)
    }
    return options
  }

  /// Now, or `SOURCE_DATE_EPOCH` when it is set (reproducible feeds).
  static func date(environment: [String: String]) -> Date {
    environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init).map {
      Date(timeIntervalSince1970: $0)
    } ?? Date()
  }
}

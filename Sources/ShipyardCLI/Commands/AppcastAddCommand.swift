import Distribution
import Foundation

/// `shipyard appcast add`: writes the update feeds' entry for a released image or zip from its
/// final bytes.
struct AppcastAddCommand: ShipyardCommand {
  static let path = "appcast add"
  static let summary = "Add a released image or zip to a Sparkle appcast or latest-mac.yml."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Reads the app's Info.plist from inside the disk image (HFS+ or APFS) or the zip (as
    'shipyard app zip' or `ditto -c -k --keepParent` makes it; electron-updater installs updates
    from the zip only): CFBundleVersion is the item's sparkle:version,
    CFBundleShortVersionString its sparkle:shortVersionString, LSMinimumSystemVersion its
    sparkle:minimumSystemVersion. Signs the file's bytes with Ed25519 (sparkle:edSignature, as
    Sparkle's sign_update does) and records its length; an app whose SUPublicEDKey is not the
    key's public key is refused. Run it last, on the stapled file: stapling changes the bytes.
    Feeds are written atomically; other items, channels and files are kept.

    \(table.help)
    """

  static let table = OptionTable<Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        AppcastArguments.options(feedFlag: "--feed").map { $0.lifted(\.feeds) } + [
          ImageReportArguments.jsonFlag.lifted(\.json).with(
            help: "Prints what was written as JSON.")
        ]
      )
    ]
  ).taking("<image.dmg | app.zip>")

  /// What the flags read.
  struct Arguments {
    var feeds = AppcastArguments()
    var json = false
  }

  let file: String
  let options: UpdateFeedOptions
  let json: Bool

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    let positionals = try Self.table.parse(arguments, into: &parsed)
    guard positionals.count == 1, let file = positionals.first else {
      throw .usage("expected one <image.dmg | app.zip>", command: Self.path)
    }
    self.file = file
    options = try parsed.feeds.validated(
      environment: environment, command: Self.path, feedFlag: "--feed")
    guard options.writesAnything else {
      throw .usage("give --feed or --electron-updater", command: Self.path)
    }
    json = parsed.json
  }

  func run(console: Console) async throws(CommandError) {
    let summary: UpdateFeedSummary
    do {
      summary = try UpdateFeedPublisher.publish(fileAt: file, options: options)
    } catch {
      throw .failure("appcast add: \(error)")
    }
    for warning in summary.warnings { console.printError("warning: \(warning)") }
    try console.printReport(summary, json: json) { Self.text(summary, options: options) }
  }

  /// What was written, a line a feed.
  static func text(_ summary: UpdateFeedSummary, options: UpdateFeedOptions) -> String {
    var lines: [String] = []
    let version = "\(summary.app.shortVersion ?? summary.app.version) (\(summary.app.version))"
    if let feed = options.appcastPath, let signature = summary.edSignature {
      lines.append(
        "\(feed): \(summary.app.name) \(version), \(summary.url), length \(summary.length), "
          + "sparkle:edSignature \(signature)")
    }
    if let manifest = options.electronUpdaterPath, let sha512 = summary.sha512 {
      lines.append("\(manifest): \(version), \(summary.url), sha512 \(sha512)")
    }
    return lines.joined(separator: "\n")
  }
}

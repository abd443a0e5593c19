import Distribution
import Foundation

/// `shipyard app zip`: zips an app as `ditto -c -k --sequesterRsrc --keepParent` does.
struct AppZipCommand: ShipyardCommand {
  static let path = "app zip"
  static let summary = "Zip an app as ditto -c -k --keepParent does, for updaters, on any OS."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Writes the zip `ditto -c -k --sequesterRsrc --keepParent <App.app> <App.zip>` writes on a
    Mac, with the writer 'shipyard app notarize' zips apps with: the app's folder is the first
    entry (Hello.app/), every folder has an entry of its own, files keep their modes (0755 for
    executables), symbolic links are stored as links (a framework's Versions/Current), never
    followed, and modification times are kept (clamped to SOURCE_DATE_EPOCH when it is set).
    Extended attributes are left out. electron-updater's MacUpdater and Squirrel.Mac install
    updates from this zip: add it to the feed with 'shipyard appcast add'. The zip is written
    beside its target and renamed into place when complete: a failure leaves nothing there.

    \(table.help)

    EXAMPLES:
      shipyard app zip build/Hello.app        # writes Hello.zip in this folder
      shipyard app zip build/Hello.app -o dist/ --force
      shipyard appcast add dist/Hello.zip --electron-updater dist/latest-mac.yml \\
        --download-url-prefix https://example.com/downloads/
    """

  /// `-o`, `--force` and `--json`.
  static let table = OptionTable<Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        [
          .option(
            "-o", "--output", value: "<file.zip>|<folder>", .string,
            help: """
              Where the zip goes; in a folder (one that exists, or a path ending
              with /) it is <App>.zip. Default: <App>.zip in the current folder.
              """
          ) { $0.output = $1 },
          OutputLocation.forceFlag { $0.force = true },
          .flag("--json", help: "Prints what was written as JSON.") { $0.json = true },
        ]
      )
    ]
  ).taking("<App.app>")

  /// What the flags read.
  struct Arguments {
    var output: String?
    var force = false
    var json = false
  }

  let app: String
  let output: String
  let force: Bool
  let json: Bool
  /// `SOURCE_DATE_EPOCH`, the latest modification time written.
  let dateLimit: Int64?

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    let positionals = try Self.table.parse(arguments, into: &parsed)
    guard positionals.count == 1, let app = positionals.first else {
      throw .usage(
        positionals.isEmpty ? "missing <App.app>" : "expected one <App.app>", command: Self.path)
    }
    if parsed.output == "" { throw .usage("-o needs a file or folder name", command: Self.path) }
    let stem = URL(fileURLWithPath: app).standardizedFileURL.deletingPathExtension()
      .lastPathComponent
    self.app = app
    output = parsed.output.map { OutputLocation.file($0, named: "\(stem).zip") } ?? "\(stem).zip"
    force = parsed.force
    json = parsed.json
    if let epoch = environment["SOURCE_DATE_EPOCH"] {
      guard let seconds = Int64(epoch) else {
        throw .usage(
          "SOURCE_DATE_EPOCH is \(epoch.debugDescription), not a number of seconds",
          command: Self.path)
      }
      dateLimit = seconds
    } else {
      dateLimit = nil
    }
  }

  func run(console: Console) async throws(CommandError) {
    do {
      try AppZip.check(app, output: output)
    } catch {
      throw .failure("app zip: \(error)")
    }
    try OutputLocation.prepare(output, for: "the zip", replacing: force)
    let zip: AppZip
    do {
      zip = try AppZip(zipping: app, to: output, dateLimit: dateLimit)
    } catch {
      throw .failure("app zip: \(error)")
    }
    try console.printReport(zip, json: json) {
      "wrote \(zip.output) (\(zip.entries) entries, \(ByteCount.text(Double(zip.size))))"
    }
  }
}

import Distribution
import Foundation

/// `shipyard dmg build`: makes a disk image from an app, natively.
struct DMGBuildCommand: ShipyardCommand {
  static let path = "dmg build"
  static let summary = "Build a disk image from an .app (or a folder), with an Applications link."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Writes an HFS+ volume or an APFS container inside a UDIF image, as hdiutil does, with no
    hdiutil and no Finder: the same inputs give the same bytes on every OS. APFS images open on
    macOS 10.13 and later. An .app goes at the volume's root beside an
    Applications link; a folder's items all go at the root. The Finder window's layout is written
    as a .DS_Store. The image is written to a temporary file beside the output and renamed into
    place when complete.

    Dates come from the sources, clamped to SOURCE_DATE_EPOCH when it is set.

    \(table.help)

    EXAMPLES:
      shipyard dmg build Examples/Hello.app
      shipyard dmg build build/MyApp.app -o dist/MyApp-1.2.dmg --format ULMO
      shipyard dmg build build/MyApp.app --background art/dmg.png --window 640x480 \\
        --icon MyApp.app=160,240 --icon Applications=480,240 --add README.pdf
      shipyard dmg build --config Examples/layout/Hello.json -o dist/Hello.dmg
    """

  /// The options, the first section's help ending with `--config`, which may name the source.
  static let table = OptionTable<DMGBuildArguments>(
    command: path,
    [
      (
        "OPTIONS",
        BuildOptionTable.general + ownOptions + [
          .configFile(
            help: """
              Reads the options from a JSON file: ours (keys as the flags, such as
              source, output, volumeName, background, icons) or appdmg's (title,
              icon, background, contents, ...). Paths are relative to the file, and
              flags given here win.
              """)
        ]
      ),
      ("LAYOUT OPTIONS", BuildOptionTable.layout + BuildOptionTable.license),
      (
        "WINDOW AND VIEW OPTIONS (all bars hidden by default)",
        BuildOptionTable.view + BuildOptionTable.fileKeys
      ),
    ]
  ).taking("<app-or-folder>").alsoUsable(with: ["--config"], optional: ["-o"])
    .deferringConfigKeys(to: DMGShipCommand.table)

  /// `--json` and `--quiet`, which `dmg ship` words its own way.
  private static let ownOptions: [OptionSpec<DMGBuildArguments>] = [
    .flag("--json", help: "Prints what was written as JSON on standard output.") {
      $0.json = true
    },
    .flag("-q", "--quiet", help: "Prints no progress and no summary; errors still show.") {
      $0.quiet = true
    },
  ]

  let options: DMGBuildOptions
  /// `--force`.
  let replacesOutput: Bool
  /// `--json`.
  let json: Bool
  /// `--quiet`.
  let quiet: Bool

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = DMGBuildArguments()
    let positionals = try Self.table.parse(arguments, into: &parsed)
    guard positionals.count <= 1 else {
      throw .usage("expected one <app-or-folder>", command: Self.path)
    }
    options = try parsed.validated(
      source: positionals.first, environment: environment, command: Self.path)
    replacesOutput = parsed.replacesOutput
    json = parsed.json
    quiet = parsed.quiet
  }

  func run(console: Console) async throws(CommandError) {
    try OutputLocation.prepare(options.output, for: "the image", replacing: replacesOutput)
    let progress = ProgressReporter(
      "building", style: .of(console, quiet: quiet), console: console, startsNow: false)
    let result: DMGBuilder.Result
    do {
      result = try DMGBuilder(options: options).build { done, total in
        progress.update(done: done, total: total)
      }
    } catch {
      throw .failure("\(error)")
    }
    progress.finish()
    if json {
      try console.printReport(result, json: true) { "" }
    } else if !quiet {
      console.printError(Self.summary(of: result))
    }
  }

  /// What the build wrote: the image, its volume's name, counts and sizes.
  static func summary(of result: DMGBuilder.Result) -> String {
    "wrote \(result.output): volume \(result.volumeName.debugDescription), \(result.fileCount) files, "
      + "\(result.folderCount) folders, \(ByteCount.text(result.volumeBytes)) volume, "
      + "\(ByteCount.text(result.imageBytes)) image"
  }
}

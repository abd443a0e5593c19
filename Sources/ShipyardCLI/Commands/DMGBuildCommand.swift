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
        BuildOptionTable.general + [
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

  let options: DMGBuildOptions
  /// `--force`.
  let replacesOutput: Bool

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = DMGBuildArguments()
    let positionals = try Self.table.parse(arguments, into: &parsed)
    guard positionals.count <= 1 else {
      throw .usage("expected one <app-or-folder>", command: Self.path)
    }
    options = try parsed.validated(
      source: positionals.first, environment: environment, command: Self.path)
    replacesOutput = parsed.replacesOutput
  }

  func run(console: Console) async throws(CommandError) {
    try Self.build(options, replacing: replacesOutput, console: console)
  }

  /// Builds the image, with progress and a summary on standard error.
  static func build(_ options: DMGBuildOptions, replacing: Bool, console: Console)
    throws(CommandError)
  {
    try OutputLocation.prepare(options.output, for: "the image", replacing: replacing)
    let bar = console.errorIsTerminal ? StepProgress(console: console) : nil
    do {
      let result = try DMGBuilder(options: options).build { done, total in
        bar?.update(done: done, total: total)
      }
      bar?.finish()
      report(result, console: console)
    } catch {
      throw .failure("\(error)")
    }
  }

  /// Prints what the build wrote: the image, its volume's name, counts and sizes.
  static func report(_ result: DMGBuilder.Result, console: Console) {
    console.printError(
      "wrote \(result.output): volume \(result.volumeName.debugDescription), \(result.fileCount) files, "
        + "\(result.folderCount) folders, \(ProgressBar.formatBytes(Double(result.volumeBytes))) volume, "
        + "\(ProgressBar.formatBytes(Double(result.imageBytes))) image")
  }
}

/// A percentage on standard error for long steps.
final class StepProgress: @unchecked Sendable {
  private let console: Console
  private var lastPercent = -1

  init(console: Console) { self.console = console }

  func update(done: Int64, total: Int64) {
    let percent = total > 0 ? Int(done * 100 / total) : 100
    guard percent != lastPercent else { return }
    lastPercent = percent
    console.writeError("\rbuilding: \(percent)%")
  }

  func finish() { console.writeError("\r") }
}

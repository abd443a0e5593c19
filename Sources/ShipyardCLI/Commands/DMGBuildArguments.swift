import Distribution
import Foundation

/// What `dmg build` and `dmg ship` read from their flags and configuration file, before the
/// checks that need every option at once (``validated(source:environment:command:)``).
///
/// Most values go straight into ``options``; the others wait here until all are known.
struct DMGBuildArguments {
  // MARK: - Properties

  /// The options, as far as the flags set them.
  var options = DMGBuildOptions(
    source: "", output: "", threads: ProcessInfo.processInfo.activeProcessorCount)
  /// The source a configuration file names (`source`, or appdmg's app).
  var source: String?
  /// `--output`, when given.
  var output: String?
  /// `--force`: an existing image at the output is replaced.
  var replacesOutput = false
  /// `--json` (`dmg build`): what was written, as JSON on standard output.
  var json = false
  /// `--quiet` (`dmg build`): no progress and no summary.
  var quiet = false
  /// `--level`'s text, checked against the format once it is known.
  var level: String?
  /// `--background-scale`, when given.
  var backgroundScale: Int?
  /// The files `--add` puts at the root, in order.
  var files: [DMGBuildOptions.Addition] = []
  /// The links `--link` puts at the root, after the files.
  var links: [DMGBuildOptions.Addition] = []
  /// `--license-buttons`, by language tag.
  var licenseButtons: [String: [String]] = [:]

  // MARK: - API

  /// The options for `positional` (else the file's source), with `SOURCE_DATE_EPOCH` from
  /// `environment`; a usage error for `command` when they do not go together.
  func validated(source positional: String?, environment: [String: String], command: String)
    throws(CommandError) -> DMGBuildOptions
  {
    func usage(_ message: String) -> CommandError { .usage(message, command: command) }
    guard let source = positional ?? source else { throw usage("missing <app-or-folder>") }
    var options = options
    let trimmed = source.hasSuffix("/") && source.count > 1 ? String(source.dropLast()) : source
    options.source = trimmed
    let name =
      options.volumeName
      ?? ((trimmed as NSString).lastPathComponent as NSString).deletingPathExtension
    options.output = output.map { OutputLocation.file($0, named: "\(name).dmg") } ?? "\(name).dmg"
    if options.caseSensitive && options.fileSystem != .apfs {
      throw usage("--case-sensitive applies to APFS volumes (--filesystem APFS)")
    }
    if let level {
      let levels = options.format.levels
      guard let value = Int(level), levels.contains(value) else {
        throw usage(
          "--level takes \(levels.lowerBound) to \(levels.upperBound) for \(options.format.rawValue)"
        )
      }
      options.level = value
    }
    if options.background == nil,
      let flag = [
        ("--background-2x", options.background2x != nil),
        ("--background-scale", backgroundScale != nil),
      ].first(where: \.1)?.0
    {
      throw usage("\(flag) needs --background <picture>")
    }
    options.backgroundScale = backgroundScale ?? options.backgroundScale
    options.additions = files + links
    try applyLicenseButtons(to: &options, command: command)
    if let epoch = environment["SOURCE_DATE_EPOCH"] {
      guard let seconds = Int64(epoch) else {
        throw usage("SOURCE_DATE_EPOCH is \(epoch.debugDescription), not a number of seconds")
      }
      options.dateLimit = seconds
    }
    return options
  }

  // MARK: - Implementation

  /// Gives each license its `--license-buttons`; an English license given without a tag moves
  /// among the tagged ones when it has buttons.
  private func applyLicenseButtons(to options: inout DMGBuildOptions, command: String)
    throws(CommandError)
  {
    for index in options.licenses.indices {
      options.licenses[index].buttons = licenseButtons[options.licenses[index].language]
    }
    if let english = options.license, let titles = licenseButtons["en"] {
      options.license = nil
      options.licenses.insert(.init(language: "en", path: english, buttons: titles), at: 0)
    }
    let given = Set(options.licenses.map(\.language))
    if let tag = licenseButtons.keys.sorted().first(where: { !given.contains($0) && $0 != "en" }) {
      throw .usage(
        "--license-buttons names \(tag), which has no --license \(tag)=<file>", command: command)
    }
  }
}

import DiskImage
import Distribution
import Foundation

/// `shipyard dmg build`: makes a disk image from an app, natively.
struct DMGBuildCommand: ShipyardCommand {
  static let path = "dmg build"
  static let summary = "Build a disk image from an .app (or a folder), with an Applications link."
  static let help = """
    OVERVIEW: \(summary)

    USAGE: shipyard dmg build <app-or-folder> [-o <out.dmg>] [--volume-name <name>] [--format <format>]
                              [--level <n>] [--no-applications-link] [--owner <uid:gid>]
                              [--free-space <size>] [--threads <n>]

    Writes an HFS+ volume inside a UDIF image, as hdiutil does, with no hdiutil and no Finder: the
    same inputs give the same bytes on every OS. An .app goes at the volume's root beside an
    Applications link; a folder's items all go at the root. The image is written to a temporary file
    beside the output and renamed into place when complete.

    Dates come from the sources, clamped to SOURCE_DATE_EPOCH when it is set.

    OPTIONS:
      -o, --output <file>     The image to write (default: <volume name>.dmg).
      --volume-name <name>    The volume's name (default: the app's name without .app).
      --format <format>       UDZO (zlib, default), UDBZ (bzip2), ULMO (xz) or UDRO (uncompressed).
      --level <n>             The compression level (default: zlib 6, bzip2 9, xz 6).
      --no-applications-link  Leaves out the Applications link.
      --owner <uid:gid>       The owner and group of every item (default: 501:20).
      --free-space <size>     Free space to leave on the volume, such as 10M (default: 0).
      --threads <n>           Chunks compressed at once (default: the number of cores).
      -h, --help              Shows this help.

    EXAMPLES:
      shipyard dmg build Examples/Hello.app
      shipyard dmg build build/MyApp.app -o dist/MyApp-1.2.dmg --format ULMO
    """

  let options: DMGBuildOptions

  init(arguments: [String]) throws(CommandError) {
    let scanner = ArgumentScanner(
      command: Self.path,
      options: [
        .value("-o", "--output"), .value("--volume-name"), .value("--format"), .value("--level"),
        .flag("--no-applications-link"), .value("--owner"), .value("--free-space"),
        .value("--threads"),
      ])
    let scanned = try scanner.scan(arguments)
    guard scanned.positionals.count == 1 else {
      throw scanner.usage(
        scanned.positionals.isEmpty ? "missing <app-or-folder>" : "expected one <app-or-folder>")
    }
    let source = scanned.positionals[0]
    let trimmed = source.hasSuffix("/") && source.count > 1 ? String(source.dropLast()) : source
    let name =
      scanned.last("--volume-name")
      ?? ((trimmed as NSString).lastPathComponent as NSString).deletingPathExtension
    var options = DMGBuildOptions(
      source: trimmed, output: scanned.last("--output") ?? "\(name).dmg",
      threads: ProcessInfo.processInfo.activeProcessorCount)
    options.volumeName = scanned.last("--volume-name")
    if let format = scanned.last("--format") {
      guard let parsed = ImageFormat(rawValue: format.uppercased()) else {
        throw scanner.usage(
          "unknown format \(format.debugDescription): use UDZO, UDBZ, ULMO or UDRO")
      }
      options.format = parsed
    }
    if let level = scanned.last("--level") {
      guard let value = Int(level), (0...9).contains(value) else {
        throw scanner.usage("--level takes 0 to 9")
      }
      options.level = value
    }
    options.applicationsLink = !scanned.has("--no-applications-link")
    if let owner = scanned.last("--owner") {
      let parts = owner.split(separator: ":")
      guard parts.count == 2, let uid = UInt32(parts[0]), let gid = UInt32(parts[1]) else {
        throw scanner.usage("--owner takes <uid>:<gid>, such as 501:20")
      }
      (options.ownerID, options.groupID) = (uid, gid)
    }
    if let free = scanned.last("--free-space") {
      guard let bytes = Self.parseSize(free) else {
        throw scanner.usage("--free-space takes a size such as 512K, 10M or 1G")
      }
      options.freeSpace = bytes
    }
    if let threads = scanned.last("--threads") {
      guard let value = Int(threads), value > 0 else {
        throw scanner.usage("--threads takes a positive number")
      }
      options.threads = value
    }
    self.options = options
  }

  func run(console: Console) async throws(CommandError) {
    var options = options
    if let epoch = console.environment["SOURCE_DATE_EPOCH"] {
      guard let seconds = Int64(epoch) else {
        throw .usage(
          "SOURCE_DATE_EPOCH is \(epoch.debugDescription), not a number of seconds",
          command: Self.path)
      }
      options.dateLimit = seconds
    }
    let bar = console.errorIsTerminal ? StepProgress(console: console) : nil
    do {
      let result = try DMGBuilder(options: options).build { done, total in
        bar?.update(done: done, total: total)
      }
      bar?.finish()
      console.printError(
        "wrote \(options.output): volume \(result.volumeName.debugDescription), \(result.fileCount) files, "
          + "\(result.folderCount) folders, \(ProgressBar.formatBytes(Double(result.volumeBytes))) volume, "
          + "\(ProgressBar.formatBytes(Double(result.imageBytes))) image")
    } catch {
      throw .failure("\(error)")
    }
  }

  /// `512`, `512K`, `10M`, `1G` (powers of 1024).
  static func parseSize(_ text: String) -> Int64? {
    let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    if let last = text.uppercased().last, let unit = units[last] {
      return Int64(text.dropLast()).map { $0 * unit }
    }
    return Int64(text)
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

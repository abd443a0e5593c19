import Distribution
import Foundation

/// `shipyard dmg ls`: the files of a disk image's volume, or of one folder on it.
struct DMGListCommand: ShipyardCommand {
  static let path = "dmg ls"
  static let summary = "List the files of a disk image's volume, on any OS."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Reads the volume (HFS+ or APFS, in any UDIF format) through Shipyard's own readers and lists
    every file, folder and symbolic link below its root, or below <path in volume>, each folder
    before what it holds: kind and mode as ls -l shows them, size in bytes, path on the volume,
    and a link's target after ->. A path that names a file lists that file. With --json, an
    array of objects with dmg inspect's keys (path, kind, mode, size, linkTarget, ...). Files'
    data is not read: 'shipyard dmg inspect' checks the chunks, 'shipyard dmg extract' copies
    the files out.

    \(table.help)

    EXAMPLES:
      shipyard dmg ls dist/Hello.dmg
      shipyard dmg ls dist/Hello.dmg Hello.app/Contents/MacOS --json
    """

  /// `--json`.
  static let table = ImageReportArguments.table(command: path)
    .taking("<image.dmg>", "[<path in volume>]")

  let image: String
  let folder: String
  let json: Bool

  init(arguments: [String], environment _: [String: String]) throws(CommandError) {
    var json = false
    let positionals = try Self.table.parse(arguments, into: &json)
    guard (1...2).contains(positionals.count) else {
      throw .usage(
        positionals.isEmpty
          ? "missing <image.dmg>" : "expected <image.dmg> and at most one <path in volume>",
        command: Self.path)
    }
    image = positionals[0]
    folder = positionals.count > 1 ? positionals[1] : "/"
    self.json = json
  }

  func run(console: Console) async throws(CommandError) {
    let listing: DMGListing
    do {
      listing = try DMGListing(path: image, under: folder)
    } catch {
      throw .failure("\(error)")
    }
    try console.printReport(listing.files, json: json) { Self.text(listing.files) }
  }

  /// One line a file: `drwxr-xr-x  <size>  <path>`, a link's target after `->`.
  static func text(_ files: [DMGInspection.File]) -> String {
    let width = files.map { String($0.size).count }.max() ?? 1
    return files.map { file in
      let size = String(file.size)
      let link = file.linkTarget.map { " -> \($0)" } ?? ""
      return "\(modeText(file))  \(String(repeating: " ", count: width - size.count))\(size)  "
        + "\(file.path)\(link)"
    }.joined(separator: "\n")
  }

  /// The kind and permission bits as `ls -l` shows them, such as `drwxr-xr-x` or `lrwxr-xr-x`.
  static func modeText(_ file: DMGInspection.File) -> String {
    let kind =
      switch file.kind {
      case .folder: "d"
      case .symbolicLink: "l"
      case .file: "-"
      }
    let bits = Int(file.mode, radix: 8) ?? 0
    let letters = Array("rwxrwxrwx")
    return kind
      + String((0..<9).map { bits & (0o400 >> $0) != 0 ? letters[$0] : "-" })
  }
}

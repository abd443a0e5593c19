import Distribution
import Foundation

/// `shipyard dmg inspect`: partitions, chunks, checksums and files of a disk image.
struct DMGInspectCommand: ShipyardCommand {
  static let path = "dmg inspect"
  static let summary = "Show a disk image's partitions, chunks, checksums and files."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Decodes every chunk and checks each partition's CRC-32 and the master checksum, as 7-Zip's
    test does: a chunk that does not decode ("data error") or a partition whose CRC-32 differs
    exits 1; a wrong master checksum alone is a warning. Then lists the volume's files
    (HFS+ or APFS) with their attributes and resource forks, and the Finder window's layout.

    \(table.help)
    """

  /// `--json`.
  static let table = ImageReportArguments.table(command: path).taking("<image.dmg>")

  let arguments: ImageReportArguments
  var image: String { arguments.image }

  init(arguments: [String], environment _: [String: String]) throws(CommandError) {
    self.arguments = try ImageReportArguments(arguments, table: Self.table)
  }

  func run(console: Console) async throws(CommandError) {
    let report: DMGInspection
    do {
      report = try DMGInspection(path: image)
    } catch {
      throw .failure("\(image): \(error)")
    }
    try arguments.print(report, text: report.text, console: console)
    for problem in report.attributeProblems {
      console.printError("warning: \(image): \(problem)")
    }
    if !report.masterChecksumOK {
      console.printError("warning: \(image): master checksum mismatch (Master CRC error)")
    }
    for partition in report.partitions where partition.status != .ok {
      console.printError("error: \(image): \(partition.status) in \(partition.name)")
    }
    if report.isDamaged {
      throw .failure("\(image) is damaged")
    }
  }
}

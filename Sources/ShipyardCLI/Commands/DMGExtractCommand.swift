import Distribution
import Foundation

/// `shipyard dmg extract`: writes the files of a disk image's volume into a folder.
struct DMGExtractCommand: ShipyardCommand {
  static let path = "dmg extract"
  static let summary = "Copy the files of a disk image's volume into a folder, on any OS."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Reads the volume (HFS+ or APFS, in any UDIF format) through Shipyard's own readers and
    writes its files into <folder>, which stands for the volume's root: all of them, or each
    <path in volume> with all it holds (and the folders above it). Files keep their data, modes
    (less set-ID and sticky bits) and modification times; symbolic links are made as links,
    never followed. Resource forks and extended attributes are not written. Nothing lands
    outside <folder>: every entry is checked first, and a volume with a name that is empty, .,
    .. or holds a /, or an item below something that is not a folder, is refused before
    anything is written. Nothing is written through a link, and each file is written under a
    temporary name and renamed once complete. <folder> is made when missing; one that is not
    empty is refused unless --force, which replaces files and links of the same names and
    writes into folders of the same names.

    \(table.help)

    EXAMPLES:
      shipyard dmg extract dist/Hello.dmg -o out
      shipyard dmg extract dist/Hello.dmg Hello.app -o /Applications --force
    """

  /// `-o`, `--force` and `--json`.
  static let table = OptionTable<Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        [
          .option(
            "-o", "--output", value: "<folder>", .string,
            help: "The folder the volume's root goes to (required)."
          ) { $0.output = $1 },
          .flag(
            "--force",
            help: "Writes into a folder that is not empty, replacing same-named items."
          ) { $0.force = true },
          .flag("--json", help: "Prints what was written as JSON.") { $0.json = true },
        ]
      )
    ]
  ).taking("<image.dmg>", "[<path in volume>...]").requiring("-o")

  /// What the flags read.
  struct Arguments {
    var output: String?
    var force = false
    var json = false
  }

  let image: String
  let paths: [String]
  let folder: String
  let force: Bool
  let json: Bool

  init(arguments: [String], environment _: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    let positionals = try Self.table.parse(arguments, into: &parsed)
    guard let image = positionals.first else {
      throw .usage("missing <image.dmg>", command: Self.path)
    }
    guard let folder = parsed.output, !folder.isEmpty else {
      throw .usage("-o <folder> is required", command: Self.path)
    }
    self.image = image
    paths = Array(positionals.dropFirst())
    self.folder = folder
    force = parsed.force
    json = parsed.json
  }

  func run(console: Console) async throws(CommandError) {
    try OutputLocation.prepareFolder(folder, for: "the volume's files", replacing: force)
    let extraction: DMGExtraction
    do {
      extraction = try DMGExtraction(path: image, into: folder, paths: paths, replacing: force)
    } catch {
      throw .failure("\(error)")
    }
    try console.printReport(extraction, json: json) {
      "wrote \(extraction.entries) items of \(image) to \(folder)"
    }
  }
}

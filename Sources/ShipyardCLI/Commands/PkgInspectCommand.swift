import Distribution
import Foundation

/// `shipyard pkg inspect`: a flat installer package's members, table of contents, signatures,
/// Distribution, PackageInfo and Bom paths.
struct PkgInspectCommand: ShipyardCommand {
  static let path = "pkg inspect"
  static let summary = "Show an installer package's members, signatures, Distribution and Bom."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Reads a product archive or a component package, offline on any OS: the table of contents
    (its checksum, digest and creation time), every member (archived and extracted sizes,
    encoding, checksum), who signed it (the signer's name and team, the certificates, the
    signing time, the timestamp and its authority) and whether a notarization ticket is
    stapled, the Distribution's title, architectures, minimum macOS and choices, and each
    component's PackageInfo and Bom: every path with its mode, uid/gid, size, POSIX cksum and
    link target, the first \(PackageInspection.textPathLimit) of each component unless --all
    (--json lists them all). The signatures are described, not checked, and the payload is not
    read: run `shipyard pkg verify` to check them.

    Exits 1 when the file is not a xar archive, its table of contents does not read, it holds
    no component package, a component has no Bom, or a Bom, PackageInfo or Distribution does not
    read.

    \(table.help)

    EXAMPLES:
      shipyard pkg inspect dist/Hello.pkg
      shipyard pkg inspect dist/Hello.pkg --all
      shipyard pkg inspect dist/Hello.pkg --json
    """

  struct Flags {
    var json = false
    var all = false
  }

  static let table = OptionTable<Flags>(
    command: path,
    [
      (
        "OPTIONS",
        [
          .flag(
            "--all",
            help: OptionHelp(
              "Lists every Bom path, not the first \(PackageInspection.textPathLimit) of each "
                + "component.")
          ) { $0.all = true },
          ImageReportArguments.jsonFlag.lifted(\.json),
        ]
      )
    ]
  ).taking("<package.pkg>")

  let package: String
  let flags: Flags

  init(arguments: [String], environment _: [String: String]) throws(CommandError) {
    var flags = Flags()
    package = try Self.table.parse(arguments, into: &flags).package(command: Self.path)
    self.flags = flags
  }

  func run(console: Console) async throws(CommandError) {
    let report: PackageInspection
    do {
      report = try PackageInspection(path: package)
    } catch {
      throw .failure("\(package): \(error)")
    }
    try console.printReport(report, json: flags.json) { report.text(all: flags.all) }
    for warning in report.warnings { console.printError("warning: \(package): \(warning)") }
  }
}

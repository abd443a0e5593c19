import Distribution
import Foundation

/// `shipyard app merge`: joins an x86_64 and an arm64 build of a Mac app into one universal app.
struct AppMergeCommand: ShipyardCommand {
  static let path = "app merge"
  static let summary = "Merge an x86_64 and an arm64 app into one universal app, on any OS."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Every pair of Mach-O files at the same path becomes one universal binary, as lipo -create
    makes it: each slice copied byte for byte from its file (an input that is already universal
    gives all its slices), x86_64 before arm64, at Apple's alignments (4 KiB; 16 KiB for ARM).
    Two slices of one architecture are refused; a pair that is the same file is copied as it is.
    Everything else must be the same in both apps: folders, data files byte for byte, symbolic
    links, modes. Otherwise nothing is written and the first differences are listed (content,
    mode, kind, Mach-O against data, only in one app), unless --allow-different names the path.
    Signatures are kept as each slice has them: sign the merged app with 'shipyard app sign'
    (an app signed before merging has seals that differ: sign it after). The app is built beside
    <universal.app> and renamed into place when complete: a failure leaves nothing there.

    EXAMPLE:
      shipyard app merge build/x64/MyApp.app build/arm64/MyApp.app \\
        -o dist/MyApp.app --allow-different Contents/Resources/app.asar \\
        --prefer second
      shipyard app sign dist/MyApp.app --p12 developer-id.p12 \\
        --p12-password-env P12_PASSWORD

    \(table.help)
    """

  /// The merge's options, `-o` needed.
  static let table = OptionTable<Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        [
          .option(
            "-o", "--output", value: "<universal.app>", .string,
            help: "Where the universal app goes (required)."
          ) { $0.output = $1 },
          .option(
            "--allow-different", value: "<glob>", .string, repeatable: true,
            help: """
              A path in the apps that may differ (content, mode, kind) or be in one
              app only, taken whole from the --prefer app. *, ?, ** and [...] as
              minimatch reads them; a folder covers all it holds. Repeatable.
              """
          ) { $0.allowed.append($1) },
          .option(
            "--prefer", value: "first|second",
            .choice(UniversalAppMerge.Side.allCases.map { ($0.rawValue, $0) }),
            help: OptionHelp(
              "The app whose copy of an allowed difference is kept.",
              default: .value(Arguments().preferred.rawValue))
          ) { $0.preferred = $1 },
          .flag("--force", help: "Replaces an existing <universal.app>.") { $0.force = true },
          .flag("--json", help: "Prints what was merged as JSON.") { $0.json = true },
        ]
      )
    ]
  ).taking("<x86_64.app>", "<arm64.app>").requiring("-o")

  /// What the flags read.
  struct Arguments {
    var output: String?
    var allowed: [String] = []
    var preferred = UniversalAppMerge.Side.first
    var force = false
    var json = false
  }

  let merge: UniversalAppMerge
  let json: Bool

  init(arguments: [String], environment _: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    let positionals = try Self.table.parse(arguments, into: &parsed)
    guard positionals.count == 2 else {
      throw .usage(
        "expected two apps, <x86_64.app> <arm64.app>, not \(positionals.count)", command: Self.path)
    }
    guard let output = parsed.output else {
      throw .usage("-o <universal.app> is required", command: Self.path)
    }
    do {
      merge = try UniversalAppMerge(
        first: positionals[0], second: positionals[1], output: output,
        options: .init(
          allowedDifferences: parsed.allowed, preferred: parsed.preferred,
          replacesExisting: parsed.force))
    } catch {
      throw .usage("--allow-different: \(error)", command: Self.path)
    }
    json = parsed.json
  }

  func run(console: Console) async throws(CommandError) {
    try OutputLocation.makeFolder(of: merge.output, for: "the universal app")
    let summary: UniversalAppMergeSummary
    let progress = ProgressReporter(
      "merging", style: .of(console, quiet: json), unit: .count(one: "entry", many: "entries"),
      console: console, startsNow: false)
    do {
      summary = try merge.run { progress.update(done: Int64($0), total: Int64($1)) }
    } catch {
      throw .failure("app merge: \(error)")
    }
    progress.finish()
    try console.printReport(summary, json: json) { Self.text(summary) }
  }

  /// The report as text: each binary joined, what was copied as it was or taken from one app.
  static func text(_ summary: UniversalAppMergeSummary) -> String {
    // Two Mach-O files given, not apps: the one binary is the output itself.
    var lines = summary.binaries.map {
      "merged \($0.path.isEmpty ? summary.output : $0.path) (\($0.architectures.joined(separator: ", ")))"
    }
    lines += summary.identicalBinaries.map { "copied \($0) (the same in both apps)" }
    lines += summary.takenFromOneSide.sorted { $0.key < $1.key }.map {
      "took \($0.key) from the \($0.value) app"
    }
    lines.append("wrote \(summary.output) (\(summary.entries) entries)")
    return lines.joined(separator: "\n")
  }
}

import Distribution
import Foundation

/// `shipyard app verify`: checks a Mac app's signatures offline, as Gatekeeper and Apple's
/// notary judge them.
struct AppVerifyCommand: ShipyardCommand {
  static let path = "app verify"
  static let summary = "Check a Mac app's signatures offline, on any OS, as Apple's notary would."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Checks every slice of every Mach-O file: page and special-slot hashes (Info.plist,
    CodeResources, entitlements, requirements), the CMS signature and its chain to one of Apple's
    roots through a Developer ID intermediate, the hardened runtime and the secure timestamp; and
    every bundle's resource seal: each sealed file's hash, nothing added or missing, nested code by
    cdhash. Reports the stapled ticket: present, and whether it lists the main executable's cdhash
    (its Apple signature is checked only by Gatekeeper, on a Mac). Then says, in Apple's words
    and per architecture, what the notary would refuse. Only code passes: a file that is not
    Mach-O (a Linux ELF or Windows build, a script), an empty folder, a bundle without Info.plist
    or CFBundleExecutable is a problem. Names every problem with its path and exits 1 when there
    is one; 0 when the app would pass.

    \(IntegrityRule.help)

    \(table.help)
    """

  /// `--trust-root`, `--integrity-only` and `--json`.
  static let table = OptionTable<Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        TrustArguments.options.map { $0.lifted(\.trust) } + [
          IntegrityRule.flag { $0.integrityOnly = true },
          ImageReportArguments.jsonFlag.lifted(\.json).with(help: "Prints the report as JSON."),
        ]
      )
    ]
  ).taking("<App.app | binary>")

  /// What the flags read.
  struct Arguments {
    var trust = TrustArguments()
    var integrityOnly = false
    var json = false
  }

  let target: String
  let trustRoots: TrustRoots
  /// `--integrity-only`: the signatures must hold; who signed, and the notary, aside.
  let integrityOnly: Bool
  let json: Bool

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    target = try Self.table.parse(arguments, into: &parsed).app(command: Self.path)
    trustRoots = try parsed.trust.validated(environment: environment, command: Self.path)
    integrityOnly = parsed.integrityOnly
    json = parsed.json
  }

  func run(console: Console) async throws(CommandError) {
    let verification: AppVerification
    do {
      verification = try AppVerification(path: target, trustRoots: trustRoots)
    } catch {
      throw .failure("app verify: \(error)")
    }
    try console.printReport(verification, json: json) {
      Self.text(verification, integrityOnly: integrityOnly)
    }
    if let failure = IntegrityRule.failure(of: verification, integrityOnly: integrityOnly) {
      throw .failure(failure + TrustArguments.untrustedRootHint(verification.problems))
    }
  }

  /// The report as text: the verdict, every problem, every notary issue (none with
  /// `integrityOnly`); for code no signer signed, that alone, as the problems only repeat it.
  static func text(_ verification: AppVerification, integrityOnly: Bool = false) -> String {
    let verdict =
      switch verification.signer {
      case .none: "NOT SIGNED: no code in it carries a signature"
      case .linkerOnly: "NOT SIGNED: its code carries only the ad hoc signature its linker wrote"
      case .signer, .unread:
        integrityOnly
          ? (verification.isIntact ? "intact" : "INVALID")
          : (verification.isValid ? "valid" : "INVALID")
      }
    var lines = ["\(verification.path): \(verdict)"]
    if verification.signer == .signer || verification.signer == .unread {
      lines += verification.problems.map { "  problem: \($0)" }
      if !integrityOnly {
        lines += verification.notaryIssues.map { "  notary would refuse: \($0)" }
      }
    }
    lines += verification.ticket.map { ["  \($0.line)"] } ?? []
    return lines.joined(separator: "\n")
  }
}

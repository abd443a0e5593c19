import Digests
import Distribution
import Foundation

/// `shipyard dmg ship`: build, sign, notarize, staple and verify in one command.
struct DMGShipCommand: ShipyardCommand {
  static let path = "dmg ship"
  static let summary = "Build, sign, notarize, staple and verify a disk image in one command."
  static let help = """
    OVERVIEW: \(summary)

    USAGE: shipyard dmg ship <app-or-folder> [build options] [signing options] [notary options]
                             [--skip-sign] [--skip-notarize] [--skip-staple] [--skip-verify] [--json]

    Runs `dmg build`, `dmg sign`, `dmg notarize`, `dmg staple` and `dmg verify` in order, with the
    same options, and prints a summary (as JSON with --json) ending with the final image's SHA-256
    and size (stapling changes the bytes: feed these to updaters). Exit codes as for `dmg notarize`.
    Off macOS the native engine does every step itself: no Apple tool or rcodesign is needed.

    \(table.help)
    """

  /// The options: the build's (summarized), the signing and notary options, then the steps.
  static let table = OptionTable<DMGShipArguments>(
    command: path,
    [
      (
        "OPTIONS",
        BuildOptionTable.summarized(
          as: "As for `dmg build`, and so are its layout, window and view options."
        ).map { $0.lifted(\.build) } + SigningArguments.options.map { $0.lifted(\.signing) }
          + NotaryArguments.options.map { $0.lifted(\.notary) } + DMGShipArguments.options
      )
    ])

  let build: DMGBuildOptions
  /// The signing options, unless signing is skipped.
  let signing: SigningOptions?
  /// The notary options, unless notarizing is skipped.
  let notary: NotaryOptions?
  /// The engine, unless signing is skipped.
  let engine: (any SigningEngine)?
  /// The steps left out.
  let skipped: Set<DMGShipArguments.Step>
  /// Whether the summary is printed as JSON.
  let json: Bool

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = DMGShipArguments()
    let positionals = try Self.table.parse(arguments, into: &parsed)
    guard positionals.count == 1 || (positionals.isEmpty && parsed.build.source != nil) else {
      throw .usage("expected one <app-or-folder>", command: Self.path)
    }
    build = try parsed.build.validated(
      source: positionals.first, environment: environment, command: Self.path)
    skipped = parsed.skipped
    json = parsed.json
    guard !skipped.contains(.sign) else {
      (signing, notary, engine) = (nil, nil, nil)
      return
    }
    let signing = try parsed.signing.validated(environment: environment, command: Self.path)
    let engine = try signing.engine.engine(
      signing: signing, environment: environment, command: Self.path)
    if !skipped.contains(.notarize) {
      let notary = try parsed.notary.validated(environment: environment, command: Self.path)
      try notary.check(for: engine, command: Self.path)
      self.notary = notary
    } else {
      notary = nil
    }
    (self.signing, self.engine) = (signing, engine)
  }

  struct Summary: Encodable {
    var image: String
    var steps: [String: String] = [:]
    var submissionID: String?
    var gatekeeper: String?
    /// The final image's SHA-256 (after stapling), for updaters' feeds.
    var sha256 = ""
    /// The final image's size in bytes.
    var bytes: Int64 = 0
  }

  func run(console: Console) async throws(CommandError) {
    let image = build.output
    var summary = Summary(image: image)
    try DMGBuildCommand.build(build, console: console)
    summary.steps["build"] = "done"
    // The notarization's digest of the image, as long as nothing has changed its bytes since.
    var unchangedSinceNotarized: FileDigest?
    if let signing, let engine {
      var steps = ReleaseSteps(console: console, engine: engine)
      steps.ticketTimeout = notary?.ticketTimeout ?? steps.ticketTimeout
      try await steps.sign(image, identity: signing.identity)
      summary.steps["sign"] = "done"
      if let notary {
        let notarized = try await steps.notarize(image, notary: notary)
        summary.submissionID = notarized.submissionID
        unchangedSinceNotarized = notarized.image
        summary.steps["notarize"] = "accepted"
        if !skipped.contains(.staple) {
          try await steps.staple(image)
          unchangedSinceNotarized = nil  // the ticket is in the image now
          summary.steps["staple"] = "done"
        }
      }
      if !skipped.contains(.verify) { summary.gatekeeper = try await steps.assess(image) }
    }
    if !skipped.contains(.verify) {
      // One verification, as `dmg verify`'s: the checksums always, the signature unless signing
      // was skipped, the ticket when one was stapled.
      let verification: DMGVerification
      do {
        verification = try DMGVerification(path: image)
      } catch {
        throw .failure("verify: \(error)")
      }
      let signature = verification.signature
      summary.steps["verify"] =
        !signature.isSigned ? "unsigned" : signature.isValid ? "valid" : "INVALID"
      let requirements = DMGVerification.Requirements(
        signature: signing != nil, ticket: summary.steps["staple"] != nil)
      if let failure = verification.failure(for: requirements) { throw .failure("\(failure)") }
    }
    do {
      // A pass over the final bytes, unless the notarization's digest still names them.
      let final = try unchangedSinceNotarized ?? FileDigest(ofFileAt: image)
      summary.bytes = final.byteCount
      summary.sha256 = final.hex
    } catch {
      throw .failure("cannot read \(image): \(error)")
    }
    do {
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try console.print(String(decoding: try encoder.encode(summary), as: UTF8.self))
      } else {
        var lines = ["shipped \(image):"]
        lines += summary.steps.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }
        lines += summary.submissionID.map { ["  submission: \($0)"] } ?? []
        lines += summary.gatekeeper.map { ["  gatekeeper: \($0)"] } ?? []
        // Last, for scripts: the final bytes' digest and size.
        lines += ["  sha256: \(summary.sha256)", "  bytes: \(summary.bytes)"]
        try console.print(lines.joined(separator: "\n"))
      }
    } catch {
      throw .failure("cannot write the summary: \(error)")
    }
  }
}

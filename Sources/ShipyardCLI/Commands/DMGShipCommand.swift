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

    OPTIONS:
      -o, --output <file>, --volume-name, --format, --level, --no-applications-link, --owner,
      --free-space, --threads
                              As for `dmg build`.
    \(SigningOptions.help)
    \(NotaryOptions.help)
      --skip-sign, --skip-notarize, --skip-staple, --skip-verify
                              Leaves a step out (skipping signing skips notarizing and stapling).
      --config <file.json>    Reads the options from a JSON file: the keys of `dmg build --config`, plus
                              "sign" {engine, identity, keychain, p12, p12PasswordFile, pem},
                              "notarize" {keychainProfile, appleID, teamID, passwordEnv, key, keyID,
                              issuer, timeout} and "skip" [steps]. Flags given here win.
      --json                  Prints the summary as JSON.
      -h, --help              Shows this help.
    """

  let build: DMGBuildOptions
  let signing: SigningOptions
  let scanned: ArgumentScanner.Result
  let scanner: ArgumentScanner

  init(arguments: [String]) throws(CommandError) {
    scanner = ArgumentScanner(
      command: Self.path,
      options: BuildOptions.declarations + SigningOptions.declarations + NotaryOptions.declarations
        + [
          .flag("--skip-sign"), .flag("--skip-notarize"), .flag("--skip-staple"),
          .flag("--skip-verify"), .flag("--json"),
        ])
    scanned = try ConfigFile.scan(arguments, with: scanner, allowsRelease: true)
    guard scanned.positionals.count == 1 else {
      throw scanner.usage("expected one <app-or-folder>")
    }
    build = try BuildOptions.parse(source: scanned.positionals[0], scanned, scanner: scanner)
    signing = try SigningOptions(scanned, scanner: scanner)
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
    let signs = !scanned.has("--skip-sign")
    let notary =
      signs && !scanned.has("--skip-notarize")
      ? try NotaryOptions(scanned, scanner: scanner, environment: console.environment) : nil
    try BuildOptions.build(build, command: Self.path, console: console)
    summary.steps["build"] = "done"
    // The notarization's digest of the image, as long as nothing has changed its bytes since.
    var unchangedSinceNotarized: FileDigest?
    if signs {
      var steps = try ReleaseSteps(
        console: console, engineName: signing.engine, signing: signing)
      steps.ticketTimeout = notary?.ticketTimeout ?? steps.ticketTimeout
      try await steps.sign(image, identity: try signing.identity(environment: console.environment))
      summary.steps["sign"] = "done"
      if let notary {
        let notarized = try await steps.notarize(image, notary: notary)
        summary.submissionID = notarized.submissionID
        unchangedSinceNotarized = notarized.image
        summary.steps["notarize"] = "accepted"
        if !scanned.has("--skip-staple") {
          try await steps.staple(image)
          unchangedSinceNotarized = nil  // the ticket is in the image now
          summary.steps["staple"] = "done"
        }
      }
      if !scanned.has("--skip-verify") { summary.gatekeeper = try await steps.assess(image) }
    }
    if !scanned.has("--skip-verify") {
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
        signature: signs, ticket: summary.steps["staple"] != nil)
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
      if scanned.has("--json") {
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

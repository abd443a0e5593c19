/// What `dmg ship` reads from its flags and configuration file: the build, signing and notary
/// options, the steps to leave out and `--json`.
struct DMGShipArguments {
  /// A step `--skip-…` leaves out.
  enum Step: String, CaseIterable, Sendable {
    /// Signing the app before the build (it was signed elsewhere).
    case signApp = "sign-app"
    /// Signing (and so notarizing and stapling).
    case sign
    /// Notarizing (and so stapling).
    case notarize
    /// Stapling.
    case staple
    /// Verifying.
    case verify
  }

  // MARK: - Properties

  /// The build options.
  var build = DMGBuildArguments()
  /// The signing options.
  var signing = SigningArguments()
  /// The notary options.
  var notary = NotaryArguments()
  /// The roots the final verification trusts.
  var trust = TrustArguments()
  /// How the app is signed before the build.
  var app = AppSigningArguments()
  /// The steps left out.
  var skipped: Set<Step> = []
  /// `--no-preflight`.
  var noPreflight = false
  /// `--staple-app`.
  var stapleApp = false
  /// `--no-wait`.
  var noWait = false
  /// `--json`.
  var json = false
  /// `--quiet`.
  var quiet = false
  /// The update feeds written last, from the final image (`--appcast`, `--electron-updater`).
  var feeds = AppcastArguments()

  // MARK: - API

  /// `--skip-…`, `--config`, `--json` and `--quiet`, after the options of the steps.
  static let options: [OptionSpec<DMGShipArguments>] =
    Step.allCases.map { step in
      .flag(
        "--skip-\(step.rawValue)",
        help: step == .signApp
          ? """
          Leaves a step out: sign-app when the app was signed elsewhere; skipping
          signing skips signing the app, notarizing and stapling.
          """
          : .listedWithPrevious
      ) { $0.skipped.insert(step) }
    } + [
      .fileKey(ConfigKey("skip", .each("steps")), .step, repeatable: true) {
        $0.skipped.insert($1)
      },
      NotaryArguments.noPreflightFlag.lifted(\.noPreflight),
      .flag(
        "--staple-app",
        help: """
          Notarizes and staples the app too, before the build (two submissions: the app as a
          zip, then the image), so the app keeps its ticket once copied out of the image.
          """
      ) { $0.stapleApp = true },
      NotaryArguments.noWaitFlag.lifted(\.noWait).with(
        help: """
          Submits the image and stops there (no staple; verified without a ticket):
          a later `dmg notarize` of it waits, then `dmg staple` staples.
          """),
      .configFile(help: OptionHelp(configHelp)),
      .flag("--json", help: "Prints the summary as JSON.") { $0.json = true },
      .flag(
        "-q", "--quiet",
        help: "Prints no progress and no steps on standard error; the summary still shows."
      ) { $0.quiet = true },
    ]

  /// `--config`'s help, which names the keys of the signing and notary options.
  private static var configHelp: String {
    func keys<Options>(_ specs: [OptionSpec<Options>], under object: String) -> String {
      specs.flatMap { $0.keys[.ours] ?? [] }.filter { $0.hasPrefix(object + ".") }
        .map { String($0.dropFirst(object.count + 1)) }.joined(separator: ", ")
    }
    return "Reads the options from a JSON file: the keys of `dmg build --config`, plus "
      + "\"sign\"\u{A0}{\(keys(SigningArguments.options, under: "sign"))}, "
      + "\"notarize\"\u{A0}{\(keys(NotaryArguments.options, under: "notarize"))} "
      + "and \"skip\" [steps]. Flags given here win."
  }
}

extension ValueParser where Value == DMGShipArguments.Step {
  /// A step's name, for `"skip": […]`.
  static var step: Self {
    Self { text, origin throws(CommandError) in
      guard let step = Value(rawValue: text) else {
        throw origin.error(
          "cannot skip \(text.debugDescription) (sign-app, sign, notarize, staple or verify)")
      }
      return step
    }
  }
}

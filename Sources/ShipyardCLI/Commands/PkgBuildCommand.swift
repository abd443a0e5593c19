import Distribution
import Foundation

/// `shipyard pkg build`: a flat installer package of an app or a folder, natively on any OS or
/// with Apple's pkgbuild and productbuild.
struct PkgBuildCommand: ShipyardCommand {
  static let path = "pkg build"
  static let summary = "Build a flat installer package (.pkg) of an app or a folder, on any OS."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Writes what pkgbuild and productbuild write on a Mac. By default a product archive: a
    Distribution (title, the Mac architectures the payload's Mach-O runs on, the app's
    LSMinimumSystemVersion, one choice) and the component package <Name>.pkg; with --component
    the bare component package. The payload is a cpio (odc) archive in one gzip member, owners
    root:wheel, names byte for byte as on disk; the Bom lists every path with its mode, size and
    POSIX cksum checksum; PackageInfo gives the identifier, version, install location, file count
    and size, the app's bundle (not relocated: Installer installs where the package says) and
    the scripts (preinstall, postinstall… from --scripts, made executable). An app installs as
    /Applications/<Name>.app and is signed first, as 'shipyard app sign' signs it (give an
    identity, or --ad-hoc, or --skip-sign-app); a folder's contents install under
    --install-location (default /). Dates are clamped to SOURCE_DATE_EPOCH when it is set, which
    is then the archive's creation time: two builds give the same bytes. Files are streamed, so
    memory stays small whatever their sizes; the package is written beside its target and renamed
    into place when complete. Sign it with 'shipyard pkg sign' (a Developer ID Installer
    identity).

    With --engine apple (the default on macOS) Apple's tools build it instead: codesign signs the
    app, `pkgbuild --component <app>` (or `--root <folder>`) writes the component package with
    the same identifier, version, install location and scripts, then `productbuild --synthesize`
    and `productbuild --distribution` the product archive, with the title added to its
    Distribution; pkgbuild's own defaults hold otherwise (it marks an app's bundle relocatable).
    They run in a hidden folder beside the package, renamed into place when they succeed.
    pkgbuild writes SHA-1 checksums only (--sha256 is refused), and SOURCE_DATE_EPOCH reaches it
    in the environment.

    \(table.help)

    EXAMPLES:
      shipyard pkg build build/Hello.app \\
        --p12 developer-id.p12 --p12-password-env P12_PASSWORD
      shipyard pkg build build/tools --identifier com.example.tools --version 1.2 \\
        --install-location /usr/local/bin -o dist/tools.pkg
    """

  static let table = OptionTable<Arguments>(
    command: path,
    [
      ("OPTIONS", [engineOption(help: engineHelp)] + ownOptions),
      ("SIGNING THE APP", appSigningOptions),
    ]
  ).taking("<App.app | folder>")

  /// `--engine`'s help.
  static let engineHelp = """
    Who builds the package and signs the app (default: apple on macOS, native
    elsewhere). apple runs pkgbuild, productbuild and codesign; native is
    Shipyard itself, on any OS.
    """

  /// `--engine`, with `help`: who signs the app and builds the package (and, in `pkg ship`, the
  /// steps that follow); rcodesign builds no package.
  static func engineOption(help: String) -> OptionSpec<Arguments> {
    EngineName.option(among: [.native, .apple]).lifted(\Arguments.signing.engine).with(
      help: OptionHelp(help))
  }

  /// How the app is signed first (the engine is `--engine`'s, among the package's options).
  static let appSigningOptions: [OptionSpec<Arguments>] =
    SigningArguments.options.filter { !["--identifier", "--engine"].contains($0.name) }.map {
      $0.lifted(\.signing)
    }
    + AppSigningArguments.options.map { $0.lifted(\.app) } + [
      AdHocSigning.flag(signing: "the app") { $0.adHoc = true },
      .flag(
        "--skip-sign-app",
        help: "Leaves the app as it is (signed already, or to be signed by the package's user)."
      ) { $0.skipSigning = true },
    ]

  /// The package's own options.
  static let ownOptions: [OptionSpec<Arguments>] = [
    .option(
      "-o", "--output", value: "<file.pkg>|<folder>", .string,
      help: OptionHelp(
        "Where the package goes; in a folder it is <Name>.pkg.",
        default: "<Name>.pkg in the current folder")
    ) { $0.output = $1 },
    .option(
      "--identifier", value: "<id>", .string,
      help: OptionHelp("The package's identifier.", default: "the app's CFBundleIdentifier")
    ) { $0.options.identifier = $1 },
    .option(
      "--version", value: "<version>", .string,
      help: OptionHelp("The package's version.", default: "the app's CFBundleShortVersionString")
    ) { $0.options.version = $1 },
    .option(
      "--install-location", value: "<folder>", .string,
      help: OptionHelp("Where the payload installs.", default: "/Applications for an app, else /")
    ) { $0.options.installLocation = $1 },
    .option(
      "--scripts", value: "<folder>", .string,
      help: "A folder with preinstall and/or postinstall and what they use."
    ) { $0.options.scripts = $1 },
    .option(
      "--title", value: "<title>", .string,
      help: OptionHelp("The title Installer shows.", default: "the app's CFBundleName")
    ) { $0.options.title = $1 },
    .flag("--component", help: "Writes a bare component package, no Distribution.") {
      $0.options.component = true
    },
    .flag("--sha256", help: "SHA-256 checksums in the archive rather than SHA-1 (pkgbuild's).") {
      $0.options.sha256 = true
    },
    OutputLocation.forceFlag { $0.force = true },
    .flag("--json", help: "Prints what was written as JSON.") { $0.json = true },
  ]

  /// What the flags read.
  struct Arguments {
    var output: String?
    var options = PackageBuildOptions()
    var signing = SigningArguments()
    var app = AppSigningArguments()
    var adHoc = false
    var skipSigning = false
    var force = false
    var json = false

    /// The build the flags and `source` ask for; a usage error for `command` when they do not
    /// hold together.
    func validated(source: String, environment: [String: String], command: String)
      throws(CommandError) -> PackageBuildPlan
    {
      if output == "" { throw .usage("-o needs a file or folder name", command: command) }
      let url = URL(fileURLWithPath: source).standardizedFileURL
      let stem = url.deletingPathExtension().lastPathComponent
      var options = self.options
      options.dateLimit = try Self.dateLimit(environment, command: command)
      let isApp = url.pathExtension.lowercased() == "app"
      let identityGiven = adHoc || signing.namesIdentity
      var appSigning: PackageBuildPlan.AppSigning?
      var validated: SigningOptions?
      if !isApp || skipSigning {
        if identityGiven {
          throw .usage(
            isApp
              ? "--skip-sign-app leaves the app unsigned: leave out the identity"
              : "only an app is signed before it is packaged: leave out the identity",
            command: command)
        }
      } else {
        guard identityGiven else {
          throw .usage(
            "the app is signed before it is packaged: give an identity (--p12, --pem, "
              + "--p12-base64-env or --identity), --ad-hoc, or --skip-sign-app",
            command: command)
        }
        validated = try AdHocSigning.validated(
          signing, adHoc: adHoc, environment: environment, command: command)
        appSigning = PackageBuildPlan.AppSigning(
          identity: validated?.identity,
          options: try app.validated(identifier: nil, environment: environment, command: command))
      }
      return try PackageBuildPlan(
        source: source,
        output: output.map { OutputLocation.file($0, named: "\(stem).pkg") } ?? "\(stem).pkg",
        options: options, force: force,
        engine: try AdHocSigning.engine(
          validated, arguments: signing, environment: environment, command: command),
        appSigning: appSigning, command: command)
    }

    /// `SOURCE_DATE_EPOCH`, if set.
    private static func dateLimit(_ environment: [String: String], command: String)
      throws(CommandError) -> Int64?
    {
      guard let epoch = environment["SOURCE_DATE_EPOCH"] else { return nil }
      guard let seconds = Int64(epoch) else {
        throw .usage(
          "SOURCE_DATE_EPOCH is \(epoch.debugDescription), not a number of seconds",
          command: command)
      }
      return seconds
    }
  }

  let plan: PackageBuildPlan
  let json: Bool

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    let positionals = try Self.table.parse(arguments, into: &parsed)
    plan = try parsed.validated(
      source: try positionals.source(command: Self.path), environment: environment,
      command: Self.path)
    json = parsed.json
  }

  func run(console: Console) async throws(CommandError) {
    let summary = try await plan.run(console: console, command: Self.path)
    try console.printReport(summary, json: json) { PackageBuildPlan.line(summary) }
  }
}

extension [String] {
  /// The one app or folder named, or a usage error for `command`.
  func source(command: String) throws(CommandError) -> String {
    guard count == 1, let source = first else {
      throw .usage(
        isEmpty ? "missing <App.app | folder>" : "expected one <App.app | folder>",
        command: command)
    }
    return source
  }
}

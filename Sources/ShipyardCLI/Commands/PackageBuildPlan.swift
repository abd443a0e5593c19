import Distribution
import Foundation

/// What `pkg build` and `pkg ship` build: the source, the output, the options, the engine, and
/// how the app is signed first.
struct PackageBuildPlan {
  /// How an app is signed before it is packaged.
  struct AppSigning {
    /// The identity, `nil` for ad hoc.
    let identity: SigningIdentity?
    /// The app signing options.
    let options: AppSigningOptions
  }

  let source: String
  let output: String
  let options: PackageBuildOptions
  let force: Bool
  /// The engine that signs the app and builds the package (checked to build them).
  let engine: any ReleaseEngine
  /// `nil` for a folder, or with `--skip-sign-app`.
  let appSigning: AppSigning?

  /// The plan, once `engine` is checked to build packages with `options`: a usage error for
  /// `command` when it cannot (rcodesign, or Apple's tools asked for SHA-256 checksums).
  init(
    source: String, output: String, options: PackageBuildOptions, force: Bool,
    engine: any ReleaseEngine, appSigning: AppSigning?, command: String
  ) throws(CommandError) {
    do {
      try PackageRelease(package: output, signingEngine: engine).checkBuild(options: options)
    } catch {
      throw .usage(ReleaseSteps.message(error), command: command)
    }
    (self.source, self.output, self.options, self.force) = (source, output, options, force)
    (self.engine, self.appSigning) = (engine, appSigning)
  }

  /// Signs the app (if any) then builds the package.
  func run(console: Console, command: String) async throws(CommandError) -> PackageBuilder.Summary {
    try OutputLocation.prepare(output, for: "the package", replacing: force)
    let steps = ReleaseSteps(console: console, engine: engine)
    if let appSigning {
      let release = try steps.app(source)
      _ = try await steps.run {
        try await release.sign(identity: appSigning.identity, options: appSigning.options)
      }
    }
    do {
      return try await steps.package(output).build(from: source, options: options)
    } catch {
      // A builder's own error says it all; an engine's is in the CLI's words.
      let words = error.cause == nil ? error.underlyingError.map { "\($0)" } : nil
      throw .failure("\(command): \(words ?? ReleaseSteps.message(error))")
    }
  }

  /// The line that tells what was built.
  static func line(_ summary: PackageBuilder.Summary) -> String {
    let kind = summary.product ? "product archive" : "component package"
    return "wrote \(summary.output) (\(kind) \(summary.identifier) \(summary.version), "
      + "\(summary.numberOfFiles) entries installing \(summary.installKilobytes) KiB at "
      + "\(summary.installLocation), \(ByteCount.text(Double(summary.size))))"
  }
}

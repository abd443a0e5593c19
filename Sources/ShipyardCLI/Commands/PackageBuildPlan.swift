import Distribution
import Foundation

/// What `pkg build` and `pkg ship` build: the source, the output, the options, and how the app
/// is signed first.
struct PackageBuildPlan {
  /// How an app is signed before it is packaged.
  struct AppSigning {
    /// The identity, `nil` for ad hoc.
    let identity: SigningIdentity?
    /// The app signing options.
    let options: AppSigningOptions
    /// The engine that signs.
    let engine: any ReleaseEngine
  }

  let source: String
  let output: String
  let options: PackageBuildOptions
  let force: Bool
  /// `nil` for a folder, or with `--skip-sign-app`.
  let appSigning: AppSigning?

  /// Signs the app (if any) then builds the package.
  func run(console: Console, command: String) async throws(CommandError) -> PackageBuilder.Summary {
    try OutputLocation.prepare(output, for: "the package", replacing: force)
    if let appSigning {
      let steps = ReleaseSteps(console: console, engine: appSigning.engine)
      let release = try steps.app(source)
      _ = try await steps.run {
        try await release.sign(identity: appSigning.identity, options: appSigning.options)
      }
    }
    do {
      return try PackageBuilder.build(source, to: output, options: options)
    } catch {
      throw .failure("\(command): \(error)")
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

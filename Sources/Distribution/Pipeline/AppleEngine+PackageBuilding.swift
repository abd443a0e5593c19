import Foundation
import SystemSupport

extension AppleEngine {
  /// pkgbuild writes SHA-1 checksums only: SHA-256 ones are refused before any work starts.
  package func validate(_ options: PackageBuildOptions) throws {
    if options.sha256 { throw PipelineError.sha256ChecksumsUnsupported(engine: name) }
  }

  /// Builds the package with Apple's tools in a hidden folder beside `output`, then renames it
  /// over `output`.
  ///
  /// 1. `pkgbuild --component <App.app>` (or `--root <folder>`) `--identifier <id> --version
  ///    <version> --install-location <folder> [--scripts <folder>] component/<Name>.pkg` (the
  ///    package itself with ``PackageBuildOptions/component``), the
  ///    identifier, version and install location being the options' or the app's, as the
  ///    native engine takes them (pkgbuild's own defaults, such as a relocatable bundle, stay);
  /// 2. unless ``PackageBuildOptions/component``, the product archive as Apple's Distribution
  ///    XML reference makes one: `productbuild --synthesize --package component/<Name>.pkg
  ///    Distribution.xml`, the title added to that Distribution, then `productbuild
  ///    --distribution Distribution.xml --package-path component <package>`.
  ///
  /// The summary is read back from the package the tools wrote. The tools inherit Shipyard's
  /// environment, `SOURCE_DATE_EPOCH` with it; whether pkgbuild clamps its dates to it is
  /// pkgbuild's to say (the native engine's builds are the ones that repeat byte for byte).
  ///
  /// - Throws: ``PackageBuildError`` for a source without what the options leave to it, before
  ///   any tool runs; ``PipelineError/toolFailed(command:status:output:)`` when a tool fails.
  ///   Nothing is left at `output` then.
  package func buildPackage(_ source: String, to output: String, options: PackageBuildOptions)
    async throws -> PackageBuilder.Summary
  {
    try validate(options)
    for folder in [source] + (options.scripts.map { [$0] } ?? [])
    where try FileStatus.of(folder)?.kind != .directory {
      throw PackageBuildError.notAFolder(folder)
    }
    let facts = try PackageSource(
      source, named: (source as NSString).lastPathComponent, options: options)
    return try await writing(output) { file, folder in
      let components = folder.path("component")
      let component = options.component ? file : components + "/\(facts.stem).pkg"
      if !options.component {
        try FileManager.default.createDirectory(
          atPath: components, withIntermediateDirectories: false)
      }
      _ = try await check(
        runner, "pkgbuild",
        [
          facts.isApp ? "--component" : "--root", source, "--identifier", facts.identifier,
          "--version", facts.version, "--install-location", facts.installLocation,
        ]
          + (options.scripts.map { ["--scripts", $0] } ?? []) + [component])
      if !options.component {
        let distribution = folder.path("Distribution.xml")
        _ = try await check(
          runner, "productbuild", ["--synthesize", "--package", component, distribution])
        try Self.addTitle(facts.title, toDistributionAt: distribution)
        _ = try await check(
          runner, "productbuild",
          ["--distribution", distribution, "--package-path", components, file])
      }
      return try PackageBuilder.Summary(reading: file, output: output)
    }
  }

  /// Adds `<title>` to the Distribution at `path` as the first element of its
  /// `<installer-gui-script>`, unless it has a title already (`productbuild --synthesize`
  /// writes none).
  ///
  /// - Throws: ``PipelineError/unexpectedOutput(_:)`` when the file has no
  ///   `<installer-gui-script>`; the file's errors.
  static func addTitle(_ title: String, toDistributionAt path: String) throws {
    let xml = try String(contentsOfFile: path, encoding: .utf8)
    guard !xml.contains("<title>") else { return }
    guard let start = xml.range(of: "<installer-gui-script"),
      let end = xml[start.upperBound...].firstIndex(of: ">")
    else {
      throw PipelineError.unexpectedOutput(
        "productbuild --synthesize wrote no <installer-gui-script> to \(path)")
    }
    let titled =
      xml[...end] + "\n    <title>\(XMLText.escaped(title))</title>" + xml[xml.index(after: end)...]
    try Data(titled.utf8).write(to: URL(fileURLWithPath: path))
  }
}

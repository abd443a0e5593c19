import CodeSigning
import Foundation

/// The entitlements files of ``AppSigningOptions/entitlements`` read, and keyed by the code they
/// are for: `""` for the main executable, else the path of a nested main executable or loose
/// executable inside the bundle (a nested bundle's folder names its main executable).
struct AppEntitlementScopes {
  /// The entitlements XML by the code's path.
  let entitlements: [String: [UInt8]]
  /// The code paths, as given, in the order given (for the Apple engine's and rcodesign's
  /// per-item flags).
  let files: [String: String]

  /// Reads each file and resolves each scope in the bundle (or single file) at `url`.
  ///
  /// - Throws: ``PipelineError/entitlementsScopeNotFound(scope:bundle:)`` for a scope that names
  ///   no code in the bundle, ``PipelineError/invalidOptions(_:)`` for a file that cannot be
  ///   read.
  init(_ scopes: [String: String], in url: URL, identifier: String?) throws {
    var entitlements: [String: [UInt8]] = [:]
    var files: [String: String] = [:]
    let layout =
      scopes.keys.contains { !$0.isEmpty }
      ? try BundleLayout(scanning: url, identifier: identifier) : nil
    for (scope, file) in scopes {
      guard let bytes = FileManager.default.contents(atPath: file) else {
        throw PipelineError.invalidOptions("cannot read the entitlements file \(file)")
      }
      let key = try Self.codePath(for: scope, in: layout)
      entitlements[key] = Array(bytes)
      files[key] = file
    }
    self.entitlements = entitlements
    self.files = files
  }

  /// The path of the code `scope` names: itself when it is code, a nested bundle's main
  /// executable when it names the bundle's folder.
  static func codePath(for scope: String, in layout: BundleLayout?) throws -> String {
    let trimmed = scope.hasSuffix("/") ? String(scope.dropLast()) : scope
    guard let layout, !trimmed.isEmpty else { return "" }
    let items = layout.bundles.map(\.mainExecutable) + layout.looseCode
    if items.contains(where: { $0.relativePath == trimmed }) { return trimmed }
    if let bundle = layout.bundles.first(where: { $0.folder == trimmed }) {
      return bundle.mainExecutable.relativePath
    }
    throw PipelineError.entitlementsScopeNotFound(
      scope: scope, bundle: layout.root.lastPathComponent)
  }
}

/// What the Apple and rcodesign engines sign, in order: Shipyard's signing plan of the bundle
/// (or single file) at `path`, and the entitlements' scopes resolved in it.
struct AppSigningWork {
  /// The bundle's (or file's) URL.
  let url: URL
  /// The inside-out plan.
  let plan: SigningPlan
  /// The entitlements files by the code they are for.
  let scopes: AppEntitlementScopes

  /// Scans `path` and resolves `options`' entitlements.
  init(_ path: String, options: AppSigningOptions) throws {
    url = URL(fileURLWithPath: path)
    plan = SigningPlan(try BundleLayout(scanning: url, identifier: options.identifier))
    scopes = try AppEntitlementScopes(options.entitlements, in: url, identifier: options.identifier)
  }
}

extension BundleLayout.SignableBundle {
  /// The bundle's folder from the signed bundle's folder: `""` for the signed bundle itself,
  /// `Contents/Frameworks/X Helper.app` for a helper app.
  var folder: String {
    guard case .mainExecutable(let folder) = mainExecutable.role else { return "" }
    return folder
  }
}

import CodeSigning
import Foundation

extension AppleEngine {
  /// Signs the app inside-out with `codesign`, one item at a time in Shipyard's signing plan
  /// (never `--deep`, which Apple advises against): `codesign --sign <identity> --force
  /// --options runtime --timestamp [--entitlements <file>] <item>` for each loose Mach-O file and
  /// each nested bundle, deepest first, then the app; then `codesign --verify --deep --strict`.
  ///
  /// Code given no entitlements keeps its former ones (`--preserve-metadata=entitlements`)
  /// unless ``AppSigningOptions/preservesEntitlements`` is off; loose code keeps its former
  /// identifier, read here, unless a linker made it.
  package func signApp(
    _ path: String, identity: SigningIdentity?, options: AppSigningOptions,
    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void
  ) async throws -> AppSigningSummary {
    var signing = try identity.map(signingArguments) ?? ["--sign", "-"]
    signing.append("--force")
    if options.hardenedRuntime { signing += ["--options", "runtime"] }
    let work = try AppSigningWork(path, options: options)
    let (url, plan, scopes) = (work.url, work.plan, work.scopes)
    var items: [AppSigningSummary.Item] = []
    for step in plan.steps {
      let item = step.item
      var arguments = signing
      let target: String
      switch step {
      case .signLooseCode:
        let identifier = Self.keptIdentifier(of: item) ?? item.identifier
        (target, arguments) = (item.url.path, arguments + ["--identifier", identifier])
      case .sealAndSign(let bundle):
        target = bundle.folder.isEmpty ? path : url.appendingPathComponent(bundle.folder).path
      }
      if let file = scopes.files[item.relativePath] {
        arguments += ["--entitlements", file]
      } else if options.preservesEntitlements {
        arguments.append("--preserve-metadata=entitlements")
      }
      _ = try await check(runner, "codesign", arguments + [target])
      items.append(.init(path: item.relativePath, identifier: item.identifier, cdhash: nil))
      progress(items.count, plan.steps.count)
    }
    _ = try await check(
      runner, "codesign", ["--verify", "--deep", "--strict", "--verbose=2", path])
    return AppSigningSummary(path: path, engine: name, items: items, warnings: [])
  }

  /// The identifier of the former signature of `item`, when its own is only made from its file
  /// name and a signature other than a linker's names one.
  static func keptIdentifier(of item: CodeItem) -> String? {
    guard item.identifierIsFromFileName,
      let bytes = try? Data(contentsOf: item.url),
      let file = try? MachOFile(bytes: Array(bytes), path: item.relativePath)
    else { return nil }
    return PreservedMetadata(file).identifier
  }
}

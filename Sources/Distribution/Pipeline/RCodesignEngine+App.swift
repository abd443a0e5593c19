import CodeSigning
import Foundation

extension RCodesignEngine {
  /// Signs the app with one `rcodesign sign`, which walks nested code itself; the hardened
  /// runtime and entitlements are scoped to every item of Shipyard's signing plan
  /// (`--code-signature-flags <path>:runtime`), since rcodesign sets them on the main executable
  /// only by default and the notary refuses helpers without the runtime.
  ///
  /// rcodesign keeps the entitlements and identifier of code's former signature itself; it has
  /// no way to drop them, so ``AppSigningOptions/preservesEntitlements`` off is a usage error
  /// with this engine.
  package func signApp(
    _ path: String, identity: SigningIdentity?, options: AppSigningOptions,
    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void
  ) async throws -> AppSigningSummary {
    guard options.preservesEntitlements else {
      throw PipelineError.invalidOptions(
        "rcodesign keeps the entitlements of code's former signature and cannot drop them: "
          + "sign with the native engine to drop them")
    }
    var arguments = ["sign"]
    if let identity {
      try validate(identity)
      arguments += try signingArguments(identity)
    }
    let work = try AppSigningWork(path, options: options)
    let (plan, scopes) = (work.plan, work.scopes)
    var items: [AppSigningSummary.Item] = []
    for step in plan.steps {
      let item = step.item
      let scope: String
      switch step {
      case .signLooseCode: scope = plan.steps.count == 1 ? "@main" : item.relativePath
      case .sealAndSign(let bundle): scope = bundle.folder.isEmpty ? "@main" : bundle.folder
      }
      if options.hardenedRuntime { arguments += ["--code-signature-flags", "\(scope):runtime"] }
      if let file = scopes.files[item.relativePath] {
        arguments += ["--entitlements-xml-path", "\(scope):\(file)"]
      }
      if case .signLooseCode = step, let identifier = options.identifier, plan.steps.count == 1 {
        arguments += ["--binary-identifier", "@main:\(identifier)"]
      }
      items.append(.init(path: item.relativePath, identifier: item.identifier, cdhash: nil))
    }
    _ = try await check(runner, "rcodesign", arguments + [path])
    return AppSigningSummary(path: path, engine: name, items: items, warnings: [])
  }
}

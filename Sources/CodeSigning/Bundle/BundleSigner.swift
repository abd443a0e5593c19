package import Foundation
import SystemSupport

/// Signs a bundle inside-out, or a single Mach-O file, through a ``CodeItemSigner``: loose code
/// first, then each bundle's seal written and its main executable signed with the seal bound
/// (reference §11, §13).
///
/// ```swift
/// let outcome = try await BundleSigner(signer: machOSigner).sign(URL(fileURLWithPath: "App.app"))
/// print(outcome.plan)
/// ```
///
/// Nothing half-signed is ever left in place: the bundle is copied beside itself, the copy
/// signed, and swapped in only once every item is signed; on any error (or cancellation) the
/// copy is removed and the original is as it was. When the signer only replaces files
/// (``CodeItemSigner/replacesFiles``), the copy's files are hard links to the original's, so
/// staging costs no bytes. Signing a signed bundle replaces every
/// signature: each bundle's old `_CodeSignature` (and a stapled ticket, `CodeResources`, which
/// names the old signature) is removed before it is sealed again.
package struct BundleSigner: Sendable {
  /// What was signed.
  package struct Outcome: Sendable {
    /// The plan followed, with the original's paths.
    package let plan: SigningPlan
    /// What signing made, by ``CodeItem/relativePath``.
    package let signatures: [String: SignedCode]

    /// The signature of the last item signed: the bundle's main executable, or the single file.
    package var main: SignedCode? { plan.steps.last.flatMap { signatures[$0.item.relativePath] } }
  }

  /// Signs each Mach-O file.
  package let signer: any CodeItemSigner

  /// Makes a bundle signer over `signer`.
  package init(signer: any CodeItemSigner) { self.signer = signer }

  /// Signs the bundle or Mach-O file at `url` in place, as a whole or not at all.
  ///
  /// - Parameters:
  ///   - url: The bundle's folder (`X.app`) or the Mach-O file.
  ///   - identifier: A single file's identifier (`nil`: from its file name); bundles take
  ///     theirs from their `Info.plist`.
  ///   - progress: Called after each step of the plan with the steps done and their count.
  /// - Returns: The plan and every signature made.
  /// - Throws: ``BundleError`` from scanning (before anything is copied) and sealing, the
  ///   signer's errors, `CancellationError`; the original is unchanged after any of them.
  package func sign(
    _ url: URL, identifier: String? = nil, progress: (Int, Int) -> Void = { _, _ in }
  ) async throws -> Outcome {
    let plan = SigningPlan(try BundleLayout(scanning: url, identifier: identifier))
    let staging = try StagingCopy(of: plan.layout.root, linkingFiles: signer.replacesFiles)
    do {
      let signatures = try await sign(plan, in: staging.copy, progress: progress)
      try staging.commit()
      return Outcome(plan: plan, signatures: signatures)
    } catch {
      staging.discard()
      throw (error as? SystemError)?.relocated(from: staging.copy.path, to: staging.original.path)
        ?? error
    }
  }

  /// Follows `plan` on the copy at `root`, telling `progress` each step done.
  private func sign(
    _ plan: SigningPlan, in root: URL, progress: (Int, Int) -> Void
  ) async throws -> [String: SignedCode] {
    let isFile = plan.layout.bundles.isEmpty
    func inCopy(_ path: String) -> URL {
      isFile ? root : path.isEmpty ? root : root.appendingPathComponent(path)
    }
    var signatures: [String: SignedCode] = [:]
    for (index, step) in plan.steps.enumerated() {
      try Task.checkCancellation()
      defer { progress(index + 1, plan.steps.count) }
      var item = step.item
      item.url = inCopy(item.relativePath)
      switch step {
      case .signLooseCode:
        signatures[item.relativePath] = try await signer.sign(item, bundle: nil)
      case .sealAndSign(let bundle):
        let nested = signatures
        let signed = try await seal(
          bundle, item, content: inCopy(bundle.contentPath),
          infoPlist: inCopy(bundle.infoPlistPath)
        ) {
          nested[joinedPath(bundle.contentPath, $0)]
        }
        signatures[item.relativePath] = signed
        signatures[bundle.sealedAs] = signed
      }
    }
    return signatures
  }

  /// Signs `bundle`'s main executable, writing the bundle's seal in `content` when the signer
  /// asks for it.
  private func seal(
    _ bundle: BundleLayout.SignableBundle, _ item: CodeItem, content: URL, infoPlist: URL,
    nestedCode: @escaping (String) -> SignedCode?
  ) async throws -> SignedCode {
    let files = FileManager.default
    let sealFolder = content.appendingPathComponent("_CodeSignature")
    try? files.removeItem(at: sealFolder)
    try? files.removeItem(at: content.appendingPathComponent("CodeResources"))
    let sealedWithSHA1 = Locked<Bool?>(nil)
    let binding = BundleBinding(infoPlist: Array(try Data(contentsOf: infoPlist))) { usesSHA1 in
      let seal = try CodeResourcesBuilder(rules: bundle.rules, includeSHA1: usesSHA1).build(
        contentFolder: content, mainExecutable: bundle.mainExecutableInContent,
        nestedCode: nestedCode)
      try files.createDirectory(at: sealFolder, withIntermediateDirectories: true)
      try Data(seal.xml).write(
        to: sealFolder.appendingPathComponent("CodeResources"), options: .atomic)
      sealedWithSHA1.withLock { $0 = usesSHA1 }
      return seal.xml
    }
    let signed = try await signer.sign(item, bundle: binding)
    let sealed = sealedWithSHA1.withLock { $0 }
    guard sealed == signed.usesSHA1 else {
      throw BundleError.digestMismatch(path: item.relativePath, sealedWithSHA1: sealed)
    }
    return signed
  }
}

public import Foundation

/// The release steps for one flat installer package: build it (package access), sign it with a
/// Developer ID Installer identity, notarize it, staple its ticket and verify it, reporting
/// progress as ``ReleaseEvent``s.
///
/// ```swift
/// let release = PackageRelease(package: "dist/MyApp.pkg", engine: engine) { print($0) }
/// try await release.sign(identity: .p12(path: "installer.p12", passwordFile: nil, password: secret))
/// try await release.notarize(credentials: credentials)
/// try await release.staple()
/// let check = try release.verify()
/// ```
public struct PackageRelease: Sendable {
  /// The package's path.
  public let package: String
  /// The engine, clock and events.
  let context: ReleaseContext

  /// Makes the release steps for `package` with the native engine.
  ///
  /// - Parameters:
  ///   - package: The package's path.
  ///   - engine: The engine that signs, notarizes and staples.
  ///   - events: Called with each step's progress, in order.
  public init(
    package: String, engine: NativeEngine,
    events: @escaping @Sendable (ReleaseEvent) -> Void = { _ in }
  ) {
    self.init(package: package, signingEngine: engine, events: events)
  }

  /// Makes the release steps for `package` with any engine.
  package init(
    package: String, signingEngine: (any ReleaseEngine)?, clock: PipelineClock = .live,
    events: @escaping @Sendable (ReleaseEvent) -> Void = { _ in }
  ) {
    self.package = package
    context = ReleaseContext(engine: signingEngine, clock: clock, events: events)
  }

  /// Checks, before any work starts, that the engine builds packages, and those `options` ask
  /// for.
  ///
  /// - Throws: ``ReleaseError`` for the ``ReleaseStep/build`` step, of kind
  ///   ``ReleaseError/Kind/invalidOptions``.
  package func checkBuild(options: PackageBuildOptions) throws(ReleaseError) {
    let builder = try context.engine(for: .build, as: (any PackageBuilding).self)
    do {
      try builder.validate(options)
    } catch {
      throw ReleaseError(step: .build, error)
    }
  }

  /// Builds the package of `source` (an app, signed already, or a folder) at the package's path.
  ///
  /// - Throws: ``ReleaseError`` for the ``ReleaseStep/build`` step: a source without what the
  ///   options leave to it, a tool's or the archive's failure; nothing is left at the package's
  ///   path then.
  package func build(from source: String, options: PackageBuildOptions) async throws(ReleaseError)
    -> PackageBuilder.Summary
  {
    try checkBuild(options: options)
    let builder = try context.engine(for: .build, as: (any PackageBuilding).self)
    return try await context.run(.build) {
      try await builder.buildPackage(source, to: package, options: options)
    }
  }

  /// Signs the package with `identity` (a Developer ID Installer certificate), in place or into
  /// `output`, replacing an earlier signature and stapled ticket.
  ///
  /// - Throws: ``ReleaseError`` for the ``ReleaseStep/sign`` step: an identity that cannot sign
  ///   packages (a Developer ID Application one), a package that does not read; nothing is
  ///   written then.
  public func sign(identity: SigningIdentity, output: String? = nil) async throws(ReleaseError) {
    let engine = try context.engine(for: .sign, as: (any PackageSigning).self)
    try await context.run(.sign) {
      try await engine.signPackage(package, to: output ?? package, identity: identity)
    }
    context.events(.signed(engine: engine.name))
  }

  /// Submits the package to Apple's notary service and, unless `wait` is false, waits for its
  /// verdict.
  ///
  /// - Throws: ``ReleaseError`` for the ``ReleaseStep/notarize`` step, with Apple's issues when
  ///   it is refused.
  @discardableResult
  public func notarize(
    credentials: NotaryCredentials, timeout: TimeInterval = 3600, submissionID: String? = nil,
    wait: Bool = true
  ) async throws(ReleaseError) -> Notarization {
    try await context.notarize(
      package, credentials: credentials, timeout: timeout, submissionID: submissionID, wait: wait)
  }

  /// Staples the package's ticket after the archive, waiting up to `ticketTimeout` seconds for
  /// Apple to publish it.
  public func staple(ticketTimeout: TimeInterval = 60) async throws(ReleaseError) {
    try await context.staple(package, ticketTimeout: ticketTimeout)
  }

  /// Checks the package offline: its table of contents and members, both signatures, the chain
  /// (to Apple's roots or `trustRoots`), the timestamp and the stapled ticket, each component's
  /// Bom against its payload, and the apps in the payloads as `app verify` checks them.
  ///
  /// - Throws: ``ReleaseError`` for the ``ReleaseStep/verify`` step naming each problem, or
  ///   saying the package is not signed.
  @discardableResult
  public func verify(trustRoots: TrustRoots = .apple) throws(ReleaseError) -> PackageVerification {
    let verification: PackageVerification
    do {
      verification = try PackageVerification(path: package, trustRoots: trustRoots)
    } catch {
      throw ReleaseError(step: .verify, kind: .failed, description: "verify: \(error)")
    }
    guard verification.signature.isSigned else {
      throw ReleaseError(
        step: .verify, kind: .failed,
        description: "\(package) is not signed: sign it with a Developer ID Installer identity")
    }
    guard verification.isValid else {
      throw ReleaseError(
        step: .verify, kind: .failed,
        description: "\(package): " + verification.problems.joined(separator: "; "))
    }
    return verification
  }
}

public import Foundation

extension AppRelease {
  /// Which steps ``AppRelease/ship(_:)`` runs, and with what.
  public struct Plan: Sendable {
    /// Who signs (`nil` signs ad hoc), when ``signing`` is set.
    public var identity: SigningIdentity?
    /// How to sign the app, or `nil` when it was signed elsewhere.
    public var signing: AppSigningOptions?
    /// How to reach the notary service, or `nil` to skip notarizing (and so stapling).
    public var notary: NotaryCredentials?
    /// The longest wait for the notarization, in seconds.
    public var timeout: TimeInterval = 3600
    /// How long to look for a ticket Apple has not published yet, in seconds.
    public var ticketTimeout: TimeInterval = 60
    /// Whether the ticket is stapled once Apple accepts the app.
    public var staple = true
    /// Whether the signed app is checked offline for what the notary refuses before the upload
    /// (``AppRelease/preflight(trustRoots:)``).
    public var preflight = true
    /// The roots a Developer ID chain may end at, for the preflight.
    public var trustRoots: TrustRoots = .apple
    /// Where the submission is recorded, or `nil` for beside the app.
    public var statePath: String?

    /// Makes a plan that signs with `identity` as `signing` says (unless `nil`), then notarizes
    /// with `notary` and staples (unless `nil`).
    ///
    /// - Parameters:
    ///   - identity: Who signs; `nil` signs ad hoc.
    ///   - signing: How to sign, or `nil` when the app was signed elsewhere.
    ///   - notary: How to reach the notary service, or `nil` to skip notarizing.
    public init(
      identity: SigningIdentity?, signing: AppSigningOptions? = AppSigningOptions(),
      notary: NotaryCredentials?
    ) {
      self.identity = identity
      self.signing = signing
      self.notary = notary
    }
  }

  /// What ``AppRelease/ship(_:)`` did.
  public struct Outcome: Sendable {
    /// What was signed, when the plan signed.
    public var signing: AppSigningSummary?
    /// The notarization, when the plan notarized.
    public var notarization: Notarization?
    /// Whether the ticket was stapled.
    public var stapled = false
  }

  /// Signs, checks, notarizes and staples the app as `plan` says.
  ///
  /// The identity and the credentials are checked before anything changes.
  ///
  /// - Parameter plan: Which steps run, and with what.
  /// - Returns: What each step did.
  /// - Throws: The ``ReleaseError`` of the first step that fails.
  public func ship(_ plan: Plan) async throws(ReleaseError) -> Outcome {
    if let identity = plan.identity {
      try context.validate(identity, as: .signApp, notary: plan.notary)
    }
    var outcome = Outcome()
    if let signing = plan.signing {
      outcome.signing = try await sign(identity: plan.identity, options: signing)
    }
    guard let credentials = plan.notary else { return outcome }
    if plan.preflight { try preflight(trustRoots: plan.trustRoots) }
    let notarization = try await notarize(
      credentials: credentials, timeout: plan.timeout, statePath: plan.statePath)
    outcome.notarization = notarization
    if plan.staple, notarization.isAccepted {
      try await staple(ticketTimeout: plan.ticketTimeout)
      outcome.stapled = true
    }
    return outcome
  }
}

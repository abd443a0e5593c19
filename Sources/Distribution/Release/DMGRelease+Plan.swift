public import Foundation

extension DMGRelease {
  /// Which steps ``DMGRelease/ship(building:plan:)`` runs after the build, and with what.
  public struct Plan: Sendable {
    /// Who signs, or `nil` to skip signing (and so notarizing, stapling and Gatekeeper).
    public var identity: SigningIdentity?
    /// How to reach the notary service, or `nil` to skip notarizing (and so stapling).
    public var notary: NotaryCredentials?
    /// The longest wait for the notarization, in seconds.
    public var timeout: TimeInterval
    /// How long to look for a ticket Apple has not published yet, in seconds.
    public var ticketTimeout: TimeInterval
    /// Whether the ticket is stapled after notarizing.
    public var staple: Bool
    /// Whether Gatekeeper is asked and the final image verified.
    public var verify: Bool
    /// The roots the final image's signature chain may end at (Apple's unless others are added).
    public var trustRoots: TrustRoots
    /// How to sign the apps of the build's source first, with ``identity``; `nil` when they
    /// were signed elsewhere.
    public var app: AppSigningOptions?
    /// Whether the image's apps are checked offline, before the upload, for what Apple's notary
    /// refuses (``DMGRelease/preflight(trustRoots:)``).
    public var preflight: Bool
    /// Whether each app is notarized and stapled before the build (two submissions: the app's
    /// zip, then the image), so that the app carries its own ticket once copied out of the
    /// image.
    public var stapleApp = false
    /// Whether the notarization is waited for; `false` submits the image and stops there (no
    /// staple; verified without a ticket), for a later job to wait and staple.
    public var wait: Bool
    /// The update feeds (Sparkle's appcast, electron-updater's `latest-mac.yml`) to write from
    /// the final image, after stapling and verifying.
    public var feeds: UpdateFeedOptions?

    /// Makes a plan.
    ///
    /// - Parameters:
    ///   - identity: Who signs, or `nil` to skip signing.
    ///   - notary: How to reach the notary service, or `nil` to skip notarizing.
    ///   - timeout: The longest wait for the notarization, in seconds.
    ///   - ticketTimeout: How long to look for the ticket, in seconds.
    ///   - staple: Whether to staple the ticket.
    ///   - verify: Whether to ask Gatekeeper and verify the final image.
    ///   - trustRoots: The roots the final image's signature chain may end at.
    public init(
      identity: SigningIdentity?, notary: NotaryCredentials?, timeout: TimeInterval = 3600,
      ticketTimeout: TimeInterval = 60, staple: Bool = true, verify: Bool = true,
      trustRoots: TrustRoots = .apple
    ) {
      self.identity = identity
      self.notary = notary
      self.timeout = timeout
      self.ticketTimeout = ticketTimeout
      self.staple = staple
      self.verify = verify
      self.trustRoots = trustRoots
      self.app = nil
      self.preflight = true
      self.wait = true
      self.feeds = nil
    }
  }

  /// What ``DMGRelease/ship(building:plan:)`` did, step by step.
  public struct Outcome: Sendable {
    /// The image's path.
    public var image: String
    /// What happened to each app of the build's source: signed first, and notarized and stapled
    /// when the plan said so (``Plan/stapleApp``).
    public var apps: [AppRelease.Outcome] = []
    /// Whether this ship built the image (not when it was built already).
    public var built = false
    /// Whether the image was signed.
    public var signed = false
    /// The image's notarization: accepted, or only submitted when the plan did not wait.
    public var notarization: Notarization?
    /// Whether the ticket was stapled to the image.
    public var stapled = false
    /// Gatekeeper's verdict, where it was asked.
    public var gatekeeper: String?
    /// The final image's signature as verified, unless verifying was skipped.
    public var signature: Signature?
    /// The final image's SHA-256 (after stapling), for updaters' feeds.
    public var sha256 = ""
    /// The final image's size in bytes.
    public var bytes: Int64 = 0
    /// The update feeds written from the final bytes, when the plan named any.
    public var feeds: UpdateFeedSummary?

    /// The final image's signature, as the verification found it.
    public enum Signature: Sendable, Equatable {
      /// The image carries no signature.
      case unsigned
      /// The signature holds.
      case valid
      /// The signature does not hold (see ``DMGVerification``'s findings).
      case invalid
    }

    /// Makes an outcome of `image` in which no step has run yet.
    ///
    /// - Parameter image: The image's path.
    public init(image: String) { self.image = image }
  }
}

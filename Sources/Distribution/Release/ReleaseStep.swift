/// A step of a release: of an app (``AppRelease``), of a disk image (``DMGRelease``), or of the
/// ship that composes them.
public enum ReleaseStep: String, Sendable, CaseIterable {
  /// Signing the app that goes into the image.
  case signApp = "sign-app"
  /// Notarizing the app (`--staple-app`, or `app notarize`).
  case notarizeApp = "notarize-app"
  /// Stapling the app's ticket.
  case stapleApp = "staple-app"
  /// Building the image.
  case build
  /// Signing it.
  case sign
  /// Notarizing it.
  case notarize
  /// Stapling its ticket.
  case staple
  /// Asking Gatekeeper.
  case assess
  /// Verifying it offline.
  case verify
  /// Digesting the final bytes.
  case digest
  /// Writing the update feeds from the final bytes.
  case feeds
}

/// What a release step reports, in the order the steps run.
public enum ReleaseEvent: Sendable {
  /// The app's signing has signed `done` of its `total` items (loose code and bundles,
  /// inside-out): with the native engine and Apple's, which sign item by item.
  case appSigning(done: Int, total: Int)
  /// The app is signed inside-out, before the build.
  case appSigned(AppSigningSummary)
  /// Apple accepted the app's submission.
  case appNotarized(path: String, id: String)
  /// The ticket is stapled to the app.
  case appStapled(path: String)
  /// The build has written `done` of the volume's `total` bytes.
  case building(done: Int64, total: Int64)
  /// The image is built.
  case built(DMGBuilder.Result)
  /// The image is signed, by the engine of this name (`native`, `apple` or `rcodesign`).
  case signed(engine: String)
  /// The upload for notarization has sent `done` of the file's `total` bytes: after each part
  /// Apple's storage accepts, with the native engine (Apple's tools and rcodesign print their
  /// own progress).
  case uploading(done: Int64, total: Int64)
  /// The file was submitted for notarization, its upload complete, as submission `id`.
  case notarizationSubmitted(id: String)
  /// A submission made before is resumed rather than the file submitted again; `reason` says
  /// how it was found (the state file, a submission ID given, the history).
  case notarizationResumed(id: String, reason: NotaryResumption)
  /// A poll saw the submission's status, after `waited` seconds.
  case notarizationStatus(id: String, status: NotaryStatus, waited: Int)
  /// Apple accepted the image's submission.
  case notarized(id: String)
  /// Attempt `attempt` of `attempts` found no published ticket to staple (Apple publishes it
  /// shortly after accepting); the next looks in `retryIn` seconds.
  case ticketPending(attempt: Int, attempts: Int, retryIn: Int)
  /// The ticket is stapled to the image.
  case stapled
  /// Gatekeeper's verdict, or `nil` where it cannot be asked.
  case assessed(verdict: String?)
  /// The offline verification, before it is checked against the requirements.
  case verified(DMGVerification)
  /// The final image's SHA-256 and size in bytes.
  case digested(sha256: String, bytes: Int64)
}

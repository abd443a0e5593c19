public import CodeSigning

/// Why a disk image fails its verification (see ``DMGVerification/check(_:)``).
public enum DMGVerificationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Chunks of these partitions do not decode or do not match their checksum.
  case damaged(image: String, partitions: [String])
  /// The image carries no code signature, and one was required.
  case unsigned(image: String)
  /// A check of the signature fails, such as `code digest` when a byte changed after signing.
  case signatureDoesNotHold(image: String, check: SignatureFinding.Check, detail: String)
  /// No notarization ticket is stapled, and one was required.
  case noTicket(image: String)
  /// An app in the image has a signature problem.
  case appDoesNotHold(image: String, app: String, problem: String)
  /// The image is signed ad hoc, which Gatekeeper does not accept from a download.
  case adHoc(image: String)
  /// An app in the image is not signed, or carries only its linker's signature.
  case appNotSigned(image: String, app: String, signer: AppVerification.Signer)
  /// An app in the image holds, but Apple's notary would refuse it (`issue`, in its words).
  case appNotDistributable(image: String, app: String, issue: String)

  /// A sentence naming the image and the problem.
  public var description: String {
    switch self {
    case .damaged(let image, let partitions):
      "\(image): damaged partitions: \(partitions.joined(separator: ", "))"
    case .unsigned(let image): "\(image) is not signed"
    case .signatureDoesNotHold(let image, let check, let detail):
      "\(image): the signature does not hold: \(check) (\(detail))"
    case .noTicket(let image): "\(image): no notarization ticket is stapled"
    case .appDoesNotHold(let image, let app, let problem):
      "\(image): the app \(app) does not hold: \(problem)"
    case .adHoc(let image):
      "\(image) is signed ad hoc: Gatekeeper accepts only a Developer ID signature on a download"
    case .appNotSigned(let image, let app, let signer):
      "\(image): the app \(app) is not signed"
        + (signer == .linkerOnly ? " (only its linker's ad hoc signature)" : "")
    case .appNotDistributable(let image, let app, let issue):
      "\(image): Apple's notary would refuse the app \(app): \(issue)"
    }
  }
}

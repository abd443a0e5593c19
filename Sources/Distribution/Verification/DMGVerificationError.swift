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
    }
  }
}

import Distribution
import Foundation
import ShipyardTestSupport

extension NotaryDouble {
  /// The native engine pointed at the double's Notary API, S3, ticket look-up and authority.
  var engine: NativeEngine {
    get throws {
      guard let notary = URL(string: "\(url)/notary/v2"), let s3 = URL(string: "\(url)/s3"),
        let ticket = URL(string: "\(url)/ticket/lookup"), let tsa = URL(string: "\(url)/tsa")
      else { throw ProcessFailure(command: "NotaryDouble", status: 1, errorOutput: url) }
      return .live(
        configuration: NativeEngine.Configuration(
          notaryURL: notary, s3URL: s3, ticketURL: ticket, timestampURL: tsa, identifier: nil))
    }
  }

  /// The double's App Store Connect API key, as the Notarizer takes it.
  var credentials: NotaryCredentials {
    .apiKey(path: folder.path("AuthKey_\(Self.keyID).p8"), keyID: Self.keyID, issuer: Self.issuer)
  }

  /// Notarizes `image` (a DMG or a zip) through the ``Notarizer`` and the native engine, as
  /// `dmg notarize` does (a JWT, the SigV4 upload, polls on a clock that does not wait), and
  /// returns the double's notary log of it, Accepted or Invalid.
  ///
  /// - Parameter image: The file to submit; its name is the submission's name.
  /// - Returns: The log, as Apple's `developerLogUrl` serves it (``log(ofSubmission:)``).
  /// - Throws: When the submission fails other than by being judged Invalid.
  func submit(_ image: String) async throws -> [String: Any] {
    let notarizer = Notarizer(
      engine: try engine, credentials: credentials, clock: FakeClock().clock, timeout: 600)
    let id: String
    do {
      id = try await notarizer.notarize(image)
    } catch PipelineError.notarizationRejected(let submissionID, _, _) {
      id = submissionID
    }
    return try log(ofSubmission: id)
  }
}

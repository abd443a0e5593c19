import Distribution

/// What `dmg ship` prints of a ship's outcome, as text and as `--json`: the steps run by name
/// (`build: done`, `notarize: accepted`, `verify: valid`...), the submissions, Gatekeeper's
/// verdict, and the final image's digest and size.
struct ShipReport: Encodable {
  /// The image's path.
  let image: String
  /// Each step run and its outcome.
  let steps: [String: String]
  /// The image's submission ID.
  let submissionID: String?
  /// The apps' accepted submission IDs, when they were notarized first.
  let appSubmissionIDs: [String]?
  /// Gatekeeper's verdict, where it was asked.
  let gatekeeper: String?
  /// The final image's SHA-256.
  let sha256: String
  /// The final image's size in bytes.
  let bytes: Int64

  /// Every step a ship can run, in the order it runs them.
  static let runOrder = [
    "sign-app", "notarize-app", "staple-app", "build", "sign", "notarize", "staple", "verify",
  ]

  /// The text lines of the steps, in the order they ran, those not run named as skipped.
  var stepLines: [String] {
    Self.runOrder.map { "  \($0): \(steps[$0] ?? "skipped")" }
  }

  /// The report of `outcome`, a ship run as `plan` said.
  init(_ outcome: DMGRelease.Outcome, plan: DMGRelease.Plan) {
    var steps: [String: String] = [:]
    if plan.identity != nil, plan.app != nil { steps["sign-app"] = "done" }
    if plan.stapleApp, plan.notary != nil {
      (steps["notarize-app"], steps["staple-app"]) = ("accepted", "done")
    }
    if outcome.built { steps["build"] = "done" }
    if outcome.signed { steps["sign"] = "done" }
    if let notarization = outcome.notarization {
      steps["notarize"] = notarization.isAccepted ? "accepted" : "submitted"
    }
    if outcome.stapled { steps["staple"] = "done" }
    if let signature = outcome.signature {
      steps["verify"] =
        switch signature {
        case .unsigned: "unsigned"
        case .valid: "valid"
        case .invalid: "INVALID"
        }
    }
    self.steps = steps
    image = outcome.image
    submissionID = outcome.notarization?.submissionID
    let appIDs = outcome.apps.compactMap { $0.notarization?.submissionID }
    appSubmissionIDs = plan.stapleApp && plan.notary != nil ? appIDs : nil
    gatekeeper = outcome.gatekeeper
    (sha256, bytes) = (outcome.sha256, outcome.bytes)
  }
}

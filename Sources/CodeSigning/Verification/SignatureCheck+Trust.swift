import Foundation

extension SignatureCheck {
  /// The CMS certificates as Gatekeeper judges them: the time-stamp token (when one is attached)
  /// and the certificate chain, judged by `policy` at the token's time when it vouches for the
  /// signature, else now.
  ///
  /// Now, not the `signingTime` attribute, for a signature without a valid token: the signing
  /// time is the signer's own claim, so a certificate that has expired since fails, as on macOS.
  static func trustFindings(_ cms: CMSSignature, policy: TrustPolicy)
    -> (evaluation: TrustEvaluation, findings: [SignatureFinding])
  {
    var findings: [SignatureFinding] = []
    var stampedTime: Date?
    if let encoded = cms.timestampToken {
      if let token = TimestampToken(encoded: encoded) {
        let problem = token.problem(stamping: cms.signatureValue, policy: policy)
        stampedTime = problem == nil ? token.time : nil
        let time = token.time.formatted(.iso8601)
        findings.append(
          SignatureFinding(
            check: .timestamp, ok: problem == nil,
            detail: "stamped at \(time)"
              + (problem.map { ", but the token does not hold: \($0)" } ?? "")
              + "; the authority's chain judged at \(time) (the token's time)"))
      } else {
        findings.append(
          SignatureFinding(
            check: .timestamp, ok: false,
            detail: "the time-stamp token cannot be read"))
      }
    }
    let evaluation = policy.evaluate(chain: cms.certificatesDER, at: stampedTime)
    let when =
      "judged at \(evaluation.date.formatted(.iso8601)) "
      + (stampedTime == nil ? "(now: no valid timestamp)" : "(the timestamp's time)")
    let through = evaluation.path.dropFirst().dropLast().joined(separator: " < ")
    findings.append(
      SignatureFinding(
        check: .certificateChain, ok: evaluation.isTrusted,
        detail: evaluation.summary
          + (evaluation.isTrusted && !through.isEmpty ? " through \(through)" : "")
          + "; \(when)"))
    return (evaluation, findings)
  }
}

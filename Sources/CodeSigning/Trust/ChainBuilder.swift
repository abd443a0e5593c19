import COpenSSL
import Foundation

/// Builds and checks a certificate chain with OpenSSL (`X509_STORE`, `X509_verify_cert`): from a
/// leaf, through untrusted intermediates, to one of the anchors, each certificate valid at the
/// time given and signed by the next.
struct ChainBuilder {
  /// What was built: the chain, leaf first (as far as it got when it fails), and why it fails.
  struct Outcome {
    /// The chain, leaf first, ending at the anchor when it holds.
    let chain: [X509Certificate]
    /// Why the chain does not hold, or `nil`.
    let problem: String?
  }

  /// The trusted roots, in DER.
  let anchors: [[UInt8]]

  /// Builds the chain of `leaf` through `untrusted` to an anchor, judged at `date`.
  func build(leaf: X509Certificate, untrusted: [X509Certificate], at date: Date) -> Outcome {
    defer { ERR_clear_error() }
    guard let store = X509_STORE_new(), let context = X509_STORE_CTX_new(),
      let intermediates = OPENSSL_sk_new_null()
    else { return Outcome(chain: [], problem: "OpenSSL: \(OpenSSL.drainErrors())") }
    defer {
      X509_STORE_CTX_free(context)
      X509_STORE_free(store)
      OPENSSL_sk_free(intermediates)  // the certificates stay owned by their values
    }
    let roots = anchors.compactMap(X509Certificate.init(der:))
    for root in roots { X509_STORE_add_cert(store, root.pointer) }
    for certificate in untrusted {
      OPENSSL_sk_push(intermediates, UnsafeRawPointer(certificate.pointer))
    }
    guard X509_STORE_CTX_init(context, store, leaf.pointer, intermediates) == 1 else {
      return Outcome(chain: [], problem: "OpenSSL: \(OpenSSL.drainErrors())")
    }
    X509_STORE_CTX_set_time(context, 0, time_t(date.timeIntervalSince1970))
    X509_STORE_CTX_set_verify_cb(context, Self.acceptAppleCriticalExtensions)
    let holds = X509_verify_cert(context) == 1
    let chain = Self.chain(of: context)
    guard !holds else { return Outcome(chain: chain, problem: nil) }
    return Outcome(chain: chain, problem: Self.problem(context, chain: chain, date: date))
  }

  /// The chain OpenSSL built, leaf first.
  private static func chain(of context: OpaquePointer) -> [X509Certificate] {
    guard let stack = X509_STORE_CTX_get0_chain(context) else { return [] }
    return (0..<OPENSSL_sk_num(stack)).compactMap { index in
      OPENSSL_sk_value(stack, index).flatMap { X509Certificate(referencing: OpaquePointer($0)) }
    }
  }

  /// Why the chain fails, in words: where it ends, which certificate is outside its validity.
  private static func problem(_ context: OpaquePointer, chain: [X509Certificate], date: Date)
    -> String
  {
    let error = X509_STORE_CTX_get_error(context)
    let depth = Int(X509_STORE_CTX_get_error_depth(context))
    let certificate = chain.indices.contains(depth) ? chain[depth] : chain.last
    let subject = certificate?.subject ?? "?"
    switch error {
    case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
      return "chain ends at \(subject), \(TrustPolicy.untrustedRootWords)"
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT:
      let top = chain.last
      return "chain ends at \(top?.subject ?? subject), issued by \(top?.issuer ?? "?"), "
        + "which is \(TrustPolicy.untrustedRootWords)"
    case X509_V_ERR_CERT_HAS_EXPIRED, X509_V_ERR_CERT_NOT_YET_VALID:
      let verb = error == X509_V_ERR_CERT_HAS_EXPIRED ? "expired" : "not yet valid"
      return "\(subject) is \(verb) at \(date.formatted(.iso8601)) (valid "
        + "\(certificate?.validity ?? "?"))"
    default:
      let reason = String(cString: X509_verify_cert_error_string(Int(error)))
      return "\(subject): \(reason)"
    }
  }

  /// Lets a certificate through OpenSSL's "unhandled critical extension" check when every
  /// unknown critical extension it has is one of Apple's.
  ///
  /// Apple's are the arc 1.2.840.113635.100.6, which Developer ID leaves mark critical. Every
  /// other error stands.
  static let acceptAppleCriticalExtensions:
    @convention(c) (Int32, OpaquePointer?) ->
      Int32 = { ok, context in
        guard ok == 0, let context,
          X509_STORE_CTX_get_error(context) == X509_V_ERR_UNHANDLED_CRITICAL_EXTENSION,
          let current = X509_STORE_CTX_get_current_cert(context),
          let certificate = X509Certificate(referencing: current)
        else { return ok }
        let unknown = certificate.extensionIdentifiers.filter { $0.critical && !$0.handled }
        guard unknown.allSatisfy({ $0.oid.hasPrefix("1.2.840.113635.100.6.") }) else { return ok }
        X509_STORE_CTX_set_error(context, X509_V_OK)
        return 1
      }
}

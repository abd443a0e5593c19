/// One check of a code signature and its outcome, named for people.
package struct SignatureFinding: Sendable, Encodable, Equatable {
  /// What was checked, such as "code digest".
  package let check: String
  /// Whether it holds.
  package let ok: Bool
  /// The detail: digests, names.
  package let detail: String
}

package import Digests

/// An image handed to the notary service.
package struct NotarySubmission: Sendable {
  /// The image's path.
  package let image: String
  /// The image's SHA-256 and size, from the ``Notarizer``'s one pass over it (its state file's
  /// identity): an engine that needs them (the native one, for the Notary API and S3) takes them
  /// from here and does not read the image again to hash it.
  package let digest: FileDigest
}

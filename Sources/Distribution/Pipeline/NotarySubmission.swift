package import Digests

/// An image handed to the notary service.
package struct NotarySubmission: Sendable {
  /// The image's path.
  package let image: String
  /// The image's SHA-256 and size, from the ``Notarizer``'s one pass over it (its state file's
  /// identity): an engine that needs them (the native one, for the Notary API and S3) takes them
  /// from here and does not read the image again to hash it.
  package let digest: FileDigest
  /// Called as the upload goes, by an engine that uploads the file itself (the native one), with
  /// the bytes the storage holds and the file's size; the others' tools print their own progress.
  package var uploaded: (@Sendable (_ done: Int64, _ total: Int64) -> Void)? = nil
}

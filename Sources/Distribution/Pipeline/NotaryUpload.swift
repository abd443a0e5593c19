package import NotaryService

/// An upload to the notary service that a run began: what a later run needs to finish it under
/// the same submission (the Notary API issues a submission's upload location and temporary S3
/// credentials once, when the submission is made).
///
/// The ``Notarizer`` keeps it in `<file>.notarization.upload.json`, mode 0600, from before the
/// first byte is sent until the upload is complete, then removes it: the temporary credentials
/// are secrets, never printed (``NotaryService/S3Credentials`` describes itself without them).
package struct NotaryUpload: Codable, Sendable, Equatable {
  /// The submission the upload belongs to.
  package var submissionID: String
  /// The bucket, the object and the temporary credentials.
  package var destination: S3Upload
  /// The multipart upload's `UploadId`, once S3 has given one (files over the part size).
  package var multipartUploadID: String?

  /// Makes a record of an upload begun.
  package init(submissionID: String, destination: S3Upload, multipartUploadID: String? = nil) {
    self.submissionID = submissionID
    self.destination = destination
    self.multipartUploadID = multipartUploadID
  }
}

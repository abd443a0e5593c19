import CodeSigning
package import Foundation

/// Staples a notarization ticket into a signed image's superblob (slot 0x10002), copying every
/// other blob byte for byte so that the code directory hash and the CMS signature stay valid.
package enum DMGStapler {
  /// The code directory hash (SHA-256, truncated to 20 bytes) of the signed image at `path`: the
  /// name Apple files its ticket under.
  package static func cdhash(of path: String) throws -> [UInt8] {
    Array(try codeDirectory(of: path).cdhash.prefix(20))
  }

  /// Puts `ticket` (the ticket's DER bytes) into the image at `path`, replacing an earlier one.
  package static func staple(_ ticket: Data, to path: String) throws {
    let image = try SignableImage(path: path)
    guard let bytes = try image.signatureBytes() else { throw PipelineError.notSigned(file: path) }
    var blobs = try EmbeddedSignature(bytes).blobs
    blobs[SuperBlobBuilder.ticketSlot] = SuperBlobBuilder.wrapper(Array(ticket))
    try image.write(superblob: SuperBlobBuilder(blobs: blobs).bytes())
  }

  static func codeDirectory(of path: String) throws -> CodeDirectory {
    let image = try SignableImage(path: path)
    guard let bytes = try image.signatureBytes(),
      let directory = try EmbeddedSignature(bytes)[.codeDirectory]
    else { throw PipelineError.notSigned(file: path) }
    return try CodeDirectory(directory)
  }
}

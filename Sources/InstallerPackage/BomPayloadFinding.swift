/// One disagreement between a package's bill of materials and its payload, naming the path.
package enum BomPayloadFinding: Sendable, Equatable, CustomStringConvertible {
  /// The Bom lists the path; the payload lacks it.
  case missingFromPayload(path: String)
  /// The payload holds the path; the Bom does not list it.
  case missingFromBom(path: String)
  /// The payload holds the path more than once.
  case repeatedInPayload(path: String)
  /// The path is of another kind in each (`file`, `folder`, `link`, `device`…).
  case kindMismatch(path: String, bom: String, payload: String)
  /// The permissions differ.
  case permissionsMismatch(path: String, bom: UInt16, payload: UInt16)
  /// The owners differ.
  case ownerMismatch(
    path: String, bom: BomPayloadComparison.Owner, payload: BomPayloadComparison.Owner)
  /// A file's or link's size differs.
  case sizeMismatch(path: String, bom: Int64, payload: Int64)
  /// A file's or link's POSIX `cksum` differs (their sizes agree).
  case checksumMismatch(path: String, bom: UInt32, payload: UInt32)
  /// A link's target differs.
  case linkTargetMismatch(path: String, bom: String, payload: String)

  /// The path concerned.
  package var path: String {
    switch self {
    case .missingFromPayload(let path), .missingFromBom(let path), .repeatedInPayload(let path),
      .kindMismatch(let path, _, _), .permissionsMismatch(let path, _, _),
      .ownerMismatch(let path, _, _), .sizeMismatch(let path, _, _),
      .checksumMismatch(let path, _, _), .linkTargetMismatch(let path, _, _):
      path
    }
  }

  /// The finding in a sentence, naming the path.
  package var description: String {
    switch self {
    case .missingFromPayload(let path): "\(path): in the Bom, not in the payload"
    case .missingFromBom(let path): "\(path): in the payload, not in the Bom"
    case .repeatedInPayload(let path): "\(path): in the payload more than once"
    case .kindMismatch(let path, let bom, let payload):
      "\(path): a \(bom) in the Bom, a \(payload) in the payload"
    case .permissionsMismatch(let path, let bom, let payload):
      "\(path): permissions \(String(bom, radix: 8)) in the Bom, \(String(payload, radix: 8)) "
        + "in the payload"
    case .ownerMismatch(let path, let bom, let payload):
      "\(path): owner \(bom) in the Bom, \(payload) in the payload"
    case .sizeMismatch(let path, let bom, let payload):
      "\(path): \(bom) bytes in the Bom, \(payload) in the payload"
    case .checksumMismatch(let path, let bom, let payload):
      "\(path): checksum \(bom) in the Bom, \(payload) in the payload"
    case .linkTargetMismatch(let path, let bom, let payload):
      "\(path): links to \(bom) in the Bom, to \(payload) in the payload"
    }
  }
}

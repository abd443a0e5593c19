import CodeSigning
import Digests
import Foundation

/// The notarization ticket stapled to an app (`Contents/CodeResources`), as `app verify`
/// reports it.
///
/// Whether the ticket matches is whether the main executable's cdhash (the 20 bytes Apple files
/// the ticket under) appears in it: tickets list the cdhashes they cover. The ticket's own
/// Apple signature is not checked here; Gatekeeper checks it on a Mac.
public struct AppTicket: Sendable, Encodable, Equatable {
  /// Whether a ticket is stapled.
  public let isStapled: Bool
  /// The ticket's size in bytes (0 when none is stapled).
  public let bytes: Int
  /// The main executable's cdhash (hex, 40 digits), when it is signed.
  public let cdhash: String?
  /// Whether the stapled ticket lists that cdhash; `nil` without a ticket or a cdhash.
  public let listsCDHash: Bool?

  /// Reads the ticket of the bundle at `path`; `nil` for a single Mach-O file (which cannot be
  /// stapled).
  static func read(_ path: String) -> AppTicket? {
    let bundle = URL(fileURLWithPath: path)
    guard let ticket = try? BundleStaple.ticket(ofBundleAt: bundle) else {
      let isFolder = (try? BundleStaple.ticketURL(ofBundleAt: bundle)) != nil
      return isFolder ? AppTicket(isStapled: false, bytes: 0, cdhash: nil, listsCDHash: nil) : nil
    }
    let cdhash = try? BundleStaple.cdhash(ofBundleAt: bundle)
    return AppTicket(
      isStapled: true, bytes: ticket.count, cdhash: cdhash?.hex,
      listsCDHash: cdhash.map { hash in
        ticket.count >= hash.count
          && (0...(ticket.count - hash.count)).contains {
            ticket[$0..<$0 + hash.count].elementsEqual(hash)
          }
      })
  }

  /// One line for the text report.
  package var line: String {
    guard isStapled else { return "ticket: none stapled" }
    let match =
      switch listsCDHash {
      case true?: ", lists the main executable's cdhash \(cdhash ?? "")"
      case false?: ", but does NOT list the main executable's cdhash \(cdhash ?? "")"
      case nil: ""
      }
    return "ticket: stapled (\(bytes) bytes)\(match)"
  }

  private enum CodingKeys: String, CodingKey { case stapled, bytes, cdhash, listsCDHash }

  /// Encodes whether a ticket is stapled, its size, the cdhash and whether it is listed.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(isStapled, forKey: .stapled)
    try container.encode(bytes, forKey: .bytes)
    try container.encodeIfPresent(cdhash, forKey: .cdhash)
    try container.encodeIfPresent(listsCDHash, forKey: .listsCDHash)
  }
}

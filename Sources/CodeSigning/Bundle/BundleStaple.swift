package import Foundation
import SystemSupport

/// Where a notarization ticket goes in a signed bundle, and writing it there (reference §15).
///
/// The ticket's raw bytes go to `Contents/CodeResources` (a shallow bundle's own
/// `CodeResources`), which every seal leaves out, so the signature stays valid. A Mach-O file
/// cannot be stapled. The ticket is looked up as for disk images, by the main executable's
/// cdhash (`TicketLookupClient.recordName(cdhash:)`, `2/2/<40 hex>`).
///
/// ```swift
/// try BundleStaple.staple(ticket, toBundleAt: URL(fileURLWithPath: "App.app"))
/// ```
package enum BundleStaple {
  /// The ticket's place in the bundle at `bundle`.
  ///
  /// - Parameter bundle: The bundle's folder (`X.app`).
  /// - Returns: `X.app/Contents/CodeResources`, or `X/CodeResources` for a shallow bundle.
  /// - Throws: ``BundleError/notABundle(path:reason:)`` when `bundle` is no folder.
  package static func ticketURL(ofBundleAt bundle: URL) throws -> URL {
    guard try FileStatus.of(bundle.path)?.kind == .directory else {
      throw BundleError.notABundle(
        path: bundle.path, reason: "only a bundle can be stapled, not a single Mach-O file")
    }
    let contents = bundle.appendingPathComponent("Contents")
    let isDeep = try FileStatus.of(contents.path)?.kind == .directory
    return (isDeep ? contents : bundle).appendingPathComponent("CodeResources")
  }

  /// Writes `ticket` into the bundle at `bundle`, replacing an older one, all or nothing.
  ///
  /// - Parameters:
  ///   - ticket: The ticket's bytes, as Apple's ticket service returns them.
  ///   - bundle: The bundle's folder (`X.app`).
  /// - Throws: ``BundleError/notABundle(path:reason:)``; ``SystemError`` when writing fails.
  package static func staple(_ ticket: [UInt8], toBundleAt bundle: URL) throws {
    try AtomicOutputFile.write(to: try ticketURL(ofBundleAt: bundle).path) { descriptor in
      try ticket.withUnsafeBytes { try descriptor.writeAll($0) }
    }
  }
}

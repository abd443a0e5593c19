import APFS
import DiskImage
import Foundation
import HFSPlus
import SystemSupport
import UpdateFeeds
import VolumeInterface
import ZipArchive

/// What an update feed says about the app inside a disk image or a zip, read from its
/// `Contents/Info.plist` there (never from a copy beside it): names, versions, the minimum
/// macOS and the EdDSA public key the app trusts.
public struct ShippedAppInfo: Sendable, Equatable, Encodable {
  /// The app folder's name, such as `Hello.app`.
  public var bundleName: String
  /// `CFBundleName`, else the folder's name without `.app`.
  public var name: String
  /// `CFBundleVersion`.
  public var version: String
  /// `CFBundleShortVersionString`.
  public var shortVersion: String?
  /// `LSMinimumSystemVersion`.
  public var minimumSystemVersion: String?
  /// `SUPublicEDKey`: the Base64 Ed25519 public key Sparkle checks updates with.
  public var publicEDKey: String?

  /// Reads the only app at the root of the disk image or zip at `path` (a zip is known by its
  /// first bytes, `PK\3\4`).
  ///
  /// - Throws: ``UpdateFeedError/invalidItem(reason:)`` naming the file when it holds no app or
  ///   several, the Info.plist is unreadable or lacks `CFBundleVersion`; the readers' errors
  ///   for a damaged image or zip.
  package init(ofFileAt path: String) throws {
    let head = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 4)
    let bundle: String
    let plist: [UInt8]
    do {
      (bundle, plist) =
        head.map([UInt8].init) == [0x50, 0x4B, 0x03, 0x04]
        ? try Self.infoPlist(inZip: path) : try Self.infoPlist(inImage: path)
    } catch let error as ZipReaderError {
      throw UpdateFeedError.invalidItem(reason: "\(path): \(error)")
    }
    try self.init(bundleName: bundle, plist: plist, source: "\(path): \(bundle)")
  }

  /// Parses an app's Info.plist `plist`; `source` names it in errors.
  init(bundleName: String, plist: [UInt8], source: String) throws(UpdateFeedError) {
    let dictionary: [String: Any]
    do {
      dictionary = try PropertyListInput.dictionary(from: plist)
    } catch {
      throw .invalidItem(reason: "\(source)/Contents/Info.plist does not read: \(error)")
    }
    guard let version = dictionary["CFBundleVersion"] as? String, !version.isEmpty else {
      throw .invalidItem(
        reason: "\(source)/Contents/Info.plist has no CFBundleVersion, which Sparkle compares")
    }
    self.bundleName = bundleName
    self.name = dictionary["CFBundleName"] as? String ?? String(bundleName.dropLast(4))
    self.version = version
    self.shortVersion = dictionary["CFBundleShortVersionString"] as? String
    self.minimumSystemVersion = dictionary["LSMinimumSystemVersion"] as? String
    self.publicEDKey = dictionary["SUPublicEDKey"] as? String
  }

  /// The most of an app's Info.plist that is read: 16 MiB.
  ///
  /// Real ones hold a few KiB; a larger claim is a hostile or damaged archive or volume,
  /// refused before it is read.
  static let infoPlistLimit: Int64 = 16 << 20

  /// The only `<X>.app/Contents/Info.plist` of a zip whose entries are under `<X>.app/`, as
  /// `ditto -c -k --keepParent` makes it (`__MACOSX/` entries aside).
  static func infoPlist(inZip path: String) throws -> (String, [UInt8]) {
    let zip = try ZipReader(path: path)
    let plists = zip.entries.filter { entry in
      let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
      return parts.count == 3 && parts[0].lowercased().hasSuffix(".app")
        && parts[1] == "Contents" && parts[2] == "Info.plist" && !entry.isSymbolicLink
    }
    guard plists.count == 1, let entry = plists.first else {
      throw UpdateFeedError.invalidItem(
        reason: "\(path) holds \(plists.count) <Name>.app/Contents/Info.plist entries; "
          + "an update zip holds one app at its root (ditto -c -k --keepParent)")
    }
    let bundle = String(entry.name.prefix { $0 != "/" })
    return (bundle, try zip.contents(of: entry, limit: Self.infoPlistLimit))
  }

  /// The Info.plist of the only app at the root of the image's volume.
  static func infoPlist(inImage path: String) throws -> (String, [UInt8]) {
    let volume = try DMGAppExtraction.volumeReader(ofImage: path)
    let entries = try volume.entries()
    let apps = DMGAppExtraction.rootApps(in: entries)
    guard apps.count == 1, let app = apps.first else {
      throw UpdateFeedError.invalidItem(
        reason: "\(path) has \(apps.count) apps at its volume's root; an update holds one")
    }
    let plistPath = app.path + "/Contents/Info.plist"
    guard let plist = entries.first(where: { $0.path == plistPath && $0.kind == .file }) else {
      throw UpdateFeedError.invalidItem(reason: "\(path) has no \(plistPath)")
    }
    return (
      String(app.path.dropFirst()),
      try DMGInspection.contents(of: plist, in: volume, limit: Self.infoPlistLimit)
    )
  }
}

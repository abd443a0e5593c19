import Foundation
import SystemSupport
import UpdateFeeds

/// Writes the update feeds for a released file from its final bytes.
///
/// They are the Sparkle item (the app's versions from inside the file, the size, the EdDSA
/// signature) and electron-updater's `latest-mac.yml` entry (SHA-512, size). Each feed is written through ``AtomicOutputFile``,
/// so it holds its old text or the whole new one.
package enum UpdateFeedPublisher {
  /// Publishes the file at `path` in the feeds `options` name.
  ///
  /// - Throws: ``UpdateFeedError`` for an app, key or feed that cannot be used; the readers'
  ///   and ``SystemError`` for files that cannot be read or written.
  package static func publish(fileAt path: String, options: UpdateFeedOptions) throws
    -> UpdateFeedSummary
  {
    let app = try ShippedAppInfo(ofFileAt: path)
    let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
    let name = URL(fileURLWithPath: path).lastPathComponent
    let url =
      (options.downloadURLPrefix ?? "")
      + (name.addingPercentEncoding(
        withAllowedCharacters: .urlPathAllowed) ?? name)
    var signature: String?
    var sha512: String?
    var warnings: [String] = []
    if let appcast = options.appcastPath {
      guard let key = options.signingKey else {
        throw UpdateFeedError.invalidItem(reason: "an appcast item needs an EdDSA key")
      }
      if let trusted = app.publicEDKey, trusted != key.publicKeyBase64 {
        throw UpdateFeedError.invalidItem(
          reason: "\(path): the app's SUPublicEDKey is \(trusted), but the key's public key is "
            + "\(key.publicKeyBase64): Sparkle would refuse the update")
      }
      let edSignature = try data.withUnsafeBytes { buffer throws(UpdateFeedError) in
        try key.signature(of: buffer)
      }
      signature = Data(edSignature).base64EncodedString()
      let item = SparkleAppcastItem(
        title: options.title ?? [app.name, app.shortVersion ?? app.version].joined(separator: " "),
        publicationDate: SparkleAppcast.pubDate(options.date), version: app.version,
        shortVersion: app.shortVersion, minimumSystemVersion: app.minimumSystemVersion,
        channel: options.channel, url: url, length: Int64(data.count),
        edSignature: signature ?? "")
      let existing = try existingBytes(at: appcast)
      let feed = try SparkleAppcast(existing: existing, path: appcast)
      try write(try feed.adding(item, channelTitle: app.name), to: appcast)
    }
    if let manifestPath = options.electronUpdaterPath {
      sha512 = Data(data.withUnsafeBytes { SHA512.digest($0) }).base64EncodedString()
      let entry = ElectronUpdaterManifest(
        version: app.shortVersion ?? app.version,
        files: [.init(url: url, sha512: sha512 ?? "", size: Int64(data.count))],
        releaseDate: releaseDate(options.date))
      let existing = try existingBytes(at: manifestPath).map {
        try ElectronUpdaterManifest(yaml: String(decoding: $0, as: UTF8.self), path: manifestPath)
      }
      let manifest = entry.merging(into: existing)
      if !manifest.hasZip {
        warnings.append(
          "\(manifestPath) lists no .zip: electron-updater's MacUpdater installs updates from "
            + "a zip only (add the app's zip too)")
      }
      try write(manifest.yaml, to: manifestPath)
    }
    return UpdateFeedSummary(
      app: app, url: url, length: Int64(data.count), edSignature: signature, sha512: sha512,
      warnings: warnings)
  }

  /// The bytes at `path`, or `nil` when there is no file there yet.
  static func existingBytes(at path: String) throws -> [UInt8]? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Writes `text` to `path` atomically.
  static func write(_ text: String, to path: String) throws {
    try AtomicOutputFile.write(to: path) { descriptor in
      try Array(text.utf8).withUnsafeBytes { try descriptor.writeAll($0) }
    }
  }

  /// `date` as electron-builder writes `releaseDate`: ISO 8601 in UTC with milliseconds.
  static func releaseDate(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }
}

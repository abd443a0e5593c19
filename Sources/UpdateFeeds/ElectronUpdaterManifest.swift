import Foundation

/// electron-updater's `latest-mac.yml`: the version, its files with their SHA-512 (Base64) and
/// sizes, and the file to download (`path`, `sha512`), as electron-builder writes it and
/// electron-updater's `MacUpdater` reads it.
///
/// ```yaml
/// version: '2.0.0'
/// files:
///   - url: 'Hello-2.0.0-mac.zip'
///     sha512: 'Xm2…=='
///     size: 1234567
/// path: 'Hello-2.0.0-mac.zip'
/// sha512: 'Xm2…=='
/// releaseDate: '2026-12-02T17:00:00.000Z'
/// ```
///
/// `MacUpdater` installs from a `.zip` only (Squirrel.Mac): it picks the first zip of `files`
/// and stops with "ZIP file not provided" without one, so a DMG is listed for downloads but a
/// zip must be added too for updates to install.
package struct ElectronUpdaterManifest: Sendable, Equatable {
  /// One file of the release.
  package struct File: Sendable, Equatable {
    /// Its URL, or its name relative to the feed's folder.
    package var url: String
    /// The Base64 SHA-512 of its bytes.
    package var sha512: String
    /// Its size in bytes.
    package var size: Int64

    /// Makes a file entry.
    package init(url: String, sha512: String, size: Int64) {
      self.url = url
      self.sha512 = sha512
      self.size = size
    }
  }

  /// The release's version (the app's `CFBundleShortVersionString`).
  package var version: String
  /// The release's files.
  package var files: [File]
  /// When the release was made, ISO 8601 with milliseconds in UTC.
  package var releaseDate: String

  /// Makes a manifest.
  package init(version: String, files: [File], releaseDate: String) {
    self.version = version
    self.files = files
    self.releaseDate = releaseDate
  }

  /// The file `path` and `sha512` name: the first zip, else the first file.
  package var primary: File? {
    files.first { $0.url.lowercased().hasSuffix(".zip") } ?? files.first
  }

  /// Whether a file is a zip, which `MacUpdater` needs to install an update.
  package var hasZip: Bool { files.contains { $0.url.lowercased().hasSuffix(".zip") } }

  /// `self` with `file` added: the existing manifest's files are kept when it is for the same
  /// version (a file of the same URL replaced), else the manifest starts again.
  package func merging(into existing: ElectronUpdaterManifest?) -> ElectronUpdaterManifest {
    guard let existing, existing.version == version else { return self }
    var merged = existing
    merged.releaseDate = releaseDate
    for file in files {
      if let index = merged.files.firstIndex(where: { $0.url == file.url }) {
        merged.files[index] = file
      } else {
        merged.files.append(file)
      }
    }
    return merged
  }

  /// The YAML text; every string single-quoted, so that a version such as `1.10` stays a
  /// string.
  package var yaml: String {
    var lines = ["version: \(Self.quoted(version))", "files:"]
    for file in files {
      lines += [
        "  - url: \(Self.quoted(file.url))", "    sha512: \(Self.quoted(file.sha512))",
        "    size: \(file.size)",
      ]
    }
    if let primary {
      lines += ["path: \(Self.quoted(primary.url))", "sha512: \(Self.quoted(primary.sha512))"]
    }
    lines.append("releaseDate: \(Self.quoted(releaseDate))")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A YAML single-quoted scalar: `'` doubled inside.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }
}

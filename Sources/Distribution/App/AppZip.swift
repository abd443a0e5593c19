import Foundation
import SystemSupport
import ZipArchive

/// An app bundle zipped as `ditto -c -k --sequesterRsrc --keepParent App.app App.zip` zips it:
/// the zip that electron-updater's and Squirrel's updaters install from, and the one the notary
/// takes (``AppRelease/notarize(credentials:timeout:statePath:submissionID:wait:)`` zips through
/// the same writer).
///
/// The first entry is the app's folder itself (`Hello.app/`), then everything below it, each
/// folder an entry of its own before what it holds, names in byte order. Files keep their
/// permission bits (an executable its 0755) and are deflated where that pays; symbolic links
/// are stored as links (`S_IFLNK` in the Unix mode, the target as the data), never followed;
/// modification times are kept (DOS time and Info-ZIP's extended timestamp), clamped to a date
/// limit when one is given. Extended attributes are left out, as a Linux tree seldom has the
/// ones `--sequesterRsrc` would keep. The zip is written to a temporary file beside the target
/// and renamed into place once complete: the target never holds part of one.
///
/// ```swift
/// let zip = try AppZip(zipping: "build/Hello.app", to: "dist/Hello.zip")
/// print(zip.entries, zip.size)
/// ```
public struct AppZip: Sendable, Encodable {
  /// The app zipped.
  public let app: String
  /// The zip written.
  public let output: String
  /// How many entries the zip holds.
  public let entries: Int
  /// The zip's size in bytes.
  public let size: Int64

  /// Zips the app at `app` to `output`, replacing a file there once the zip is complete.
  ///
  /// - Parameters:
  ///   - app: The app's folder; its name is the zip's top entry.
  ///   - output: The zip's path, outside the app.
  ///   - dateLimit: The latest modification time written, in seconds since 1970
  ///     (`SOURCE_DATE_EPOCH`), or `nil` for the files' own.
  /// - Throws: ``AppZipError`` naming the app or the file at fault.
  public init(zipping app: String, to output: String, dateLimit: Int64? = nil)
    throws(AppZipError)
  {
    try Self.check(app, output: output)
    let folder = URL(fileURLWithPath: app).standardizedFileURL.path
    do {
      entries = try ZipArchiver.archive(folder, to: output, dateLimit: dateLimit)
      size = try FileStatus.of(output)?.size ?? 0
    } catch {
      throw .failed(app: app, reason: (error as? SystemError)?.description ?? "\(error)")
    }
    self.app = app
    self.output = output
  }

  /// Checks, before anything is written, that `app` is a folder and `output` lies outside it.
  ///
  /// - Throws: ``AppZipError/notAFolder(_:)`` or ``AppZipError/outputInsideApp(app:output:)``.
  public static func check(_ app: String, output: String) throws(AppZipError) {
    let folder = URL(fileURLWithPath: app).standardizedFileURL.path
    guard (try? FileStatus.of(folder, followingLinks: false))?.kind == .directory else {
      throw .notAFolder(app)
    }
    let target = URL(fileURLWithPath: output).standardizedFileURL.path
    if target.hasPrefix(folder + "/") { throw .outputInsideApp(app: app, output: output) }
  }
}

import Digests
package import Foundation
import SystemSupport

extension BundleStaple {
  /// The name Apple files a bundle's ticket under: the main executable's SHA-256 code directory
  /// hash, truncated to 20 bytes, of its first slice (reference §15).
  ///
  /// - Parameter bundle: The signed bundle's folder (`X.app`).
  /// - Returns: The 20 bytes of the record name `2/2/<hex>`.
  /// - Throws: ``BundleError`` when the bundle has no readable Info.plist or main executable;
  ///   ``SignatureError/malformed(_:)`` when the executable is not signed with a SHA-256 code
  ///   directory.
  package static func cdhash(ofBundleAt bundle: URL) throws -> [UInt8] {
    let executable = try mainExecutable(ofBundleAt: bundle)
    let bytes = try readAll(executable.path)
    let reader = try MachOSignatureReader(bytes: bytes, path: executable.path)
    guard let directories = reader.slices.first?.codeDirectories, !directories.isEmpty else {
      throw SignatureError.malformed(
        "\(executable.path) is not signed: sign the app before notarizing or stapling it")
    }
    guard let directory = directories.first(where: { $0.hashType == .sha256 }) else {
      throw SignatureError.malformed(
        "\(executable.path) has no SHA-256 code directory, which Apple files tickets under")
    }
    return Array(directory.cdhash.prefix(20))
  }

  /// The ticket stapled to the bundle, or `nil` when there is none.
  ///
  /// - Parameter bundle: The bundle's folder.
  /// - Returns: The bytes of `Contents/CodeResources`, when that file exists.
  /// - Throws: ``BundleError/notABundle(path:reason:)``; ``SystemError`` when it cannot be read.
  package static func ticket(ofBundleAt bundle: URL) throws -> [UInt8]? {
    let url = try ticketURL(ofBundleAt: bundle)
    guard try FileStatus.of(url.path) != nil else { return nil }
    return try readAll(url.path)
  }

  /// The main executable named by the bundle's Info.plist (`CFBundleExecutable`).
  static func mainExecutable(ofBundleAt bundle: URL) throws -> URL {
    let contents = try ticketURL(ofBundleAt: bundle).deletingLastPathComponent()
    let isDeep = contents.path != bundle.standardizedFileURL.path
    let plist = contents.appendingPathComponent("Info.plist")
    guard try FileStatus.of(plist.path) != nil else {
      throw BundleError.unreadableInfoPlist(path: plist.path, reason: "there is no Info.plist")
    }
    let info = try BundleInfo(plist: try readAll(plist.path), path: plist.path)
    guard let name = info.executable else {
      throw BundleError.unreadableInfoPlist(
        path: plist.path, reason: "CFBundleExecutable names no main executable")
    }
    let executable = (isDeep ? contents.appendingPathComponent("MacOS") : contents)
      .appendingPathComponent(name)
    guard try FileStatus.of(executable.path)?.kind == .regular else {
      throw BundleError.missingMainExecutable(path: executable.path)
    }
    return executable
  }

  private static func readAll(_ path: String) throws -> [UInt8] {
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    return try descriptor.read(at: 0, count: Int(try descriptor.status().size))
  }
}

import Foundation
import InstallerPackage
import SystemSupport
import XarArchive

/// The apps of a flat installer package, copied out of its payloads into a folder so that they
/// can be verified as `shipyard app verify` verifies them, as `pkg verify` does.
///
/// Each component's payload is streamed once; every folder named `*.app` that is not inside
/// another app is extracted whole (folders, files with their bytes and permission bits, links as
/// links, never followed), with the folders above it, under a folder of its own per component.
/// Nothing is written outside that folder (see `PayloadTreeWriter`).
///
/// ```swift
/// let extraction = try PackageAppExtraction(path: "dist/MyApp.pkg", extractingInto: scratch)
/// for app in extraction.apps { print(app.component, app.payloadPath, app.extractedPath) }
/// ```
public struct PackageAppExtraction: Sendable {
  /// An app found in a payload.
  public struct App: Sendable, Equatable {
    /// The component package whose payload holds it (`Demo.pkg`, or `.` for a component
    /// package's own root).
    public let component: String
    /// Its path in the payload, such as `./Demo.app` (installed under the component's
    /// install location).
    public let payloadPath: String
    /// Where it was extracted.
    public let extractedPath: String
    /// The folder its component's payload was extracted into.
    let folder: String
  }

  /// The apps, component by component, by path.
  public let apps: [App]

  /// Reads the package at `path` and extracts the apps of every payload into `folder`.
  ///
  /// - Parameters:
  ///   - path: The package's path.
  ///   - folder: An existing, empty folder.
  /// - Throws: ``PackageAppExtractionError`` for a package or payload that cannot be read, an
  ///   entry that would leave its app's folder, or a write that fails.
  public init(path: String, extractingInto folder: String) throws(PackageAppExtractionError) {
    var apps: [App] = []
    do {
      let descriptor = try FileDescriptor.openForReading(path)
      defer { descriptor.close() }
      let reader = try XarReader(source: descriptor, size: try descriptor.status().size)
      let payloads = reader.entries.filter { $0.name == "Payload" }
      for (index, payload) in payloads.enumerated() {
        guard let data = payload.data, data.encoding == "application/octet-stream" else {
          continue
        }
        let destination = folder + "/\(index + 1)"
        try FileManager.default.createDirectory(
          atPath: destination, withIntermediateDirectories: false)
        let writer = try PayloadTreeWriter(package: path, destination: destination)
        try PayloadReader.read(
          from: descriptor, at: reader.heapOffset + data.offset, count: data.length,
          fileBytes: { try writer.write($0, $1) }, { try writer.finish($0) })
        try writer.close()
        apps += writer.apps.sorted { $0.lexicographicallyPrecedes($1) }.map { names in
          App(
            component: payload.folder,
            payloadPath: (["."] + names).joined(separator: "/"),
            extractedPath: ([destination] + names).joined(separator: "/"), folder: destination)
        }
      }
    } catch let error as PackageAppExtractionError {
      throw error
    } catch {
      throw .unreadablePackage(package: path, reason: "\(error)")
    }
    self.apps = apps
  }
}

import Foundation
import InstallerPackage
import SystemSupport
import XarArchive

/// What a flat installer package (`.pkg`) holds, as `shipyard pkg inspect` shows it: the
/// archive's table of contents and members, who signed it and whether a notarization ticket is
/// stapled, a product archive's Distribution, and each component package's PackageInfo and
/// bill of materials (`Bom`), every path with its mode, owner, size and checksum.
///
/// It reads and summarizes; it does not judge. The signature is described as the package gives
/// it (``PackageSignatureCheck`` checks it, as `pkg verify` does), and the payload is not read
/// (``PackageContentsCheck`` compares it with the Bom). Only the members it reads are checked
/// against their checksums: the `Bom`, the `PackageInfo` and the `Distribution`.
///
/// It is `Codable` with the keys of `pkg inspect --json`:
///
/// ```swift
/// let inspection = try PackageInspection(path: "dist/MyApp.pkg")
/// for component in inspection.components {
///   print(component.name, component.packageInfo?.identifier ?? "?", component.paths.count)
/// }
/// ```
public struct PackageInspection: Sendable, Codable, Equatable {
  /// Whether the package is a product archive or a bare component package.
  public enum Kind: String, Sendable, Codable, Equatable {
    /// A product archive, as `productbuild` writes it: a `Distribution` and component packages.
    case productArchive
    /// A component package, as `pkgbuild` writes it: a `Bom`, a `Payload` and a `PackageInfo`.
    case componentPackage
  }

  // MARK: - Properties

  /// The package's path.
  public let package: String
  /// Its size in bytes, a stapled ticket included.
  public let size: Int64
  /// A product archive or a component package.
  public let kind: Kind
  /// The archive's table of contents.
  public let tableOfContents: TableOfContents
  /// Who signed it, or `nil` when the table names no signature.
  public let signature: Signature?
  /// How many bytes follow the archive's end (a stapled ticket's trailer), or 0.
  public let trailingBytes: Int64
  /// The stapled notarization ticket's size in bytes, or `nil` when none is stapled.
  public let stapledTicketSize: Int?
  /// The archive's files, in the table's order.
  public let members: [Member]
  /// What a product archive's `Distribution` says; `nil` for a component package.
  public let distribution: Product?
  /// The component packages, in the table's order.
  public let components: [Component]

  // MARK: - Lifecycle

  /// Reads the package at `path`: its table of contents, signatures, trailer, `Distribution`,
  /// and each component's `PackageInfo` and `Bom`.
  ///
  /// - Parameter path: The package's path.
  /// - Throws: ``PackageInspectionError`` when the file is not a readable xar archive, holds no
  ///   component package, a component has no `Bom`, or a `Bom`, `PackageInfo` or
  ///   `Distribution` cannot be read; an error naming the file when it cannot be opened.
  public init(path: String) throws {
    let descriptor = try FileDescriptor.openForReading(path)
    defer { descriptor.close() }
    let size = try descriptor.status().size
    let reader: XarReader
    do {
      reader = try XarReader(source: descriptor, size: size, requiringIntactTable: false)
    } catch let error as XarReaderError {
      throw PackageInspectionError.unreadableArchive(error.description)
    }
    package = path
    self.size = size
    tableOfContents = TableOfContents(reader)
    signature = Signature(reader)
    trailingBytes = reader.trailingByteCount
    stapledTicketSize = try Self.ticketSize(after: reader, in: descriptor)
    members = reader.entries.compactMap(Member.init)
    let script = reader.entries.first { $0.path == "Distribution" && $0.kind == .file }
    kind = script == nil ? .componentPackage : .productArchive
    distribution = try script.map { entry in
      Product(try Self.read(entry, in: reader) { try DistributionDocument(xml: $0) })
    }
    components = try Self.componentFolders(in: reader).map { folder in
      try Component(folder: folder, in: reader)
    }
    guard !components.isEmpty else { throw PackageInspectionError.notAPackage }
  }

  // MARK: - Reading

  /// The size of the notarization ticket stapled after the archive, if one is: the bytes after
  /// its end are exactly a ticket's trailer.
  private static func ticketSize(after reader: XarReader, in file: FileDescriptor) throws -> Int? {
    let trailing = reader.trailingByteCount
    guard trailing >= Int64(2 * XarTicketTrailer.recordSize), trailing <= maximumTrailer
    else { return nil }
    let trailer = try file.read(at: reader.archiveEnd, count: Int(trailing))
    return XarTicketTrailer.ticket(in: trailer).map(\.count)
  }

  /// The largest trailer read for a ticket: 1 MiB (Apple's tickets are about 9 KiB).
  static let maximumTrailer: Int64 = 1 << 20

  /// The folders holding a component package's members, in the table's order: the root or a
  /// folder named `*.pkg` with a `Bom`, `PackageInfo` or `Payload`.
  private static func componentFolders(in reader: XarReader) -> [String] {
    var folders: [String] = []
    for entry in reader.entries
    where entry.kind == .file && Component.memberNames.contains(String(entry.name)) {
      let folder = entry.folder
      guard folder == "." || folder.lowercased().hasSuffix(".pkg"), !folders.contains(folder)
      else { continue }
      folders.append(folder)
    }
    return folders
  }

  /// The member `entry` read and turned into a value by `parse`, each failure an error that
  /// names the member.
  static func read<Value>(
    _ entry: XarEntry, in reader: XarReader, limit: Int64 = XarReader.defaultContentsLimit,
    _ parse: ([UInt8]) throws -> Value
  ) throws -> Value {
    do {
      return try parse(try reader.contents(of: entry, limit: limit))
    } catch let error as XarReaderError {
      throw PackageInspectionError.unreadableMember(entry.path, error.description)
    } catch let error as PackageDocumentError {
      throw PackageInspectionError.unreadableMember(entry.path, error.problem)
    } catch {
      throw PackageInspectionError.unreadableMember(entry.path, "\(error)")
    }
  }
}

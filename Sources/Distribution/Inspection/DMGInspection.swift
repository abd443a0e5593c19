import DiskImage
import Foundation

/// What a disk image holds, as `shipyard dmg inspect` shows it: partitions, chunk counts and
/// checksums (7-Zip's verdicts), the license agreement, whether it is signed, and the volume's
/// files, icon, Finder window and background pictures, on HFS+ and APFS alike.
///
/// It is `Encodable` with the keys of `dmg inspect --json`:
///
/// ```swift
/// let inspection = try DMGInspection(path: "dist/MyApp.dmg")
/// print(inspection.format, inspection.files.count)
/// ```
public struct DMGInspection: Sendable, Encodable {
  /// A partition of the image and how its chunks check.
  public struct Partition: Sendable, Encodable {
    /// The partition's index in the block map.
    public let id: Int
    /// Its name, such as `disk image (Apple_HFS : 4)`.
    public let name: String
    /// Its first sector.
    public let firstSector: Int64
    /// Its length in sectors.
    public let sectors: Int64
    /// How many chunks of each type (such as `zlib`, `zero`) it has.
    public let chunks: [String: Int]
    /// Its stored CRC-32, in hex.
    public let storedCRC: String
    /// How its chunks check: `ok`, `CRC Failed` or `Data Error: …` (7-Zip's words).
    public let status: Status
  }

  /// An item on the volume.
  public struct File: Sendable, Encodable {
    /// Its path from the volume's root, such as `/Hello.app/Contents/Info.plist`.
    public let path: String
    /// What the item is.
    public let kind: Kind
    /// The data's size in bytes.
    public let size: Int64
    /// The permission bits, in octal.
    public let mode: String
    /// The owner's user ID.
    public let owner: UInt32
    /// The group ID.
    public let group: UInt32
    /// A symbolic link's target.
    public let linkTarget: String?
    /// The item's extended attributes, if it has any.
    public let attributes: [Attribute]?
    /// The resource fork's size, if the file has one.
    public let resourceFork: Int64?
    /// Whether the volume flags the item as having attributes (HFS+'s `kHFSHasAttributesMask`;
    /// on APFS, whether it has any).
    public let attributesFlag: Bool
  }

  /// An extended attribute of an item.
  public struct Attribute: Sendable, Encodable {
    /// Its name, such as `com.apple.FinderInfo`.
    public let name: String
    /// Its size in bytes.
    public let size: Int64
    /// Where its value lies.
    public let storage: Storage
  }

  /// A picture of the background TIFF.
  public struct BackgroundPicture: Sendable, Encodable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Dots per inch (72 for 1x, 144 for 2x).
    public let dpi: Double
  }

  /// The image's path.
  public let image: String
  /// The format hdiutil would name from the chunk types: `UDZO`, `UDBZ`, `ULMO`, `UDRO`, ….
  public let format: String
  /// The image's size in 512-byte sectors.
  public let sectors: Int64
  /// The master checksum stored in the trailer, in hex.
  public let masterChecksum: String
  /// Whether the stored master checksum is the one computed over the partitions' checksums.
  public let masterChecksumOK: Bool
  /// The license agreement's format (`TEXT` or `RTF `) and its text, if there is one.
  public let license: [String: String]?
  /// Every language of the license agreement: its region, buttons and text.
  public let licenses: [License]?
  /// Whether the image carries a code signature.
  public let signed: Bool
  /// The partitions and their verdicts.
  public let partitions: [Partition]
  /// The volume's name, when the volume could be read.
  public let volume: String?
  /// Whether the volume has its own icon: `.VolumeIcon.icns` and the root's custom-icon flag.
  public let volumeIcon: Bool
  /// The Finder window the volume's `.DS_Store` describes.
  public let layout: Layout?
  /// Why the `.DS_Store` could not be read, if it could not.
  public let layoutProblem: String?
  /// The background TIFF's pictures (1x at 72 dpi, 2x at 144), when the background is one.
  public let backgroundPictures: [BackgroundPicture]?
  /// Every item on the volume, the root first.
  public let files: [File]
  /// Items whose catalog flag and attributes file disagree: a Mac would lose their attributes.
  public let attributeProblems: [String]

  /// Whether some partition's chunks do not decode or do not match their checksum.
  public var isDamaged: Bool { partitions.contains { $0.status != .ok } }

  /// Reads the image at `path`, decodes every chunk and reads its volume.
  ///
  /// - Parameter path: The disk image's path.
  /// - Throws: An error naming the problem when the file is not a readable UDIF image or its
  ///   volume cannot be read.
  public init(path: String) throws {
    let reader = try DiskImageReader(path: path)
    image = path
    sectors = reader.trailer.sectorCount
    masterChecksum = Self.hex(reader.trailer.masterChecksum)
    masterChecksumOK = reader.trailer.masterChecksum == reader.computedMasterChecksum
    signed = reader.trailer.codeSignatureLength > 0
    license = reader.license.map { ["format": $0.format.rawValue, "text": $0.text] }
    licenses = reader.license.map(License.all(of:))
    var types = Set<ChunkType>()
    partitions = reader.partitions.map { partition in
      var counts: [String: Int] = [:]
      for chunk in partition.table.chunks {
        counts[chunk.type.name, default: 0] += 1
        types.insert(chunk.type)
      }
      let status: Partition.Status =
        switch reader.check(partition) {
        case .ok: .ok
        case .checksumMismatch: .checksumMismatch
        case .dataError(let reason): .dataError(reason: reason)
        }
      return Partition(
        id: partition.id, name: partition.name, firstSector: partition.table.firstSector,
        sectors: partition.table.sectorCount, chunks: counts,
        storedCRC: Self.hex(partition.table.checksum), status: status)
    }
    format = Self.formatName(types)
    let content = try Self.volumeReader(of: reader, partitions: partitions).map {
      try Self.content(of: $0)
    }
    volume = content?.name
    layout = content?.layout
    layoutProblem = content?.layoutProblem
    backgroundPictures = content?.backgroundPictures
    volumeIcon = content?.volumeIcon ?? false
    files = content?.files ?? []
    attributeProblems = content?.attributeProblems ?? []
  }

  /// The format hdiutil would name from the chunk types.
  static func formatName(_ types: Set<ChunkType>) -> String {
    if types.contains(.zlib) { return "UDZO" }
    if types.contains(.bzip2) { return "UDBZ" }
    if types.contains(.lzma) { return "ULMO" }
    if types.contains(.lzfse) { return "ULFO" }
    if types.contains(.adc) { return "UDCO" }
    return "UDRO"
  }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}

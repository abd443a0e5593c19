import APFS
import DiskImage
import FinderLayout
import Foundation
import HFSPlus

/// `shipyard dmg inspect`: partitions, chunks, checksums and files of a disk image.
struct DMGInspectCommand: ShipyardCommand {
  static let path = "dmg inspect"
  static let summary = "Show a disk image's partitions, chunks, checksums and files."
  static let help = """
    OVERVIEW: \(summary)

    USAGE: shipyard dmg inspect <image.dmg> [--json]

    Decodes every chunk and checks each partition's CRC-32 and the master checksum, as 7-Zip's
    test does: a chunk that does not decode ("data error") or a partition whose CRC-32 differs
    exits 1; a wrong master checksum alone is a warning. Then lists the HFS+ volume's files.

    \(ImageReportArguments.table(command: path).help)
    """

  let arguments: ImageReportArguments
  var image: String { arguments.image }

  init(arguments: [String], environment _: [String: String]) throws(CommandError) {
    self.arguments = try ImageReportArguments(arguments, command: Self.path)
  }

  func run(console: Console) async throws(CommandError) {
    let report: InspectionReport
    do {
      report = try InspectionReport(path: image)
    } catch {
      throw .failure("\(image): \(error)")
    }
    try arguments.print(report, text: report.text, console: console)
    for problem in report.attributeProblems {
      console.printError("warning: \(image): \(problem)")
    }
    if !report.masterChecksumOK {
      console.printError("warning: \(image): master checksum mismatch (Master CRC error)")
    }
    for partition in report.partitions where partition.status != "ok" {
      console.printError("error: \(image): \(partition.status) in \(partition.name)")
    }
    if report.partitions.contains(where: { $0.status != "ok" }) {
      throw .failure("\(image) is damaged")
    }
  }
}

/// What `dmg inspect` reports.
struct InspectionReport: Encodable {
  struct Partition: Encodable {
    let id: Int
    let name: String
    let firstSector: Int64
    let sectors: Int64
    let chunks: [String: Int]
    let storedCRC: String
    /// `ok`, `CRC Failed` or `Data Error: …` (7-Zip's words).
    let status: String
  }

  struct File: Encodable {
    let path: String
    let kind: String
    let size: Int64
    let mode: String
    let owner: UInt32
    let group: UInt32
    let linkTarget: String?
    /// The item's extended attributes, if it has any.
    let attributes: [Attribute]?
    /// The resource fork's size, if the file has one.
    let resourceFork: Int64?
    /// Whether the catalog record carries `kHFSHasAttributesMask`.
    let attributesFlag: Bool
  }

  struct Attribute: Encodable {
    let name: String
    let size: Int64
    /// `inline` (in its record) or `fork` (in blocks of its own).
    let storage: String
  }

  let image: String
  let format: String
  let sectors: Int64
  let masterChecksum: String
  let masterChecksumOK: Bool
  /// The license agreement's format (`TEXT` or `RTF `) and its text, if there is one.
  let license: [String: String]?
  /// Every language of the license agreement: its region, buttons and text.
  let licenses: [LicenseReport]?
  let signed: Bool
  let partitions: [Partition]
  let volume: String?
  /// Whether the volume has its own icon: `.VolumeIcon.icns` and the root's custom-icon flag.
  let volumeIcon: Bool
  /// The Finder window the volume's `.DS_Store` describes.
  let layout: FinderLayoutSummary?
  /// Why the `.DS_Store` could not be read, if it could not.
  let layoutProblem: String?
  /// The background TIFF's pictures (1x at 72 dpi, 2x at 144), when the background is one.
  let backgroundPictures: [TIFFFrame]?
  let files: [File]
  /// Items whose catalog flag and attributes file disagree: a Mac would lose their attributes.
  let attributeProblems: [String]

  init(path: String) throws {
    let reader = try DiskImageReader(path: path)
    image = path
    sectors = reader.trailer.sectorCount
    masterChecksum = Self.hex(reader.trailer.masterChecksum)
    masterChecksumOK = reader.trailer.masterChecksum == reader.computedMasterChecksum
    signed = reader.trailer.codeSignatureLength > 0
    license = reader.license.map { ["format": $0.format.rawValue, "text": $0.text] }
    licenses = reader.license.map(LicenseReport.all(of:))
    var types = Set<ChunkType>()
    partitions = reader.partitions.map { partition in
      var counts: [String: Int] = [:]
      for chunk in partition.table.chunks {
        counts[chunk.type.name, default: 0] += 1
        types.insert(chunk.type)
      }
      let status =
        switch reader.check(partition) {
        case .ok: "ok"
        case .checksumMismatch: "CRC Failed"
        case .dataError(let reason): "Data Error: \(reason)"
        }
      return Partition(
        id: partition.id, name: partition.name, firstSector: partition.table.firstSector,
        sectors: partition.table.sectorCount, chunks: counts,
        storedCRC: Self.hex(partition.table.checksum), status: status)
    }
    format = Self.formatName(types)
    var files: [File] = []
    var volume: String?
    var volumeIcon = false
    var layout: FinderLayoutSummary?
    var layoutProblem: String?
    var backgroundPictures: [TIFFFrame]?
    var attributeProblems: [String] = []
    if let apfs = try Self.apfsContent(of: reader, partitions: partitions) {
      (volume, files, volumeIcon, layout, layoutProblem) = apfs
    } else if let hfs = reader.hfsPartition,
      partitions.first(where: { $0.id == hfs.id })?.status == "ok",
      let volumeReader = try? HFSPlusReader(reader.bytes(of: hfs))
    {
      volume = try volumeReader.volumeName()
      let entries = try volumeReader.entries()
      let attributes = try volumeReader.attributes()
      files = entries.map { entry in
        File(
          path: entry.path, kind: entry.kind.rawValue, size: entry.size,
          mode: String(entry.mode, radix: 8),
          owner: entry.ownerID, group: entry.groupID, linkTarget: entry.linkTarget,
          attributes: attributes[entry.id].map {
            $0.map {
              Attribute(name: $0.name, size: $0.size, storage: $0.isInline ? "inline" : "fork")
            }
          },
          resourceFork: entry.resourceForkSize > 0 ? entry.resourceForkSize : nil,
          attributesFlag: entry.hasAttributesFlag)
      }
      attributeProblems = volumeReader.attributeFlagMismatches(
        entries: entries, attributes: attributes
      ).map { path, flagged, stored in
        flagged
          ? "\(path): the catalog flags extended attributes (kHFSHasAttributesMask), but the attributes file holds none"
          : "\(path): the attributes file holds \(stored) extended attribute(s), but the catalog record lacks kHFSHasAttributesMask, so a Mac will not see them"
      }
      let hasCustomIcon = try volumeReader.rootFolder().finderFlags & 0x0400 != 0
      volumeIcon = hasCustomIcon && files.contains { $0.path == "/.VolumeIcon.icns" }
      if let store = entries.first(where: { $0.path == "/.DS_Store" }) {
        do {
          layout = FinderLayoutSummary(
            records: try DSStoreReader.records(in: try volumeReader.contents(of: store)))
          backgroundPictures = try layout.flatMap { layout in
            try Self.pictures(of: layout, entries: entries, volume: volumeReader)
          }
        } catch {
          layoutProblem = "/.DS_Store: \(error)"
        }
      }
    }
    self.volume = volume
    self.layout = layout
    self.layoutProblem = layoutProblem
    self.backgroundPictures = backgroundPictures
    self.volumeIcon = volumeIcon
    self.files = files
    self.attributeProblems = attributeProblems
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

  var text: String {
    var lines = [
      "Image: \(image)",
      "Format: \(format), \(sectors) sectors (\(ProgressBar.formatBytes(Double(sectors) * 512))), "
        + "master checksum \(masterChecksum) \(masterChecksumOK ? "OK" : "MISMATCH")\(signed ? ", code signature present" : "")",
    ]
    lines += Self.lines(for: licenses ?? [])
    lines.append("Partitions:")
    for partition in partitions {
      let chunks = partition.chunks.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }
        .joined(separator: " ")
      lines.append(
        "  \(String(partition.id).padding(3))\(partition.name.padding(44))sectors \(partition.firstSector)+\(partition.sectors)  "
          + "\(chunks)  CRC \(partition.storedCRC) \(partition.status)")
    }
    if let volume {
      lines.append(
        "Volume \(volume.debugDescription): \(files.count) items\(volumeIcon ? ", with its own icon" : "")"
      )
      for file in files {
        let link = file.linkTarget.map { " -> \($0)" } ?? ""
        lines.append(
          "  \(file.mode.padding(7))\("\(file.owner):\(file.group)".padding(10))\(String(file.size).padding(12))\(file.path)\(link)"
        )
        if let size = file.resourceFork {
          lines.append("  \("".padding(17))\(String(size).padding(12))  resource fork")
        }
        for attribute in file.attributes ?? [] {
          lines.append(
            "  \("".padding(17))\(String(attribute.size).padding(12))  @\(attribute.name) (\(attribute.storage))"
          )
        }
      }
    }
    if let layout { lines += Self.lines(for: layout, pictures: backgroundPictures) }
    if let layoutProblem { lines.append("Finder window: unreadable, \(layoutProblem)") }
    return lines.joined(separator: "\n")
  }
}

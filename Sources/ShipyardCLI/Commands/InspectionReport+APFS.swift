import APFS
import DiskImage
import FinderLayout

extension InspectionReport {
  /// The volume's name, files, volume icon and layout from the image's Apple_APFS partition,
  /// when there is one and its chunks all decode.
  static func apfsContent(of reader: DiskImageReader, partitions: [Partition]) throws -> (
    name: String, files: [File], volumeIcon: Bool, layout: LayoutReport?,
    layoutProblem: String?
  )? {
    guard let partition = reader.apfsPartition,
      partitions.first(where: { $0.id == partition.id })?.status == "ok",
      let container = try? APFSReader(reader.bytes(of: partition))
    else { return nil }
    let entries = try container.entries()
    let files = entries.map { entry in
      let forkSize = entry.attributes.first { $0.name == "com.apple.ResourceFork" }?.size
      return File(
        path: entry.path, kind: entry.kind.rawValue, size: entry.size,
        mode: String(entry.mode, radix: 8), owner: entry.ownerID, group: entry.groupID,
        linkTarget: entry.linkTarget,
        attributes: entry.attributes.isEmpty
          ? nil
          : entry.attributes.map {
            Attribute(name: $0.name, size: $0.size, storage: $0.isInline ? "inline" : "stream")
          },
        resourceFork: forkSize, attributesFlag: !entry.attributes.isEmpty)
    }
    let volumeIcon =
      try container.rootFinderFlags() & 0x0400 != 0
      && files.contains { $0.path == "/.VolumeIcon.icns" }
    var layout: LayoutReport?
    var layoutProblem: String?
    if let store = entries.first(where: { $0.path == "/.DS_Store" }) {
      do {
        layout = try LayoutReport(FinderWindowLayout(dsStore: container.contents(of: store)))
      } catch {
        layoutProblem = "/.DS_Store: \(error)"
      }
    }
    return (container.volumeName, files, volumeIcon, layout, layoutProblem)
  }
}

import HFSPlus
import VolumeInterface

/// Everything `dmg inspect` and the tests read from a volume, errors ignored: only a crash, a
/// trap, a leak or a hang is a finding.
enum FuzzVolume {
  static func read(_ volume: HFSPlusReader) {
    if let attributes = try? volume.attributes() {
      for attribute in attributes.values.joined() { _ = try? volume.value(of: attribute) }
    }
    read(volume as any VolumeReader)
  }

  /// What both file systems answer: the name, the root, every entry, and the contents, resource
  /// fork and attributes of entries up to 1 MiB.
  static func read(_ volume: any VolumeReader) {
    _ = try? volume.volumeName()
    _ = try? volume.rootFolder()
    guard let entries = try? volume.entries() else { return }
    for entry in entries where entry.size <= 1 << 20 {
      _ = try? volume.contents(of: entry)
      _ = try? volume.contents(of: entry, at: entry.size / 3, count: 5000)
      _ = try? volume.resourceFork(of: entry)
      for attribute in entry.attributes where attribute.size <= 1 << 20 {
        _ = try? volume.value(of: attribute)
      }
    }
  }
}

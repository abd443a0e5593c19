package import DiskImage
import Foundation
import HFSPlus
package import StagedTree
import SystemSupport
import VolumeInterface

/// Whole HFS+ disk images of a few items, for the tests that hand them to 7-Zip or `dmg inspect`.
package enum HFSPlusImage {
  /// Writes an image of `items`, in a root folder named `volumeName`, at `path` in `format`,
  /// through the volume's stream, or through its bytes after `patch` changed them.
  ///
  /// - Throws: When the volume cannot be planned or the image cannot be written.
  package static func write(
    _ items: [SourceItem], volumeName: String, format: ImageFormat, to path: String,
    patch: ((inout [UInt8]) throws -> Void)? = nil
  ) throws {
    let root = SourceItem(
      name: volumeName, content: .folder(items), permissions: 0o755,
      modificationDate: 1_700_000_000)
    let volume = try HFSPlusVolume(root: root, options: VolumeOptions(volumeName: volumeName))
    var stream: any SequentialByteSource = volume.makeStream()
    if let patch {
      var bytes = try VolumeFile.bytes(of: stream)
      try patch(&bytes)
      stream = SegmentedByteStream([.bytes(bytes)])
    }
    let writer = DiskImageWriter(format: format, threads: 2)
    _ = try AtomicOutputFile.write(to: path) { descriptor in
      try writer.write(
        volume: stream, volumeBytes: volume.byteCount, identifier: volume.identifier,
        to: descriptor)
    }
  }
}

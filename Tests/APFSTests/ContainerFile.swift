import APFS
import Foundation
import ShipyardTestSupport
import Testing

/// Writes containers to files.
enum ContainerFile {
  static func write(_ container: APFSContainer, to url: URL) throws {
    #expect(try VolumeFile.write(container.makeStream(), to: url) == container.byteCount)
  }
}

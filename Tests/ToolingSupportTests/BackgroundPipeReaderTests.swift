import Foundation
import SystemSupport
import Testing
import ToolingSupport

@Suite struct BackgroundPipeReaderTests {
  @Test func readsEverythingWrittenUntilTheWriteEndCloses() throws {
    let pipe = Pipe()
    let reader = BackgroundPipeReader(reading: pipe.fileHandleForReading)
    // More than a pipe's buffer (64 KiB on Linux and macOS): a reader on this thread would be
    // needed before the writes could end.
    let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) })
    try pipe.fileHandleForWriting.write(contentsOf: bytes)
    try pipe.fileHandleForWriting.close()
    #expect(reader.waitForEnd() == bytes)
    #expect(reader.waitForEnd() == bytes)
  }
}

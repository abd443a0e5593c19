import Foundation
import Testing

@testable import ShipyardCLI

/// Foundation's file errors said in the C library's words, however Foundation reports them.
@Suite struct FileErrorWordsTests {
  @Test func aMissingFileIsNoSuchFileWhicheverLayerSaysIt() {
    let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
    #expect(throws: (any Error).self) { _ = try Data(contentsOf: missing) }
    do {
      _ = try Data(contentsOf: missing)
    } catch {
      #expect(FileErrorWords.reason(error) == "No such file or directory")
    }
    #expect(FileErrorWords.reason(CocoaError(.fileReadNoSuchFile)) == "No such file or directory")
    #expect(FileErrorWords.reason(POSIXError(.EACCES)) == "Permission denied")
    #expect(FileErrorWords.reason(CocoaError(.fileWriteOutOfSpace)) == "No space left on device")
  }

  @Test func anotherErrorKeepsItsOwnReason() {
    struct Odd: LocalizedError { var errorDescription: String? { "odd bytes" } }
    #expect(FileErrorWords.reason(Odd()) == "odd bytes")
  }
}

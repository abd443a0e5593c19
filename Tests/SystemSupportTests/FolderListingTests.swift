import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing

/// The checked folder listing: every name, and a failed read an error naming the folder, never
/// an empty or cut-short listing (what Foundation's listing gives on Linux).
@Suite struct FolderListingTests {
  /// Entries that yield `names`, then fail with `failure` (or end, when it is `nil`).
  struct ScriptedEntries: FolderEntrySource {
    var names: [String]
    var failure: Int32?
    let folder: String

    mutating func nextName() throws(SystemError) -> [UInt8]? {
      if !names.isEmpty { return Array(names.removeFirst().utf8) }
      if let failure { throw SystemError("read the folder", path: folder, errorNumber: failure) }
      return nil
    }
  }

  @Test func listsEveryNameWithoutDotAndDotDot() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let names = [
      "caf\u{E9}", "re\u{301}sume\u{301}", "日本語", "emoji-🚀", "colon:x", "a b", ".hidden", "z",
    ]
    for name in names { try folder.write([1], to: name) }
    try FileManager.default.createDirectory(
      at: folder.file("sub"), withIntermediateDirectories: false)
    let listed = try FolderListing.names(in: folder.url.path)
    #expect(listed.sorted() == (names + ["sub"]).sorted())
    // Names come back as the file system stores them: NFC and NFD stay apart.
    #expect(Set(listed.map { Array($0.utf8) }) == Set((names + ["sub"]).map { Array($0.utf8) }))
    #expect(
      try FolderListing.namesInByteOrder(in: folder.url.path)
        == (names + ["sub"]).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
  }

  @Test func aMissingFolderOrAFileIsAnErrorNamingIt() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let missing = folder.path("missing")
    #expect(throws: SystemError("open the folder", path: missing, errorNumber: ENOENT)) {
      try FolderListing.names(in: missing)
    }
    let file = try folder.write([1], to: "file").path
    #expect(throws: SystemError("open the folder", path: file, errorNumber: ENOTDIR)) {
      try FolderListing.names(in: file)
    }
  }

  @Test func aNameThatIsNotUTF8IsAnErrorNamingTheEntry() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let bytes: [UInt8] = Array(folder.url.path.utf8) + Array("/caf".utf8) + [0xE9, 0]
    let descriptor = bytes.withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
    }
    try #require(descriptor >= 0)
    close(descriptor)
    let error = #expect(throws: SystemError.self) { try FolderListing.names(in: folder.url.path) }
    #expect(error?.errorNumber == EILSEQ)
    #expect(error?.path == folder.url.path + "/caf\u{FFFD}")
    #expect(error?.listingProblem == "its name is not UTF-8")
  }

  @Test func aFailedReadIsAnErrorNotAShortListing() {
    let error = #expect(throws: SystemError.self) {
      try FolderListing.names(in: "/src/App.app") {
        ScriptedEntries(names: ["a", "b"], failure: EIO, folder: "/src/App.app")
      }
    }
    #expect(error == SystemError("read the folder", path: "/src/App.app", errorNumber: EIO))
    #expect(error?.description == "cannot read the folder /src/App.app: Input/output error")
    #expect(error?.listingProblem == "cannot list the folder: Input/output error")
  }

  @Test func anInterruptedListingStartsOverAndGivesUpAfterThreeTries() throws {
    var opened = 0
    let names = try FolderListing.names(in: "/f") { () throws(SystemError) in
      opened += 1
      return ScriptedEntries(names: ["a", "b"], failure: opened == 1 ? EINTR : nil, folder: "/f")
    }
    #expect(names == ["a", "b"])
    #expect(opened == 2)

    opened = 0
    #expect(throws: SystemError("read the folder", path: "/f", errorNumber: EINTR)) {
      try FolderListing.names(in: "/f") { () throws(SystemError) in
        opened += 1
        return ScriptedEntries(names: ["a"], failure: EINTR, folder: "/f")
      }
    }
    #expect(opened == 3)
  }

  /// The system's stream itself: its descriptor made to point at something that is not a
  /// folder underneath it (as a double `close` elsewhere in the process, followed by an `open`
  /// that takes the number, does), reading past the entries glibc already holds fails, and the
  /// stream says so instead of ending the folder early.
  ///
  /// The descriptor is replaced with `dup2`, never closed: a number closed here could be taken
  /// by another test's `open` on another thread, which this stream would then read and close.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
  func theSystemStreamReportsAReadFailure() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let count = 5_000  // far more entries than one 32 KiB getdents buffer holds
    for index in 0..<count { try folder.write([], to: "file-\(index)") }
    let notAFolder = open("/dev/null", O_RDONLY)
    try #require(notAFolder >= 0)
    defer { close(notAFolder) }
    var read = 0
    let error = #expect(throws: SystemError.self) {
      let stream = try DirectoryStream(folder.url.path)
      _ = try stream.nextName()
      read = 1
      guard let descriptor = Self.openDescriptor(of: folder.url.path) else { return }
      guard dup2(notAFolder, descriptor) == descriptor else { return }
      while try stream.nextName() != nil { read += 1 }
    }
    #expect(error == SystemError("read the folder", path: folder.url.path, errorNumber: ENOTDIR))
    #expect(read < count)
  }

  /// The descriptor this process holds open on `path`, found through `/proc/self/fd`.
  static func openDescriptor(of path: String) -> Int32? {
    let names = (try? FolderListing.names(in: "/proc/self/fd")) ?? []
    return names.compactMap(Int32.init).first {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path
    }
  }
}

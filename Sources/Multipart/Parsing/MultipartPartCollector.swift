public import Foundation

/// Gathers a parser's events into whole parts, keeping small bodies in memory and moving a body
/// to a temporary file once it grows past ``spillThreshold``.
///
/// ```swift
/// var collector = MultipartPartCollector()
/// try parser.feed(chunk) { try collector.handle($0) }
/// ...
/// for part in collector.takeParts() { ... }
/// ```
///
/// Spilled files belong to the caller: remove them (``MultipartReceivedPart/removeFile()``) when
/// done. If collecting fails, ``discard()`` removes the files made so far.
public struct MultipartPartCollector {
  /// Bodies larger than this many bytes go to a file.
  public var spillThreshold: Int
  /// Where spilled bodies go.
  public var temporaryDirectory: URL

  private var finished: [MultipartReceivedPart] = []
  private var head: MultipartPartHead?
  private var memory = Data()
  private var file: FileHandle?
  private var fileURL: URL?
  private var size: Int64 = 0

  /// Makes a collector.
  public init(
    spillThreshold: Int = 1 << 20,
    temporaryDirectory: URL = FileManager.default.temporaryDirectory
  ) {
    self.spillThreshold = spillThreshold
    self.temporaryDirectory = temporaryDirectory
  }

  /// Takes in one event that a ``MultipartParser`` passes to its `feed` handler.
  public mutating func handle(_ event: MultipartParser.Event) throws {
    switch event {
    case .partBegin(let head):
      self.head = head
      memory = Data()
      size = 0
    case .bodyBytes(let bytes):
      size += Int64(bytes.count)
      if let file {
        try file.write(contentsOf: bytes)
      } else if memory.count + bytes.count > spillThreshold {
        let url = temporaryDirectory.appendingPathComponent("shipyard-part-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: memory) else {
          throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: bytes)
        (file, fileURL, memory) = (handle, url, Data())
      } else {
        memory.append(contentsOf: bytes)
      }
    case .partEnd:
      guard let head else { return }
      if let file, let fileURL {
        try file.close()
        finished.append(MultipartReceivedPart(head: head, content: .file(fileURL), size: size))
      } else {
        finished.append(MultipartReceivedPart(head: head, content: .memory(memory), size: size))
      }
      (self.head, file, fileURL, memory) = (nil, nil, nil, Data())
    }
  }

  /// The parts completed so far, which the collector then forgets.
  public mutating func takeParts() -> [MultipartReceivedPart] {
    defer { finished = [] }
    return finished
  }

  /// Removes every spilled file, of finished parts and of the part in progress.
  public mutating func discard() {
    try? file?.close()
    for url in [fileURL].compactMap({ $0 }) + finished.compactMap(\.fileURL) {
      try? FileManager.default.removeItem(at: url)
    }
    (finished, head, file, fileURL, memory) = ([], nil, nil, nil, Data())
  }
}

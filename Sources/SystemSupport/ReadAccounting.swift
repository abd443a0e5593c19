/// Counts the bytes read through ``FileDescriptor`` from the files a caller watches: how a test
/// or a benchmark tells how many times a flow reads a large file in full.
///
/// Nothing is counted until a path is watched, and a path counts only when opened by the same
/// string.
///
/// ```swift
/// ReadAccounting.watch(image)
/// defer { ReadAccounting.stopWatching(image) }
/// try await release.ship(building: options, plan: plan)
/// let passes = Double(ReadAccounting.bytesRead(image)) / Double(imageSize)
/// ```
package enum ReadAccounting {
  /// The bytes read so far from each watched path.
  private static let counts = Locked([String: Int64]())

  /// Starts counting the reads of `path` from zero.
  package static func watch(_ path: String) {
    counts.withLock { $0[path] = 0 }
  }

  /// Stops counting the reads of `path`.
  package static func stopWatching(_ path: String) {
    counts.withLock { $0[path] = nil }
  }

  /// The bytes read from `path` since it was watched.
  package static func bytesRead(_ path: String) -> Int64 {
    counts.withLock { $0[path] ?? 0 }
  }

  /// Adds `count` bytes read from `path`, if it is watched.
  static func record(_ count: Int, from path: String) {
    guard count > 0 else { return }
    counts.withLock { counts in
      if let total = counts[path] { counts[path] = total + Int64(count) }
    }
  }
}

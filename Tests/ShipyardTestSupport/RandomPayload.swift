public import Foundation

/// Large files for image tests: one random MiB written again and again, which UDRO stores as it
/// is (zeros would become zero-fill chunks) without generating every byte.
public enum RandomPayload {
  /// Writes `mebibytes` MiB at `file`: the same random MiB, repeated.
  ///
  /// - Throws: When the file cannot be written.
  public static func write(mebibytes: Int, to file: URL) throws {
    var generator = SystemRandomNumberGenerator()
    let block = Data(
      (0..<(1 << 17)).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64) { Array($0) } }
    )
    try Data().write(to: file)
    let handle = try FileHandle(forWritingTo: file)
    for _ in 0..<mebibytes { try handle.write(contentsOf: block) }
    try handle.close()
  }
}

public import Foundation

/// Joins thin Mach-O files into a universal binary with `llvm-lipo -create`.
public enum UniversalBinary {
  /// Runs `lipo -create` over `slices` and returns `output`.
  @discardableResult
  public static func create(lipo: String, slices: [URL], output: URL) throws -> URL {
    try ProcessRunner.check(lipo, ["-create"] + slices.map(\.path) + ["-output", output.path])
    return output
  }
}

import Foundation
import SystemSupport

extension ReleaseEngine {
  /// Runs `body` with a hidden folder beside `output`, where a tool writes `file` (of the same
  /// name as `output`, in that folder): `file` is renamed over `output` once `body` returns, then
  /// the folder is removed, whatever happens.
  ///
  /// A tool that fails leaves nothing at `output`, or what was there: an input signed in place
  /// stays as it was (`productsign` and `rcodesign` write to another path than they read).
  ///
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; ``SystemSupport/SystemError`` when the folder cannot be made
  ///   or the rename fails.
  func writing<Result>(
    _ output: String,
    _ body: (_ file: String, _ folder: TemporaryFolder) async throws -> Result
  ) async throws -> Result {
    let folder = try TemporaryFolder(beside: output)
    defer { folder.remove() }
    let file = folder.path((output as NSString).lastPathComponent)
    let result = try await body(file, folder)
    try folder.moveItem(file, over: output)
    return result
  }
}

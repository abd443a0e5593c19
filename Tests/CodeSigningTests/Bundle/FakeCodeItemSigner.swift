import CodeSigning
import Digests
import Foundation
import SystemSupport

/// A ``CodeItemSigner`` for the bundle tests: it "signs" by appending `|signed` to the file,
/// records what it was given in order, and answers deterministic cdhashes.
final class FakeCodeItemSigner: CodeItemSigner {
  /// One call of ``sign(_:bundle:)``.
  struct Call: Sendable {
    let item: CodeItem
    let infoPlist: [UInt8]?
    let codeResources: [UInt8]?
  }

  /// The failure ``failingPath`` causes.
  struct Failure: Error {}

  /// Every call, in order.
  let calls = Locked<[Call]>([])
  /// The items (by relative path) whose signatures use SHA-1 code directories.
  let sha1Paths: Set<String>
  /// The item whose signing throws.
  let failingPath: String?
  /// Whether signatures are ad hoc.
  let adHoc: Bool
  /// Items whose signing says otherwise of SHA-1 than the seal it asked for.
  let inconsistentPaths: Set<String>
  /// Whether signing writes each file anew and renames it over the old one (as the native
  /// signer does), rather than appending to it in place.
  let replacesFiles: Bool

  init(
    sha1Paths: Set<String> = [], failingPath: String? = nil, adHoc: Bool = false,
    inconsistentPaths: Set<String> = [], replacesFiles: Bool = false
  ) {
    self.sha1Paths = sha1Paths
    self.failingPath = failingPath
    self.adHoc = adHoc
    self.inconsistentPaths = inconsistentPaths
    self.replacesFiles = replacesFiles
  }

  /// The relative paths signed, in order.
  var order: [String] { calls.withLock { $0.map(\.item.relativePath) } }

  func sign(_ item: CodeItem, bundle: BundleBinding?) async throws -> CodeSigning.SignedCode {
    if item.relativePath == failingPath { throw Failure() }
    let sha1 = sha1Paths.contains(item.relativePath)
    let codeResources = try await bundle?.seal(sha1)
    if replacesFiles {
      let signed = try Data(contentsOf: item.url) + Data("|signed".utf8)
      try AtomicOutputFile.write(to: item.url.path) { descriptor in
        try signed.withUnsafeBytes { try descriptor.writeAll($0) }
      }
    } else {
      let handle = try FileHandle(forWritingTo: item.url)
      try handle.seekToEnd()
      try handle.write(contentsOf: Data("|signed".utf8))
      try handle.close()
    }
    calls.withLock {
      $0.append(Call(item: item, infoPlist: bundle?.infoPlist, codeResources: codeResources))
    }
    return Self.signature(
      of: item.relativePath, identifier: item.identifier, adHoc: adHoc,
      sha1: sha1 != inconsistentPaths.contains(item.relativePath))
  }

  /// The signature the fake makes for `path`: cdhash = SHA-256("cd:<path>")[0..<20].
  static func signature(
    of path: String, identifier: String, adHoc: Bool = false, sha1: Bool = false
  )
    -> CodeSigning.SignedCode
  {
    let cdhash = cdhash(path)
    let sha1Hash = Array(DigestAlgorithm.sha1.digest(Array("cd1:\(path)".utf8)))
    return CodeSigning.SignedCode(
      cdhash: cdhash,
      designatedRequirement: "identifier \"\(identifier)\" and anchor apple generic",
      allCDHashes: sha1 ? [sha1Hash, cdhash] : [cdhash], usesSHA1: sha1, isAdHoc: adHoc)
  }

  /// The fake cdhash of the code at `path`.
  static func cdhash(_ path: String) -> [UInt8] {
    Array(DigestAlgorithm.sha256.digest(Array("cd:\(path)".utf8)).prefix(20))
  }
}

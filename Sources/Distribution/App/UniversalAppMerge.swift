import CodeSigning
import Foundation
import SystemSupport

/// Merges two builds of a Mac app, one per architecture, into one universal app, natively on any
/// OS (what `lipo` and `@electron/universal` do on a Mac).
///
/// ```swift
/// var options = UniversalAppMerge.Options()
/// options.allowedDifferences = ["Contents/Resources/app.asar"]
/// let merge = try UniversalAppMerge(
///   first: "build/x86_64/MyApp.app", second: "build/arm64/MyApp.app",
///   output: "dist/MyApp.app", options: options)
/// let summary = try merge.run()
/// ```
///
/// Every pair of Mach-O files at the same path becomes one universal binary: each slice copied
/// byte for byte from its file (a universal input gives all its slices), in `lipo`'s order and
/// at Apple's alignments; two slices of one architecture are refused. Pairs that are the same
/// file are copied as they are. Everything else must be the same on both sides: folders, data
/// files (byte for byte), symbolic links (their destinations) and every mode; the merge stops
/// with a ``UniversalAppMergeError`` listing where they are not, unless
/// ``Options/allowedDifferences`` names the path, which is then taken whole from
/// ``Options/preferred`` (or from the one side that has it).
///
/// Signatures are left as they are in each slice: sign the merged app as usual
/// (``NativeEngine`` or `shipyard app sign`). The output is built beside its target and renamed
/// into place only when complete: a failure or an interruption leaves nothing at the output.
public struct UniversalAppMerge: Sendable {
  /// One of the two apps.
  public enum Side: String, Sendable, Equatable, Encodable, CaseIterable,
    CustomStringConvertible
  {
    /// The first app given (by convention the x86_64 build).
    case first
    /// The second app given (by convention the arm64 build).
    case second

    /// The other app.
    public var other: Side { self == .first ? .second : .first }

    /// `first` or `second`.
    public var description: String { rawValue }
  }

  /// What may differ between the apps, and whether an existing output is replaced.
  public struct Options: Sendable, Equatable {
    /// Globs of paths inside the apps that may differ in content, mode or kind, or be in one
    /// app only, such as `Contents/Resources/app.asar` or `**/*.lproj/build.txt`: `*`, `?`, `**`
    /// and `[…]` as minimatch reads them; a folder's path covers all it holds.
    public var allowedDifferences: [String]
    /// The app whose copy of an allowed difference is kept (`@electron/universal` keeps the
    /// x86_64 app's).
    public var preferred: Side
    /// Whether an existing output is replaced (otherwise it is an error).
    public var replacesExisting: Bool

    /// Makes options.
    ///
    /// - Parameters:
    ///   - allowedDifferences: Globs of paths that may differ.
    ///   - preferred: The app whose copy of those paths is kept.
    ///   - replacesExisting: Whether an existing output is replaced.
    public init(
      allowedDifferences: [String] = [], preferred: Side = .first, replacesExisting: Bool = false
    ) {
      self.allowedDifferences = allowedDifferences
      self.preferred = preferred
      self.replacesExisting = replacesExisting
    }
  }

  // MARK: - Properties

  /// The first app (or Mach-O file).
  public let first: String
  /// The second app (or Mach-O file).
  public let second: String
  /// Where the universal app goes.
  public let output: String
  /// The options.
  public let options: Options
  private let patterns: [PathPattern]

  // MARK: - Lifecycle

  /// Describes a merge, checking the options.
  ///
  /// - Parameters:
  ///   - first: The first app's folder (two Mach-O files merge too).
  ///   - second: The second app's folder.
  ///   - output: Where the universal app goes.
  ///   - options: What may differ, and whether an existing output is replaced.
  /// - Throws: ``UniversalAppMergeError`` when a pattern cannot be read.
  public init(first: String, second: String, output: String, options: Options = Options())
    throws(UniversalAppMergeError)
  {
    self.first = first
    self.second = second
    self.output = output
    self.options = options
    var patterns: [PathPattern] = []
    for text in options.allowedDifferences { patterns.append(try PathPattern(text)) }
    self.patterns = patterns
  }

  // MARK: - API

  /// Compares the apps, then writes the universal app.
  ///
  /// - Parameter progress: Called as the universal app is written, after each entry (folder,
  ///   link, file copied or binary merged), with the entries written and their count.
  /// - Returns: What was merged and what was taken from one side.
  /// - Throws: ``UniversalAppMergeError`` when the apps differ where they must not (every
  ///   difference listed, nothing written), an input cannot be read, the output exists and
  ///   ``Options/replacesExisting`` is off, or writing fails (nothing is left at the output).
  public func run(progress: (_ done: Int, _ total: Int) -> Void = { _, _ in })
    throws(UniversalAppMergeError) -> UniversalAppMergeSummary
  {
    try checkOutput()
    let pairing = try AppTreePairing(
      roots: [.first: first, .second: second], allowed: patterns, preferred: options.preferred)
    guard pairing.differences.isEmpty else {
      throw .differ(pairing.differences, first: first, second: second)
    }
    let staging = StagingCopy(emptyBeside: URL(fileURLWithPath: output))
    do {
      try MergedTreeWriter(roots: [.first: first, .second: second], root: staging.copy.path)
        .write(pairing.actions, progress: progress)
      try staging.commit()
    } catch let error as SystemError {
      staging.discard()
      throw .failed(
        output, reason: error.relocated(from: staging.copy.path, to: output).description)
    } catch {
      staging.discard()
      throw .failed(output, reason: "\(error)")
    }
    return pairing.summary(output: output)
  }

  // MARK: - Implementation

  /// Refuses an output that is one of the inputs, or that exists unless replacing it was asked.
  private func checkOutput() throws(UniversalAppMergeError) {
    let target = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath()
    for input in [first, second]
    where URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath() == target {
      throw .outputExists(output, reason: "is one of the apps merged: write the output elsewhere")
    }
    let status: FileStatus?
    do {
      status = try FileStatus.of(output, followingLinks: false)
    } catch {
      throw .outputExists(output, reason: "cannot be examined: \(error)")
    }
    guard let status else {
      let folder = URL(fileURLWithPath: output).deletingLastPathComponent().path
      guard (try? FileStatus.of(folder))?.kind == .directory else {
        throw .failed(output, reason: "its folder \(folder) does not exist")
      }
      return
    }
    guard options.replacesExisting else {
      throw .outputExists(output, reason: "exists already (--force replaces it)")
    }
    let input = try? FileStatus.of(first)
    guard (status.kind == .directory) == (input?.kind == .directory) else {
      throw .outputExists(
        output,
        reason:
          "is a \(status.kind == .directory ? "folder" : "file") and would be replaced by the other kind: remove it first"
      )
    }
  }
}

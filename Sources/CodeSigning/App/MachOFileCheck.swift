import Foundation

/// The check of one Mach-O file for ``AppSignatureCheck``: every slice read with
/// ``MachOSignatureReader``, summarized, judged by the notary preflight, and every failing
/// finding as a problem.
struct MachOFileCheck {
  // MARK: - Properties

  /// The file and its slices.
  let item: AppSignatureCheck.Item
  /// What the notary would see of each slice.
  let notarySlices: [NotaryPreflight.Slice]
  /// Every failing finding, and a file that cannot be read or is not Mach-O.
  let problems: [AppSignatureCheck.Problem]

  // MARK: - Lifecycle

  /// Reads and checks the Mach-O file at `url`.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - path: Its path from the checked bundle's parent, named in the report.
  ///   - kind: What it is to its bundle.
  ///   - outside: Its bundle's `Info.plist` (slot 1) and CodeResources (slot 3), for a main
  ///     executable.
  ///   - policy: The roots a chain may end at.
  init(
    url: URL, path: String, kind: AppSignatureCheck.Kind,
    outside: [SignatureCheck.SlotContent], policy: TrustPolicy
  ) {
    let read: (file: MachOFile, reader: MachOSignatureReader)
    do {
      let bytes = Array(try Data(contentsOf: url))
      read = (
        try MachOFile(bytes: bytes, path: path),
        try MachOSignatureReader(bytes: bytes, path: path, outside: outside, policy: policy)
      )
    } catch {
      item = .init(path: path, kind: kind, identifier: nil, team: nil, slices: [])
      notarySlices = []
      problems = [.init(path: path, check: .machO, detail: "\(error)")]
      return
    }
    let pairs = Array(zip(read.file.slices.map(\.macho), read.reader.slices))
    let summaries = pairs.map { Self.summary(of: $0.1) }
    item = .init(
      path: path, kind: kind, identifier: summaries.first?.identifier,
      team: summaries.first?.team, slices: summaries)
    notarySlices = pairs.map { NotaryPreflight.Slice(path: path, macho: $0.0, signature: $0.1) }
    problems = pairs.flatMap { _, slice in
      slice.findings.filter { !$0.ok }.map {
        AppSignatureCheck.Problem(
          path: path, architecture: slice.architecture, check: $0.check, detail: $0.detail)
      }
    }
  }

  // MARK: - API

  /// The summary of one slice's signature.
  static func summary(of slice: MachOSignatureReader.Slice) -> AppSignatureCheck.SliceSummary {
    let primary = slice.codeDirectories.first
    return .init(
      architecture: slice.architecture, identifier: primary?.identifier,
      team: primary?.teamIdentifier, flags: primary?.flags,
      hasHardenedRuntime: primary?.hasHardenedRuntime ?? false,
      timestamp: slice.findings.first { $0.check == .timestamp }?.detail,
      isTimestamped: slice.hasVerifiedTimestamp, anchor: slice.trust?.anchor,
      trustProblem: slice.trust?.problem, failingFindings: slice.findings.filter { !$0.ok })
  }
}

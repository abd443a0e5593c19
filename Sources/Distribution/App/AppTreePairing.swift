import CodeSigning
import Foundation
import SystemSupport

/// The two apps of a universal merge walked side by side: what to write for each path, and
/// every difference that stops the merge.
///
/// Reading only: Mach-O files are told apart by their first bytes and scanned by their headers
/// (``MachOSliceExtents``); data files are compared a megabyte at a time.
struct AppTreePairing {
  typealias Side = UniversalAppMerge.Side

  /// What to write at one path of the output, in an order where folders come before what they
  /// hold.
  enum Action: Equatable {
    /// A folder with these permission bits (set once what it holds is written).
    case folder(String, permissions: UInt32)
    /// A symbolic link to `destination`.
    case link(String, destination: String)
    /// A copy of one side's file.
    case copy(String, from: Side, permissions: UInt32)
    /// A universal binary laid out by `plan`.
    case merge(String, plan: UniversalMachOPlan, permissions: UInt32)

    static func == (first: Action, second: Action) -> Bool {
      switch (first, second) {
      case (.folder(let a, let x), .folder(let b, let y)): a == b && x == y
      case (.link(let a, let x), .link(let b, let y)): a == b && x == y
      case (.copy(let a, let x, let m), .copy(let b, let y, let n)): a == b && x == y && m == n
      case (.merge(let a, let x, let m), .merge(let b, let y, let n)):
        a == b && x.sources == y.sources && m == n
      default: false
      }
    }
  }

  /// One entry as `lstat` sees it.
  struct Entry {
    let status: FileStatus
    let url: String
  }

  // MARK: - Properties

  /// What to write, folders before their content.
  private(set) var actions: [Action] = []
  /// Where the apps differ and no pattern allows it, in path order.
  private(set) var differences: [UniversalAppDifference] = []
  private var identical: [String] = []
  private var taken: [String: Side] = [:]
  /// Each app's folder (or file).
  let roots: [Side: String]
  private let allowed: [PathPattern]
  private let preferred: Side

  // MARK: - Lifecycle

  /// Walks the two trees.
  ///
  /// - Throws: ``UniversalAppMergeError`` when an input is missing or cannot be read, holds
  ///   something other than folders, files and links, or a Mach-O file is damaged.
  init(roots: [Side: String], allowed: [PathPattern], preferred: Side)
    throws(UniversalAppMergeError)
  {
    self.roots = roots
    self.allowed = allowed
    self.preferred = preferred
    for side in Side.allCases {
      guard let root = roots[side], (try? FileStatus.of(root)) != nil else {
        throw .badInput(roots[side] ?? "", reason: "no such app")
      }
    }
    try pair("")
  }

  // MARK: - API

  /// What the walk found, for a merge written to `output`.
  func summary(output: String) -> UniversalAppMergeSummary {
    let binaries = actions.compactMap { action -> UniversalAppMergeSummary.Binary? in
      guard case .merge(let path, let plan, _) = action else { return nil }
      return .init(path: path, architectures: plan.header.architectures.map(\.cpu.name))
    }
    return UniversalAppMergeSummary(
      output: output, binaries: binaries.sorted { $0.path < $1.path },
      identicalBinaries: identical.sorted(), takenFromOneSide: taken, entries: actions.count)
  }

  // MARK: - Walking

  private mutating func pair(_ path: String) throws(UniversalAppMergeError) {
    let first = try entry(.first, path)
    let second = try entry(.second, path)
    let isAllowed = allowed.contains { $0.matches(path) } && !path.isEmpty
    guard let first, let second else {
      let side: Side = first == nil ? .second : .first
      guard let only = first ?? second else { return }
      if isAllowed {
        try take(path, from: side)
      } else {
        differences.append(.init(path: path, kind: .onlyIn(side, what: try describe(only))))
      }
      return
    }
    guard first.status.kind == second.status.kind else {
      try differ(
        path, .kind(first: try describe(first), second: try describe(second)), allowed: isAllowed)
      return
    }
    switch first.status.kind {
    case .directory:
      let permissions = try permissions(path, first, second, allowed: isAllowed)
      actions.append(.folder(path, permissions: permissions))
      let names = Set(try names(first) + names(second)).sorted()
      for name in names { try pair(path.isEmpty ? name : path + "/" + name) }
    case .symbolicLink:
      let destinations = (try destination(first), try destination(second))
      if destinations.0 == destinations.1 {
        actions.append(.link(path, destination: destinations.0))
      } else {
        try differ(
          path, .linkDestination(first: destinations.0, second: destinations.1),
          allowed: isAllowed)
      }
    case .regular:
      try pairFiles(path, first, second, allowed: isAllowed)
    default:
      throw .badInput(first.url, reason: "is neither a folder, a file nor a symbolic link")
    }
  }

  private mutating func pairFiles(_ path: String, _ first: Entry, _ second: Entry, allowed: Bool)
    throws(UniversalAppMergeError)
  {
    let machO = (try isMachO(first), try isMachO(second))
    guard machO.0 == machO.1 else {
      try differ(path, .machOAgainstData(machOIn: machO.0 ? .first : .second), allowed: allowed)
      return
    }
    let same = try sameContent(first, second)
    if machO.0, !same {
      let files = [try extents(first), try extents(second)]
      let plan: UniversalMachOPlan
      do throws(UniversalMachOError) {
        plan = try UniversalMachOPlan(files)
      } catch {
        switch error {
        case .duplicateArchitecture(let architecture, _, _):
          try differ(path, .sameArchitecture(architecture), allowed: allowed)
        }
        return
      }
      let permissions = try permissions(path, first, second, allowed: allowed)
      actions.append(.merge(path, plan: plan, permissions: permissions))
      return
    }
    guard same else {
      try differ(path, .content, allowed: allowed)
      return
    }
    if machO.0 { identical.append(path) }
    let permissions = try permissions(path, first, second, allowed: allowed)
    actions.append(.copy(path, from: preferred, permissions: permissions))
  }

  /// Records a difference, or, where it is allowed, takes the preferred side's entry whole.
  private mutating func differ(
    _ path: String, _ kind: UniversalAppDifference.Kind, allowed: Bool
  ) throws(UniversalAppMergeError) {
    guard allowed else {
      differences.append(.init(path: path, kind: kind))
      return
    }
    try take(path, from: preferred)
  }

  /// The permission bits both sides have, or the preferred side's where they may differ.
  private mutating func permissions(_ path: String, _ first: Entry, _ second: Entry, allowed: Bool)
    throws(UniversalAppMergeError) -> UInt32
  {
    let modes = (first.status.permissions, second.status.permissions)
    guard modes.0 != modes.1 else { return modes.0 }
    if allowed {
      taken[path] = preferred
    } else {
      differences.append(.init(path: path, kind: .mode(first: modes.0, second: modes.1)))
    }
    return preferred == .first ? modes.0 : modes.1
  }

  /// Takes the entry at `path`, and all it holds, from one side as it is.
  private mutating func take(_ path: String, from side: Side) throws(UniversalAppMergeError) {
    taken[path] = side
    try copyTree(path, from: side)
  }

  private mutating func copyTree(_ path: String, from side: Side) throws(UniversalAppMergeError) {
    guard let entry = try entry(side, path) else { return }
    switch entry.status.kind {
    case .directory:
      actions.append(.folder(path, permissions: entry.status.permissions))
      for name in try names(entry).sorted() { try copyTree(path + "/" + name, from: side) }
    case .symbolicLink: actions.append(.link(path, destination: try destination(entry)))
    case .regular: actions.append(.copy(path, from: side, permissions: entry.status.permissions))
    default: throw .badInput(entry.url, reason: "is neither a folder, a file nor a symbolic link")
    }
  }
}

import Foundation

/// The steps of ``AppSignatureCheck`` over a scanned bundle, gathering what each finds.
struct AppSignatureWalk {
  // MARK: - Properties

  /// The scanned bundle or file.
  let layout: BundleLayout
  /// The roots a chain may end at.
  let policy: TrustPolicy
  /// The checked folder's (or file's) name, which every reported path starts with.
  let rootName: String

  /// The files checked so far.
  private(set) var items: [AppSignatureCheck.Item] = []
  /// The seals checked so far.
  private(set) var seals: [AppSignatureCheck.Seal] = []
  /// The notary's issues so far.
  private(set) var notaryIssues: [NotaryPreflight.Issue] = []
  /// The problems so far.
  private(set) var problems: [AppSignatureCheck.Problem] = []

  // MARK: - Lifecycle

  /// Starts a walk over `layout`.
  init(layout: BundleLayout, policy: TrustPolicy) {
    self.layout = layout
    self.policy = policy
    rootName = layout.root.lastPathComponent
  }

  // MARK: - API

  /// Reads and checks every Mach-O file: each bundle's main executable with its bundle's
  /// `Info.plist` and CodeResources, then the loose code.
  mutating func checkCode() {
    for bundle in layout.bundles {
      let content = contentURL(bundle)
      var outside: [SignatureCheck.SlotContent] = []
      if let plist = FileManager.default.contents(
        atPath: layout.root.appendingPathComponent(bundle.infoPlistPath).path)
      {
        outside.append(.init(slot: 1, name: "Info.plist slot", bytes: Array(plist)))
      }
      // A missing or oversized seal is the seal check's problem (checkSeals).
      if let seal = try? CodeResources.bytes(at: content.appendingPathComponent(Self.sealPath).path)
      {
        outside.append(.init(slot: 3, name: "CodeResources slot", bytes: seal))
      }
      check(bundle.mainExecutable, kind: .mainExecutable, outside: outside)
    }
    for item in layout.looseCode { check(item, kind: .looseCode, outside: []) }
  }

  /// Checks every bundle's seal; a missing or unreadable seal is a problem of its own.
  mutating func checkSeals() {
    for bundle in layout.bundles {
      let path = display(bundle.contentPath)
      let findings: [SignatureFinding]
      do {
        findings = try BundleSealCheck(bundle, in: layout.root) {
          try NestedCodeHash.ofFile(at: $0)
        }.findings
      } catch {
        // The error names the seal by its full path; the report's paths start at the bundle's
        // parent folder (which may be a temporary one, such as an image's extracted app).
        let parent = layout.root.standardizedFileURL.deletingLastPathComponent().path + "/"
        let detail = "\(error)".replacingOccurrences(of: parent, with: "")
        findings = [SignatureFinding(check: .resourceSeal, ok: false, detail: detail)]
      }
      seals.append(.init(path: path, holds: findings.allSatisfy(\.ok), findings: findings))
      // The summary (`resource seal`) counts the problems named before it: a problem only alone.
      let failing = findings.filter { !$0.ok }
      problems += (failing.count > 1 ? failing.dropLast() : failing[...]).map {
        AppSignatureCheck.Problem(path: path, check: $0.check, detail: $0.detail)
      }
    }
  }

  // MARK: - Helpers

  /// Where a bundle's seal lies in its content folder.
  static let sealPath = "_CodeSignature/CodeResources"

  /// Checks one Mach-O file and gathers what it found.
  private mutating func check(
    _ code: CodeItem, kind: AppSignatureCheck.Kind, outside: [SignatureCheck.SlotContent]
  ) {
    let path = layout.bundles.isEmpty ? code.relativePath : display(code.relativePath)
    let file = MachOFileCheck(
      url: code.url, path: path, kind: kind, outside: outside, policy: policy)
    items.append(file.item)
    notaryIssues += file.notarySlices.flatMap(NotaryPreflight.issues(of:))
    problems += file.problems
  }

  /// A bundle's content folder.
  private func contentURL(_ bundle: BundleLayout.SignableBundle) -> URL {
    bundle.contentPath.isEmpty
      ? layout.root : layout.root.appendingPathComponent(bundle.contentPath)
  }

  /// `path` (from the checked folder) from the checked folder's parent.
  private func display(_ path: String) -> String { joinedPath(rootName, path) }
}

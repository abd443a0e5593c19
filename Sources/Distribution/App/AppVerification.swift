import CodeSigning
import Foundation
import SystemSupport

/// The offline verification of a Mac app's signatures (or one Mach-O file's), as Gatekeeper and
/// Apple's notary judge them: every slice's page and special-slot hashes, the CMS and its chain
/// to a trusted root, the designated requirement, every bundle's resource seal, the hardened
/// runtime and the timestamp on each executable.
///
/// ```swift
/// let verification = try AppVerification(path: "MyApp.app")
/// for problem in verification.problems { print(problem) }
/// for issue in verification.notaryIssues { print(issue) }
/// ```
public struct AppVerification: Sendable, Encodable {
  /// The app's (or file's) path.
  public let path: String
  /// Whether the app holds any Mach-O code; an app of scripts only is not judged (only codesign
  /// on a Mac signs scripts, and Apple's notary does not look at them).
  public let hasCode: Bool
  /// Every problem, as `<path>[ (<architecture>)]: <check>: <detail>`.
  public let problems: [String]
  /// What Apple's notary would refuse, per slice, in its words: `<path> (<architecture>): <message>`.
  public let notaryIssues: [String]
  /// The stapled notarization ticket of a bundle (`nil` for a single Mach-O file).
  public let ticket: AppTicket?
  /// The whole report (items, seals, findings), for `--json`.
  let check: AppSignatureCheck?

  /// Whether the signatures hold and the notary would accept the app.
  public var isValid: Bool { problems.isEmpty && notaryIssues.isEmpty }

  /// Verifies the app or Mach-O file at `path`.
  ///
  /// - Parameters:
  ///   - path: The `.app` folder (or other bundle), or a Mach-O file.
  ///   - trustRoots: The roots a chain may end at (Apple's unless others are added).
  /// - Throws: An error naming the file that cannot be read.
  public init(path: String, trustRoots: TrustRoots = .apple) throws {
    self.path = path
    hasCode = try Self.holdsMachO(URL(fileURLWithPath: path))
    ticket = AppTicket.read(path)
    guard hasCode else {
      (problems, notaryIssues, check) = ([], [], nil)
      return
    }
    let check = try AppSignatureCheck(url: URL(fileURLWithPath: path), policy: trustRoots.policy)
    problems = check.problems.map { problem in
      let architecture = problem.architecture.map { " (\($0))" } ?? ""
      return "\(problem.path)\(architecture): \(problem.check): \(problem.detail)"
    }
    notaryIssues = check.notaryIssues.map { "\($0.path) (\($0.architecture)): \($0.message)" }
    self.check = check
  }

  /// The verification with `path` named as in the image (the extracted copy's folder is not the
  /// user's business).
  func named(_ name: String, under folder: String) -> AppVerification {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    func strip(_ text: String) -> String {
      text.replacingOccurrences(of: prefix, with: "")
    }
    return AppVerification(
      path: name, hasCode: hasCode, problems: problems.map(strip),
      notaryIssues: notaryIssues.map(strip), ticket: ticket, check: check)
  }

  /// Makes a verification from its parts.
  init(
    path: String, hasCode: Bool, problems: [String], notaryIssues: [String],
    ticket: AppTicket?, check: AppSignatureCheck?
  ) {
    self.ticket = ticket
    self.path = path
    self.hasCode = hasCode
    self.problems = problems
    self.notaryIssues = notaryIssues
    self.check = check
  }

  /// Whether the file, or any file below the folder, is Mach-O (links are not followed).
  static func holdsMachO(_ url: URL) throws -> Bool {
    // The item itself may be a link (`build/MyApp.app -> …`); nothing inside is followed.
    guard let status = try FileStatus.of(url.path) else {
      throw PipelineError.invalidOptions("\(url.path) does not exist")
    }
    return try holdsMachO(url.path, status)
  }

  /// Whether the item at `path`, of `status`, is or holds Mach-O; every folder read is checked
  /// (an unreadable one is an error, never a folder without code).
  private static func holdsMachO(_ path: String, _ status: FileStatus) throws -> Bool {
    switch status.kind {
    case .regular:
      return try MachOFileDetection.isMachO(at: path)
    case .directory:
      for name in try FolderListing.names(in: path) {
        let child = path + "/" + name
        if let status = try FileStatus.of(child, followingLinks: false),
          try holdsMachO(child, status)
        {
          return true
        }
      }
      return false
    default:
      return false
    }
  }

  private enum CodingKeys: String, CodingKey {
    case path, hasCode, valid, problems, notaryIssues, ticket, report
  }

  /// Encodes the verdict, the problems and issues, and the whole report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    try container.encode(hasCode, forKey: .hasCode)
    try container.encode(isValid, forKey: .valid)
    try container.encode(problems, forKey: .problems)
    try container.encode(notaryIssues, forKey: .notaryIssues)
    try container.encodeIfPresent(ticket, forKey: .ticket)
    try container.encodeIfPresent(check, forKey: .report)
  }
}

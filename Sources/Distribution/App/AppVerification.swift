import CodeSigning
import Foundation
import SystemSupport

/// The offline verification of a Mac app's signatures (or one Mach-O file's), as Gatekeeper and
/// Apple's notary judge them: every slice's page and special-slot hashes, the CMS and its chain
/// to a trusted root, the designated requirement, every bundle's resource seal, the hardened
/// runtime and the timestamp on each executable.
///
/// Only code passes as code: a file that is not Mach-O (an ELF or Windows build, a script, a
/// text), an empty folder, a bundle without an `Info.plist` or `CFBundleExecutable`, or whose
/// executable is not Mach-O, is a problem that names the file and what it is.
///
/// ```swift
/// let verification = try AppVerification(path: "MyApp.app")
/// for problem in verification.problems { print(problem) }
/// for issue in verification.notaryIssues { print(issue) }
/// ```
public struct AppVerification: Sendable, Encodable {
  /// Who signed the app's code, as far as it was read.
  public enum Signer: String, Sendable, Equatable, Encodable {
    /// Some of its code carries a signature a signer made, ad hoc or with a certificate.
    case signer
    /// Its code carries only the ad hoc signature its linker wrote (`CS_LINKER_SIGNED`): how a
    /// build leaves arm64 code before it is signed. It seals nothing.
    case linkerOnly = "linker only"
    /// None of its code carries a signature.
    case none
    /// No code was read: the bundle's layout is the problem (see ``problems``).
    case unread
  }

  /// The app's (or file's) path.
  public let path: String
  /// Every problem, as `<path>[ (<architecture>)]: <check>: <detail>`.
  public let problems: [String]
  /// What Apple's notary would refuse, per slice, in its words: `<path> (<architecture>): <message>`.
  public let notaryIssues: [String]
  /// The stapled notarization ticket of a bundle (`nil` for a single Mach-O file).
  public let ticket: AppTicket?
  /// The whole report (items, seals, findings), for `--json`.
  let check: AppSignatureCheck

  /// Whether the signatures hold and the notary would accept the app: what Gatekeeper and
  /// Apple's notary ask (a Developer ID certificate, a secure timestamp, the hardened runtime),
  /// so an ad hoc signature is not valid.
  public var isValid: Bool { problems.isEmpty && notaryIssues.isEmpty }

  /// Whether the app is signed and every signature holds (hashes, seals, the chain when there is
  /// a certificate), whoever signed it: an ad hoc signature is intact; unsigned code is not.
  public var isIntact: Bool { problems.isEmpty }

  /// Whether a signer signed the app's code ad hoc: every signed slice carries `CS_ADHOC` and
  /// none is only its linker's (no certificate; Gatekeeper and the notary refuse it).
  public var isAdHoc: Bool {
    let flags = check.items.flatMap(\.slices).compactMap(\.flags)
    return signer == .signer && flags.allSatisfy { $0 & 0x2 != 0 }
  }

  /// Who signed the app's code.
  public var signer: Signer {
    if check.items.isEmpty { return .unread }
    if check.isSigned { return .signer }
    let slices = check.items.flatMap(\.slices)
    return slices.contains { $0.flags != nil } ? .linkerOnly : .none
  }

  /// Verifies the app or Mach-O file at `path`.
  ///
  /// - Parameters:
  ///   - path: The `.app` folder (or other bundle), or a Mach-O file.
  ///   - trustRoots: The roots a chain may end at (Apple's unless others are added).
  /// - Throws: An error naming the file that cannot be read.
  public init(path: String, trustRoots: TrustRoots = .apple) throws {
    self.path = path
    guard try FileStatus.of(path) != nil else {
      throw PipelineError.invalidOptions("\(path) does not exist")
    }
    ticket = AppTicket.read(path)
    let check = try AppSignatureCheck(url: URL(fileURLWithPath: path), policy: trustRoots.policy)
    problems = check.problems.map { problem in
      let architecture = problem.architecture.map { " (\($0))" } ?? ""
      return "\(problem.path)\(architecture): \(problem.check): \(problem.detail)"
    }
    notaryIssues = check.notaryIssues.map { "\($0.path) (\($0.architecture)): \($0.message)" }
    self.check = check
  }

  /// The verification with `path` named as in the image or package (the extracted copy's
  /// folder is not the user's business): `folder/` in its problems becomes `replacement`.
  func named(_ name: String, under folder: String, as replacement: String = "") -> AppVerification {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    func strip(_ text: String) -> String {
      text.replacingOccurrences(of: prefix, with: replacement)
    }
    return AppVerification(
      path: name, problems: problems.map(strip),
      notaryIssues: notaryIssues.map(strip), ticket: ticket, check: check)
  }

  /// Makes a verification from its parts.
  init(
    path: String, problems: [String], notaryIssues: [String],
    ticket: AppTicket?, check: AppSignatureCheck
  ) {
    self.ticket = ticket
    self.path = path
    self.problems = problems
    self.notaryIssues = notaryIssues
    self.check = check
  }

  private enum CodingKeys: String, CodingKey {
    case path, valid, intact, signer, problems, notaryIssues, ticket, report
  }

  /// Encodes the verdict, the problems and issues, and the whole report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    try container.encode(isValid, forKey: .valid)
    try container.encode(isIntact, forKey: .intact)
    try container.encode(signer, forKey: .signer)
    try container.encode(problems, forKey: .problems)
    try container.encode(notaryIssues, forKey: .notaryIssues)
    try container.encodeIfPresent(ticket, forKey: .ticket)
    try container.encode(check, forKey: .report)
  }
}

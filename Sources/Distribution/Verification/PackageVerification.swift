import Foundation
import SystemSupport

/// A flat installer package checked offline as `shipyard pkg verify` checks it: its signatures
/// (``PackageSignatureCheck``), each component's Bom against its payload
/// (``PackageContentsCheck``), and the apps in its payloads, copied out and verified as
/// `shipyard app verify` verifies them.
///
/// ```swift
/// let verification = try PackageVerification(path: "dist/MyApp.pkg")
/// if !verification.isValid { print(verification.problems.joined(separator: "\n")) }
/// ```
public struct PackageVerification: Sendable, Encodable {
  /// The package's path.
  public let package: String
  /// Its table of contents, members and signatures.
  public let signature: PackageSignatureCheck
  /// Its components' Boms against their payloads.
  public let contents: PackageContentsCheck
  /// The apps in its payloads (none when the contents do not hold), each named by its
  /// component and its path in the payload, such as `Demo.pkg/Demo.app`.
  public let apps: [AppVerification]

  /// Every problem, each naming what it is about: a check of the signatures that fails, a
  /// path where the Bom and the payload disagree, a component without a Bom, and what an app's
  /// verification finds, Apple's notary issues included (the notary judges the apps in a
  /// package as it judges them anywhere).
  public var problems: [String] {
    let signatureProblems: [String] = signature.findings.filter { !$0.ok }.map(\.detail)
    let contentsProblems: [String] =
      contents.components.isEmpty
      ? ["no component package (no Bom) in it"]
      : contents.components.flatMap { component in
        component.problems.map { "\(component.name): \($0)" }
      }
    let appProblems: [String] = apps.flatMap { $0.problems + $0.notaryIssues }
    return signatureProblems + contentsProblems + appProblems
  }

  /// Whether the package is signed and nothing is wrong with it.
  public var isValid: Bool { signature.isSigned && problems.isEmpty }

  /// Checks the package at `path`.
  ///
  /// - Parameters:
  ///   - path: The package's path.
  ///   - trustRoots: The roots the signatures' chains may end at (Apple's unless others are
  ///     added), the apps' included.
  /// - Throws: An error naming the part when the file is not a readable xar archive, or when
  ///   its apps cannot be copied out (``PackageAppExtractionError``).
  public init(path: String, trustRoots: TrustRoots = .apple) throws {
    package = path
    signature = try PackageSignatureCheck(path: path, trustRoots: trustRoots)
    contents = try PackageContentsCheck(path: path)
    apps = contents.isValid ? try Self.verifyApps(in: path, trustRoots: trustRoots) : []
  }

  /// Extracts the package's apps into a temporary folder and verifies each.
  static func verifyApps(in package: String, trustRoots: TrustRoots) throws -> [AppVerification] {
    let temporary = try TemporaryFolder(prefix: "shipyard-verify")
    defer { temporary.remove() }
    let extraction = try PackageAppExtraction(
      path: package, extractingInto: temporary.url.path)
    return try extraction.apps.map { app in
      let component = app.component == "." ? "" : app.component + "/"
      return try AppVerification(path: app.extractedPath, trustRoots: trustRoots).named(
        component + app.payloadPath.dropFirst(2), under: app.folder, as: component)
    }
  }
}

package import Foundation
import SystemSupport

/// What a bundle holds that must be signed: every bundle in it (itself included) and every
/// Mach-O file that is no bundle's main executable (reference §10).
///
/// ```swift
/// let layout = try BundleLayout(scanning: URL(fileURLWithPath: "build/App.app"))
/// print(SigningPlan(layout))
/// ```
///
/// Paths are from the scanned folder (`X.app`). A single Mach-O file scans as one loose item.
package struct BundleLayout: Sendable, Equatable {
  /// One bundle to seal and sign: a folder with an `Info.plist`, a main executable and, once
  /// signed, `_CodeSignature/CodeResources`.
  package struct SignableBundle: Sendable, Equatable {
    /// The folder the seal covers and `_CodeSignature` goes in: `Contents`, a framework's
    /// `…/Versions/A`, a shallow bundle's own folder (`""` for the scanned folder).
    package var contentPath: String
    /// The path a parent's seal records it under: the bundle's folder
    /// (`Contents/Frameworks/X Helper.app`), a framework's folder for its current version.
    package var sealedAs: String
    /// The `Info.plist` bound in the main executable's slot 1.
    package var infoPlistPath: String
    /// The main executable, with its identifier.
    package var mainExecutable: CodeItem
    /// The rules the seal uses: ``ResourceRules/deep`` or ``ResourceRules/shallow``.
    package var rules: ResourceRules

    /// The main executable's path from ``contentPath``, left out of the seal.
    package var mainExecutableInContent: String {
      String(mainExecutable.relativePath.dropFirst(contentPath.isEmpty ? 0 : contentPath.count + 1))
    }

    /// Makes a bundle record.
    package init(
      contentPath: String, sealedAs: String, infoPlistPath: String, mainExecutable: CodeItem,
      rules: ResourceRules
    ) {
      self.contentPath = contentPath
      self.sealedAs = sealedAs
      self.infoPlistPath = infoPlistPath
      self.mainExecutable = mainExecutable
      self.rules = rules
    }
  }

  /// The scanned folder or file.
  package var root: URL
  /// Every bundle, in the order found (outer before inner).
  package var bundles: [SignableBundle]
  /// Every Mach-O file that is no bundle's main executable, in the order found.
  package var looseCode: [CodeItem]

  /// Makes a layout.
  package init(root: URL, bundles: [SignableBundle], looseCode: [CodeItem]) {
    self.root = root
    self.bundles = bundles
    self.looseCode = looseCode
  }

  /// Scans the bundle (or Mach-O file) at `root`.
  ///
  /// - Parameters:
  ///   - root: The bundle's folder (`X.app`) or the Mach-O file.
  ///   - identifier: A single Mach-O file's identifier (`nil`: from its file name).
  /// - Throws: ``BundleError`` naming the path that cannot be signed (a data file where code
  ///   belongs, a framework root with real files, a folder that is not a bundle or is empty, a
  ///   missing executable, a file or main executable that is not Mach-O: an ELF or Windows
  ///   build, a script); ``SystemError`` when something cannot be read.
  package init(scanning root: URL, identifier: String? = nil) throws {
    let root = root.standardizedFileURL
    guard try FileStatus.of(root.path)?.kind == .directory else {
      let kind = try MachOFileDetection.kind(at: root.path)
      guard kind == .machO else { throw BundleError.notMachO(path: root.path, kind: kind) }
      let name = root.lastPathComponent
      let item = CodeItem(
        url: root, relativePath: name,
        identifier: identifier ?? CodeIdentifier.fromFileName(name), role: .loose,
        identifierIsFromFileName: identifier == nil)
      self.init(root: root, bundles: [], looseCode: [item])
      return
    }
    guard try !FolderListing.names(in: root.path).isEmpty else {
      throw BundleError.notABundle(path: root.path, reason: "it is an empty folder")
    }
    var scanner = BundleScanner(root: root)
    try scanner.scanBundle(at: "", sealedAs: "")
    self.init(root: root, bundles: scanner.bundles, looseCode: scanner.looseCode)
  }
}

/// `a/b` from `a` and `b`, where either may be empty.
func joinedPath(_ parent: String, _ child: String) -> String {
  parent.isEmpty ? child : child.isEmpty ? parent : parent + "/" + child
}

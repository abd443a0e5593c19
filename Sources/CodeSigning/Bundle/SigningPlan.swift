/// The order to sign a bundle in, inside-out (reference §11): every loose Mach-O file deepest
/// first, then every bundle deepest first (framework versions, helper apps, XPC services, login
/// items, plug-ins), the scanned bundle last.
///
/// ```swift
/// let plan = SigningPlan(try BundleLayout(scanning: app))
/// print(plan)  // one line a step, as `--dry-run` shows it
/// ```
package struct SigningPlan: Sendable, Equatable, CustomStringConvertible {
  /// One step: a loose file to sign, or a bundle to seal and whose main executable to sign.
  package enum Step: Sendable, Equatable, CustomStringConvertible {
    /// Sign a Mach-O file that is no bundle's main executable.
    case signLooseCode(CodeItem)
    /// Seal a bundle's resources, then sign its main executable with the seal bound.
    case sealAndSign(BundleLayout.SignableBundle)

    /// The code the step signs.
    package var item: CodeItem {
      switch self {
      case .signLooseCode(let item): item
      case .sealAndSign(let bundle): bundle.mainExecutable
      }
    }

    /// `sign <path> as <identifier>` or `seal <folder>, sign <path> as <identifier>`.
    package var description: String {
      switch self {
      case .signLooseCode(let item): "sign \(item.relativePath) as \(item.identifier)"
      case .sealAndSign(let bundle):
        "seal \(bundle.contentPath.isEmpty ? "." : bundle.contentPath), sign "
          + "\(bundle.mainExecutable.relativePath) as \(bundle.mainExecutable.identifier)"
      }
    }
  }

  /// The layout planned.
  package let layout: BundleLayout
  /// The steps, in order.
  package let steps: [Step]

  /// Orders what `layout` holds.
  package init(_ layout: BundleLayout) {
    self.layout = layout
    let loose = layout.looseCode.sorted { Self.deeper($0.relativePath, than: $1.relativePath) }
    let bundles = layout.bundles.sorted { Self.deeper($0.contentPath, than: $1.contentPath) }
    steps = loose.map(Step.signLooseCode) + bundles.map(Step.sealAndSign)
  }

  /// The steps, numbered, one a line.
  package var description: String {
    steps.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
  }

  /// Deeper first (more path components); among equals, in byte order.
  private static func deeper(_ left: String, than right: String) -> Bool {
    let (leftDepth, rightDepth) = (depth(left), depth(right))
    if leftDepth != rightDepth { return leftDepth > rightDepth }
    return left.utf8.lexicographicallyPrecedes(right.utf8)
  }

  private static func depth(_ path: String) -> Int {
    path.isEmpty ? 0 : path.split(separator: "/").count
  }
}

import Foundation

/// A rule list compiled once, answering which rule governs a path: the matching rule of highest
/// weight, the first of equal weights (reference §12).
package struct ResourceRuleMatcher {
  private let compiled: [(rule: ResourceRule, expression: NSRegularExpression)]

  /// Compiles `rules`.
  ///
  /// - Throws: ``BundleError/malformedCodeResources(path:reason:)`` naming the pattern (and
  ///   `source`, the seal it came from) when one is no regular expression.
  package init(_ rules: [ResourceRule], source: String = "the default rules")
    throws(BundleError)
  {
    var compiled: [(ResourceRule, NSRegularExpression)] = []
    for rule in rules {
      do {
        compiled.append((rule, try NSRegularExpression(pattern: rule.pattern)))
      } catch {
        throw .malformedCodeResources(
          path: source, reason: "the rule \(rule.pattern) is not a regular expression")
      }
    }
    self.compiled = compiled
  }

  /// The rule governing `path` (from the bundle's content folder, no leading or trailing `/`),
  /// or `nil` when none matches.
  package func rule(for path: String) -> ResourceRule? {
    var best: ResourceRule?
    let range = NSRange(path.startIndex..<path.endIndex, in: path)
    for (rule, expression) in compiled
    where best.map({ rule.effectiveWeight > $0.effectiveWeight }) ?? true {
      if expression.firstMatch(in: path, range: range) != nil { best = rule }
    }
    return best
  }
}

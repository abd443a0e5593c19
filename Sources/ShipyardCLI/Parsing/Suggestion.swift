/// The word a mistyped one most likely meant: "did you mean" for flags and commands.
enum Suggestion {
  /// The candidate closest to `word` within a small edit distance (one edit for short words,
  /// two from six characters), or `nil` when none is that close or two are equally close.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let limit = word.count >= 6 ? 2 : 1
    let ranked = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= limit }
    guard let best = ranked.min(by: { $0.1 < $1.1 }) else { return nil }
    let ties = Set(ranked.filter { $0.1 == best.1 }.map(\.0))
    return ties.count == 1 ? best.0 : nil
  }

  /// `" (did you mean 'x'?)"`, or nothing.
  static func hint(for word: String, among candidates: [String]) -> String {
    closest(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
  }

  /// The edits (insertions, deletions, substitutions and swaps of neighbours) from `a` to `b`:
  /// the optimal string alignment distance.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, rows[i - 2][j - 2] + 1)
        }
        rows[i][j] = best
      }
    }
    return rows[a.count][b.count]
  }
}

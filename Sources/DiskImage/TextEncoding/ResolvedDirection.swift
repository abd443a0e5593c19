/// Which scalars of a text are laid out right to left, by a reduced form of the Unicode
/// bidirectional algorithm: enough to choose between the two bytes Mac OS Hebrew has for ASCII
/// punctuation (one left-to-right, one right-to-left).
///
/// Apple's `HEBREW.TXT` says how: resolve each character's direction with the bidirectional
/// algorithm, then write the byte of that direction. A text holds one paragraph per line,
/// each at one embedding level (explicit embeddings are not used in license texts); its
/// direction is that of its first strong letter (rules P2, P3). Numbers, with a separator between
/// two digits (W4), run left to right (I2), and count as the direction of the letters before them
/// for their neighbours (W7, N1); a run of neutral characters takes the direction of the strong
/// text on both sides when they agree, else the paragraph's (N1, N2). Combining marks count as
/// neutral, which only matters next to a twin.
enum ResolvedDirection {
  private enum Kind: Equatable {
    case left, right, digit, separator, neutral, paragraphBreak
  }

  /// For each scalar, whether it resolves right to left.
  static func rightToLeft(_ scalars: [Unicode.Scalar]) -> [Bool] {
    let kinds = scalars.map(kind)
    var result = [Bool](repeating: false, count: scalars.count)
    var start = 0
    while start < scalars.count {
      var end = start
      while end < scalars.count, kinds[end] != .paragraphBreak { end += 1 }
      resolve(kinds, start..<end, into: &result)
      start = end + 1
    }
    return result
  }

  /// Resolves one paragraph.
  private static func resolve(_ kinds: [Kind], _ range: Range<Int>, into result: inout [Bool]) {
    let paragraphRight = kinds[range].first { $0 == .left || $0 == .right } == .right
    // Strong directions, digits taking that of the letters before them (W7; as R for N1).
    var strong = [Bool?](repeating: nil, count: kinds.count)
    var lastRight = paragraphRight
    for index in range {
      switch kinds[index] {
      case .left: lastRight = false
      case .right: lastRight = true
      default: break
      }
      if kinds[index] == .left || kinds[index] == .right || kinds[index] == .digit {
        strong[index] = lastRight
      }
    }
    var previous = paragraphRight
    var index = range.lowerBound
    while index < range.upperBound {
      if let direction = strong[index] {
        result[index] = kinds[index] != .digit && direction
        previous = direction
        index += 1
        continue
      }
      // A separator between two digits is part of the number (W4).
      if kinds[index] == .separator, index > range.lowerBound, index + 1 < range.upperBound,
        kinds[index - 1] == .digit, kinds[index + 1] == .digit
      {
        index += 1
        continue
      }
      var end = index
      while end < range.upperBound, strong[end] == nil { end += 1 }
      let next = end < range.upperBound ? strong[end] ?? paragraphRight : paragraphRight
      let direction = previous == next ? previous : paragraphRight
      for neutral in index..<end { result[neutral] = direction }
      index = end
    }
  }

  private static func kind(_ scalar: Unicode.Scalar) -> Kind {
    switch scalar.value {
    case 0x0A, 0x0D, 0x2029: return .paragraphBreak
    case 0x30...0x39: return .digit
    case 0x2C, 0x2E, 0x2F, 0x3A: return .separator
    case _ where scalar.properties.generalCategory == .nonspacingMark: return .neutral
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return .right
    default: return scalar.properties.isAlphabetic ? .left : .neutral
    }
  }
}

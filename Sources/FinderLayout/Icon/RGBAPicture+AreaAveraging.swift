extension RGBAPicture {
  /// The square picture shrunk to `side` × `side` pixels by area averaging.
  ///
  /// Each new pixel is the mean of the area of the source it covers; a source pixel cut by the
  /// area's edge counts for the part inside. Colours are averaged premultiplied by alpha, so a
  /// transparent pixel's colour does not bleed into its opaque neighbours, then divided back.
  /// The rows are shrunk first, then the columns (the box filter is separable).
  ///
  /// - Precondition: the picture is square and `side` is between 1 and its side.
  func areaAveraged(toSide side: Int) -> RGBAPicture {
    precondition(width == height, "area averaging here shrinks square pictures")
    precondition((1...width).contains(side), "a picture is only ever shrunk")
    guard side != width else { return self }
    let weights = Self.areaWeights(from: width, to: side)
    let rows = Self.shrinkRows(premultiplied, width: width, height: height, weights: weights)
    let columns = Self.shrinkRows(
      Self.transposed(rows, width: side, height: height), width: height, height: side,
      weights: weights)
    return Self.unpremultiplied(Self.transposed(columns, width: side, height: side), side: side)
  }

  /// The pixels as floats, red, green and blue multiplied by alpha (0...1).
  var premultiplied: [Float] {
    var values = [Float](repeating: 0, count: pixels.count)
    for start in stride(from: 0, to: pixels.count, by: 4) {
      let alpha = Float(pixels[start + 3])
      for channel in 0..<3 {
        values[start + channel] = Float(pixels[start + channel]) * alpha / 255
      }
      values[start + 3] = alpha
    }
    return values
  }

  /// For each of `target` new samples, the old samples it covers and the share of each.
  static func areaWeights(from source: Int, to target: Int) -> [[(index: Int, weight: Float)]] {
    let scale = Double(source) / Double(target)
    return (0..<target).map { newIndex in
      let (start, end) = (Double(newIndex) * scale, Double(newIndex + 1) * scale)
      return (Int(start)..<min(source, Int(end.rounded(.up)))).compactMap { index in
        let overlap = min(end, Double(index + 1)) - max(start, Double(index))
        return overlap > 0 ? (index, Float(overlap / scale)) : nil
      }
    }
  }

  /// Each row of `values` (`width` RGBA samples of floats) averaged into `weights.count` samples.
  static func shrinkRows(
    _ values: [Float], width: Int, height: Int, weights: [[(index: Int, weight: Float)]]
  ) -> [Float] {
    let newWidth = weights.count
    var output = [Float](repeating: 0, count: newWidth * height * 4)
    for row in 0..<height {
      for (newIndex, shares) in weights.enumerated() {
        let target = (row * newWidth + newIndex) * 4
        for share in shares {
          let source = (row * width + share.index) * 4
          for channel in 0..<4 {
            output[target + channel] += values[source + channel] * share.weight
          }
        }
      }
    }
    return output
  }

  /// The RGBA float samples with rows and columns swapped.
  static func transposed(_ values: [Float], width: Int, height: Int) -> [Float] {
    var output = [Float](repeating: 0, count: values.count)
    for row in 0..<height {
      for column in 0..<width {
        let (source, target) = ((row * width + column) * 4, (column * height + row) * 4)
        for channel in 0..<4 { output[target + channel] = values[source + channel] }
      }
    }
    return output
  }

  /// A picture of premultiplied float samples, colours divided by alpha and rounded to bytes.
  static func unpremultiplied(_ values: [Float], side: Int) -> RGBAPicture {
    var pixels = [UInt8](repeating: 0, count: values.count)
    func byte(_ value: Float) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
    for start in stride(from: 0, to: values.count, by: 4) {
      let alpha = values[start + 3]
      guard byte(alpha) > 0 else { continue }  // fully transparent: black, as libpng writes it
      for channel in 0..<3 { pixels[start + channel] = byte(values[start + channel] * 255 / alpha) }
      pixels[start + 3] = byte(alpha)
    }
    return RGBAPicture(width: side, height: side, pixels: pixels)
  }
}

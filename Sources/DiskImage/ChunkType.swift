/// How a chunk of a UDIF partition is stored (the `BLKXChunkEntry` type).
package enum ChunkType: UInt32, Sendable, CaseIterable {
  /// Zeros, with no data stored.
  case zeroFill = 0x0000_0000
  /// Stored as is.
  case raw = 0x0000_0001
  /// Unused space, with no data stored; left out of checksums.
  case ignore = 0x0000_0002
  /// Apple Data Compression.
  case adc = 0x8000_0004
  /// A zlib stream (RFC 1950): UDZO.
  case zlib = 0x8000_0005
  /// A bzip2 stream: UDBZ.
  case bzip2 = 0x8000_0006
  /// LZFSE: ULFO.
  case lzfse = 0x8000_0007
  /// An xz stream: ULMO.
  case lzma = 0x8000_0008
  /// A comment entry (`+beg`, `+end`).
  case comment = 0x7FFF_FFFE
  /// The last entry of a table.
  case terminator = 0xFFFF_FFFF

  /// A name for people, as 7-Zip's listing names the methods.
  package var name: String {
    switch self {
    case .zeroFill: "zero-fill"
    case .raw: "raw"
    case .ignore: "ignore"
    case .adc: "ADC"
    case .zlib: "zlib"
    case .bzip2: "bzip2"
    case .lzfse: "LZFSE"
    case .lzma: "xz"
    case .comment: "comment"
    case .terminator: "terminator"
    }
  }
}

/// The image formats `dmg build` writes, each named as hdiutil names it.
public enum ImageFormat: String, Sendable, CaseIterable {
  /// zlib chunks (the default).
  case udzo = "UDZO"
  /// bzip2 chunks.
  case udbz = "UDBZ"
  /// xz chunks (macOS 10.15 and later).
  case ulmo = "ULMO"
  /// Raw chunks: a read-only, uncompressed image.
  case udro = "UDRO"

  /// The chunk type the format compresses with.
  package var chunkType: ChunkType {
    switch self {
    case .udzo: .zlib
    case .udbz: .bzip2
    case .ulmo: .lzma
    case .udro: .raw
    }
  }

  /// The levels `dmg build --level` takes: libdeflate's 1–12 (UDZO), bzip2's 1–9, xz's presets
  /// 0–9; UDRO compresses nothing.
  public var levels: ClosedRange<Int> {
    switch self {
    case .udzo: 1...12
    case .udbz: 1...9
    case .ulmo: 0...9
    case .udro: 0...0
    }
  }

  /// The default compression level: libdeflate 5, bzip2 9, xz preset 6.
  ///
  /// UDZO's is the fastest libdeflate level whose images are no larger than zlib level 6 made
  /// them: on the toolchain's libraries level 5 gives 46.28 MB (zlib 6 gave 46.70, libdeflate 4
  /// gives 47.29) at 0.27x gzip -6's CPU time (see Benchmarks/dmg-build).
  public var defaultLevel: Int {
    switch self {
    case .udzo: 5
    case .udbz: 9
    case .ulmo: 6
    case .udro: 0
    }
  }
}

import Foundation

#if os(Linux)
import Glibc
#endif

extension MacTextEncoding {
  /// The converter used for the encoding on this platform.
  ///
  /// Apple's Foundation converts every classic Mac encoding. swift-corelibs-foundation on Linux
  /// converts Greek, Cyrillic, Central European and Turkish correctly (checked byte for byte
  /// against Python's codecs), glibc's iconv the East Asian encodings and Mac OS Ukrainian, and
  /// neither Croatian, Romanian, Arabic, Hebrew, Thai nor Vietnamese: the first five are tables
  /// of Apple's mappings (on every platform, so the tested table is the one used), Vietnamese is
  /// refused off Apple platforms (Apple never published its mapping, and no converter here has
  /// it).
  var converter: Converter {
    switch self {
    case .roman: return .codePage(.roman)
    case .croatian: return .codePage(.croatian)
    case .romanian: return .codePage(.romanian)
    case .arabic: return .codePage(.arabic)
    case .hebrew: return .codePage(.hebrew)
    case .thai: return .codePage(.thai)
    case .greek: return .foundation(6)  // kCFStringEncodingMacGreek
    case .cyrillic: return .foundation(7)  // kCFStringEncodingMacCyrillic
    case .centralEuropean: return .foundation(29)  // kCFStringEncodingMacCentralEurRoman
    case .turkish: return .foundation(35)  // kCFStringEncodingMacTurkish
    #if os(Linux)
    case .japanese: return .iconv("SHIFT_JIS")
    case .chineseTraditional: return .iconv("BIG5")
    case .korean: return .iconv("EUC-KR")
    case .chineseSimplified: return .iconv("GB2312")
    case .ukrainian: return .iconv("MAC-UK")
    case .vietnamese: return .unavailable
    #else
    case .japanese: return .foundation(1)  // kCFStringEncodingMacJapanese
    case .chineseTraditional: return .foundation(2)  // kCFStringEncodingMacChineseTrad
    case .korean: return .foundation(3)  // kCFStringEncodingMacKorean
    case .chineseSimplified: return .foundation(25)  // kCFStringEncodingMacChineseSimp
    case .ukrainian: return .foundation(0x98)  // kCFStringEncodingMacUkrainian
    case .vietnamese: return .foundation(30)  // kCFStringEncodingMacVietnamese
    #endif
    }
  }
}

/// Foundation's converters for classic Mac encodings, named by their `CFStringEncoding`.
enum FoundationConverter {
  static func encoding(_ value: UInt32) -> String.Encoding {
    String.Encoding(rawValue: 0x8000_0000 | UInt(value))  // an NSStringEncoding from CF's
  }

  static func encode(_ text: String, to value: UInt32) -> [UInt8]? {
    text.data(using: encoding(value), allowLossyConversion: false).map { [UInt8]($0) }
  }

  static func decode(_ bytes: [UInt8], from value: UInt32) -> String? {
    String(data: Data(bytes), encoding: encoding(value))
  }
}

/// iconv's converters (glibc's on Linux).
enum IconvConverter {
  static func encode(_ text: String, to name: String) -> [UInt8]? {
    convert(Array(text.utf8), from: "UTF-8", to: name)
  }

  static func decode(_ bytes: [UInt8], from name: String) -> String? {
    convert(bytes, from: name, to: "UTF-8").map { String(decoding: $0, as: UTF8.self) }
  }

  /// The bytes converted, or `nil` when the converter is missing or a byte sequence has no
  /// counterpart.
  static func convert(_ input: [UInt8], from source: String, to target: String) -> [UInt8]? {
    #if os(Linux)
    let descriptor = iconv_open(target, source)
    guard descriptor != iconv_t(bitPattern: -1) else { return nil }
    defer { iconv_close(descriptor) }
    var input = input
    var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
    let outputCapacity = output.count
    let written: Int? = input.withUnsafeMutableBytes { inBuffer in
      output.withUnsafeMutableBytes { outBuffer in
        var inPointer = inBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
        var inLeft = inBuffer.count
        var outPointer = outBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
        var outLeft = outBuffer.count
        guard iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft) != -1,
          iconv(descriptor, nil, nil, &outPointer, &outLeft) != -1
        else { return nil }
        return outputCapacity - outLeft
      }
    }
    return written.map { Array(output.prefix($0)) }
    #else
    return nil
    #endif
  }
}

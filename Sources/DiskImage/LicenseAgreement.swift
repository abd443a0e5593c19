import Foundation

/// A license agreement the Finder shows before it mounts the image, with Agree and Disagree
/// buttons: the classic `LPic`, `STR#` and `TEXT` (or `RTF `) resources in the image's resource
/// plist, in English (region code 0), as `hdiutil udifrez` wrote them.
package struct LicenseAgreement: Sendable, Equatable {
  /// How the text is stored.
  package enum Format: String, Sendable {
    /// Plain text in Mac OS Roman (`TEXT`).
    case plainText = "TEXT"
    /// Rich text (`RTF `), as TextEdit saves it.
    case richText = "RTF "
  }

  /// The format of ``bytes``.
  package let format: Format
  /// The text's bytes as stored in the resource.
  package let bytes: [UInt8]

  /// The resource ID of the English resources: 5000 plus the language's index.
  static let resourceID = 5000

  /// The buttons and prompt, in order: language, Agree, Disagree, Print, Save, explanation.
  static let englishStrings = [
    "English", "Agree", "Disagree", "Print", "Save...",
    "If you agree with the terms of this license, press \"Agree\" to install the software.  If you do not agree, press \"Disagree\".",
  ]

  /// Reads a license from `path`: `.rtf` files as rich text, any other as plain UTF-8 text.
  package init(contentsOf path: String) throws(DiskImageError) {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .writeFailed("cannot read the license \(path): \(error.localizedDescription)")
    }
    if (path as NSString).pathExtension.lowercased() == "rtf" {
      guard data.starts(with: Array("{\\rtf".utf8)) else {
        throw .writeFailed("\(path): an .rtf license must start with {\\rtf")
      }
      self.init(format: .richText, bytes: [UInt8](data))
    } else {
      guard let text = String(data: data, encoding: .utf8) else {
        throw .writeFailed("\(path): the license is not UTF-8 text")
      }
      try self.init(text: text, source: path)
    }
  }

  /// A plain-text license; `source` names it in errors.
  package init(text: String, source: String = "the license") throws(DiskImageError) {
    let (bytes, unencodable) = MacRoman.encode(text)
    if let (character, offset) = unencodable {
      let line = text.prefix(offset).filter { $0 == "\n" || $0 == "\r\n" }.count + 1
      throw .writeFailed(
        "\(source), line \(line): \(String(character).debugDescription) cannot be written in Mac OS Roman, which English license text uses; save the license as .rtf instead"
      )
    }
    self.init(format: .plainText, bytes: bytes)
  }

  init(format: Format, bytes: [UInt8]) {
    self.format = format
    self.bytes = bytes
  }

  /// The resources, by type, for the image's resource plist.
  var resources: [String: [[String: Any]]] {
    func entry(_ data: [UInt8], id: Int, name: String) -> [String: Any] {
      ["Attributes": "0x0000", "Data": Data(data), "ID": String(id), "Name": name]
    }
    return [
      "LPic": [entry(Self.languageList, id: Self.resourceID, name: "")],
      "STR#": [entry(Self.stringList, id: Self.resourceID, name: "English")],
      format.rawValue: [entry(bytes, id: Self.resourceID, name: "English")],
      "TMPL": [entry(Self.languageListTemplate, id: 128, name: "LPic")],
    ]
  }

  /// `LPic`: default language 0, one entry: region 0 (US English), resource 5000 + 0, one-byte.
  static var languageList: [UInt8] {
    [0, 0, 0, 1] + [0, 0, 0, 0, 0, 0]
  }

  /// `STR#`: a count, then Pascal strings in Mac OS Roman.
  static var stringList: [UInt8] {
    var bytes: [UInt8] = [UInt8(englishStrings.count >> 8), UInt8(englishStrings.count & 0xFF)]
    for string in englishStrings {
      let encoded = MacRoman.encode(string).bytes
      bytes.append(UInt8(encoded.count))
      bytes += encoded
    }
    return bytes
  }

  /// `TMPL` "LPic": the resource template ResEdit and `udifrez` describe `LPic` with, as pairs
  /// of a Pascal label and a four-character field type.
  static var languageListTemplate: [UInt8] {
    let fields = [
      ("Default Language ID", "DWRD"), ("Count", "OCNT"), ("****", "LSTC"),
      ("sys lang ID", "DWRD"), ("local res ID (offset from 5000", "DWRD"),
      ("2-byte language?", "DWRD"), ("****", "LSTE"),
    ]
    return fields.flatMap { label, type in
      [UInt8(label.utf8.count)] + Array(label.utf8) + Array(type.utf8)
    }
  }

  /// The license in a resource plist's `resource-fork` dictionary, if there is one.
  init?(resourceFork: [String: Any]) {
    for format in [Format.richText, .plainText] {
      if let entries = resourceFork[format.rawValue] as? [[String: Any]],
        let data = entries.first(where: { $0["ID"] as? String == "5000" })?["Data"] as? Data
      {
        self.init(format: format, bytes: [UInt8](data))
        return
      }
    }
    return nil
  }

  /// The text as it would show, decoded from Mac OS Roman (plain text) or as the RTF source.
  package var text: String {
    switch format {
    case .richText: String(decoding: bytes, as: UTF8.self)
    case .plainText: MacRoman.decode(bytes)
    }
  }
}

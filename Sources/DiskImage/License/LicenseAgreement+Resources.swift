import Foundation
import SystemSupport

extension LicenseAgreement {
  /// The ID of `LPic`, and the base of the other resources' IDs.
  static let baseID = 5000

  /// The resources, by type, for the image's resource plist.
  var resources: [String: [[String: Any]]] {
    func entry(_ data: [UInt8], id: Int, name: String) -> [String: Any] {
      ["Attributes": "0x0000", "Data": Data(data), "ID": String(id), "Name": name]
    }
    var resources: [String: [[String: Any]]] = [
      "LPic": [entry(languageList, id: Self.baseID, name: "")],
      "TMPL": [entry(Self.languageListTemplate, id: 128, name: "LPic")],
    ]
    for localization in localizations {
      let id = Self.baseID + Int(localization.language.regionCode ?? 0)
      let name = localization.language.name
      resources["STR#", default: []].append(entry(stringList(localization), id: id, name: name))
      resources[localization.format.rawValue, default: []].append(
        entry(localization.bytes, id: id, name: "\(name) SLA"))
    }
    return resources
  }

  /// `LPic`: the default region, the count, then per language its region, its resources' ID
  /// less 5000 and its two-byte flag.
  var languageList: [UInt8] {
    var writer = ByteWriter()
    writer.writeInteger(defaultRegion)
    writer.writeInteger(UInt16(localizations.count))
    for localization in localizations {
      let region = localization.language.regionCode ?? 0
      writer.writeInteger(region)
      writer.writeInteger(region)
      writer.writeInteger(UInt16(localization.language.isTwoByte ? 1 : 0))
    }
    return writer.bytes
  }

  /// `STR#`: a count, then Pascal strings in the language's encoding (checked encodable when
  /// the localization was made).
  func stringList(_ localization: Localization) -> [UInt8] {
    var writer = ByteWriter()
    writer.writeInteger(UInt16(localization.buttons.count))
    for title in localization.buttons {
      let encoded = (try? localization.language.encoding.encode(title).get()) ?? []
      writer.writeInteger(UInt8(encoded.count))
      writer.writeBytes(encoded)
    }
    return writer.bytes
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

  /// The license in a resource plist's `resource-fork` dictionary, if there is one: every
  /// language `LPic` lists, decoded with its encoding.
  init?(resourceFork: [String: Any]) {
    func data(_ type: String, id: Int) -> [UInt8]? {
      (resourceFork[type] as? [[String: Any]])?.first { $0["ID"] as? String == String(id) }
        .flatMap { $0["Data"] as? Data }.map { [UInt8]($0) }
    }
    guard let list = data("LPic", id: Self.baseID), list.count >= 4 else { return nil }
    let reader = ByteReader(list)
    guard let defaultRegion = try? reader.getInteger(at: 0, as: UInt16.self),
      let count = try? reader.getInteger(at: 2, as: UInt16.self)
    else { return nil }
    var localizations: [Localization] = []
    for index in 0..<Int(count) {
      guard let region = try? reader.getInteger(at: 4 + 6 * index, as: UInt16.self),
        let offset = try? reader.getInteger(at: 6 + 6 * index, as: UInt16.self)
      else { break }
      let id = Self.baseID + Int(offset)
      let language =
        LicenseLanguage.withRegion(region)
        ?? LicenseLanguage(
          "region-\(region)", name: "region \(region)", region: region, buttons: [])
      let formatAndBytes =
        data("RTF ", id: id).map { (Format.richText, $0) }
        ?? data("TEXT", id: id).map { (Format.plainText, $0) }
      guard let (format, bytes) = formatAndBytes else { continue }
      let buttons = data("STR#", id: id).map { Self.strings(in: $0, language: language) } ?? []
      localizations.append(
        Localization(language: language, format: format, bytes: bytes, buttons: buttons))
    }
    guard !localizations.isEmpty else { return nil }
    self.init(localizations: localizations, defaultRegion: defaultRegion)
  }

  /// The Pascal strings of a `STR#`, decoded with the language's encoding.
  static func strings(in bytes: [UInt8], language: LicenseLanguage) -> [String] {
    var reader = ByteReader(bytes)
    guard let count = try? reader.readInteger(as: UInt16.self) else { return [] }
    var strings: [String] = []
    for _ in 0..<count {
      guard let length = try? reader.readInteger(as: UInt8.self),
        let string = try? reader.readBytes(Int(length))
      else { break }
      let bytes = Array(string)
      strings.append(language.encoding.decode(bytes) ?? String(decoding: bytes, as: UTF8.self))
    }
    return strings
  }
}

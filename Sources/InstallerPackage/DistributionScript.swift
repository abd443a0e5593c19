import SystemSupport

/// A product archive's `Distribution`: the script Installer reads first, naming the title, the
/// Macs it runs on, one choice and the component package it installs, laid out as
/// `productbuild --synthesize` writes it.
///
/// The `pkg-ref` is reached from `choices-outline` through a `choice`, and its text is the
/// component's place in the archive, `#Name.pkg` (a wrong one is Installer's "Package
/// Authoring Error").
package struct DistributionScript: Sendable, Equatable {
  /// The title Installer shows.
  package var title: String
  /// The component package's identifier.
  package var identifier: String
  /// Its version.
  package var version: String
  /// Its name in the archive, such as `Demo.pkg`.
  package var componentName: String
  /// The space it takes once installed, in KiB.
  package var installKilobytes: Int64
  /// The architectures the Macs it installs on must run (`arm64`, `x86_64`); none for any.
  package var hostArchitectures: [String]
  /// The oldest macOS it installs on, such as `12.0`, if any.
  package var minimumSystemVersion: String?

  /// Makes a script.
  package init(
    title: String, identifier: String, version: String, componentName: String,
    installKilobytes: Int64, hostArchitectures: [String], minimumSystemVersion: String?
  ) {
    self.title = title
    self.identifier = identifier
    self.version = version
    self.componentName = componentName
    self.installKilobytes = installKilobytes
    self.hostArchitectures = hostArchitectures
    self.minimumSystemVersion = minimumSystemVersion
  }

  /// The XML.
  package var xml: String {
    let escape = XMLText.escaped
    let id = escape(identifier)
    var options = #"customize="never" require-scripts="false""#
    if !hostArchitectures.isEmpty {
      options += #" hostArchitectures="\#(escape(hostArchitectures.joined(separator: ",")))""#
    }
    var lines = [
      #"<?xml version="1.0" encoding="utf-8"?>"#,
      #"<installer-gui-script minSpecVersion="2">"#,
      "    <title>\(escape(title))</title>",
      "    <options \(options)/>",
    ]
    if let minimum = minimumSystemVersion {
      lines += [
        "    <volume-check>", "        <allowed-os-versions>",
        #"            <os-version min="\#(escape(minimum))"/>"#, "        </allowed-os-versions>",
        "    </volume-check>",
      ]
    }
    lines += [
      "    <choices-outline>", #"        <line choice="default">"#,
      #"            <line choice="\#(id)"/>"#, "        </line>", "    </choices-outline>",
      #"    <choice id="default"/>"#,
      #"    <choice id="\#(id)" visible="false">"#, #"        <pkg-ref id="\#(id)"/>"#,
      "    </choice>",
      #"    <pkg-ref id="\#(id)" version="\#(escape(version))" onConclusion="none" "#
        + #"installKBytes="\#(installKilobytes)" auth="root">#\#(escape(Self.percentEncoded(componentName)))</pkg-ref>"#,
      "</installer-gui-script>",
    ]
    return lines.joined(separator: "\n")
  }

  /// `name` as a URL's path gives it: bytes other than letters, digits and `-._~` as `%XX`.
  static func percentEncoded(_ name: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        bytes.append(byte)
      default: bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

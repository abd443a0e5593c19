import Digests
import Foundation

/// Expected CodeResources text, written from the reference (app-signing.md §12).
///
/// Written by hand from the reference rather than from any tool's output. Two leading spaces
/// stand for one tab in these literals.
enum ExpectedSeal {
  /// The `rules` and `rules2` of a deep bundle (13 rules2), at the top dictionary's depth.
  static let deepRules = #"""
      <key>rules</key>
      <dict>
        <key>^Resources/</key>
        <true/>
        <key>^Resources/.*\.lproj/</key>
        <dict>
          <key>optional</key>
          <true/>
          <key>weight</key>
          <real>1000</real>
        </dict>
        <key>^Resources/.*\.lproj/locversion.plist$</key>
        <dict>
          <key>omit</key>
          <true/>
          <key>weight</key>
          <real>1100</real>
        </dict>
        <key>^Resources/Base\.lproj/</key>
        <dict>
          <key>weight</key>
          <real>1010</real>
        </dict>
        <key>^version.plist$</key>
        <true/>
      </dict>
      <key>rules2</key>
      <dict>
        <key>.*\.dSYM($|/)</key>
        <dict>
          <key>weight</key>
          <real>11</real>
        </dict>
        <key>^(.*/)?\.DS_Store$</key>
        <dict>
          <key>omit</key>
          <true/>
          <key>weight</key>
          <real>2000</real>
        </dict>
        <key>^(Frameworks|SharedFrameworks|PlugIns|Plug-ins|XPCServices|Helpers|MacOS|Library/(Automator|Spotlight|LoginItems))/</key>
        <dict>
          <key>nested</key>
          <true/>
          <key>weight</key>
          <real>10</real>
        </dict>
        <key>^.*</key>
        <true/>
        <key>^Info\.plist$</key>
        <dict>
          <key>omit</key>
          <true/>
          <key>weight</key>
          <real>20</real>
        </dict>
        <key>^PkgInfo$</key>
        <dict>
          <key>omit</key>
          <true/>
          <key>weight</key>
          <real>20</real>
        </dict>
        <key>^Resources/</key>
        <dict>
          <key>weight</key>
          <real>20</real>
        </dict>
        <key>^Resources/.*\.lproj/</key>
        <dict>
          <key>optional</key>
          <true/>
          <key>weight</key>
          <real>1000</real>
        </dict>
        <key>^Resources/.*\.lproj/locversion.plist$</key>
        <dict>
          <key>omit</key>
          <true/>
          <key>weight</key>
          <real>1100</real>
        </dict>
        <key>^Resources/Base\.lproj/</key>
        <dict>
          <key>weight</key>
          <real>1010</real>
        </dict>
        <key>^[^/]+$</key>
        <dict>
          <key>nested</key>
          <true/>
          <key>weight</key>
          <real>10</real>
        </dict>
        <key>^embedded\.provisionprofile$</key>
        <dict>
          <key>weight</key>
          <real>20</real>
        </dict>
        <key>^version\.plist$</key>
        <dict>
          <key>weight</key>
          <real>20</real>
        </dict>
      </dict>
    """#

  /// The `rules` and `rules2` of a shallow bundle: no nested locations, lproj rules at the root.
  static let shallowRules = #"""
      <key>rules</key>
      <dict>
        <key>^.*</key>
        <true/>
        <key>^.*\.lproj/</key>
        <dict>
          <key>optional</key>
          <true/>
          <key>weight</key>
          <real>1000</real>
        </dict>
        <key>^.*\.lproj/locversion.plist$</key>
        <dict>
          <key>omit</key>
          <true/>
          <key>weight</key>
          <real>1100</real>
        </dict>
        <key>^Base\.lproj/</key>
        <dict>
          <key>weight</key>
          <real>1010</real>
        </dict>
        <key>^version.plist$</key>
        <true/>
      </dict>
      <key>rules2</key>
      <dict>
        <key>.*\.dSYM($|/)</key>
        <dict>
          <key>weight</key>
          <real>11</real>
        </dict>
        <key>^(.*/)?\.DS_Store$</key>
        <dict>
          <key>omit</key>
          <true/>
          <key>weight</key>
          <real>2000</real>
        </dict>
        <key>^.*</key>
        <true/>
        <key>^.*\.lproj/</key>
        <dict>
          <key>optional</key>
          <true/>
          <key>weight</key>
          <real>1000</real>
        </dict>
        <key>^.*\.lproj/locversion.plist$</key>
        <dict>
          <key>omit</key>
          <true/>
          <key>weight</key>
          <real>1100</real>
        </dict>
        <key>^Base\.lproj/</key>
        <dict>
          <key>weight</key>
          <real>1010</real>
        </dict>
        <key>^Info\.plist$</key>
        <dict>
          <key>omit</key>
          <true/>
          <key>weight</key>
          <real>20</real>
        </dict>
        <key>^PkgInfo$</key>
        <dict>
          <key>omit</key>
          <true/>
          <key>weight</key>
          <real>20</real>
        </dict>
        <key>^embedded\.provisionprofile$</key>
        <dict>
          <key>weight</key>
          <real>20</real>
        </dict>
        <key>^version\.plist$</key>
        <dict>
          <key>weight</key>
          <real>20</real>
        </dict>
      </dict>
    """#

  /// A whole CodeResources document around `body` (the `files` … `rules2` entries).
  static func document(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(tabs(body))
    </dict>
    </plist>

    """
  }

  /// `text` with each pair of leading spaces turned into a tab.
  static func tabs(_ text: String) -> String {
    let lines: [Substring] = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.map { line -> String in
      let spaces = line.prefix { $0 == " " }.count
      return String(repeating: "\t", count: spaces / 2) + line.dropFirst(spaces - spaces % 2)
    }.joined(separator: "\n")
  }

  /// Base64 of `algorithm`'s digest of `text`.
  static func hash(_ text: String, _ algorithm: DigestAlgorithm) -> String {
    hash(Array(text.utf8), algorithm)
  }

  /// Base64 of `algorithm`'s digest of `bytes`.
  static func hash(_ bytes: [UInt8], _ algorithm: DigestAlgorithm) -> String {
    Data(algorithm.digest(bytes)).base64EncodedString()
  }

  /// Base64 of `bytes`.
  static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
}

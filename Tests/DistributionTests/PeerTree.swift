import Foundation
import HFSPlus
import ShipyardTestSupport

/// The source tree of the peer test, made once per run: 20,000 files in nested folders with
/// names in NFC and NFD, CJK, emoji, spaces and `:`, empty files, executables, symbolic links
/// (relative, absolute, dangling) and one large file.
struct PeerTree {
  /// One item as the source holds it.
  struct Item: Hashable {
    let path: String  // relative, POSIX names
    let kind: String  // "file", "folder", "link"
    let size: Int64
    let permissions: UInt16
    let linkTarget: String?
  }

  let root: URL
  let items: [Item]

  static let fileCount = 20_000
  static let bigFileBytes =
    Int(ProcessInfo.processInfo.environment["SHIPYARD_DMG_BIG_FILE_BYTES"] ?? "") ?? 300 << 20

  /// Names with every kind of character the issue lists; `index` keeps them distinct.
  static func name(_ index: Int) -> String {
    switch index % 8 {
    case 0: "file \(index).txt"
    case 1: "caf\u{E9} \(index)"  // NFC
    case 2: "re\u{301}sume\u{301}-\(index)"  // NFD
    case 3: "日本語の名前-\(index)"
    case 4: "emoji-🚀🎉-\(index)"
    case 5: "colon:\(index):x"
    case 6: "Ünïcödé Näme \(index).bin"
    default: "plain-\(index)"
    }
  }

  static func make() throws -> PeerTree {
    // One folder per test process, so that runs side by side do not share it; trees that
    // processes no longer running left behind are removed first.
    let manager = FileManager.default
    let temporary = manager.temporaryDirectory
    for name in (try? manager.contentsOfDirectory(atPath: temporary.path)) ?? []
    where name.hasPrefix("shipyard-dmg-peer-tree-") {
      if let pid = Int32(name.dropFirst("shipyard-dmg-peer-tree-".count)), kill(pid, 0) != 0 {
        try? manager.removeItem(at: temporary.appendingPathComponent(name))
      }
    }
    let root = temporary.appendingPathComponent(
      "shipyard-dmg-peer-tree-\(ProcessInfo.processInfo.processIdentifier)/Payload")
    try? manager.removeItem(at: root.deletingLastPathComponent())
    var items: [Item] = []
    var index = 0
    for top in 0..<20 {
      let topName = "folder \(top) \(top % 2 == 0 ? "é" : "e\u{301}")"
      items.append(
        Item(path: topName, kind: "folder", size: 0, permissions: 0o755, linkTarget: nil))
      for sub in 0..<10 {
        let folder = "\(topName)/sub-\(sub)-\(["α", "β", "中", "🙂"][sub % 4])"
        try manager.createDirectory(
          at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        items.append(
          Item(path: folder, kind: "folder", size: 0, permissions: 0o755, linkTarget: nil))
        for _ in 0..<(fileCount / 200) {
          let path = "\(folder)/\(name(index))"
          let size = index % 10 == 0 ? 0 : (index * 37) % 3000
          let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
          let url = root.appendingPathComponent(path)
          guard manager.createFile(atPath: url.path, contents: Data(bytes)) else {
            throw ProcessFailure(command: "create \(url.path)", status: -1, errorOutput: "")
          }
          let permissions: UInt16 = index % 7 == 0 ? 0o755 : 0o644
          try manager.setAttributes([.posixPermissions: Int(permissions)], ofItemAtPath: url.path)
          items.append(
            Item(
              path: path, kind: "file", size: Int64(size), permissions: permissions, linkTarget: nil
            ))
          index += 1
        }
      }
    }
    let links = [
      ("link-relative", "folder 0 é/sub-0-α/file 0.txt"), ("link-absolute", "/usr/bin/env"),
      ("link-dangling", "does/not/exist"), ("folder 1 e\u{301}/up-link", "../link-relative"),
    ]
    for (path, target) in links {
      try manager.createSymbolicLink(
        atPath: root.appendingPathComponent(path).path, withDestinationPath: target)
      items.append(
        Item(
          path: path, kind: "link", size: Int64(target.utf8.count), permissions: 0o777,
          linkTarget: target))
    }
    try writeBigFile(root.appendingPathComponent("big.bin"))
    items.append(
      Item(
        path: "big.bin", kind: "file", size: Int64(bigFileBytes), permissions: 0o644,
        linkTarget: nil))
    return PeerTree(root: root, items: items)
  }

  /// Varied but compressible content, so that every format handles it quickly.
  static func writeBigFile(_ url: URL) throws {
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var block = [UInt8](repeating: 0, count: 1 << 20)
    for index in block.indices {
      block[index] = UInt8(truncatingIfNeeded: (index / 64) &* 7 &+ index % 13)
    }
    var written = 0
    var counter: UInt64 = 0
    while written < bigFileBytes {
      for offset in stride(from: 0, to: block.count, by: 4096) {
        withUnsafeBytes(of: counter) { block.replaceSubrange(offset..<(offset + 8), with: $0) }
        counter &+= 1
      }
      let length = min(block.count, bigFileBytes - written)
      try handle.write(contentsOf: block[..<length])
      written += length
    }
  }

  func remove() { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }

  /// A relative path as stored: each name decomposed as HFS+ stores it.
  static func stored(_ path: String) -> String {
    path.split(separator: "/").map { (try? HFSPlusName(String($0)).posixName) ?? String($0) }
      .joined(separator: "/")
  }
}

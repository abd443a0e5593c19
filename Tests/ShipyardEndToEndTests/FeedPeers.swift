import Foundation
import ShipyardTestSupport

/// The Python peers that check the update feeds: PyPI `cryptography` and `PyNaCl` verify the
/// Ed25519 signatures, `lxml` reads the appcast as Sparkle does (by namespace), `PyYAML` reads
/// `latest-mac.yml`.
enum FeedPeers {
  static let requirement = "needs python3 with cryptography, PyNaCl, lxml and PyYAML"
  static let shouldRun = PeerPolicy.shouldRun(
    whenAvailable: ProcessRunner.succeeds(
      "python3", ["-c", "import cryptography, nacl, lxml, yaml"]))

  /// A new key pair made by `cryptography`: the private key as `generate_keys -x` exports it
  /// (Base64 of the 32-byte seed, and a newline) written to `path`; returns the Base64 public
  /// key, as an app's `SUPublicEDKey` holds it.
  static func makeKey(at path: String) throws -> String {
    let script = """
      import base64, sys
      from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
      key = Ed25519PrivateKey.generate()
      open(sys.argv[1], 'w').write(base64.b64encode(key.private_bytes_raw()).decode() + '\\n')
      print(base64.b64encode(key.public_key().public_bytes_raw()).decode())
      """
    let output = try ProcessRunner.check("python3", ["-c", script, path])
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A key as Sparkle exported it before 2.6.0, written to `path`, and if `seedPath` is given
  /// the same key as exported since 2.6.0 (its seed) written there; returns its Base64 public key.
  ///
  /// It is made as the orlp ed25519 library makes one: SHA-512 of a random seed (`hashlib`),
  /// clamped (byte 0 `&= 248`, byte 31 `&= 63`, `|= 64`), then the public key (`cryptography`'s,
  /// from the seed). The file holds Base64 of the 96 bytes and a newline.
  static func makeLegacyKey(at path: String, seedAt seedPath: String? = nil) throws -> String {
    let script = """
      import base64, hashlib, os, sys
      from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
      seed = os.urandom(32)
      expanded = bytearray(hashlib.sha512(seed).digest())
      expanded[0] &= 248; expanded[31] &= 63; expanded[31] |= 64
      public = Ed25519PrivateKey.from_private_bytes(seed).public_key().public_bytes_raw()
      open(sys.argv[1], 'w').write(base64.b64encode(bytes(expanded) + public).decode() + '\\n')
      if len(sys.argv) > 2: open(sys.argv[2], 'w').write(base64.b64encode(seed).decode() + '\\n')
      print(base64.b64encode(public).decode())
      """
    let output = try ProcessRunner.check(
      "python3", ["-c", script, path] + (seedPath.map { [$0] } ?? []))
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The appcast's items as Sparkle reads them (`/rss/channel/item`, elements and enclosure
  /// attributes by Sparkle's namespace, `sparkle:edSignature` as `edSignature`), each with
  /// whether its signature verifies over `file` with `publicKey` by `cryptography` and by PyNaCl,
  /// and over `file` with its middle byte changed.
  static func items(feed: String, file: String, publicKey: String) throws -> [[String: Any]] {
    let script = """
      import base64, json, sys
      from lxml import etree
      SPARKLE = 'http://www.andymatuschak.org/xml-namespaces/sparkle'
      feed, data, key = sys.argv[1], open(sys.argv[2], 'rb').read(), base64.b64decode(sys.argv[3])
      tampered = bytearray(data); tampered[len(data) // 2] ^= 1; tampered = bytes(tampered)
      \(Ed25519Verifiers.python)
      root = etree.parse(feed, etree.XMLParser(resolve_entities=False)).getroot()
      assert root.tag == 'rss' and root.nsmap.get('sparkle') in (SPARKLE, None), root.nsmap
      items = []
      for item in root.findall('channel/item'):
          text = lambda name: item.findtext('{%s}%s' % (SPARKLE, name))
          enclosure = item.find('enclosure')
          encoded = enclosure.get('{%s}edSignature' % SPARKLE)
          signature = base64.b64decode(encoded)
          items.append({
              'title': item.findtext('title'), 'pubDate': item.findtext('pubDate'),
              'version': text('version'), 'shortVersion': text('shortVersionString'),
              'minimumSystemVersion': text('minimumSystemVersion'), 'channel': text('channel'),
              'url': enclosure.get('url'), 'length': int(enclosure.get('length')),
              'type': enclosure.get('type'), 'edSignature': encoded,
              'cryptography': by_cryptography(signature, data), 'nacl': by_nacl(signature, data),
              'tamperedCryptography': by_cryptography(signature, tampered),
              'tamperedNaCl': by_nacl(signature, tampered),
          })
      print(json.dumps(items))
      """
    let output = try ProcessRunner.check("python3", ["-c", script, feed, file, publicKey])
    return try JSONSerialization.jsonObject(with: output) as? [[String: Any]] ?? []
  }

  /// `latest-mac.yml` as PyYAML reads it, each file with whether its `sha512` is the Base64
  /// SHA-512 (`hashlib`) of the file of that name in `folder`, and its `size` that file's.
  static func manifest(_ path: String, folder: String) throws -> [String: Any] {
    let script = """
      import base64, hashlib, json, os, sys, yaml
      manifest = yaml.safe_load(open(sys.argv[1]))
      for entry in manifest['files']:
          data = open(os.path.join(sys.argv[2], entry['url'].rsplit('/', 1)[-1]), 'rb').read()
          entry['sha512Matches'] = base64.b64encode(hashlib.sha512(data).digest()).decode() == entry['sha512']
          entry['sizeMatches'] = len(data) == entry['size']
      print(json.dumps(manifest, default=str))
      """
    let output = try ProcessRunner.check("python3", ["-c", script, path, folder])
    return try JSONSerialization.jsonObject(with: output) as? [String: Any] ?? [:]
  }

  /// Copies `Examples/Hello.app` into `folder` with `CFBundleVersion` `version`,
  /// `CFBundleShortVersionString` `short` and, if given, `SUPublicEDKey`; returns its path.
  static func helloApp(in folder: String, version: String, short: String, publicKey: String?)
    throws -> String
  {
    let app = folder + "/Hello.app"
    try? FileManager.default.removeItem(atPath: app)
    try FileManager.default.copyItem(
      atPath: SampleApps.scriptHello, toPath: app)
    let script = """
      import plistlib, sys
      path = sys.argv[1] + '/Contents/Info.plist'
      info = plistlib.load(open(path, 'rb'))
      info['CFBundleVersion'], info['CFBundleShortVersionString'] = sys.argv[2], sys.argv[3]
      if len(sys.argv) > 4: info['SUPublicEDKey'] = sys.argv[4]
      plistlib.dump(info, open(path, 'wb'))
      """
    _ = try ProcessRunner.check(
      "python3", ["-c", script, app, version, short] + (publicKey.map { [$0] } ?? []))
    return app
  }

  /// Zips `app` as `ditto -c -k --keepParent` does (entries under `Hello.app/`), deflated, with
  /// Python's `zipfile`.
  static func zip(_ app: String, to path: String) throws {
    let script = """
      import os, sys, zipfile
      app, out = sys.argv[1], sys.argv[2]
      parent = os.path.dirname(app)
      with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as archive:
          for folder, _, files in os.walk(app):
              archive.write(folder, os.path.relpath(folder, parent) + '/')
              for name in files:
                  full = os.path.join(folder, name)
                  archive.write(full, os.path.relpath(full, parent))
      """
    _ = try ProcessRunner.check("python3", ["-c", script, app, path])
  }
}

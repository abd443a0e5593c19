import Foundation

/// A built image's `.DS_Store` as the independent peers read it: 7-Zip extracts the file, the
/// PyPI `ds_store` package (what dmgbuild uses) reads its records and `mac_alias` the
/// background's alias.
public struct FinderLayoutDump: Decodable, Sendable {
  /// The background alias's fields.
  public struct Alias: Decodable, Sendable {
    /// The volume's name.
    public let volume: String
    /// The target's name.
    public let file: String
    /// The target's catalog ID.
    public let cnid: Int
    /// The parent folder's catalog ID.
    public let folderCnid: Int
    /// The target's path on the volume.
    public let posixPath: String
    /// Where the volume mounts.
    public let mountPoint: String
    /// The file system, `H+`.
    public let fsType: String
    /// The volume name in the record's fixed 27-byte field (the name above comes from the
    /// Unicode extra when there is one).
    public let fixedVolumeName: String
  }

  /// `bwsp`'s `WindowBounds`, such as `{{200, 120}, {660, 400}}`.
  public let bounds: String?
  /// `icvp`'s icon size.
  public let iconSize: Double?
  /// `icvp`'s text size.
  public let textSize: Double?
  /// 0 none, 1 colour, 2 picture.
  public let backgroundType: Int?
  /// `icvp`'s background colour, red, green and blue from 0 to 1.
  public let backgroundColor: [Double]?
  /// Icon positions by name.
  public let iloc: [String: [Int]]
  /// The background picture's alias.
  public let alias: Alias?

  /// Whether the peers are installed: python3 with ds-store and mac-alias, 7zz and fshfsinfo.
  public static let peersPresent =
    ProcessRunner.succeeds("python3", ["-c", "import ds_store, mac_alias"])
    && ProcessRunner.succeeds("7zz", ["i"]) && ProcessRunner.succeeds("fshfsinfo", ["-V"])

  static let script = """
    import json, sys
    from ds_store import DSStore
    from mac_alias import Alias
    out = {"iloc": {}}
    with DSStore.open(sys.argv[1], 'r') as store:
        for entry in store:
            code = entry.code.decode()
            if code == "Iloc": out["iloc"][entry.filename] = list(entry.value)
            elif code == "bwsp": out["bounds"] = entry.value["WindowBounds"]
            elif code == "icvp":
                view = entry.value
                out["iconSize"], out["textSize"], out["backgroundType"] = view["iconSize"], view["textSize"], view["backgroundType"]
                out["backgroundColor"] = [view["backgroundColorRed"], view["backgroundColorGreen"], view["backgroundColorBlue"]]
                if "backgroundImageAlias" in view:
                    alias = Alias.from_bytes(view["backgroundImageAlias"])
                    out["alias"] = {"volume": alias.volume.name, "file": alias.target.filename, "cnid": alias.target.cnid,
                                    "folderCnid": alias.target.folder_cnid, "posixPath": alias.target.posix_path,
                                    "mountPoint": alias.volume.posix_path, "fsType": alias.volume.fs_type.decode(),
                                    "fixedVolumeName": bytes(view["backgroundImageAlias"][11:11 + view["backgroundImageAlias"][10]]).decode()}
    print(json.dumps(out))
    """

  /// Reads the `.DS_Store` at the root of the volume `volume` in `image`; 7-Zip lists an HFS+
  /// volume's files under its name, an APFS volume's at the top (`storePath` `.DS_Store`).
  public static func read(
    image: String, volume: String, scratch: ScratchFolder, storePath: String? = nil
  ) throws -> FinderLayoutDump {
    let store = try ProcessRunner.check(
      "7zz", ["e", "-so", image, storePath ?? "\(volume)/.DS_Store"])
    let path = scratch.path("extracted-\(UUID().uuidString).DS_Store")
    try store.write(to: URL(fileURLWithPath: path))
    return try JSONDecoder().decode(
      FinderLayoutDump.self, from: try ProcessRunner.check("python3", ["-c", script, path]))
  }
}

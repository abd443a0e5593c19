public import Foundation

/// What the peer lief reads in a Mach-O file, slice by slice: the header, the segments, the
/// `LC_CODE_SIGNATURE` and `LC_BUILD_VERSION` commands (see ``FixtureTool/lief``).
///
/// ```swift
/// let slices = try LiefMachO.read(binary)
/// #expect(slices.map(\.architecture) == ["x86_64", "arm64"])
/// ```
public struct LiefMachO: Decodable, Sendable {
  /// A segment as lief reads it from its load command.
  public struct Segment: Decodable, Sendable {
    /// The segment's name, such as `__LINKEDIT`.
    public let name: String
    /// Its `fileoff`, from the start of the slice.
    public let fileOffset: Int
    /// Its `filesize`.
    public let fileSize: Int
    /// Its `vmsize`.
    public let virtualSize: Int
  }

  /// `arm64` or `x86_64`.
  public let architecture: String
  /// The Mach-O file type, by lief's name: `EXECUTE`, `DYLIB`, `BUNDLE`, ….
  public let fileType: String
  /// Where the slice starts in the file (0 for a thin file).
  public let fatOffset: Int
  /// The slice's size in bytes.
  public let size: Int
  /// `LC_CODE_SIGNATURE`'s `dataoff`, or `nil` when the slice has no such command.
  public let signatureOffset: Int?
  /// `LC_CODE_SIGNATURE`'s `datasize`.
  public let signatureSize: Int?
  /// The magic of the blob at `dataoff` (`0xfade0cc0` for an embedded signature).
  public let signatureMagic: UInt32?
  /// `LC_BUILD_VERSION`'s minimum macOS, as `11.0.0`.
  public let minimumOS: String?
  /// `LC_BUILD_VERSION`'s SDK version.
  public let sdk: String?
  /// The number of load commands (`ncmds`).
  public let loadCommandCount: Int
  /// The offset just past the load commands: header size + `sizeofcmds`.
  public let loadCommandsEnd: Int
  /// The lowest file offset of a section with file data (where code or data begins).
  public let firstSectionOffset: Int?
  /// The segments in load-command order.
  public let segments: [Segment]

  /// The segment named `name`, if the slice has one.
  public func segment(_ name: String) -> Segment? { segments.first { $0.name == name } }

  /// Where `__LINKEDIT`'s file data ends, from the start of the slice.
  public var linkEditEnd: Int? { segment("__LINKEDIT").map { $0.fileOffset + $0.fileSize } }

  /// lief's reading of every slice of `file`, in file order.
  ///
  /// - Throws: ``FixtureToolMissing`` when lief is not installed, or the ``ProcessFailure`` of
  ///   the script (lief could not parse `file`).
  public static func read(_ file: URL) throws -> [LiefMachO] {
    try read([file]).first ?? []
  }

  /// lief's reading of each of `files`, in one run of Python (importing lief takes most of a
  /// second).
  ///
  /// - Returns: For each file in order, its slices in file order.
  /// - Throws: ``FixtureToolMissing`` when lief is not installed, or the ``ProcessFailure`` of
  ///   the script (lief could not parse one of the files).
  public static func read(_ files: [URL]) throws -> [[LiefMachO]] {
    let python = try FixtureTool.lief.requirePath()
    let output = try ProcessRunner.check(python, ["-c", script] + files.map(\.path))
    return try JSONDecoder().decode([[LiefMachO]].self, from: output)
  }

  /// The script: lief's fields, as JSON on standard output.
  ///
  /// The parsed file is kept in a variable: iterating over a temporary one crashes lief 1.0.
  private static let script = """
    import json, sys, lief
    def version(parts): return ".".join(str(part) for part in parts)
    def read(path):
        slices = []
        fat = lief.MachO.parse(path)  # held: its slices die with it
        for binary in fat:
            header = binary.header
            signature = binary.code_signature if binary.has_code_signature else None
            build = binary.build_version if binary.has_build_version else None
            offsets = [section.offset for section in binary.sections if section.offset > 0]
            content = bytes(signature.content[:4]) if signature is not None else b""
            slices.append({
                "architecture": {"ARM64": "arm64", "X86_64": "x86_64"}.get(
                    header.cpu_type.name, header.cpu_type.name),
                "fileType": header.file_type.name,
                "fatOffset": binary.fat_offset,
                "size": binary.original_size,
                "signatureOffset": signature.data_offset if signature else None,
                "signatureSize": signature.data_size if signature else None,
                "signatureMagic": int.from_bytes(content, "big") if len(content) == 4 else None,
                "minimumOS": version(build.minos) if build else None,
                "sdk": version(build.sdk) if build else None,
                "loadCommandCount": header.nb_cmds,
                "loadCommandsEnd": (32 if "64" in header.magic.name else 28) + header.sizeof_cmds,
                "firstSectionOffset": min(offsets) if offsets else None,
                "segments": [{"name": s.name, "fileOffset": s.file_offset, "fileSize": s.file_size,
                              "virtualSize": s.virtual_size} for s in binary.segments],
            })
        return slices
    json.dump([read(path) for path in sys.argv[1:]], sys.stdout)
    """
}

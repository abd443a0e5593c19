import SystemSupport

/// One thin Mach-O file (a whole file, or one slice of a universal binary), read: its header,
/// load commands, segments and the commands signing needs.
///
/// ```swift
/// let slice = try MachOSlice(bytes: ArraySlice(bytes), path: "MyApp")
/// print(slice.architecture, slice.fileType)  // arm64 MH_EXECUTE
/// let signature = slice.codeSignature        // LC_CODE_SIGNATURE, if signed
/// ```
///
/// Every offset and count is checked against the slice's bytes before it is used: damaged or
/// hostile input throws a ``MachOError`` naming the file, the slice and the offset, and never
/// traps.
package struct MachOSlice: Sendable {
  // MARK: - Properties

  /// The file's path, for errors.
  package let path: String
  /// The slice's bytes (indices as in the file they came from; offsets below count from their
  /// start).
  package let bytes: ArraySlice<UInt8>
  /// The CPU type and subtype.
  package let cpu: MachOCPU
  /// Whether the header is `mach_header_64` (magic 0xfeedfacf).
  package let is64Bit: Bool
  /// Whether the header and load commands are big-endian (PowerPC).
  package let isBigEndian: Bool
  /// The file type (`MH_EXECUTE`, `MH_DYLIB`…).
  package let fileType: MachOFileType
  /// The header's flags.
  package let flags: UInt32
  /// The size of the header (28 or 32 bytes), where the load commands start.
  package let headerSize: Int
  /// `sizeofcmds`: the load commands' total size.
  package let sizeOfCommands: Int
  /// The load commands, in order.
  package let loadCommands: [MachOLoadCommand]
  /// The segments, in command order.
  package let segments: [MachOSegment]
  /// `LC_CODE_SIGNATURE`, when the slice has one.
  package let codeSignature: MachOCodeSignatureCommand?
  /// `LC_BUILD_VERSION` (the macOS one when there are several), when present.
  package let buildVersion: MachOPlatformVersion?
  /// `LC_VERSION_MIN_MACOSX`, when present.
  package let versionMinMacOS: MachOPlatformVersion?

  /// `MH_MAGIC` (32-bit), as read in the file's own byte order.
  static let magic32: UInt32 = 0xFEED_FACE
  /// `MH_MAGIC_64`.
  static let magic64: UInt32 = 0xFEED_FACF

  // MARK: - Lifecycle

  /// Reads a thin Mach-O.
  ///
  /// - Parameters:
  ///   - bytes: The slice's bytes, from its header to its end.
  ///   - path: The file's path, named in errors.
  /// - Throws: ``MachOError`` when the bytes are not Mach-O or a structure is damaged.
  package init(bytes: ArraySlice<UInt8>, path: String) throws(MachOError) {
    self.path = path
    self.bytes = bytes
    let little = ByteReader(sharing: bytes, bigEndian: false)
    guard let magic = try? little.getInteger(at: 0, as: UInt32.self) else {
      throw MachOError(
        .notMachO, path: path, offset: 0,
        reason: "\(bytes.count) bytes are too few for a Mach-O header")
    }
    switch magic {
    case Self.magic32, Self.magic64: isBigEndian = false
    case Self.magic32.byteSwapped, Self.magic64.byteSwapped: isBigEndian = true
    default:
      throw MachOError(
        .notMachO, path: path, offset: 0,
        reason: "magic 0x\(String(magic.byteSwapped, radix: 16)) is not a thin Mach-O magic")
    }
    is64Bit = magic == Self.magic64 || magic == Self.magic64.byteSwapped
    headerSize = is64Bit ? 32 : 28
    var parser = MachOCommandParser(bytes: bytes, bigEndian: isBigEndian, path: path)
    let header = try parser.header(size: headerSize)
    cpu = header.cpu
    fileType = header.fileType
    flags = header.flags
    sizeOfCommands = header.sizeOfCommands
    let parsed = try parser.commands(
      count: header.commandCount, start: headerSize, size: sizeOfCommands)
    loadCommands = parsed.commands
    segments = parsed.segments
    codeSignature = parsed.codeSignature
    buildVersion = parsed.buildVersion
    versionMinMacOS = parsed.versionMinMacOS
  }

  // MARK: - API

  /// The architecture name (`arm64`, `x86_64`…).
  package var architecture: String { cpu.name }

  /// The end of the load commands: where a new command would go.
  package var loadCommandsEnd: Int { headerSize + sizeOfCommands }

  /// The segment named `name`, if any.
  package func segment(named name: String) -> MachOSegment? {
    segments.first { $0.name == name }
  }

  /// The version command that decides the slice's minimum OS and SDK: `LC_BUILD_VERSION`, else
  /// `LC_VERSION_MIN_MACOSX`.
  package var platformVersion: MachOPlatformVersion? { buildVersion ?? versionMinMacOS }

  /// The bytes of the `__TEXT,__info_plist` section (a single-file tool's embedded Info.plist),
  /// when the slice has one whose bytes lie inside it.
  package var embeddedInfoPlist: [UInt8]? {
    guard
      let section = segment(named: MachOSegment.textName)?.sections.first(where: {
        $0.name == "__info_plist"
      }), let size = Int(exactly: section.size)
    else { return nil }
    return (try? ByteReader(sharing: bytes).getBytes(at: section.fileOffset, count: size)).map(
      Array.init)
  }

  /// The lowest file offset of section (or sectionless segment) data after the header: how far
  /// the load commands may grow.
  package var firstDataOffset: Int {
    let sectionOffsets = segments.flatMap(\.sections).filter {
      !$0.isZeroFill && $0.size > 0 && $0.fileOffset > 0
    }.map(\.fileOffset)
    let segmentOffsets = segments.filter { $0.fileSize > 0 && $0.fileOffset > 0 }.map(\.fileOffset)
    return (sectionOffsets + segmentOffsets).min() ?? bytes.count
  }
}

import SystemSupport

/// Reads a thin Mach-O's header and load commands for ``MachOSlice``, checking every size and
/// offset against the bytes, and turning each failure into a ``MachOError`` that names the file,
/// the slice's architecture and the offset.
struct MachOCommandParser {
  /// The header's fields.
  struct Header {
    let cpu: MachOCPU
    let fileType: MachOFileType
    let commandCount: Int
    let sizeOfCommands: Int
    let flags: UInt32
  }

  /// What the load commands hold.
  struct Commands {
    var commands: [MachOLoadCommand] = []
    var segments: [MachOSegment] = []
    var codeSignature: MachOCodeSignatureCommand?
    var buildVersion: MachOPlatformVersion?
    var versionMinMacOS: MachOPlatformVersion?
  }

  let reader: ByteReader
  let path: String
  var architecture: String?

  init(bytes: ArraySlice<UInt8>, bigEndian: Bool, path: String) {
    reader = ByteReader(sharing: bytes, bigEndian: bigEndian)
    self.path = path
  }

  // MARK: - Fields

  func error(_ kind: MachOError.Kind, at offset: Int, _ reason: String) -> MachOError {
    MachOError(kind, path: path, architecture: architecture, offset: offset, reason: reason)
  }

  func u32(at offset: Int, in kind: MachOError.Kind = .malformedLoadCommand) throws(MachOError)
    -> UInt32
  {
    do { return try reader.getInteger(at: offset) } catch {
      throw self.error(kind, at: offset, "the file ends inside a field (\(error))")
    }
  }

  func u64(at offset: Int) throws(MachOError) -> UInt64 {
    do { return try reader.getInteger(at: offset) } catch {
      throw self.error(.malformedLoadCommand, at: offset, "the file ends inside a field (\(error))")
    }
  }

  /// A fixed-size, NUL-padded name such as a segment's.
  func name(at offset: Int) throws(MachOError) -> String {
    guard let raw = try? reader.getBytes(at: offset, count: 16) else {
      throw error(.malformedLoadCommand, at: offset, "the file ends inside a name")
    }
    return String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
  }

  /// A file range `[offset, offset + size)` that must lie inside the slice.
  func fileRange(offset: UInt64, size: UInt64, at field: Int, _ what: String) throws(MachOError)
    -> (offset: Int, size: Int)
  {
    let count = UInt64(reader.bytes.count)
    guard offset <= count, size <= count - offset else {
      throw error(
        .malformedLoadCommand, at: field,
        "\(what) claims bytes [\(offset), \(offset &+ size)) past the slice's \(count) bytes")
    }
    return (Int(offset), Int(size))
  }

  // MARK: - Header

  mutating func header(size: Int) throws(MachOError) -> Header {
    guard reader.bytes.count >= size else {
      throw error(
        .malformedHeader, at: 0,
        "\(reader.bytes.count) bytes are too few for its \(size)-byte header")
    }
    let cpu = MachOCPU(
      type: try u32(at: 4, in: .malformedHeader), subtype: try u32(at: 8, in: .malformedHeader))
    architecture = cpu.name
    let count = Int(try u32(at: 16, in: .malformedHeader))
    let commandsSize = Int(try u32(at: 20, in: .malformedHeader))
    guard commandsSize <= reader.bytes.count - size else {
      throw error(
        .malformedHeader, at: 20,
        "sizeofcmds \(commandsSize) runs past the slice's \(reader.bytes.count) bytes")
    }
    // Every command has at least 8 bytes: a larger count is a lie, checked before any loop.
    guard count <= commandsSize / 8 else {
      throw error(
        .malformedHeader, at: 16,
        "ncmds \(count) cannot fit in sizeofcmds \(commandsSize) (8 bytes per command at least)")
    }
    return Header(
      cpu: cpu, fileType: MachOFileType(rawValue: try u32(at: 12, in: .malformedHeader)),
      commandCount: count, sizeOfCommands: commandsSize,
      flags: try u32(at: 24, in: .malformedHeader))
  }

  // MARK: - Load commands

  func commands(count: Int, start: Int, size: Int) throws(MachOError) -> Commands {
    var parsed = Commands()
    let end = start + size
    var offset = start
    for _ in 0..<count {
      guard end - offset >= 8 else {
        throw error(.malformedLoadCommand, at: offset, "a load command starts past sizeofcmds")
      }
      let command = try u32(at: offset)
      let commandSize = Int(try u32(at: offset + 4))
      guard commandSize >= 8, commandSize % 4 == 0, commandSize <= end - offset else {
        throw error(
          .malformedLoadCommand, at: offset + 4,
          "cmdsize \(commandSize) of command 0x\(String(command, radix: 16)) is below 8, not a "
            + "multiple of 4, or past sizeofcmds")
      }
      let loadCommand = MachOLoadCommand(command: command, offset: offset, size: commandSize)
      parsed.commands.append(loadCommand)
      try read(loadCommand, into: &parsed)
      offset += commandSize
    }
    guard offset == end else {
      throw error(
        .malformedHeader, at: 20,
        "the load commands take \(offset - start) bytes, sizeofcmds says \(size)")
    }
    try checkSegmentsDoNotOverlap(parsed.segments)
    return parsed
  }

  func read(_ command: MachOLoadCommand, into parsed: inout Commands) throws(MachOError) {
    switch command.command {
    case MachOLoadCommand.segment, MachOLoadCommand.segment64:
      parsed.segments.append(try segment(command))
    case MachOLoadCommand.codeSignature:
      guard parsed.codeSignature == nil else {
        throw error(.malformedLoadCommand, at: command.offset, "a second LC_CODE_SIGNATURE")
      }
      guard command.size == 16 else {
        throw error(
          .malformedLoadCommand, at: command.offset + 4, "LC_CODE_SIGNATURE is not 16 bytes")
      }
      let range = try fileRange(
        offset: UInt64(try u32(at: command.offset + 8)),
        size: UInt64(try u32(at: command.offset + 12)), at: command.offset + 8,
        "LC_CODE_SIGNATURE")
      parsed.codeSignature = MachOCodeSignatureCommand(
        commandOffset: command.offset, dataOffset: range.offset, dataSize: range.size)
    case MachOLoadCommand.buildVersion:
      guard command.size >= 24 else {
        throw error(.malformedLoadCommand, at: command.offset + 4, "LC_BUILD_VERSION is short")
      }
      let version = MachOPlatformVersion(
        platform: try u32(at: command.offset + 8), minimumOS: try u32(at: command.offset + 12),
        sdk: try u32(at: command.offset + 16), isBuildVersion: true)
      // A zippered binary has a macOS and a Mac Catalyst command: the macOS one decides.
      if parsed.buildVersion == nil
        || version.platform == MachOPlatformVersion.macOS
          && parsed.buildVersion?.platform != MachOPlatformVersion.macOS
      {
        parsed.buildVersion = version
      }
    case MachOLoadCommand.versionMinMacOS:
      guard command.size == 16 else {
        throw error(
          .malformedLoadCommand, at: command.offset + 4, "LC_VERSION_MIN_MACOSX is not 16 bytes")
      }
      parsed.versionMinMacOS = MachOPlatformVersion(
        platform: MachOPlatformVersion.macOS, minimumOS: try u32(at: command.offset + 8),
        sdk: try u32(at: command.offset + 12), isBuildVersion: false)
    default: break
    }
  }

  /// Segments with file data may not share bytes: a signature placed in one would overwrite
  /// another.
  func checkSegmentsDoNotOverlap(_ segments: [MachOSegment]) throws(MachOError) {
    let withData = segments.filter { $0.fileSize > 0 }.sorted { $0.fileOffset < $1.fileOffset }
    for (earlier, later) in zip(withData, withData.dropFirst())
    where earlier.fileEnd > later.fileOffset {
      throw error(
        .malformedLoadCommand, at: later.commandOffset,
        "segment \(later.name) at \(later.fileOffset) overlaps \(earlier.name), which ends at "
          + "\(earlier.fileEnd)")
    }
  }
}

extension MachOCommandParser {
  /// `LC_SEGMENT` or `LC_SEGMENT_64` with its sections.
  ///
  /// 64-bit: `segname[16]` at 8, `vmaddr`, `vmsize`, `fileoff`, `filesize` (u64) from 24,
  /// `nsects` at 64, sections of 80 bytes from 72. 32-bit: the same fields as u32 from 24,
  /// `nsects` at 48, sections of 68 bytes from 56.
  func segment(_ command: MachOLoadCommand) throws(MachOError) -> MachOSegment {
    let is64 = command.command == MachOLoadCommand.segment64
    let base = command.offset
    let headerSize = is64 ? 72 : 56
    let sectionSize = is64 ? 80 : 68
    guard command.size >= headerSize else {
      throw error(.malformedLoadCommand, at: base + 4, "a segment command of \(command.size) bytes")
    }
    let name = try name(at: base + 8)
    func wide(_ offset: Int) throws(MachOError) -> UInt64 {
      is64 ? try u64(at: base + offset) : UInt64(try u32(at: base + offset))
    }
    let vmAddress = try wide(24)
    let vmSize = try wide(is64 ? 32 : 28)
    let range = try fileRange(
      offset: try wide(is64 ? 40 : 32), size: try wide(is64 ? 48 : 36), at: base + 24,
      "segment \(name)")
    let count = Int(try u32(at: base + (is64 ? 64 : 48)))
    guard count <= (command.size - headerSize) / sectionSize else {
      throw error(
        .malformedLoadCommand, at: base + (is64 ? 64 : 48),
        "segment \(name) claims \(count) sections, its \(command.size)-byte command holds fewer")
    }
    var sections: [MachOSegment.Section] = []
    for index in 0..<count {
      let at = base + headerSize + index * sectionSize
      sections.append(
        MachOSegment.Section(
          name: try self.name(at: at), segmentName: try self.name(at: at + 16),
          address: is64 ? try u64(at: at + 32) : UInt64(try u32(at: at + 32)),
          size: is64 ? try u64(at: at + 40) : UInt64(try u32(at: at + 36)),
          fileOffset: Int(try u32(at: at + (is64 ? 48 : 40))),
          flags: try u32(at: at + (is64 ? 64 : 56))))
    }
    return MachOSegment(
      name: name, commandOffset: base, is64Bit: is64, vmAddress: vmAddress, vmSize: vmSize,
      fileOffset: range.offset, fileSize: range.size, sections: sections)
  }
}

package import SystemSupport

/// One universal binary made of the slices of several Mach-O files, as `lipo -create` makes it:
/// the slices in lipo's order, each at its alignment (``MachOUniversalLayout``), copied byte for
/// byte from where they lie.
///
/// ```swift
/// let plan = try UniversalMachOPlan([x86_64File, arm64File])   // MachOSliceExtents
/// try plan.write(to: output)
/// ```
///
/// A thin file gives its one slice, a universal file all of its slices; two slices of the same
/// architecture (CPU type and subtype, capability bits aside) are refused, as lipo refuses them.
package struct UniversalMachOPlan: Sendable {
  /// Where one slice of the output comes from.
  package struct Source: Sendable, Equatable {
    /// The file that holds it.
    package let path: String
    /// The slice's offset in that file.
    package let offset: Int
  }

  // MARK: - Properties

  /// The output's universal header.
  package let header: MachOFatHeader
  /// Where each of the header's slices comes from, in header order.
  package let sources: [Source]

  /// The output's size.
  package var size: Int { header.architectures.map { $0.offset + $0.size }.max() ?? 0 }

  // MARK: - Lifecycle

  /// Lays out the slices of `files`.
  ///
  /// - Throws: ``UniversalMachOError`` when two slices have the same architecture.
  package init(_ files: [MachOSliceExtents]) throws(UniversalMachOError) {
    var slices: [(extent: MachOSliceExtents.Extent, path: String)] = []
    for file in files {
      for extent in file.extents {
        if let earlier = slices.first(where: { Self.sameArchitecture($0.extent.cpu, extent.cpu) }) {
          throw .duplicateArchitecture(
            extent.cpu.name, firstPath: earlier.path, secondPath: file.path)
        }
        slices.append((extent, file.path))
      }
    }
    let ordered = Self.lipoOrder(slices.map(\.extent.cpu)).map { slices[$0] }
    let layout = MachOUniversalLayout(slices: ordered.map { ($0.extent.cpu, $0.extent.size) })
    header = layout.header
    sources = ordered.map { Source(path: $0.path, offset: $0.extent.offset) }
  }

  // MARK: - API

  /// Writes the universal binary to `output` (empty, at offset 0): the header, zeros up to each
  /// slice, and each slice copied from its file (inside the kernel where it can, else through a
  /// small buffer: never a whole file in memory).
  ///
  /// - Throws: ``SystemError`` when a file cannot be opened, read or written.
  package func write(to output: FileDescriptor) throws(SystemError) {
    let zeros = [UInt8](repeating: 0, count: 1 << MachOUniversalLayout.armAlignment)
    var written = 0
    func write(_ bytes: ArraySlice<UInt8>) throws(SystemError) {
      try output.writeAll(bytes)
      written += bytes.count
    }
    try write(header.bytes()[...])
    for (architecture, source) in zip(header.architectures, sources) {
      while written < architecture.offset {
        try write(zeros[..<min(zeros.count, architecture.offset - written)])
      }
      let input = try FileDescriptor.openForReading(source.path)
      defer { input.close() }
      try output.appendRange(of: input, at: Int64(source.offset), count: architecture.size)
      written += architecture.size
    }
  }

  // MARK: - Implementation

  /// Whether two CPUs are one architecture to lipo: the same type and subtype, the subtype's
  /// capability bits (its top byte) aside.
  private static func sameArchitecture(_ first: MachOCPU, _ second: MachOCPU) -> Bool {
    first.type == second.type && first.subtype & 0x00FF_FFFF == second.subtype & 0x00FF_FFFF
  }

  /// The indices of `cpus` in the order `lipo -create` writes slices (cctools' and llvm-lipo's
  /// comparison, kept stable): one CPU type by subtype, arm64 after every other type, the rest by
  /// alignment.
  private static func lipoOrder(_ cpus: [MachOCPU]) -> [Int] {
    func alignment(_ cpu: MachOCPU) -> Int {
      cpu.isARM ? MachOUniversalLayout.armAlignment : MachOUniversalLayout.otherAlignment
    }
    func precedes(_ first: MachOCPU, _ second: MachOCPU) -> Bool {
      if first.type == second.type { return first.subtype < second.subtype }
      if first.type == MachOCPU.arm64 { return false }
      if second.type == MachOCPU.arm64 { return true }
      return alignment(first) < alignment(second)
    }
    return cpus.indices.sorted { first, second in
      if precedes(cpus[first], cpus[second]) { return true }
      if precedes(cpus[second], cpus[first]) { return false }
      return first < second
    }
  }
}

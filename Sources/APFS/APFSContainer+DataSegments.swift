import SystemSupport

extension APFSContainer {
  /// The segments of a container's data, made as they are read: each stream's segment, then
  /// the zeros that pad it to whole blocks.
  struct DataSegments: Sequence, IteratorProtocol {
    private var streams: LazyMapSequence<Range<Int>, FileSystemPlan.PlacedStream>.Iterator
    private let blockSize: Int64
    /// The padding of the stream just given, still to give.
    private var padding: Int64?

    /// The segments of `plan`'s streams in blocks of `blockSize` bytes.
    init(of plan: FileSystemPlan, blockSize: Int) {
      streams = plan.streams.makeIterator()
      self.blockSize = Int64(blockSize)
    }

    mutating func next() -> SegmentedByteStream.Segment? {
      if let padding {
        self.padding = nil
        return .zeros(padding)
      }
      guard let stream = streams.next() else { return nil }
      let length = stream.segment.length
      padding = (length + blockSize - 1) / blockSize * blockSize - length
      return stream.segment
    }
  }
}

/// Why a bill of materials (`Bom`) could not be read: what is wrong, in which block, at which
/// byte, and the paths concerned.
///
/// ```
/// Bom block 131 (at byte 30712): leaf (2, "Info.plist") of ./A/Info.plist comes after ./A/PkgInfo; lsbom stops there
/// ```
package struct BomReaderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The kind of problem.
  package enum Code: String, Sendable {
    /// The file is larger than ``BomReader/maximumSize``.
    case tooLarge
    /// The file does not start with a `BOMStore` header of version 1.
    case notABom
    /// The block table or the variables lie outside the file, or their counts overrun them.
    case tableOutsideFile
    /// A variable the reader needs (`BomInfo`, `Paths`) is missing.
    case missingVariable
    /// The variables' table is malformed: a name runs past it, is empty or comes twice.
    case malformedVariables
    /// A block number is 0 (the null block) or past the block table.
    case blockOutOfRange
    /// A block lies outside the file or over its header.
    case blockOutsideFile
    /// A block is shorter than the structure it holds.
    case blockTooShort
    /// A tree's block does not start with `tree` and version 1.
    case notATree
    /// A tree node is neither a leaf nor a branch, or a branch holds no child.
    case malformedNode
    /// A tree is deeper than ``BomReader/maximumTreeDepth``.
    case treeTooDeep
    /// A tree reaches one of its nodes twice (a cycle, or a node shared).
    case nodeRevisited
    /// A leaf's forward or backward link does not name the leaf beside it.
    case brokenLeafChain
    /// A tree's count differs from the entries of its leaves.
    case countMismatch
    /// A path's key is not a parent ID and a NUL-terminated name, or its name is empty, `.`,
    /// `..` or holds `/`.
    case malformedName
    /// A path record's type is unknown, or its link target or architectures overrun it.
    case malformedRecord
    /// Two paths share an ID, or one has ID 0.
    case duplicatePathID
    /// No path, or more than one, is the root `.` (parent 0).
    case missingRoot
    /// A path names a parent ID no path has.
    case unknownParent
    /// A path's parent is not a folder.
    case parentNotFolder
    /// A path is, through its parents, its own ancestor.
    case parentCycle
    /// A path is longer than ``BomReader/maximumPathLength``, or all paths together are longer
    /// than ``BomReader/maximumSize``.
    case pathTooLong
    /// A leaf's (parent ID, name) does not come after the one before it, the order `lsbom`
    /// needs; ``BomReaderError/paths`` names both.
    case leavesOutOfOrder
    /// Two leaves name the same path.
    case duplicatePath
    /// A `Size64` key is not the record block of any path.
    case unmatchedSize64
  }

  /// The kind of problem.
  package let code: Code
  /// The block concerned, if the problem is in one.
  package let block: UInt32?
  /// Where the problem is in the file: the block's start, or the field's.
  package let offset: Int64
  /// The paths concerned, once known: for ``Code/leavesOutOfOrder`` the leaf before, then the
  /// leaf out of order.
  package let paths: [String]
  /// A sentence naming the problem.
  package let message: String

  /// Makes an error.
  package init(
    _ code: Code, block: UInt32? = nil, at offset: Int64, paths: [String] = [], _ message: String
  ) {
    self.code = code
    self.block = block
    self.offset = offset
    self.paths = paths
    self.message = message
  }

  /// `Bom block <block> (at byte <offset>): <message>`.
  package var description: String {
    "Bom\(block.map { " block \($0)" } ?? "") (at byte \(offset)): \(message)"
  }
}

package import StagedTree
package import SystemSupport

/// A volume of one file system, built from a staged tree in two steps, each item planned once.
///
/// ``plan(root:options:)`` names, numbers and dates every item (what the `.DS_Store`'s
/// background alias needs) and lays out everything the `.DS_Store`'s size does not change;
/// ``VolumePlan/build(dsStore:)`` then puts the store's bytes in the root's `.DS_Store` and
/// writes the volume:
///
/// ```swift
/// let plan = try HFSPlusVolume.plan(root: root, options: VolumeOptions(volumeName: "Hello"))
/// let alias = plan.item(atPath: "/.background/bg.png")
/// let volume = try plan.build(dsStore: storeBytes(alias))
/// ```
package protocol FileSystemVolume: Sendable {
  /// The plan this file system makes of a staged tree.
  associatedtype Plan: VolumePlan where Plan.Volume == Self

  /// The volume's file system, which says the partition type that holds it.
  static var fileSystem: VolumeFileSystem { get }

  /// Plans the volume for `root`'s children.
  ///
  /// A child of the root named `.DS_Store` whose content is bytes in memory is the store the
  /// plan's ``VolumePlan/build(dsStore:)`` fills in.
  ///
  /// - Throws: The file system's error for names it cannot hold or that collide in a folder,
  ///   and for items it cannot store.
  static func plan(root: SourceItem, options: VolumeOptions) throws -> Plan

  /// A stream of the volume's bytes, from the start.
  ///
  /// Each call makes a new stream; a volume of a million files makes its pieces (each file's
  /// data, its catalog's nodes) as the stream reaches them rather than holding them.
  func makeStream() -> SegmentedByteStream
  /// The volume's size in bytes.
  var byteCount: Int64 { get }
  /// The volume's 64-bit identifier (the image's too).
  var identifier: UInt64 { get }
  /// Files and symbolic links, and folders (the root not counted), as the volume counts them.
  var itemCounts: (files: UInt32, folders: UInt32) { get }
}

extension FileSystemVolume {
  /// Plans and builds the volume for `root` in one step, its `.DS_Store` (if any) as staged.
  ///
  /// - Throws: What ``plan(root:options:)`` and ``VolumePlan/build(dsStore:)`` throw.
  package init(root: SourceItem, options: VolumeOptions) throws {
    self = try Self.plan(root: root, options: options).build(dsStore: root.stagedDSStore)
  }
}

/// The file systems a volume can have.
package enum VolumeFileSystem: Sendable, Equatable {
  /// HFS+ (Mac OS Extended), in an `Apple_HFS` partition.
  case hfsPlus
  /// APFS, a container in an `Apple_APFS` partition.
  case apfs
}

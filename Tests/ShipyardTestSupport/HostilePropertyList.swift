/// A binary property list Foundation crashed on, for the readers of property lists from outside.
package enum HostilePropertyList {
  /// `{"backgroundType": 1, "backgroundColorRed": {1}}`, the set object at byte 51.
  ///
  /// The shape of a `.DS_Store` icon-view record on which Fuzz/image-readers' dsstore target crashed
  /// swift-corelibs-foundation (bridging a non-empty `NSSet`). The offset table starts at
  /// byte 53, one byte per object.
  package static let iconViewWithASet: [UInt8] =
    Array("bplist00".utf8) + [0xD2, 1, 2, 3, 4, 0x5E] + Array("backgroundType".utf8)
    + [0x5F, 0x10, 0x12] + Array("backgroundColorRed".utf8) + [0x10, 1, 0xC1, 3]
    + [8, 13, 28, 49, 51] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 5]
    + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 53]
}

/// A place in an icon family for a PNG picture of one size, and the type that names it.
///
/// The types are those `iconutil` writes from an `.iconset`; Pillow's `IcnsImagePlugin` reads the
/// same list.
struct IconFamilySlot: Sendable, Equatable {
  /// The element's type, such as `ic07`.
  let type: String
  /// The picture's width and height in pixels.
  let pixels: Int

  /// The slots a PNG can fill, smallest first: 1x sizes and their 2x (Retina) twins.
  ///
  /// - `icp4` 16 and `icp5` 32: 16 and 32 points.
  /// - `ic11` 32 and `ic12` 64: 16 and 32 points at 2x.
  /// - `ic07` 128, `ic08` 256 and `ic09` 512: 128, 256 and 512 points.
  /// - `ic13` 256, `ic14` 512 and `ic10` 1024: 128, 256 and 512 points at 2x.
  static let png: [IconFamilySlot] = [
    .init(type: "icp4", pixels: 16), .init(type: "ic11", pixels: 32),
    .init(type: "icp5", pixels: 32), .init(type: "ic12", pixels: 64),
    .init(type: "ic07", pixels: 128), .init(type: "ic13", pixels: 256),
    .init(type: "ic08", pixels: 256), .init(type: "ic14", pixels: 512),
    .init(type: "ic09", pixels: 512), .init(type: "ic10", pixels: 1024),
  ]
}

package import DiskImage
package import FinderLayout

/// What `dmg build` makes, and from what.
package struct DMGBuildOptions: Sendable {
  /// The `.app` bundle, or a folder whose items all go on the volume.
  package var source: String
  /// Where the image goes.
  package var output: String
  /// The volume's name; by default the app's name without `.app`, or the folder's name.
  package var volumeName: String?
  /// The image format.
  package var format: ImageFormat = .udzo
  /// The compression level; by default the format's.
  package var level: Int?
  /// Whether to add an `Applications` link to `/Applications` beside the app.
  package var applicationsLink = true
  /// The owner and group of every item.
  package var ownerID: UInt32 = 501
  /// The group of every item.
  package var groupID: UInt32 = 20
  /// Free space to leave on the volume, in bytes.
  package var freeSpace: Int64 = 0
  /// The latest date written (`SOURCE_DATE_EPOCH`); later source dates are clamped to it.
  package var dateLimit: Int64?
  /// The volume identifier; by default derived from the content.
  package var volumeIdentifier: UInt64?
  /// How many chunks are compressed at once.
  package var threads: Int
  /// The Finder window: size, icons, positions, background colour.
  package var layout = FinderWindowLayout()
  /// A background picture, copied into a hidden `.background` folder.
  package var background: String?
  /// The background's 2x picture for Retina screens; by default its `@2x` sibling, if any.
  package var background2x: String?
  /// The scale the background picture is drawn at: 2 stores a lone Retina picture at 144 dpi.
  package var backgroundScale = 1
  /// A volume icon (`.icns`), copied as `.VolumeIcon.icns`.
  package var volumeIcon: String?
  /// The Applications link's name.
  package var applicationsLinkName = "Applications"
  /// Root items whose name extension the Finder hides (such as `MyApp` for `MyApp.app`).
  package var hiddenExtensions: [String] = []
  /// A license agreement shown before mounting: a `.rtf` file, or plain UTF-8 text.
  package var license: String?
  /// License agreements in other languages (or English by tag), with their button titles.
  package var licenses: [LicenseAgreement.Source] = []
  /// The language shown when the user's is not among the licenses; by default the first.
  package var licenseDefaultLanguage: String?
  /// More items for the volume's root, after the app.
  package var additions: [Addition] = []
  /// The volume's file system: HFS+ (the default) or APFS.
  package var fileSystem: FileSystem = .hfsPlus
  /// Whether an APFS volume tells names apart by case (hdiutil's "APFS (Case-sensitive)").
  package var caseSensitive = false

  /// The file systems an image's volume can have.
  package enum FileSystem: String, Sendable, Equatable, CaseIterable {
    /// HFS+ (Mac OS Extended), case-insensitive, as `hdiutil create -fs HFS+` makes it.
    case hfsPlus = "HFS+"
    /// APFS, case- and normalization-insensitive unless asked otherwise; macOS 10.13 and later
    /// open it.
    case apfs = "APFS"
  }

  /// An item added to the volume's root.
  package enum Addition: Sendable, Equatable {
    /// A file or folder copied from `path`, named `name` on the volume.
    case file(path: String, name: String)
    /// A symbolic link named `name` pointing to `target`.
    case link(name: String, target: String)
  }

  /// Makes options for `source` and `output`.
  package init(source: String, output: String, threads: Int) {
    self.source = source
    self.output = output
    self.threads = threads
  }
}

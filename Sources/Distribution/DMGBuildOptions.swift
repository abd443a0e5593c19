public import DiskImage
public import FinderLayout
public import Foundation

/// What `dmg build` makes, and from what: the source, the output, the volume, the image format
/// and the Finder layout.
///
/// Every option of `shipyard dmg build` is a property here, with the same default; a
/// ``DMGBuilder`` builds the image they describe. The library reads no environment variable:
/// set ``dateLimit`` from `SOURCE_DATE_EPOCH` yourself when you want it honoured.
///
/// ```swift
/// var options = DMGBuildOptions(source: "build/MyApp.app", output: "dist/MyApp.dmg")
/// options.format = .ulmo
/// options.background = "art/background.png"  // with art/background@2x.png beside it
/// options.layout.positions = ["MyApp.app": (x: 180, y: 170), "Applications": (x: 480, y: 170)]
/// ```
public struct DMGBuildOptions: Sendable {
  /// The `.app` bundle, or a folder whose items all go on the volume.
  public var source: String
  /// Where the image goes.
  public var output: String
  /// The volume's name; by default the app's name without `.app`, or the folder's name.
  public var volumeName: String?
  /// The image format.
  public var format: ImageFormat = .udzo
  /// The compression level, within the format's `levels`; by default its `defaultLevel`.
  public var level: Int?
  /// Whether to add an `Applications` link to `/Applications` beside the app.
  public var applicationsLink = true
  /// The owner (user ID) of every item.
  public var ownerID: UInt32 = 501
  /// The group of every item.
  public var groupID: UInt32 = 20
  /// Free space to leave on the volume, in bytes.
  public var freeSpace: Int64 = 0
  /// The latest date written, in seconds since 1970 (`SOURCE_DATE_EPOCH`); later source dates
  /// are clamped to it.
  public var dateLimit: Int64?
  /// The volume identifier; by default derived from the content.
  public var volumeIdentifier: UInt64?
  /// How many chunks are compressed at once.
  public var threads: Int
  /// The Finder window: size, icons, positions, background colour.
  public var layout = FinderWindowLayout()
  /// A background picture, copied into a hidden `.background` folder.
  public var background: String?
  /// The background's 2x picture for Retina screens; by default its `@2x` sibling, if any.
  public var background2x: String?
  /// The scale the background picture is drawn at: 2 stores a lone Retina picture at 144 dpi.
  public var backgroundScale = 1
  /// A volume icon: an `.icns`, copied as `.VolumeIcon.icns`, or a square PNG of at least
  /// 16×16 pixels, made into one (PNG pictures of 16 to 1024 pixels, none larger than the PNG).
  public var volumeIcon: String?
  /// The Applications link's name.
  public var applicationsLinkName = "Applications"
  /// Root items whose name extension the Finder hides (such as `MyApp` for `MyApp.app`).
  public var hiddenExtensions: [String] = []
  /// A license agreement shown before mounting: a `.rtf` file, or plain UTF-8 text.
  public var license: String?
  /// License agreements in other languages (or English by tag), with their button titles.
  public var licenses: [LicenseAgreement.Source] = []
  /// The language shown when the user's is not among the licenses; by default the first.
  public var licenseDefaultLanguage: String?
  /// More items for the volume's root, after the app.
  public var additions: [Addition] = []
  /// The volume's file system: HFS+ (the default) or APFS.
  public var fileSystem: FileSystem = .hfsPlus
  /// Whether an APFS volume tells names apart by case (hdiutil's "APFS (Case-sensitive)").
  public var caseSensitive = false

  /// The file systems an image's volume can have.
  public enum FileSystem: String, Sendable, Equatable, CaseIterable {
    /// HFS+ (Mac OS Extended), case-insensitive, as `hdiutil create -fs HFS+` makes it.
    case hfsPlus = "HFS+"
    /// APFS, case- and normalization-insensitive unless asked otherwise; macOS 10.13 and later
    /// open it.
    case apfs = "APFS"
  }

  /// An item added to the volume's root.
  public enum Addition: Sendable, Equatable {
    /// A file or folder copied from `path`, named `name` on the volume.
    case file(path: String, name: String)
    /// A symbolic link named `name` pointing to `target`.
    case link(name: String, target: String)
  }

  /// Makes options for `source` and `output`, every other option at its default.
  ///
  /// - Parameters:
  ///   - source: The `.app` bundle, or a folder whose items all go on the volume.
  ///   - output: Where the image goes; it is written to a temporary file beside it and renamed
  ///     into place.
  ///   - threads: How many chunks are compressed at once; by default one per core.
  public init(
    source: String, output: String,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.source = source
    self.output = output
    self.threads = threads
  }
}

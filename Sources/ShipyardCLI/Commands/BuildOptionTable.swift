import Distribution

/// The options of `dmg build`, shared with `dmg ship`, each declared once: the image's and the
/// volume's (``general``), the layout's (``layout``), the license's (``license``) and the
/// window's and view's (``view``), with the keys only configuration files have (``fileKeys``).
enum BuildOptionTable {
  /// An option of `dmg build`.
  typealias Spec = OptionSpec<DMGBuildArguments>

  /// The options a build starts from: the defaults the help shows.
  static var defaults: DMGBuildOptions { DMGBuildArguments().options }

  /// Every option, in the order of `dmg build --help`.
  static var all: [Spec] { general + layout + license + view + fileKeys }

  /// The image and volume options: the OPTIONS section of `dmg build --help`.
  static let general: [Spec] = [
    .option(
      "-o", "--output", value: "<file>", .string, key: "output", path: true,
      help: OptionHelp(
        "The image, or a folder for it; missing folders are made.",
        default: "<volume name>.dmg")
    ) { $0.output = $1 },
    .option(
      "--volume-name", value: "<name>", .string, key: "volumeName",
      appdmg: ConfigKey("title", required: true),
      help: OptionHelp("The volume's name.", default: "the app's name without .app")
    ) { $0.options.volumeName = $1 },
    .option(
      "--format", value: "<format>", .imageFormat, key: "format", appdmg: "format",
      help: "UDZO (zlib, default), UDBZ (bzip2), ULMO (xz) or UDRO (uncompressed)."
    ) { $0.options.format = $1 },
    .option(
      "--filesystem", value: "<fs>", .fileSystem, key: "filesystem", appdmg: "filesystem",
      help: "HFS+ (default) or APFS (case- and normalization-insensitive)."
    ) { $0.options.fileSystem = $1 },
    .flag(
      "--case-sensitive", key: "caseSensitive", help: "Makes the APFS volume case-sensitive."
    ) { $0.options.caseSensitive = true },
    .option(
      "--level", value: "<n>", .string, key: "level",
      help: OptionHelp(
        """
        The compression level: \(levels(.udzo, by: "libdeflate")),
        \(levels(.udbz)), \(levels(.ulmo)).
        """)
    ) { $0.level = $1 },
    .flag(
      "--no-applications-link", key: ConfigKey("applicationsLink", .negated),
      help: "Leaves out the Applications link."
    ) { $0.options.applicationsLink = false },
    .option(
      "--owner", value: "<uid:gid>", .owner, key: "owner",
      help: OptionHelp(
        "The owner and group of every item.",
        default: .owner(user: defaults.ownerID, group: defaults.groupID))
    ) {
      $0.options.ownerID = $1.user
      $0.options.groupID = $1.group
    },
    .option(
      "--free-space", value: "<size>", .byteCount, key: "freeSpace",
      help: OptionHelp(
        "Free space to leave on the volume, such as 10M.", default: .value(defaults.freeSpace))
    ) { $0.options.freeSpace = $1 },
    .option(
      "--threads", value: "<n>", .positive, key: "threads",
      help: OptionHelp("Chunks compressed at once.", default: "the number of cores")
    ) { $0.options.threads = $1 },
    OutputLocation.forceFlag { $0.replacesOutput = true },
  ]

  /// The levels `format` takes and its default, as `--level`'s help writes them:
  /// `UDZO 1-12 (libdeflate, default 5)`.
  private static func levels(_ format: ImageFormat, by library: String? = nil) -> String {
    let range = "\(format.levels.lowerBound)-\(format.levels.upperBound)"
    let library = library.map { "\($0), " } ?? ""
    return "\(format.rawValue) \(range) (\(library)default \(format.defaultLevel))"
  }

  /// The keys only configuration files have: our `source`, appdmg's `contents` (the app, the
  /// other items, the links and every icon's place) and `$schema`.
  ///
  /// `contents` comes last, so that a mistake elsewhere in the file is named first.
  static let fileKeys: [Spec] = [
    .fileKey("source", .string, path: true) { $0.source = $1 },
    .ignoredKey(appdmg: "$schema"),
    .fileKey(
      nil, appdmg: ConfigKey("contents", .custom(AppdmgContents.init), required: true),
      ValueParser { _, origin throws(CommandError) in
        throw origin.error("contents must be a list of entries")
      }, path: true
    ) { $1.apply(to: &$0) },
  ]
}

extension BuildOptionTable {
  /// Every option, the general ones listed in one entry described by `help` and the others not
  /// shown: how `dmg ship --help` refers to `dmg build`'s.
  static func summarized(as help: OptionHelp) -> [Spec] {
    general.enumerated().map { index, spec in
      spec.with(help: index == 0 ? help : .listedWithPrevious)
    } + (layout + license + view + fileKeys).map { $0.with(help: .hidden) }
  }
}

import Distribution
import Foundation

/// The options of `dmg build`, shared with `dmg ship`.
enum BuildOptions {
  static let declarations: [ArgumentScanner.Option] =
    [
      .value("-o", "--output"), .value("--volume-name"), .value("--format"), .value("--level"),
      .flag("--no-applications-link"), .value("--owner"), .value("--free-space"),
      .value("--threads"),
      .value("--background"), .value("--background-color"), .value("--icon-size"),
      .value("--text-size"),
      .value("--window"), .value("--window-position"), .value("--icon"), .value("--volume-icon"),
      .value("--applications-link-name"), .value("--add"), .value("--link"),
      .value("--hide-extension"), .value("--license"), .value("--background-2x"),
      .value("--background-scale"),
      .value("--filesystem"), .flag("--case-sensitive"),
    ] + FinderViewOptions.declarations + LicenseOptions.declarations

  /// Parses the build options for `source`.
  static func parse(source: String, _ scanned: ArgumentScanner.Result, scanner: ArgumentScanner)
    throws(CommandError) -> DMGBuildOptions
  {
    let trimmed = source.hasSuffix("/") && source.count > 1 ? String(source.dropLast()) : source
    let name =
      scanned.last("--volume-name")
      ?? ((trimmed as NSString).lastPathComponent as NSString).deletingPathExtension
    var options = DMGBuildOptions(
      source: trimmed, output: scanned.last("--output") ?? "\(name).dmg",
      threads: ProcessInfo.processInfo.activeProcessorCount)
    options.volumeName = scanned.last("--volume-name")
    if let format = scanned.last("--format") {
      guard let parsed = ImageFormat(rawValue: format.uppercased()) else {
        throw scanner.usage(
          "unknown format \(format.debugDescription): use UDZO, UDBZ, ULMO or UDRO")
      }
      options.format = parsed
    }
    if let fileSystem = scanned.last("--filesystem") {
      guard
        let parsed = DMGBuildOptions.FileSystem.allCases.first(where: {
          $0.rawValue.caseInsensitiveCompare(fileSystem) == .orderedSame
        })
      else {
        throw scanner.usage(
          "unknown file system \(fileSystem.debugDescription): use HFS+ or APFS")
      }
      options.fileSystem = parsed
    }
    options.caseSensitive = scanned.has("--case-sensitive")
    if options.caseSensitive && options.fileSystem != .apfs {
      throw scanner.usage("--case-sensitive applies to APFS volumes (--filesystem APFS)")
    }
    if let level = scanned.last("--level") {
      let levels = options.format.levels
      guard let value = Int(level), levels.contains(value) else {
        throw scanner.usage(
          "--level takes \(levels.lowerBound) to \(levels.upperBound) for \(options.format.rawValue)"
        )
      }
      options.level = value
    }
    options.applicationsLink = !scanned.has("--no-applications-link")
    if let owner = scanned.last("--owner") {
      let parts = owner.split(separator: ":")
      guard parts.count == 2, let uid = UInt32(parts[0]), let gid = UInt32(parts[1]) else {
        throw scanner.usage("--owner takes <uid>:<gid>, such as 501:20")
      }
      (options.ownerID, options.groupID) = (uid, gid)
    }
    if let free = scanned.last("--free-space") {
      guard let bytes = parseSize(free) else {
        throw scanner.usage("--free-space takes a size such as 512K, 10M or 1G")
      }
      options.freeSpace = bytes
    }
    try parseLayout(scanned, scanner: scanner, into: &options)
    if let threads = scanned.last("--threads") {
      guard let value = Int(threads), value > 0 else {
        throw scanner.usage("--threads takes a positive number")
      }
      options.threads = value
    }
    return options
  }

  /// The Finder layout flags.
  static func parseLayout(
    _ scanned: ArgumentScanner.Result, scanner: ArgumentScanner, into options: inout DMGBuildOptions
  ) throws(CommandError) {
    options.background = scanned.last("--background")
    options.background2x = scanned.last("--background-2x")
    if let scale = scanned.last("--background-scale") {
      guard let value = Int(scale), [1, 2].contains(value) else {
        throw scanner.usage("--background-scale takes 1 or 2, not \(scale.debugDescription)")
      }
      options.backgroundScale = value
    }
    if options.background == nil,
      let flag = ["--background-2x", "--background-scale"].first(where: scanned.has)
    {
      throw scanner.usage("\(flag) needs --background <picture>")
    }
    options.volumeIcon = scanned.last("--volume-icon")
    try LicenseOptions.parse(scanned, scanner: scanner, into: &options)
    if let name = scanned.last("--applications-link-name") { options.applicationsLinkName = name }
    if let color = scanned.last("--background-color") {
      guard let parsed = FinderWindowLayout.Color(css: color) else {
        throw scanner.usage(
          "--background-color takes #rrggbb, #rgb, rgb(r, g, b) or a CSS colour name, not \(color.debugDescription)"
        )
      }
      options.layout.backgroundColor = parsed
    }
    if let size = scanned.last("--icon-size") {
      guard let value = Int(size), (16...512).contains(value) else {
        throw scanner.usage("--icon-size takes 16 to 512")
      }
      options.layout.iconSize = value
    }
    if let size = scanned.last("--text-size") {
      guard let value = Int(size), (10...16).contains(value) else {
        throw scanner.usage("--text-size takes 10 to 16")
      }
      options.layout.textSize = value
    }
    if let window = scanned.last("--window") {
      let parts = window.lowercased().split(separator: "x")
      guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0,
        height > 0
      else {
        throw scanner.usage("--window takes <width>x<height>, such as 660x400")
      }
      options.layout.windowSize = (width, height)
    }
    if let position = scanned.last("--window-position") {
      guard let point = point(position) else {
        throw scanner.usage("--window-position takes <x>,<y>, such as 200,120")
      }
      options.layout.windowOrigin = point
    }
    for addition in scanned.all("--add") {
      if let marker = addition.range(of: "=@"), marker.lowerBound > addition.startIndex {
        options.additions.append(
          .file(
            path: String(addition[marker.upperBound...]),
            name: String(addition[..<marker.lowerBound])))
      } else {
        options.additions.append(
          .file(path: addition, name: (addition as NSString).lastPathComponent))
      }
    }
    options.hiddenExtensions = scanned.all("--hide-extension")
    for link in scanned.all("--link") {
      guard let equals = link.firstIndex(of: "="), equals > link.startIndex,
        link.index(after: equals) < link.endIndex
      else {
        throw scanner.usage(
          "--link takes <name>=<target>, such as Docs=/Library/Documentation, not \(link.debugDescription)"
        )
      }
      options.additions.append(
        .link(name: String(link[..<equals]), target: String(link[link.index(after: equals)...])))
    }
    for icon in scanned.all("--icon") {
      guard let equals = icon.lastIndex(of: "="),
        let point = point(String(icon[icon.index(after: equals)...]))
      else {
        throw scanner.usage(
          "--icon takes <name>=<x>,<y>, such as Hello.app=180,170, not \(icon.debugDescription)")
      }
      options.layout.positions[String(icon[..<equals])] = point
    }
    try FinderViewOptions.parse(scanned, scanner: scanner, into: &options.layout)
  }

  static func point(_ text: String) -> (x: Int, y: Int)? {
    let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) else { return nil }
    return (x, y)
  }

  /// Builds the image, with progress and a summary on standard error.
  static func build(_ options: DMGBuildOptions, command: String, console: Console)
    throws(CommandError)
  {
    var options = options
    if let epoch = console.environment["SOURCE_DATE_EPOCH"] {
      guard let seconds = Int64(epoch) else {
        throw .usage(
          "SOURCE_DATE_EPOCH is \(epoch.debugDescription), not a number of seconds",
          command: command)
      }
      options.dateLimit = seconds
    }
    let bar = console.errorIsTerminal ? StepProgress(console: console) : nil
    do {
      let result = try DMGBuilder(options: options).build { done, total in
        bar?.update(done: done, total: total)
      }
      bar?.finish()
      console.printError(
        "wrote \(options.output): volume \(result.volumeName.debugDescription), \(result.fileCount) files, "
          + "\(result.folderCount) folders, \(ProgressBar.formatBytes(Double(result.volumeBytes))) volume, "
          + "\(ProgressBar.formatBytes(Double(result.imageBytes))) image")
    } catch {
      throw .failure("\(error)")
    }
  }

  /// `512`, `512K`, `10M`, `1G` (powers of 1024).
  static func parseSize(_ text: String) -> Int64? {
    let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    if let last = text.uppercased().last, let unit = units[last] {
      return Int64(text.dropLast()).map { $0 * unit }
    }
    return Int64(text)
  }
}

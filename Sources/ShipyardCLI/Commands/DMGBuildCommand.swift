import Distribution
import Foundation

/// `shipyard dmg build`: makes a disk image from an app, natively.
struct DMGBuildCommand: ShipyardCommand {
  static let path = "dmg build"
  static let summary = "Build a disk image from an .app (or a folder), with an Applications link."
  static let help = """
    OVERVIEW: \(summary)

    USAGE: shipyard dmg build <app-or-folder> [-o <out.dmg>] [--volume-name <name>] [--format <format>]
                              [--filesystem HFS+|APFS] [--case-sensitive] [--level <n>] [--no-applications-link] [--owner <uid:gid>]
                              [--free-space <size>] [--threads <n>] [layout options]
           shipyard dmg build --config <file.json> [-o <out.dmg>]

    Writes an HFS+ volume or an APFS container inside a UDIF image, as hdiutil does, with no
    hdiutil and no Finder: the same inputs give the same bytes on every OS. APFS images open on
    macOS 10.13 and later. An .app goes at the volume's root beside an
    Applications link; a folder's items all go at the root. The Finder window's layout is written
    as a .DS_Store. The image is written to a temporary file beside the output and renamed into
    place when complete.

    Dates come from the sources, clamped to SOURCE_DATE_EPOCH when it is set.

    OPTIONS:
      -o, --output <file>     The image to write (default: <volume name>.dmg).
      --volume-name <name>    The volume's name (default: the app's name without .app).
      --format <format>       UDZO (zlib, default), UDBZ (bzip2), ULMO (xz) or UDRO (uncompressed).
      --filesystem <fs>       HFS+ (default) or APFS (case- and normalization-insensitive).
      --case-sensitive        Makes the APFS volume case-sensitive.
      --level <n>             The compression level: UDZO 1-12 (libdeflate, default 5),
                              UDBZ 1-9 (default 9), ULMO 0-9 (default 6).
      --no-applications-link  Leaves out the Applications link.
      --owner <uid:gid>       The owner and group of every item (default: 501:20).
      --free-space <size>     Free space to leave on the volume, such as 10M (default: 0).
      --threads <n>           Chunks compressed at once (default: the number of cores).
      --config <file.json>    Reads the options from a JSON file: ours (keys as the flags, such as
                              source, output, volumeName, background, icons) or appdmg's (title,
                              icon, background, contents, ...). Paths are relative to the file, and
                              flags given here win.
      -h, --help              Shows this help.

    LAYOUT OPTIONS:
      --window <w>x<h>        The window's size (default: 660x400).
      --window-position <x>,<y>
                              The window's top-left corner on screen (default: 200,120).
      --icon-size <n>         The icons' size, 16 to 512 (default: 128).
      --text-size <n>         The labels' size, 10 to 16 (default: 13).
      --icon <name>=<x>,<y>   Where an item's icon sits (repeatable; default: the app at 180,170,
                              Applications at 480,170, other items in rows below).
      --background <picture>  A background picture (PNG, JPEG, TIFF, ...), stored in .background/.
      --background-color <c>  A background colour: #rrggbb, #rgb, rgb(r, g, b) or a CSS name.
      --volume-icon <file>    The volume's icon (.icns), stored as .VolumeIcon.icns.
      --applications-link-name <name>
                              The Applications link's name (default: Applications).
      --add <path>            Also puts a file or folder at the root (repeatable); <name>=@<path>
                              gives it another name.
      --link <name>=<target>  Also puts a symbolic link at the root (repeatable).
      --hide-extension <name> Hides the extension of a root item in the Finder (repeatable).
      --background-2x <picture>
                              The background's 2x picture (default: its @2x sibling, such as
                              bg@2x.png beside bg.png): both go in one TIFF, 1x at 72 dpi and 2x
                              at 144 dpi. The 2x must be exactly twice the 1x.
      --background-scale <n>  2 stores a lone picture made for Retina screens at 144 dpi.
      --license [<lang>=]<file>
                              A license agreement shown before mounting, with Agree and Disagree
                              in its language (repeatable, such as de=LIZENZ.txt; English without
                              a tag): an .rtf file, or plain UTF-8 text in the language's Mac
                              encoding.
      --license-default <lang>
                              The language shown when the user's is not given (default: first).
      --license-buttons <lang>=<JSON array>
                              Six button texts for a language: its name, Agree, Disagree, Print,
                              Save, and the instructions.

    WINDOW AND VIEW OPTIONS (all bars hidden by default):
      --show-toolbar, --show-sidebar, --show-status-bar, --show-path-bar, --show-tab-view
                              Shows that part of the window.
      --sidebar-width <n>     The sidebar's width, 100 to 1000 (default: 180).
      --view <style>          icon (default), list or column.
      --label-position <p>    bottom (default) or right of the icons.
      --arrange-by <key>      none (default), name, date-modified, date-created, date-added,
                              date-last-opened, size, kind or label.
      --grid-spacing <n>      The icon grid's spacing, 1 to 100 (default: 100).
      --show-item-info        Shows sizes and counts under the labels.
      --show-icon-preview     Shows previews of files' contents as their icons.
      --list-icon-size <n>    The list view's icons, 16 to 32 (default: 16).
      --list-text-size <n>    The list view's text, 10 to 16 (default: 12).
      --list-sort-by <column> name (default), date-modified, date-created, date-added,
                              date-last-opened, size, kind, label, version or comments.
      --list-columns <a,b,..> The columns shown, name first (default:
                              name,date-modified,size,kind,date-added).
      --list-column-width <column>=<n>
                              A column's width (repeatable).
      --list-absolute-dates   Full dates instead of "Today" and "Yesterday".
      --list-calculate-all-sizes
                              Computes folder sizes.

    EXAMPLES:
      shipyard dmg build Examples/Hello.app
      shipyard dmg build build/MyApp.app -o dist/MyApp-1.2.dmg --format ULMO
      shipyard dmg build build/MyApp.app --background art/dmg.png --window 640x480 \\
        --icon MyApp.app=160,240 --icon Applications=480,240 --add README.pdf
      shipyard dmg build --config Examples/layout.json -o Hello.dmg
    """

  let options: DMGBuildOptions

  init(arguments: [String]) throws(CommandError) {
    let scanner = ArgumentScanner(command: Self.path, options: BuildOptions.declarations)
    let scanned = try ConfigFile.scan(arguments, with: scanner, allowsRelease: false)
    guard scanned.positionals.count == 1 else {
      throw scanner.usage(
        scanned.positionals.isEmpty ? "missing <app-or-folder>" : "expected one <app-or-folder>")
    }
    options = try BuildOptions.parse(source: scanned.positionals[0], scanned, scanner: scanner)
  }

  func run(console: Console) async throws(CommandError) {
    try BuildOptions.build(options, command: Self.path, console: console)
  }
}

/// A percentage on standard error for long steps.
final class StepProgress: @unchecked Sendable {
  private let console: Console
  private var lastPercent = -1

  init(console: Console) { self.console = console }

  func update(done: Int64, total: Int64) {
    let percent = total > 0 ? Int(done * 100 / total) : 100
    guard percent != lastPercent else { return }
    lastPercent = percent
    console.writeError("\rbuilding: \(percent)%")
  }

  func finish() { console.writeError("\r") }
}

import Foundation

#if canImport(UniformTypeIdentifiers)
import UniformTypeIdentifiers
#endif

/// MIME types for file names, as browsers and curl choose them.
///
/// On Apple platforms the system's `UTType` database answers first; everywhere, a built-in table
/// of about 120 common extensions follows; anything else is `application/octet-stream`.
public enum MIMETypes {
  /// The type used when nothing better is known.
  public static let fallback = "application/octet-stream"

  /// The MIME type for a file name, judged by its extension (case-insensitively).
  ///
  /// ```swift
  /// MIMETypes.type(forFilename: "Avatar.JPG")  // "image/jpeg"
  /// MIMETypes.type(forFilename: "data.bin")    // "application/octet-stream"
  /// ```
  ///
  /// - Parameter filename: A file name or path.
  /// - Returns: A MIME type, never empty.
  public static func type(forFilename filename: String) -> String {
    type(forPathExtension: (filename as NSString).pathExtension) ?? fallback
  }

  /// The MIME type for an extension such as `png`, or `nil` if it is unknown.
  ///
  /// - Parameter pathExtension: The extension, without the dot.
  /// - Returns: The MIME type, or `nil`.
  public static func type(forPathExtension pathExtension: String) -> String? {
    let key = pathExtension.lowercased()
    guard !key.isEmpty else { return nil }
    #if canImport(UniformTypeIdentifiers)
    if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *),
      let type = UTType(filenameExtension: key)?.preferredMIMEType
    {
      return type
    }
    #endif
    return builtInTable[key]
  }

  /// The built-in table: what browsers (WHATWG MIME sniffing, Chromium's and Firefox's lists)
  /// and curl map, plus common developer formats.
  static let builtInTable: [String: String] = [
    // Text
    "txt": "text/plain", "text": "text/plain", "log": "text/plain", "md": "text/markdown",
    "markdown": "text/markdown", "csv": "text/csv", "tsv": "text/tab-separated-values",
    "html": "text/html", "htm": "text/html", "shtml": "text/html", "css": "text/css",
    "js": "text/javascript", "mjs": "text/javascript", "xml": "application/xml",
    "ics": "text/calendar", "vcf": "text/vcard", "rtf": "application/rtf",
    "yaml": "application/yaml",
    "yml": "application/yaml", "toml": "application/toml", "srt": "application/x-subrip",
    "vtt": "text/vtt",
    // Data and documents
    "json": "application/json", "jsonld": "application/ld+json", "map": "application/json",
    "geojson": "application/geo+json", "webmanifest": "application/manifest+json",
    "pdf": "application/pdf", "ps": "application/postscript", "eps": "application/postscript",
    "doc": "application/msword",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xls": "application/vnd.ms-excel",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "ppt": "application/vnd.ms-powerpoint",
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "odt": "application/vnd.oasis.opendocument.text",
    "ods": "application/vnd.oasis.opendocument.spreadsheet",
    "odp": "application/vnd.oasis.opendocument.presentation",
    "pages": "application/vnd.apple.pages", "numbers": "application/vnd.apple.numbers",
    "key": "application/vnd.apple.keynote", "epub": "application/epub+zip",
    "wasm": "application/wasm", "sql": "application/sql", "xhtml": "application/xhtml+xml",
    "atom": "application/atom+xml", "rss": "application/rss+xml",
    "plist": "application/x-plist", "strings": "text/plain",
    // Archives and packages
    "zip": "application/zip", "gz": "application/gzip", "tgz": "application/gzip",
    "bz2": "application/x-bzip2", "xz": "application/x-xz", "zst": "application/zstd",
    "7z": "application/x-7z-compressed", "rar": "application/vnd.rar", "tar": "application/x-tar",
    "dmg": "application/x-apple-diskimage", "pkg": "application/octet-stream",
    "ipa": "application/octet-stream", "apk": "application/vnd.android.package-archive",
    "deb": "application/vnd.debian.binary-package", "rpm": "application/x-rpm",
    "jar": "application/java-archive", "exe": "application/vnd.microsoft.portable-executable",
    "msi": "application/x-msi", "iso": "application/x-iso9660-image",
    "bin": "application/octet-stream",
    // Images
    "png": "image/png", "apng": "image/apng", "jpg": "image/jpeg", "jpeg": "image/jpeg",
    "jpe": "image/jpeg", "jfif": "image/jpeg", "pjpeg": "image/jpeg", "gif": "image/gif",
    "webp": "image/webp", "avif": "image/avif", "heic": "image/heic", "heif": "image/heif",
    "bmp": "image/bmp", "ico": "image/vnd.microsoft.icon", "cur": "image/x-icon",
    "icns": "image/icns", "svg": "image/svg+xml", "svgz": "image/svg+xml", "tif": "image/tiff",
    "tiff": "image/tiff", "jxl": "image/jxl", "psd": "image/vnd.adobe.photoshop",
    "dng": "image/x-adobe-dng", "cr2": "image/x-canon-cr2", "nef": "image/x-nikon-nef",
    // Audio
    "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "wav": "audio/wav",
    "weba": "audio/webm", "oga": "audio/ogg", "ogg": "audio/ogg", "opus": "audio/ogg",
    "flac": "audio/flac", "mid": "audio/midi", "midi": "audio/midi", "aif": "audio/aiff",
    "aiff": "audio/aiff", "caf": "audio/x-caf", "amr": "audio/amr",
    // Video
    "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "qt": "video/quicktime",
    "webm": "video/webm", "ogv": "video/ogg", "avi": "video/x-msvideo", "mkv": "video/x-matroska",
    "mpeg": "video/mpeg", "mpg": "video/mpeg", "3gp": "video/3gpp", "3g2": "video/3gpp2",
    "ts": "video/mp2t", "m3u8": "application/vnd.apple.mpegurl", "wmv": "video/x-ms-wmv",
    "flv": "video/x-flv",
    // Fonts
    "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
    "ttc": "font/collection", "eot": "application/vnd.ms-fontobject",
  ]
}

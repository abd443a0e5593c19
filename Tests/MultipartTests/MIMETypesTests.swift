import Multipart
import Testing

@Suite struct MIMETypesTests {
  @Test(arguments: [
    ("a.png", "image/png"), ("A.JPG", "image/jpeg"), ("x.jpeg", "image/jpeg"),
    ("doc.pdf", "application/pdf"),
    ("d.json", "application/json"), ("t.txt", "text/plain"), ("p.html", "text/html"),
    ("s.svg", "image/svg+xml"),
    ("v.mp4", "video/mp4"), ("z.zip", "application/zip"), ("c.csv", "text/csv"),
    ("w.webp", "image/webp"),
    ("noextension", "application/octet-stream"), ("archive.unknownext", "application/octet-stream"),
    ("/path/with.dots/file.gif", "image/gif"), ("app.dmg", "application/x-apple-diskimage"),
  ])
  func mapsCommonExtensions(filename: String, type: String) {
    #expect(MIMETypes.type(forFilename: filename) == type)
  }
}

// Parses a body held in memory, fed in 64 KiB chunks, RUNS times; prints the best seconds.
// Usage: parse-bench <body> <boundary> [runs]
import Foundation
import Multipart

let arguments = CommandLine.arguments
let body = [UInt8](try Data(contentsOf: URL(fileURLWithPath: arguments[1])))
let boundary = arguments[2]
let runs = arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5
var limits = MultipartParserLimits()
limits.maximumFieldBytes = Int64(body.count)
var best = Double.infinity
var checksum = 0
for _ in 0..<runs {
  let start = DispatchTime.now().uptimeNanoseconds
  var parser = try MultipartParser(boundary: boundary, limits: limits)
  var size = 0
  try body.withUnsafeBytes { all in
    var offset = 0
    while offset < all.count {
      let end = min(all.count, offset + 65536)
      try parser.feed(UnsafeRawBufferPointer(rebasing: all[offset..<end])) { event in
        if case .bodyBytes(let bytes) = event { size += bytes.count }
      }
      offset = end
    }
  }
  try parser.finish()
  checksum = size
  best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
print("\(best) \(checksum)")

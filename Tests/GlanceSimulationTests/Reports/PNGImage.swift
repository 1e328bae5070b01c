import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A PNG file decoded for tests: its size from the IHDR chunk and its pixels, inflated with the
/// system's zlib and unfiltered. Only what Chromium writes is supported: 8 bits per channel, RGB
/// or RGBA, not interlaced.
struct PNGImage {
  let width: Int
  let height: Int
  /// 3 (RGB) or 4 (RGBA).
  let channels: Int
  /// Rows from the top, each `width × channels` bytes.
  let pixels: [UInt8]

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The width and height the IHDR chunk gives, without decoding the pixels.
  static func size(of data: Data) throws -> (width: Int, height: Int) {
    let bytes = [UInt8](data)
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 33, Array(bytes[0..<8]) == signature else {
      throw Failure(description: "not a PNG file (\(bytes.count) bytes)")
    }
    // The first chunk must be IHDR: length 13, type at 12…15, width at 16…19, height at 20…23.
    guard Array(bytes[12..<16]) == Array("IHDR".utf8) else { throw Failure(description: "the first chunk is not IHDR") }
    return (Int(bigEndian32(bytes, 16)), Int(bigEndian32(bytes, 20)))
  }

  init(_ data: Data) throws {
    let bytes = [UInt8](data)
    let (width, height) = try Self.size(of: data)
    let bitDepth = bytes[24]
    let colourType = bytes[25]
    let interlace = bytes[28]
    guard bitDepth == 8, colourType == 2 || colourType == 6, interlace == 0 else {
      throw Failure(description: "unsupported PNG: bit depth \(bitDepth), colour type \(colourType), interlace \(interlace)")
    }
    let channels = colourType == 6 ? 4 : 3
    var compressed: [UInt8] = []
    var position = 8
    while position + 12 <= bytes.count {
      let length = Int(Self.bigEndian32(bytes, position))
      let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
      guard position + 12 + length <= bytes.count else { throw Failure(description: "chunk \(type) runs past the end") }
      if type == "IDAT" { compressed += bytes[(position + 8)..<(position + 8 + length)] }
      if type == "IEND" { break }
      position += 12 + length
    }
    let stride = width * channels
    let filtered = try Zlib.uncompress(compressed, size: height * (1 + stride))
    self.width = width
    self.height = height
    self.channels = channels
    self.pixels = try Self.unfiltered(filtered, height: height, stride: stride, channels: channels)
  }

  /// The red, green and blue of the pixel at (`x`, `y`).
  func rgb(_ x: Int, _ y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    precondition(x >= 0 && x < width, "x \(x) outside 0..<\(width)")
    precondition(y >= 0 && y < height, "y \(y) outside 0..<\(height)")
    let offset = (y * width + x) * channels
    return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
  }

  /// The number of pixels for which `predicate` holds.
  func count(where predicate: (UInt8, UInt8, UInt8) -> Bool) -> Int {
    var total = 0
    for y in 0..<height {
      for x in 0..<width {
        let pixel = rgb(x, y)
        if predicate(pixel.red, pixel.green, pixel.blue) { total += 1 }
      }
    }
    return total
  }

  /// Undoes PNG's per-row filters (none, sub, up, average, Paeth).
  static func unfiltered(_ data: [UInt8], height: Int, stride: Int, channels: Int) throws -> [UInt8] {
    var result = [UInt8](repeating: 0, count: height * stride)
    for row in 0..<height {
      let filter = data[row * (stride + 1)]
      let source = row * (stride + 1) + 1
      let target = row * stride
      for index in 0..<stride {
        let left = index >= channels ? Int(result[target + index - channels]) : 0
        let up = row > 0 ? Int(result[target - stride + index]) : 0
        let upLeft = row > 0 && index >= channels ? Int(result[target - stride + index - channels]) : 0
        let predictor: Int
        switch filter {
        case 0: predictor = 0
        case 1: predictor = left
        case 2: predictor = up
        case 3: predictor = (left + up) / 2
        case 4: predictor = paeth(left, up, upLeft)
        default: throw Failure(description: "row \(row) has filter type \(filter)")
        }
        result[target + index] = UInt8((Int(data[source + index]) + predictor) & 0xFF)
      }
    }
    return result
  }

  static func paeth(_ left: Int, _ up: Int, _ upLeft: Int) -> Int {
    let estimate = left + up - upLeft
    let toLeft = abs(estimate - left)
    let toUp = abs(estimate - up)
    let toUpLeft = abs(estimate - upLeft)
    if toLeft <= toUp && toLeft <= toUpLeft { return left }
    return toUp <= toUpLeft ? up : upLeft
  }

  static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }
}

/// zlib's `uncompress`, from the system's `libz.so.1` (loaded with `dlopen`: Foundation does not
/// expose zlib, and Chromium needs the same library anyway).
enum Zlib {
  private typealias Uncompress =
    @convention(c) (
      UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt
    ) -> Int32

  /// `data` inflated; it must inflate to exactly `size` bytes.
  static func uncompress(_ data: [UInt8], size: Int) throws -> [UInt8] {
    guard let library = dlopen("libz.so.1", RTLD_NOW) else {
      throw PNGImage.Failure(description: "cannot load libz.so.1: \(dlerror().map { String(cString: $0) } ?? "unknown error")")
    }
    defer { dlclose(library) }
    guard let symbol = dlsym(library, "uncompress") else {
      throw PNGImage.Failure(description: "libz.so.1 has no uncompress")
    }
    let function = unsafeBitCast(symbol, to: Uncompress.self)
    var output = [UInt8](repeating: 0, count: size)
    var length = UInt(size)
    let status = output.withUnsafeMutableBufferPointer { target in
      data.withUnsafeBufferPointer { source in
        function(target.baseAddress, &length, source.baseAddress, UInt(source.count))
      }
    }
    // Z_OK is 0; anything else (Z_BUF_ERROR −5, Z_DATA_ERROR −3) means the stream is not what
    // the header promised.
    guard status == 0, length == UInt(size) else {
      throw PNGImage.Failure(description: "zlib uncompress returned \(status) with \(length) of \(size) bytes")
    }
    return output
  }
}

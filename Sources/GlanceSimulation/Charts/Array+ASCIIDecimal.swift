extension Array where Element == UInt8 {
  /// Appends `value` in decimal ASCII, exactly as `"\(value)"` writes it (a minus sign for
  /// negative values, no leading zeros): for text built byte by byte, such as a chart's path.
  mutating func appendDecimal(_ value: Int64) {
    // 19 digits and a sign at most, written from the end of a stack buffer.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
      var magnitude = value.magnitude
      var start = buffer.count
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 {
        start -= 1
        buffer[start] = UInt8(ascii: "-")
      }
      append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
    }
  }
}

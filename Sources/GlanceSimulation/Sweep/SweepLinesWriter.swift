import Foundation

/// Writes a sweep's `lines.jsonl` as the lines come (seed order), into a partial file that takes
/// the final name only once every line is in: a sweep's memory does not grow with its seeds, and
/// a sweep that fails leaves no `lines.jsonl` behind.
///
/// ## Laws
/// - After `append` of lines `l₁ … lₙ` and `finish()`, `lines.jsonl` holds exactly what
///   ``SweepFolder/write(_:lines:into:)`` writes for `[l₁, …, lₙ]`.
public final class SweepLinesWriter {
  private let folder: String
  private let partialPath: String
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  /// The lines appended so far.
  public private(set) var count = 0

  /// Creates `folder` if needed and opens the partial lines file in it.
  ///
  /// - Throws: what the file system throws.
  public init(folder: String) throws {
    self.folder = folder
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    partialPath = (folder as NSString).appendingPathComponent(SweepFolder.linesFile + ".partial")
    guard FileManager.default.createFile(atPath: partialPath, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: partialPath])
    }
    handle = try FileHandle(forWritingTo: URL(fileURLWithPath: partialPath))
  }

  /// Appends `line` (buffered; written out in blocks).
  public func append(_ line: SweepLine) throws {
    buffer.append(contentsOf: line.jsonLine().utf8)
    buffer.append(UInt8(ascii: "\n"))
    count += 1
    if buffer.count >= 1 << 16 { try flush() }
  }

  private func flush() throws {
    guard !buffer.isEmpty else { return }
    try handle.write(contentsOf: buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes what is buffered and gives the file its final name, replacing an older one in one
  /// step (`rename(2)`: there is never a moment without a `lines.jsonl`, nor a half-written one).
  public func finish() throws {
    try flush()
    try handle.close()
    let path = (folder as NSString).appendingPathComponent(SweepFolder.linesFile)
    guard rename(partialPath, path) == 0 else {
      throw CocoaError(
        .fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
    }
  }

  /// Closes and deletes the partial file (the sweep failed).
  public func discard() {
    try? handle.close()
    try? FileManager.default.removeItem(atPath: partialPath)
  }
}

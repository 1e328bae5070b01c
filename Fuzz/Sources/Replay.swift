import Foundation

/// Runs files through a target, one by one: the normal build's job.
enum Replay {
  /// `arguments` is `<target> <file or directory>...`.
  static func run(_ arguments: [String]) {
    guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
      GlanceFuzz.exitWithUsage("glance-fuzz: name a target first")
    }
    let paths = arguments.dropFirst()
    guard !paths.isEmpty else { GlanceFuzz.exitWithUsage("glance-fuzz: name files or directories") }
    var count = 0
    for path in paths {
      for file in inputs(at: path) {
        guard let data = FileManager.default.contents(atPath: file) else {
          fail("glance-fuzz: cannot read \(file)", status: 66)
        }
        // Said before running, so that a trap's output follows the name of its input.
        FileHandle.standardError.write(Data("\(target.rawValue): \(file)\n".utf8))
        target.run(Array(data))
        count += 1
      }
    }
    print("\(target.rawValue): \(count) inputs, every law held")
  }

  /// The file at `path`, or the files of the directory at `path` (not hidden, sorted).
  static func inputs(at path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      fail("glance-fuzz: nothing at \(path)", status: 66)
    }
    guard isDirectory.boolValue else { return [path] }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      fail("glance-fuzz: cannot list \(path): \(error)", status: 66)
    }
    return names.filter { !$0.hasPrefix(".") }.sorted()
      .map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
      .filter { file in
        var isSubdirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: file, isDirectory: &isSubdirectory)
          && !isSubdirectory.boolValue
      }
  }

  static func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
  }
}

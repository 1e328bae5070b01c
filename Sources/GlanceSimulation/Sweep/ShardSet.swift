import Foundation

/// The folders given to `simulate merge`, as the shards they say they are: what a merge of a
/// sweep's shards and a merge of an exploration's shards check alike, before either reads a
/// line or adds a figure.
///
/// ## Laws
/// - ``check(_:)`` passes exactly when every shard agrees with the first on every field and on
///   the shard count, and the shards' indices are `1 … N`, each once.
/// - It names the first folder that does not fit: a field's mismatch names the field and both
///   values, a shard given twice both folders; missing shards are named by `K/N`.
struct ShardSet {
  /// One folder: where it is, what must agree across the shards (name and value, in the order
  /// checked), and which shard it holds.
  struct Member {
    let folder: String
    let fields: [(name: String, value: String)]
    let shard: SweepShard
  }

  /// Checks that `members` are the shards `1/N … N/N` of one request, each once; `name` is the
  /// folder name a shard's run writes (to name a missing one beside the first member's).
  ///
  /// - Throws: ``SweepError/nothingToMerge`` for no member, ``SweepError/mismatch(field:path:expected:found:)``,
  ///   ``SweepError/duplicateShard(index:count:paths:)`` or ``SweepError/missingShards(_:count:folders:)``.
  static func check(_ members: [Member], name: (SweepShard) -> String) throws(SweepError) {
    guard let first = members.first else { throw .nothingToMerge }
    let expected = first.fields + [("shard count", "\(first.shard.count)")]
    for other in members.dropFirst() {
      let found = other.fields + [("shard count", "\(other.shard.count)")]
      precondition(found.map(\.name) == expected.map(\.name), "the members of one merge have the same fields")
      for (mine, theirs) in zip(expected, found) where mine.value != theirs.value {
        throw .mismatch(field: mine.name, path: other.folder, expected: mine.value, found: theirs.value)
      }
    }
    let count = first.shard.count
    var byIndex: [Int: String] = [:]
    for member in members {
      if let earlier = byIndex[member.shard.index] {
        throw .duplicateShard(index: member.shard.index, count: count, paths: [earlier, member.folder])
      }
      byIndex[member.shard.index] = member.folder
    }
    let missing = (1...count).filter { byIndex[$0] == nil }
    guard missing.isEmpty else {
      let parent = (first.folder as NSString).deletingLastPathComponent
      var folders: [String] = []
      for index in missing {
        do throws(SweepError) {
          folders.append((parent as NSString).appendingPathComponent(name(try SweepShard(index: index, count: count))))
        } catch {
          preconditionFailure("shard \(index) of \(count) is a shard: \(error)")
        }
      }
      throw .missingShards(missing, count: count, folders: folders)
    }
  }
}

import Foundation
public import GlanceKernel

/// The App Group's shared defaults on the phone (`UserDefaults(suiteName:)`, which the app and
/// its widget extension share), kept by the world. A design keeps here what its app keeps in
/// its defaults, and reads it back where its app reads it: the defaults outlive every process,
/// and the world's corrupted-defaults fault strikes them (one of the values held, drawn by the
/// seed among ``keys``, turns to garbage bytes, as a value a writer of another version, a
/// half-finished write or a second process left).
///
/// A read asks for a type, as `UserDefaults`' typed accessors and `object(forKey:) as? T` do: a
/// value of another type reads as `nil`, so a design sees a corrupted value as the platform shows
/// it, by reading it back: an `integer(forKey:)` of garbage is 0, an `object(forKey:) as? Date`
/// or an `array(forKey:)` nil, and the garbage bytes are no JSON a decoder accepts.
///
/// ## Laws
/// - `d.set(v, forKey: k)` then `d.value(forKey: k) == v`; `d.removeValue(forKey: k)` then
///   `d.value(forKey: k) == nil`.
/// - `keys` is sorted: a fault drawn among them depends on the seed only.
/// - After `corrupt(k)` the value under `k` is ``garbage`` whatever it was, and reads as `nil`
///   through every typed read but ``bytes(forKey:)``; corrupting it again changes nothing.
public struct AppGroupDefaults: Sendable {
  /// One value, of one of the property-list types a design keeps here.
  public enum Value: Hashable, Sendable {
    case integer(Int64)
    case text(String)
    case bytes([UInt8])
    /// A date (`Date`, kept as its instant).
    case instant(Instant)
    /// An array of dates or timestamps (`[Date]`, `[Double]` of `timeIntervalSince1970`).
    case instants([Instant])
    /// Pulpe's widget cache, as the JSON bytes `BudgetWidgetCache.encoded()` writes: kept as
    /// the value they encode, which the kernel's law `decode(cache.encoded()) == cache` makes
    /// the same to a reader, and which is no JSON work to write or read back (encoding and
    /// decoding it at every sync cost more than the rest of a 30-day run). Corrupted, it is
    /// garbage bytes like any value.
    case budgetCache(BudgetWidgetCache)
  }

  /// What a corrupted value holds: two bytes that are no UTF-8, no JSON and no property list
  /// of any other type.
  public static let garbage: [UInt8] = [0xFF, 0xFE]

  /// The values by key, sorted by key. A design keeps a handful of keys here, read and written
  /// after most events: comparing a few short keys costs less than hashing one (a lookup in a
  /// `[String: Value]` hashed the whole key every time).
  private var entries: [(key: String, value: Value)] = []

  public init() {}

  /// The position of `key` in ``entries``, or `nil` when it holds no value.
  ///
  /// - Complexity: O(k) for k keys.
  private func index(of key: String) -> Int? {
    entries.firstIndex { $0.key == key }
  }

  public func value(forKey key: String) -> Value? { index(of: key).map { entries[$0].value } }

  /// Feeds `hasher` every key and its value, in key order (for a fingerprint of a play's state).
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(entries.count)
    for entry in entries {
      hasher.combine(entry.key)
      hasher.combine(hashOf: entry.value)
    }
  }

  /// The integer under `key`; `nil` when there is none or it is of another type
  /// (`UserDefaults.integer(forKey:)` reads 0 then).
  public func integer(forKey key: String) -> Int64? {
    if case .integer(let integer)? = value(forKey: key) { return integer }
    return nil
  }

  /// The text under `key`; `nil` when there is none or it is of another type.
  public func text(forKey key: String) -> String? {
    if case .text(let text)? = value(forKey: key) { return text }
    return nil
  }

  /// The bytes under `key` (garbage included: decoding them is the reader's part); `nil` when
  /// there are none or the value is of another type.
  public func bytes(forKey key: String) -> [UInt8]? {
    if case .bytes(let bytes)? = value(forKey: key) { return bytes }
    return nil
  }

  /// The widget cache under `key`, as `BudgetWidgetCache.decode` reads the bytes there: `nil`
  /// when there is none, or the bytes are no cache (garbage).
  public func budgetCache(forKey key: String) -> BudgetWidgetCache? {
    switch value(forKey: key) {
    case .budgetCache(let cache)?: return cache
    case .bytes(let bytes)?: return try? BudgetWidgetCache.decode(Data(bytes))
    default: return nil
    }
  }

  /// The date under `key`; `nil` when there is none or it is of another type
  /// (`object(forKey:) as? Date`).
  public func instant(forKey key: String) -> Instant? {
    if case .instant(let instant)? = value(forKey: key) { return instant }
    return nil
  }

  /// The array of dates under `key`; `nil` when there is none or it is of another type
  /// (`array(forKey:) as? [Double]`).
  public func instants(forKey key: String) -> [Instant]? {
    if case .instants(let instants)? = value(forKey: key) { return instants }
    return nil
  }

  public mutating func set(_ value: Value, forKey key: String) {
    if let index = index(of: key) {
      entries[index].value = value
    } else {
      // Kept sorted by key (the order `keys` lists).
      let position = entries.firstIndex { key < $0.key } ?? entries.endIndex
      entries.insert((key, value), at: position)
    }
  }

  public mutating func removeValue(forKey key: String) {
    guard let index = index(of: key) else { return }
    entries.remove(at: index)
  }

  /// The keys that hold a value, sorted.
  public var keys: [String] { entries.map(\.key) }

  /// Turns the value under `key` to ``garbage`` (nothing when `key` holds none).
  mutating func corrupt(_ key: String) {
    guard let index = index(of: key) else { return }
    entries[index].value = .bytes(Self.garbage)
  }
}

/// The App Group's shared defaults on the phone (`UserDefaults(suiteName:)`, which the app and
/// its widget extension share), kept by the world: a design that keeps its values here meets
/// the world's corrupted-defaults fault without declaring anything (the world turns one of the
/// values it holds to garbage of another type, as a value a writer of another version, a
/// half-finished write or a second process left).
///
/// A read asks for a type, as `object(forKey:) as? T` does: a value of another type reads as
/// `nil`, so a design sees a corrupted value as the platform shows it: missing.
///
/// ## Laws
/// - `d.set(v, forKey: k)` then `d.value(forKey: k) == v`; `d.removeValue(forKey: k)` then
///   `d.value(forKey: k) == nil`.
/// - `keys` is sorted: a fault drawn among them depends on the seed only.
public struct AppGroupDefaults: Sendable {
  /// One value, of one of the property-list types a design keeps here.
  public enum Value: Hashable, Sendable {
    case integer(Int64)
    case text(String)
    case bytes([UInt8])
  }

  private var values: [String: Value] = [:]

  public init() {}

  public func value(forKey key: String) -> Value? { values[key] }

  /// The integer under `key`; `nil` when there is none or it is of another type.
  public func integer(forKey key: String) -> Int64? {
    if case .integer(let integer)? = values[key] { return integer }
    return nil
  }

  /// The text under `key`; `nil` when there is none or it is of another type.
  public func text(forKey key: String) -> String? {
    if case .text(let text)? = values[key] { return text }
    return nil
  }

  /// The bytes under `key`; `nil` when there are none or the value is of another type.
  public func bytes(forKey key: String) -> [UInt8]? {
    if case .bytes(let bytes)? = values[key] { return bytes }
    return nil
  }

  public mutating func set(_ value: Value, forKey key: String) { values[key] = value }

  public mutating func removeValue(forKey key: String) { values[key] = nil }

  /// The keys that hold a value, sorted.
  public var keys: [String] { values.keys.sorted() }

  /// Turns the value under `key` to garbage of another type (an integer to bytes, text or bytes
  /// to an integer).
  mutating func corrupt(_ key: String) {
    switch values[key] {
    case .integer?: values[key] = .bytes([0xFF, 0xFE])
    case .text?, .bytes?: values[key] = .integer(-1)
    case nil: return
    }
  }
}

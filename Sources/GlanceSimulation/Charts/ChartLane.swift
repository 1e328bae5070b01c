public import GlanceKernel

/// A strip under a chart's plot, named at its left: spans (where a surface disagreed with the
/// truth: longer than its bound in full colour, within it in a light tint) and ticks (instants:
/// kills, denied reloads, violations).
///
/// ## Laws
/// - A span or tick outside the chart's window is not drawn; a span is clipped to it.
public struct ChartLane: Hashable, Sendable {
  /// What the strip shows, and its colour.
  public enum Kind: Hashable, Sendable {
    /// Spans where a surface showed something else than the truth (vermillion).
    case disagreement
    /// Instants something happened (black ticks).
    case events
    /// Instants something went wrong (vermillion ticks): violations, denied reloads.
    case failures
  }

  public let name: String
  public let kind: Kind
  public let spans: [Range<Instant>]
  /// Spans drawn in a light tint: a surface that differed within its bound (a widget waiting
  /// for its reload).
  public let minorSpans: [Range<Instant>]
  public let ticks: [Instant]

  public init(name: String, kind: Kind, spans: [Range<Instant>] = [], minorSpans: [Range<Instant>] = [], ticks: [Instant] = []) {
    self.name = name
    self.kind = kind
    self.spans = spans
    self.minorSpans = minorSpans
    self.ticks = ticks
  }

  /// The light tint of ``minorSpans``.
  static let minorColour = "#F2B894"

  var colour: String {
    switch kind {
    case .disagreement, .failures: return Self.strongColour
    case .events: return "#000000"
    }
  }

  /// Vermillion: a disagreement longer than its bound, a failure.
  static let strongColour = "#D55E00"
}

import GlanceKernel
import GlanceSync

/// Ports that record what an engine asks for, so a test can look and deliver by hand.
final class RecordingPorts: PeerLink, WidgetReloader, WakeScheduler {
  /// Every payload sent, with its channel, in order.
  private(set) var sent: [(payload: [UInt8], channel: PeerChannel)] = []
  /// How many reloads were asked for.
  private(set) var reloads = 0
  /// Every wake asked for, in order.
  private(set) var wakes: [(instant: Instant, reason: WakeReason)] = []
  /// Whether `sendMessage` is refused (the counterpart out of range).
  var reachable = true
  /// Whether the reloader keeps the pacer's last charged reload (as the App Group's defaults do).
  var keepsPacing = true
  private var kept: Instant? = nil
  var lastPacedReload: Instant? {
    get { keepsPacing ? kept : nil }
    set { kept = newValue }
  }

  func send(_ payload: [UInt8], on channel: PeerChannel) throws(PeerLinkError) {
    guard payload.count <= channel.payloadBytesMax else {
      throw .payloadTooLarge(channel: channel, bytes: payload.count, limit: channel.payloadBytesMax)
    }
    if channel == .sendMessage, !reachable { throw .notReachable }
    sent.append((payload, channel))
  }

  func reloadAllTimelines() { reloads += 1 }

  func scheduleWake(at instant: Instant, for reason: WakeReason) { wakes.append((instant, reason)) }

  /// Keeps only `remaining` of the wakes asked for (the others came due).
  func clearWakes(keeping remaining: [(instant: Instant, reason: WakeReason)]) { wakes = remaining }

  /// The payloads sent on `channel`, taken out of the record.
  func take(_ channel: PeerChannel) -> [[UInt8]] {
    let taken = sent.filter { $0.channel == channel }.map(\.payload)
    sent.removeAll { $0.channel == channel }
    return taken
  }
}

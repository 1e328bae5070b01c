import GlanceKernel

// The devices, processes and widgets in a fingerprint of a play's state: one word each.

extension Device: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) { hasher.combine(self == .phone ? 1 as UInt64 : 2) }
}

extension Process: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) {
    switch self {
    case .app: hasher.combine(1 as UInt64)
    case .widgetExtension: hasher.combine(2 as UInt64)
    case .watchApp: hasher.combine(3 as UInt64)
    }
  }
}

extension WidgetID: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) { hasher.combine(rawValue) }
}

extension PerDevice: StateFingerprinted where Value: StateFingerprinted {
  func fingerprint(into hasher: inout StateHasher) {
    phone.fingerprint(into: &hasher)
    watch.fingerprint(into: &hasher)
  }
}

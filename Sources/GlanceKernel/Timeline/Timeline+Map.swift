extension Timeline {
  /// The same timeline with each entry's model transformed, for a widget that shows a smaller
  /// model than the one planned (a tally badge from a tally widget model, say).
  ///
  /// ## Laws
  /// - The policy is unchanged; the first entry is kept; a later entry is kept exactly when its
  ///   transformed model differs from the previous kept entry's, so the result keeps the
  ///   timeline's law that consecutive entries differ.
  /// - For every instant `t`, `mapModels(f).entry(at: t)?.model == entry(at: t).map { f($0.model) }`
  ///   (dropping an entry equal to the one before it changes nothing shown).
  ///
  /// Inlinable, so that a caller's concrete models specialize it: made generic at run time, each
  /// entry asked the runtime for its types' metadata.
  @inlinable
  public func mapModels<Other: Hashable & Sendable>(_ transform: (Model) -> Other) -> Timeline<Other> {
    var mapped: [TimelineEntry<Other>] = []
    mapped.reserveCapacity(entries.count)
    for entry in entries {
      let model = transform(entry.model)
      if let last = mapped.last, last.model == model { continue }
      mapped.append(TimelineEntry(date: entry.date, model: model))
    }
    return Timeline<Other>(entries: mapped, policy: policy)
  }
}

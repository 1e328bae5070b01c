import GlanceKernel

/// The person of the budget (Pulpe): an in-app "+" (or the widget's, which opens the app on its
/// add sheet) enters an expense with a quick-amount chip on the kernel's `AmountEntry` sheet; a
/// delete removes the latest expense of the current pay period; an edit types a new amount for
/// an expense of the current period (an edit keeps the date: Pulpe never moves an expense to
/// another budget; see *The real apps Glance models*, Pulpe).
///
/// ## Laws
/// - A "+" enters the chip of ``PersonSettings/quickAmount(at:)`` with the expense name, as a
///   record of the action's id and instant.
/// - A delete or an edit acts on the expenses whose local date, in the device's zone, falls in
///   the pay period of the action's local date; with none, it means nothing. A delete removes
///   the latest of them; an edit replaces one (chosen from the action's id) by a record of the
///   edit's id at the same instant, with the amount typed anew.
/// - The watch changes nothing (the budget has none).
struct BudgetPerson: Person {
  private let periods: PayPeriods
  private(set) var liveRecords: [Record] = []
  /// The expenses of each period, in record order, with the zone whose local dates placed them:
  /// kept up to date as expenses come and go, rebuilt when the device's zone changes.
  private var byPeriod: (zone: String, records: [BudgetPeriod: [Record]])? = nil

  init(payDay: PayDay) {
    periods = PayPeriods(payDay: payDay)
  }

  mutating func act(_ action: PlannedAction, in calendar: ZoneCalendar) -> Deed? {
    switch action.kind {
    case .appTap, .widgetTap:
      // In the app, or on the add sheet the widget's "+" opens.
      let record = Record(id: action.eventID, instant: action.time)
      insert(record, in: calendar)
      return .expense(record, Self.enterExpense(at: action.time))
    case .appDelete:
      guard let target = expensesOfTheCurrentPeriod(at: action.time, in: calendar).last else { return nil }
      remove(target, in: calendar)
      return .remove(target: target)
    case .appEdit:
      // Budget details: an expense of the current period, its amount typed anew; the edit keeps
      // its date, so its period.
      let candidates = expensesOfTheCurrentPeriod(at: action.time, in: calendar)
      guard !candidates.isEmpty else { return nil }
      let target = candidates[Int(action.idByte(13)) % candidates.count]
      let replacement = Record(id: action.eventID, instant: target.instant)
      remove(target, in: calendar)
      insert(replacement, in: calendar)
      return .amend(target: target, replacement: replacement, Self.editExpense(at: action))
    case .appOpen, .watchTap, .appLeave:
      return nil
    }
  }

  /// The expense as the person re-enters it on the edit page: the amount cleared and typed
  /// anew, 1.00 to 99.95 francs (from the action's id), the name kept.
  static func editExpense(at action: PlannedAction) -> SubmittedExpense {
    let francs = 1 + Int(action.idByte(14)) % 99
    let cents = 5 * (Int(action.idByte(12)) % 20)
    let typed = "\(francs)." + (cents < 10 ? "0\(cents)" : "\(cents)")
    var sheet = AmountEntry(currency: .chf)
    do {
      try sheet.apply(.clear)
      for character in typed { try sheet.apply(.type(character)) }
      try sheet.apply(.rename(PersonSettings.expenseName))
      return try sheet.submit()
    } catch {
      preconditionFailure("a typed amount of 1.00 to 99.95 with a name is accepted: \(error)")
    }
  }

  /// The expense the person enters at `instant`: the chip, the name, submit.
  static func enterExpense(at instant: Instant) -> SubmittedExpense {
    guard let submitted = enteredByChip[PersonSettings.quickAmount(at: instant)] else {
      preconditionFailure("every quick amount has its sheet")
    }
    return submitted
  }

  /// What the sheet submits for each quick-amount chip (with the name): a pure function of the
  /// chip, so each chip's sheet is filled once.
  private static let enteredByChip: [Int: SubmittedExpense] = Dictionary(
    uniqueKeysWithValues: AmountEntry.quickAmounts.map { chip in
      var sheet = AmountEntry(currency: .chf)
      do {
        try sheet.apply(.chip(chip))
        try sheet.apply(.rename(PersonSettings.expenseName))
        return (chip, try sheet.submit())
      } catch {
        preconditionFailure("a quick amount with a name is always accepted: \(error)")
      }
    })

  /// The expenses of the pay period of `instant`'s local date, local dates read in `calendar`'s
  /// zone, in record order.
  private mutating func expensesOfTheCurrentPeriod(at instant: Instant, in calendar: ZoneCalendar) -> [Record] {
    let current = periods.period(containing: calendar.date(containing: instant))
    if let byPeriod, byPeriod.zone == calendar.identifier { return byPeriod.records[current] ?? [] }
    var records: [BudgetPeriod: [Record]] = [:]
    for record in liveRecords { records[period(of: record, in: calendar), default: []].append(record) }
    byPeriod = (calendar.identifier, records)
    return records[current] ?? []
  }

  private mutating func insert(_ record: Record, in calendar: ZoneCalendar) {
    liveRecords.insertSorted(record)
    guard byPeriod?.zone == calendar.identifier else { return }
    let period = period(of: record, in: calendar)
    byPeriod?.records[period, default: []].insertSorted(record)
  }

  private mutating func remove(_ record: Record, in calendar: ZoneCalendar) {
    liveRecords.removeSorted(record)
    guard byPeriod?.zone == calendar.identifier else { return }
    let period = period(of: record, in: calendar)
    byPeriod?.records[period]?.removeAll { $0 == record }
  }

  private func period(of record: Record, in calendar: ZoneCalendar) -> BudgetPeriod {
    periods.period(containing: calendar.date(containing: record.instant))
  }

  /// The ledger: the records made and not removed (not the expenses by period, derived from
  /// them).
  func fingerprint(into hasher: inout StateHasher) { hasher.combine(liveRecords) }
}

/// The style sheet inlined in `report.html` (``Report/html``): no web font, no image, nothing
/// fetched. Colour marks only verdicts (pass green, FAIL red, n/a grey), and each is told apart
/// without it too: `FAIL` is upper case and bold on a tinted cell, `n/a` italic, `pass` plain.
/// Printed, the navigation goes, wide tables shrink to the page, and nothing is split across
/// pages that fits on one.
enum ReportStylesheet {
  static let css = """
    :root { color-scheme: light; }
    body { margin: 0; background: #fff; color: #1b1b1b;
      font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
    main { max-width: 1180px; margin: 0 auto; padding: 28px 40px 64px; }
    h1 { font-size: 1.55rem; line-height: 1.25; margin: 0 0 .5rem; }
    h2 { font-size: 1.2rem; margin: 2.4rem 0 .6rem; padding-bottom: .2rem; border-bottom: 1px solid #bbb; }
    h3 { font-size: 1rem; margin: 1.8rem 0 .4rem; }
    p { margin: .4rem 0 .8rem; max-width: 75ch; }
    a { color: #0b4f8a; }
    code, pre { font-family: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: .84rem; }
    pre { margin: .4rem 0 .8rem; padding: .55rem .75rem; background: #f5f5f5; border: 1px solid #ddd;
      white-space: pre-wrap; overflow-wrap: anywhere; }
    nav { margin: .8rem 0 0; font-size: .9rem; }
    nav a { margin-right: 1rem; }
    .summary { color: #333; }
    .outcome { display: inline-block; margin: .6rem 0 .2rem; padding: .35rem .7rem; border: 1px solid #999; }
    table { border-collapse: collapse; margin: .4rem 0 1.2rem; font-variant-numeric: tabular-nums; }
    th, td { padding: .28rem .6rem; border-bottom: 1px solid #e3e3e3; text-align: left; vertical-align: top; }
    thead th { border-bottom: 2px solid #888; font-size: .95em; font-weight: 600; vertical-align: bottom; }
    tbody th { font-weight: 600; white-space: nowrap; }
    .number { text-align: right; }
    .facts th { font-weight: 600; color: #444; padding-left: 0; }
    .facts td, .facts th { border-bottom: none; padding-top: .1rem; padding-bottom: .1rem; }
    .wide { overflow-x: auto; }
    .wide table { font-size: .86rem; }
    .wide th, .wide td { padding-left: .45rem; padding-right: .45rem; }
    .verdict { white-space: nowrap; border-left: 2px solid #fff; border-right: 2px solid #fff; }
    .pass { color: #17612f; }
    .fail { color: #8a1510; background: #fbe0de; font-weight: 700; }
    .fail a { color: inherit; text-decoration-thickness: 1px; text-underline-offset: 2px; }
    .late { color: #7a4b00; background: #fdf0d8; }
    .na { color: #6b6b6b; font-style: italic; }
    dl.invariants { display: grid; grid-template-columns: max-content minmax(0, 80ch); gap: .55rem 1.2rem; margin: .6rem 0; }
    dl.invariants dt { font-weight: 600; }
    dl.invariants dd { margin: 0; }
    figure { margin: 1rem 0 1.8rem; }
    figure svg { display: block; max-width: 100%; height: auto; border: 1px solid #e3e3e3; }
    figcaption { font-size: .82rem; color: #555; margin-top: .3rem; }
    article { margin: 1.4rem 0; padding-top: .2rem; border-top: 1px solid #ddd; }
    article h3 { margin-top: .6rem; }
    .seen, .replay, .shrunk { margin: .3rem 0; }
    .replay, .shrunk { max-width: none; }
    .replay code, .shrunk code { white-space: nowrap; }
    @page { margin: 12mm; }
    @media print {
      body { font-size: 9.5pt; }
      h1 { font-size: 15pt; }
      h2 { font-size: 12pt; margin-top: 1.4rem; }
      h3 { font-size: 10pt; }
      main { max-width: none; padding: 0; }
      nav { display: none; }
      a { color: inherit; text-decoration: none; }
      .wide { overflow: visible; }
      .wide table { font-size: 7pt; }
      .wide th, .wide td { padding: .12rem .15rem; }
      .wide td { white-space: nowrap; }
      h2, h3 { break-after: avoid; }
      tr, figure, pre, article { break-inside: avoid; }
      .fail { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
    }
    """
}

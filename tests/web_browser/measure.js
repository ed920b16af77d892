// The boxes of the table page, measured in the page (test_table.py): what sticks out of the screen, what
// overflows its box (text cut off, scrolled or spilling), and which labels lie over a placed tile's numbers
// (Dominoes pips or Tri-Ominos numbers).
() => {
  const box = (el) => el.getBoundingClientRect();
  const vw = window.innerWidth, vh = window.innerHeight;
  const outside = (el) => { const r = box(el); return r.width > 0 && (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5); };
  const named = (el) => el.className.baseVal !== undefined ? el.className.baseVal : el.className;
  const out = [];
  const board = document.querySelector('.board-wrap');
  if (outside(board)) out.push('board');
  for (const el of document.querySelectorAll('.my-area .hand-tile, .my-area .hand .back-svg, .hand-actions button, .stock')) if (outside(el)) out.push(named(el));
  const over = [];
  for (const el of document.querySelectorAll('.score-panel, .player-card, .player-card .name, .log, .log li, .side-name, .my-info')) {
    if (el.scrollWidth > el.clientWidth + 1) over.push(`${named(el)}: ${el.scrollWidth} > ${el.clientWidth}`);
  }
  const numbers = [...document.querySelectorAll('.line .domino:not(.ghost) .pip, .placed .tri-number')].map(box);
  const labels = [...document.querySelectorAll('.target-label, .target-points, .target-bonus, .preview-note:not([hidden]), .pop-note, .rotate-bar:not([hidden])')];
  const covering = [];
  for (const label of labels) {
    const r = box(label);
    if (!r.width) continue;
    for (const n of numbers) {
      const w = Math.min(r.right, n.right) - Math.max(r.left, n.left), h = Math.min(r.bottom, n.bottom) - Math.max(r.top, n.top);
      if (w > 1 && h > 1) { covering.push(`${named(label)} '${label.textContent}'`); break; }
    }
  }
  const root = document.documentElement;
  return {
    scroll: [root.scrollWidth, root.scrollHeight, vw, vh],
    outside: out, overflowing: over, covering,
    handTiles: document.querySelectorAll('.my-area .hand-tile').length,
    tileHeight: Math.min(...[...document.querySelectorAll('.my-area .hand-tile svg')].map((el) => box(el).height)),
    boardArea: box(board).width * box(board).height / (vw * vh),
    labels: labels.length,
  };
}

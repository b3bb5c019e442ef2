// The viewer's shared parts: the embedded record, DOM helpers that only ever
// set text (never HTML, so names and reasons from plugins stay text), the step
// controls, a small SVG chart, the games table and the address (#game=N&step=K).
'use strict';

const Record = JSON.parse(document.getElementById('record').textContent);
const SVG_NS = 'http://www.w3.org/2000/svg';

// el('td', {class: 'x', 'data-game': 3}, 'text', child...): children are
// nodes or strings (set as text).
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  for (const c of children) if (c !== undefined && c !== null) node.append(c instanceof Node ? c : String(c));
  return node;
}
function svg(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  return node;
}
function baseName(path) { return String(path).split('/').pop(); }
function median(values) {
  if (!values.length) return 0;
  const s = Float64Array.from(values).sort(), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}
// A double as a default-configured std::ostream prints it: 6 significant
// digits, scientific below 1e-5 or from 1e6 on ("0.333333", "1.23457e+06").
function cppDouble(x) {
  if (x === 0 || !isFinite(x)) return String(x);
  const e = Math.floor(Math.log10(Math.abs(Number(x.toPrecision(6)))));
  if (e >= -5 && e < 6) return String(Number(x.toPrecision(6)));
  const [mantissa, exponent] = x.toExponential(5).split('e');
  const m = mantissa.replace(/\.?0+$/, ''), n = Number(exponent);
  return m + 'e' + (n < 0 ? '-' : '+') + String(Math.abs(n)).padStart(2, '0');
}
// The largest of many numbers (no argument spreading: a long match has more moves than a call takes).
function largest(values) { return values.reduce((m, v) => (v > m ? v : m), -Infinity); }
function ms(x) { return (x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x.toFixed(3)) + ' ms'; }

// The address: #game=N&step=K (K a move number or "end"); &play=1 starts
// playing at once, &speed=S (steps a second, one of the speed choices) sets the speed.
function readHash() {
  const out = {};
  for (const part of location.hash.replace(/^#/, '').split('&')) {
    const [k, v] = part.split('=');
    if (k) out[k] = decodeURIComponent(v || '');
  }
  return out;
}
function writeHash(game, step) { history.replaceState(null, '', '#game=' + game + '&step=' + step); }

// The page's frame: title, where the record came from, then sections.
function pageFrame(title) {
  const main = document.getElementById('page');
  main.replaceChildren();
  document.title = title;
  main.append(el('h1', {}, title));
  main.append(el('p', {class: 'source'}, 'From: ' + Record.source + ' \u00b7 ' + Record.games.length +
                 (Record.games.length === 1 ? ' game' : ' games')));
  main.dataset.kind = Record.kind;
  main.dataset.games = Record.games.length;
  return main;
}
function section(main, heading, id) {
  const s = el('section', {id: id});
  if (heading) s.append(el('h2', {}, heading));
  main.append(s);
  return s;
}
function noGames(title) {
  const main = pageFrame(title);
  main.append(el('p', {id: 'no-games', class: 'empty'}, 'There are no games in this record yet.'));
}

// The replay section of every game's page: a heading, the steps, the game's
// board and a side column (the step's facts, its fault note, the analysis
// note, the game's own boxes in opts.extra, the time chart, the board as
// text). opts.draw(step) shows a step; opts.noteTag is the fault note's tag.
function replayPanel(main, board, opts) {
  const parts = {
    section: section(main, '', 'replay'),
    heading: el('h2', {id: 'replay-title'}),
    info: el('div', {class: 'move-info', id: 'move-info'}),
    note: el(opts.noteTag || 'p', {class: 'fault-note', id: 'fault-note'}),
    analysisNote: el('p', {class: 'analysis-note', id: 'analysis-note'}),
    chartBox: el('div', {class: 'chart-slot'}),
    boardText: el('pre', {class: 'board-text', id: 'board-text', title: opts.boardTitle}),
    stepper: new Stepper(opts.draw),
  };
  parts.section.append(parts.heading, parts.stepper.node, el('div', {class: 'replay-body'}, board,
                       el('div', {class: 'side'}, parts.info, parts.note, parts.analysisNote, ...opts.extra,
                          parts.chartBox, parts.boardText)));
  return parts;
}

// A table of games; clicking a row (or Enter on it) calls open(index).
function gamesTable(columns, rows, open) {
  const head = el('tr', {}, ...columns.map(c => el('th', {}, c)));
  const body = el('tbody');
  rows.forEach((cells, i) => {
    const tr = el('tr', {tabindex: 0, 'data-index': i}, ...cells.map(c => el('td', {}, c)));
    tr.addEventListener('click', () => open(i));
    tr.addEventListener('keydown', e => { if (e.key === 'Enter') open(i); });
    body.append(tr);
  });
  const table = el('table', {class: 'games', id: 'games'}, el('thead', {}, head), body);
  table.select = i => {
    for (const tr of body.children) tr.classList.toggle('selected', Number(tr.dataset.index) === i);
  };
  return el('div', {class: 'table-wrap'}, table);
}

// Step controls: first / previous / play-pause / next / last, a slider, a
// speed, the arrow keys, Home, End and Space. show(step) draws step 0..count.
class Stepper {
  constructor(show) {
    this.show = show;
    this.count = 0;
    this.step = 0;
    this.timer = null;
    const button = (label, title, action) => {
      const b = el('button', {type: 'button', title: title}, label);
      b.addEventListener('click', action);
      return b;
    };
    this.playButton = button('\u25b6', 'play / pause (Space)', () => this.toggle());
    this.slider = el('input', {type: 'range', min: 0, max: 0, value: 0, 'aria-label': 'step'});
    this.slider.addEventListener('input', () => this.go(Number(this.slider.value)));
    this.speed = el('select', {title: 'steps a second', 'aria-label': 'speed'},
                    ...[1, 2, 5, 10, 30, 100, 1000].map(v => el('option', {value: v}, v + '/s')));
    this.speed.value = '5';
    this.speed.addEventListener('change', () => { if (this.timer) { this.pause(); this.play(); } });
    this.label = el('span', {class: 'step-label', id: 'step-label'});
    this.node = el('div', {class: 'stepper'},
                   button('\u00ab', 'first (Home)', () => this.go(0)),
                   button('\u2039', 'previous (\u2190)', () => this.go(this.step - 1)),
                   this.playButton,
                   button('\u203a', 'next (\u2192)', () => this.go(this.step + 1)),
                   button('\u00bb', 'last (End)', () => this.go(this.count)),
                   this.slider, this.speed, this.label);
    document.addEventListener('keydown', e => {
      if (e.target instanceof HTMLSelectElement) return;
      if (e.target instanceof HTMLInputElement && (e.target.type !== 'range' || e.key !== ' ')) return;  // the slider steps itself
      const moves = {ArrowLeft: -1, ArrowRight: 1};
      if (e.key in moves) this.go(this.step + moves[e.key]);
      else if (e.key === 'Home') this.go(0);
      else if (e.key === 'End') this.go(this.count);
      else if (e.key === ' ') this.toggle();
      else return;
      e.preventDefault();
    });
  }
  reset(count, step) {
    this.pause();
    this.count = count;
    this.slider.max = count;
    this.go(step);
  }
  go(step) {
    this.step = Math.max(0, Math.min(this.count, step | 0));
    this.slider.value = this.step;
    this.show(this.step);
  }
  play() {
    if (this.step >= this.count) this.go(0);
    this.playButton.textContent = '\u275a\u275a';
    const rate = Number(this.speed.value);
    const per = Math.max(1, Math.round(rate / 50));  // fast speeds move several steps a frame
    this.timer = setInterval(() => {
      if (this.step >= this.count) return this.pause();
      this.go(this.step + per);
    }, 1000 * per / rate);
  }
  pause() {
    clearInterval(this.timer);
    this.timer = null;
    this.playButton.textContent = '\u25b6';
  }
  toggle() { this.timer ? this.pause() : this.play(); }
  // Applies &speed= and &play= of the address.
  fromHash(hash) {
    if ([...this.speed.options].some(o => o.value === hash.speed)) this.speed.value = hash.speed;
    if (hash.play === '1') this.play();
  }
}

// A line chart in SVG: series [{name, colour, points: [[x, y], ...]}], an
// optional horizontal limit line, and a movable vertical marker. Long series
// are thinned to about 800 points (keeping each bucket's highest value).
// Options: xLabel, yLabel, yFormat (the top value's label), limit and
// limitLabel, dots (a dot per point, for series of at most 400), yMax (a fixed
// top instead of the data's), guide {y, label} (a dotted line across), flags
// [{x, label, cls, attrs}] (a vertical line at x, labelled), legend [[text,
// class]] (entries after the series'), attrs (on the <svg>), onPick(x) (a
// click on the chart: the x of the dot clicked, else the nearest whole x).
// A point's third item, if any, is its dot's attributes (title: a tooltip).
function lineChart(series, opts) {
  const W = 640, H = 200, L = 56, R = 10, T = 12, B = 28;
  const thin = pts => {
    if (pts.length <= 1600) return pts;
    const out = [], step = pts.length / 800;
    for (let i = 0; i < pts.length; i += step) {
      let best = pts[Math.floor(i)];
      for (let j = Math.floor(i); j < Math.min(pts.length, Math.floor(i + step)); ++j) if (pts[j][1] > best[1]) best = pts[j];
      out.push(best);
    }
    out.push(pts[pts.length - 1]);
    return out;
  };
  let xmax = 1, ymax = opts.limit || 0;
  for (const s of series) for (const [x, y] of s.points) { xmax = Math.max(xmax, x); ymax = Math.max(ymax, y); }
  ymax = opts.yMax ? opts.yMax : ymax > 0 ? ymax * 1.05 : 1;
  const X = x => L + (W - L - R) * x / xmax, Y = y => H - B - (H - T - B) * y / ymax;
  const root = svg('svg', Object.assign({viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img'}, opts.attrs || {}));
  root.append(svg('line', {x1: L, y1: H - B, x2: W - R, y2: H - B, class: 'axis'}));
  root.append(svg('line', {x1: L, y1: T, x2: L, y2: H - B, class: 'axis'}));
  const label = (x, y, text, cls) => { const t = svg('text', {x: x, y: y, class: cls || 'tick'}); t.textContent = text; root.append(t); };
  label(L - 4, Y(0) + 4, '0', 'tick end');
  label(L - 4, T + 8, opts.yFormat ? opts.yFormat(ymax) : Math.round(ymax), 'tick end');
  label(W - R, H - 8, opts.xLabel + ' ' + xmax, 'tick end');
  label(L + 60, T + 8, opts.yLabel, 'tick');
  if (opts.limit) {
    root.append(svg('line', {x1: L, y1: Y(opts.limit), x2: W - R, y2: Y(opts.limit), class: 'limit'}));
    label(W - R, Y(opts.limit) - 3, opts.limitLabel || 'limit', 'tick end limit-label');
  }
  if (opts.guide) {
    root.append(svg('line', {x1: L, y1: Y(opts.guide.y), x2: W - R, y2: Y(opts.guide.y), class: 'guide'}));
    label(L - 4, Y(opts.guide.y) + 4, opts.guide.label, 'tick end');
  }
  (opts.flags || []).forEach((f, i) => {
    const flag = svg('g', Object.assign({class: 'flag ' + (f.cls || '')}, f.attrs || {}));
    flag.append(svg('line', {x1: X(f.x), y1: T, x2: X(f.x), y2: H - B}));
    const right = X(f.x) > W - 120;
    const t = svg('text', {x: X(f.x) + (right ? -3 : 3), y: T + 20 + 11 * (i % 4), class: 'flag-label' + (right ? ' end' : '')});
    t.textContent = f.label;
    flag.append(t);
    root.append(flag);
  });
  for (const s of series) {
    const pts = thin(s.points);
    if (!pts.length) continue;
    const d = pts.map((p, i) => (i ? 'L' : 'M') + X(p[0]).toFixed(1) + ' ' + Y(p[1]).toFixed(1)).join('');
    root.append(svg('path', {d: d, class: 'series', stroke: s.colour}));
    if (opts.dots && pts.length <= 400)
      for (const p of pts) {
        const {title, ...attrs} = p[2] || {};
        const dot = svg('circle', Object.assign({cx: X(p[0]), cy: Y(p[1]), r: 2, fill: s.colour}, attrs));
        if (title) {
          const tip = svg('title');
          tip.textContent = title;
          dot.append(tip);
        }
        root.append(dot);
      }
  }
  const marker = svg('line', {y1: T, y2: H - B, class: 'marker'});
  root.append(marker);
  root.mark = x => { marker.setAttribute('x1', X(x)); marker.setAttribute('x2', X(x)); };
  root.mark(0);
  if (opts.onPick) {
    root.classList.add('pickable');
    root.addEventListener('click', e => {
      const step = e.target.dataset ? e.target.dataset.step : undefined;
      if (step !== undefined) return opts.onPick(Number(step));
      const r = root.getBoundingClientRect();
      const x = Math.round(((e.clientX - r.left) * W / r.width - L) * xmax / (W - L - R));
      opts.onPick(Math.max(0, Math.min(xmax, x)));
    });
  }
  const legend = el('div', {class: 'legend'}, ...series.map(s => el('span', {style: 'color:' + s.colour}, '\u25a0 ' + s.name)),
                    ...(opts.legend || []).map(([text, cls]) => el('span', {class: cls}, text)));
  const box = el('div', {class: 'chart-box'}, root, legend);
  box.mark = root.mark;
  return box;
}

// The engines' analysis of a game (the annotated record's "analysis" member,
// analysis/README.md): each page checks it with read(a, g), which returns the
// analysis to draw or throws the problem as text; a game whose analysis does
// not check is drawn without it, the problem named beside it.
// Returns {analysis, problem}: analysis null when absent or malformed.
function readAnalysis(g, read) {
  if (g.analysis === undefined) return {analysis: null, problem: ''};
  try {
    const a = g.analysis;
    if (!a || typeof a !== 'object' || Array.isArray(a)) throw 'it is not an object';
    return {analysis: read(a, g), problem: ''};
  } catch (e) {
    return {analysis: null, problem: 'The analysis of this game is not drawn: ' + (typeof e === 'string' ? e : String(e)) + '.'};
  }
}
// Loose checks for readAnalysis: each throws what is wrong.
function needList(v, what, length) {
  if (!Array.isArray(v)) throw what + ' is not a list';
  if (length !== undefined && v.length !== length) throw what + ' has ' + v.length + (v.length === 1 ? ' entry' : ' entries') + ', expected ' + length;
  return v;
}
function needNumber(v, what, nullable) {
  if (nullable && (v === null || v === undefined)) return null;
  if (typeof v !== 'number' || !isFinite(v)) throw what + ' is not a number';
  return v;
}
// A value of the analysis as text: at most 4 decimals, as written.
function value4(x) { return x === null || x === undefined ? '\u2014' : String(Number(x.toFixed(4))); }
// The summary's line about the analysis: the engine, and how many games it covers.
function analysisFacts(games, reads) {
  const drawn = reads.filter(r => r.analysis), bad = reads.filter(r => r.problem);
  if (!drawn.length && !bad.length) return [];
  const engines = [...new Set(drawn.map(r => String(r.analysis.engine || 'not named')))];
  return [['Analysis', (engines.join('; ') || '\u2014') + ' \u2014 ' + drawn.length + ' of ' + games.length + ' games' +
           (bad.length ? ', ' + bad.length + ' not drawn (malformed)' : ''), 'analysis-engine']];
}

// What the sandbox refused the plugins, by game (records written before the
// "refused" field have none): a heading and a list, or nothing.
function refusedList(games, gameName) {
  const refusals = games.filter(g => Array.isArray(g.refused) && g.refused.length);
  if (!refusals.length) return [];
  return [el('h3', {}, 'Refused by the sandbox (' + refusals.length + (refusals.length === 1 ? ' game)' : ' games)')),
          el('ul', {id: 'refused'}, ...refusals.map(g => el('li', {}, gameName(g) + ': ' +
              g.refused.map(r => r.player + ' ' + r.call + ' ' + r.errno + ' \u00d7' + r.count).join(', '))))];
}

// Key-value rows for a summary: [key, value, id, tooltip] (id and tooltip optional).
function facts(rows) {
  return el('dl', {class: 'facts'}, ...rows.flatMap(([k, v, id, tip]) => [el('dt', {}, k), el('dd', {id: id, title: tip}, v)]));
}

// The replay area: a games table above, and one game opened at a time.
// Draws the page; records on <main data-ready-ms> the milliseconds from the
// start of navigation to the page drawn (the figure the benchmarks report).
function startViewer(kindRender) {
  try {
    kindRender();
    document.getElementById('page').dataset.readyMs = Math.round(performance.now());
  } catch (e) {
    const main = document.getElementById('page');
    main.append(el('p', {class: 'error', id: 'page-error'}, 'The page could not draw this record: ' + e));
    throw e;
  }
}

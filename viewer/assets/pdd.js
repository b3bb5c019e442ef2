// Ponte del Diavolo page (pdd-referee --record): the games, and a replay of
// any game action by action through its stepLog, with tiles, bridges, the
// final scores and the violation that ended it.
'use strict';

const PDD_SIZE = 10;
const PDD_COLOUR = {W: 'White', B: 'Black'};

// "W_3_Chess_0,2_1,3" -> {colour, turn, kind, a: [x, y], b: [x, y]} (a before b row-major).
function pddStep(text) {
  const [colour, turn, kind, p, q] = text.split('_');
  let a = p.split(',').map(Number), b = q.split(',').map(Number);
  if (a[1] * PDD_SIZE + a[0] > b[1] * PDD_SIZE + b[0]) [a, b] = [b, a];
  return {colour: colour, turn: Number(turn), kind: kind, a: a, b: b};
}
// The cells a bridge from a to b (a first, row-major) covers: its body.
function pddBody(a, b) {
  const [x, y] = a, dx = b[0] - a[0], dy = b[1] - a[1], half = v => Math.trunc(v / 2);
  if (Math.abs(dx) === 2 && dy === 1) return [[x + half(dx), y], [x + half(dx), y + dy]];
  if (Math.abs(dx) === 1 && dy === 2) return [[x, y + 1], [x + dx, y + 1]];
  return [[x + half(dx), y + half(dy)]];
}
// The position after the first `count` steps: tiles[y][x] ('', 'W', 'B'),
// covered[y][x], bridges [{a, b, colour}].
function pddPosition(steps, count) {
  const tiles = Array.from({length: PDD_SIZE}, () => new Array(PDD_SIZE).fill(''));
  const covered = Array.from({length: PDD_SIZE}, () => new Array(PDD_SIZE).fill(false));
  const bridges = [];
  for (const s of steps.slice(0, count)) {
    if (s.kind === 'Chess') { tiles[s.a[1]][s.a[0]] = s.colour; tiles[s.b[1]][s.b[0]] = s.colour; }
    else if (s.kind === 'Change') { tiles[s.a[1]][s.a[0]] = 'B'; tiles[s.b[1]][s.b[0]] = 'B'; }
    else {
      bridges.push({a: s.a, b: s.b, colour: tiles[s.a[1]][s.a[0]] || s.colour});
      for (const [x, y] of pddBody(s.a, s.b)) covered[y][x] = true;
    }
  }
  return {tiles, covered, bridges};
}
// The position as pdd-referee prints it.
function pddText(pos) {
  let s = '     ' + [...Array(PDD_SIZE).keys()].join(' ') + '\n';
  for (let y = 0; y < PDD_SIZE; ++y) {
    s += '  ' + y + '  ';
    s += pos.tiles[y].map((t, x) => t || (pos.covered[y][x] ? '+' : '.')).join(' ') + '\n';
  }
  pos.bridges.forEach((br, i) => {
    s += (i % 4 === 0 ? '  bridges: ' : '  ') + (i + 1) + '=' + (pos.tiles[br.a[1]][br.a[0]] || '-') + ' (' + br.a.join(',') +
         ')-(' + br.b.join(',') + ')';
    if (i % 4 === 3 || i + 1 === pos.bridges.length) s += '\n';
  });
  return s;
}
function pddScore(s) {
  return s.points + ' points, ' + s.islands + ' islands' + (s.independent_islands !== undefined ? ' (' + s.independent_islands + ' independent)' : '') +
         ', ' + s.bridges + ' bridges' + (s.connected_islands !== undefined ? ', ' + s.connected_islands + ' connected islands' : '');
}

// The analysis (analysis/README.md): per action of the stepLog, the value of
// the action played and of the best one by our search, for the mover, and the loss.
function pddCheckAnalysis(a, g) {
  const steps = g.steplog.split(' ').filter(Boolean);
  needList(a.actions, "'actions'", steps.length);
  let largest = 0;
  a.actions.forEach((x, k) => {
    const where = 'action ' + (k + 1);
    if (!x || typeof x !== 'object') throw where + ' is not an object';
    if (x.by !== steps[k][0]) throw where + ' is by ' + x.by + ' in the analysis, by ' + steps[k][0] + ' in the game';
    for (const f of ['value', 'best', 'loss']) needNumber(x[f], where + ": '" + f + "'", true);
    if (x.best_action !== null && x.best_action !== undefined && typeof x.best_action !== 'string') throw where + ": 'best_action' is not text";
    if (typeof x.loss === 'number' && (!largest || x.loss > a.actions[largest - 1].loss)) largest = k + 1;
  });
  return {engine: a.engine, actions: a.actions, largest: largest};
}
// "loss 1.5: value 2, the best 3.5 (B_4_Bridge_1,1_2,3)".
function pddLossText(x) {
  return 'loss ' + value4(x.loss) + ': value ' + value4(x.value) + ', the best ' + value4(x.best) +
         (x.best_action ? ' (' + x.best_action + ')' : '');
}
// A best action written as the stepLog writes actions, drawable; else null.
function pddBestAction(text) {
  return typeof text === 'string' && /^[WB]_\d+_(Chess|Bridge|Change)_\d,\d_\d,\d$/.test(text) ? pddStep(text) : null;
}

// The board's drawing, shared by the replay and the arena's live game: cells
// of PDD_CELL units after a margin of PDD_MARGIN (coordinates in it).
const PDD_CELL = 40, PDD_MARGIN = 18;
// The position as SVG: coordinates, cells (covered ones shaded), tiles,
// bridges, and the action `last` (a step, or null) outlined.
function pddBoardSvg(pos, last) {
  const S = PDD_CELL, O = PDD_MARGIN;
  const root = svg('svg', {viewBox: `0 0 ${PDD_SIZE * S + O + 4} ${PDD_SIZE * S + O + 4}`, class: 'pdd-board', id: 'board'});
  const cx = x => O + x * S + S / 2;
  for (let i = 0; i < PDD_SIZE; ++i) {
    const t = svg('text', {x: cx(i), y: 12, class: 'coord'}); t.textContent = i; root.append(t);
    const u = svg('text', {x: 8, y: cx(i) + 4, class: 'coord'}); u.textContent = i; root.append(u);
  }
  for (let y = 0; y < PDD_SIZE; ++y)
    for (let x = 0; x < PDD_SIZE; ++x) {
      root.append(svg('rect', {x: O + x * S, y: O + y * S, width: S, height: S, class: 'pdd-cell' + (pos.covered[y][x] ? ' covered' : '')}));
      if (pos.tiles[y][x]) root.append(svg('rect', {x: O + x * S + 4, y: O + y * S + 4, width: S - 8, height: S - 8, rx: 4, class: 'tile-' + pos.tiles[y][x]}));
    }
  for (const br of pos.bridges) {
    root.append(svg('line', {x1: cx(br.a[0]), y1: cx(br.a[1]), x2: cx(br.b[0]), y2: cx(br.b[1]), class: 'bridge-' + br.colour}));
    root.append(svg('line', {x1: cx(br.a[0]), y1: cx(br.a[1]), x2: cx(br.b[0]), y2: cx(br.b[1]), class: 'bridge-core'}));
  }
  if (last)
    for (const c of [last.a, last.b])
      root.append(svg('rect', {x: O + c[0] * S + 1.5, y: O + c[1] * S + 1.5, width: S - 3, height: S - 3, class: 'last-action'}));
  return root;
}

function renderPonte() {
  const games = Record.games.slice().sort((p, q) => p.game - q.game);
  if (!games.length) return noGames('Ponte del Diavolo games');
  const names = [...new Set(games.flatMap(g => [g.white, g.black]))];
  const main = pageFrame('Ponte del Diavolo: ' + names.map(baseName).join(' vs '));
  const reads = games.map(g => readAnalysis(g, pddCheckAnalysis));
  const analysed = reads.some(r => r.analysis || r.problem);
  const largestText = r => {
    if (r.problem) return 'not drawn';
    if (!r.analysis) return '\u2014';
    const K = r.analysis.largest;
    return K ? value4(r.analysis.actions[K - 1].loss) + ' at ' + K + ' (' + PDD_COLOUR[r.analysis.actions[K - 1].by] + ')' : 'none';
  };

  // Summary: wins per program, violations.
  const wins = new Map(names.map(n => [n, 0]));
  let draws = 0;
  for (const g of games) {
    if (g.winner === 'draw') ++draws;
    else wins.set(g.winner === 'W' ? g.white : g.black, wins.get(g.winner === 'W' ? g.white : g.black) + 1);
  }
  const summary = section(main, 'Summary', 'summary');
  summary.append(facts([...names.map((n, i) => ['Program ' + (i + 1), baseName(n) + ': ' + wins.get(n) + (wins.get(n) === 1 ? ' win' : ' wins'),
                                                'program-' + (i + 1), n]),
                        ['Draws', draws, 'draws'], ...analysisFacts(games, reads)]));
  const violations = games.filter(g => g.violation);
  summary.append(el('h3', {}, violations.length ? 'Violations (' + violations.length + ')' : 'No violations'),
                 el('ul', {id: 'faults'}, ...violations.map(g => el('li', {'data-code': g.violation},
                     'Game ' + g.game + ': ' + g.violation + ' by ' + PDD_COLOUR[g.violator] + ' \u2014 ' + g.reason))));

  const table = gamesTable(
      ['game', 'White', 'Black', 'winner', 'reason', 'violation', 'actions', 'skips', 'points W\u2013B', ...(analysed ? ['largest loss'] : [])],
      games.map((g, i) => [g.game, baseName(g.white), baseName(g.black), g.winner === 'draw' ? 'draw' : PDD_COLOUR[g.winner],
                           g.reason, g.violation ? g.violation + ' (' + g.violator + ')' : '\u2014', g.actions !== undefined ? g.actions : '',
                           g.skips !== undefined ? g.skips : '', g.white_score.points + '\u2013' + g.black_score.points,
                           ...(analysed ? [largestText(reads[i])] : [])]),
      i => open(i, 'end'));
  table.querySelectorAll('tbody tr').forEach((tr, i) => {
    tr.dataset.moves = games[i].steplog.split(' ').filter(Boolean).length;
    tr.dataset.winner = games[i].winner;
    tr.dataset.code = games[i].violation;
  });
  section(main, 'Games', 'games-section').append(table);

  const boardBox = el('div', {class: 'board-box'});
  const lossBox = el('div', {class: 'chart-slot'});
  const {heading, info, note, analysisNote, chartBox, boardText, stepper} = replayPanel(main, boardBox,
      {boardTitle: 'the position as pdd-referee prints it', noteTag: 'div', extra: [lossBox], draw: step => draw(step)});
  let game = null, steps = [], times = [], chart = null, index = 0, analysis = null, lossChart = null;

  function open(i, step) {
    index = i;
    game = games[i];
    table.querySelector('table').select(i);
    heading.textContent = 'Game ' + game.game + ': White ' + baseName(game.white) + ' vs Black ' + baseName(game.black);
    steps = game.steplog.split(' ').filter(Boolean).map(pddStep);
    // Each turn's time: the colour's times in order (a violating turn has one more).
    const next = {W: 0, B: 0}, list = {W: game.white_ms, B: game.black_ms};
    times = steps.map(s => list[s.colour][next[s.colour]++]);
    const pts = c => steps.map((s, k) => [k + 1, times[k], s.colour]).filter(p => p[2] === c && p[1] !== undefined).map(p => [p[0], p[1]]);
    chart = lineChart([{name: 'White', colour: '#888', points: pts('W')}, {name: 'Black', colour: '#111', points: pts('B')}],
                      {limit: game.time_limit_ms, limitLabel: 'time limit', xLabel: 'action', yLabel: 'ms per turn', dots: true,
                       yFormat: v => Math.round(v) + ' ms'});
    chartBox.replaceChildren(chart);
    analysis = reads[i].analysis;
    analysisNote.textContent = reads[i].problem;
    analysisNote.className = reads[i].problem ? 'analysis-note fault' : 'analysis-note';
    lossChart = null;
    lossBox.replaceChildren();
    if (analysis) {
      // Each action's loss against the best by the search, per side; the largest flagged; a click goes to that action.
      const K = analysis.largest;
      const lossPts = c => analysis.actions.map((x, k) => [k + 1, x.loss, x.by, {'data-step': k + 1, class: 'loss-point' + (k + 1 === K ? ' largest' : ''),
                                                                                title: 'action ' + (k + 1) + ': loss ' + value4(x.loss)}])
                                             .filter(p => p[2] === c && typeof p[1] === 'number').map(p => [p[0], p[1], p[3]]);
      const attrs = {id: 'loss-chart', 'data-points': analysis.actions.length};
      if (K) attrs['data-largest-loss'] = K;
      lossChart = lineChart([{name: 'White', colour: '#888', points: lossPts('W')}, {name: 'Black', colour: '#111', points: lossPts('B')}],
                            {xLabel: 'action', yLabel: 'loss against the best action', dots: true, yFormat: v => value4(v), attrs: attrs,
                             flags: K ? [{x: K, label: 'largest loss ' + K, cls: 'losing', attrs: {id: 'largest-loss-marker', 'data-step': K}}] : [],
                             onPick: k => stepper.go(k)});
      lossBox.replaceChildren(lossChart);
    }
    stepper.reset(steps.length, step === 'end' ? steps.length : Number(step) || 0);
  }

  function draw(step) {
    const pos = pddPosition(steps, step), S = PDD_CELL, O = PDD_MARGIN;
    const atEnd = step === steps.length;
    const root = pddBoardSvg(pos, step > 0 ? steps[step - 1] : null);
    // The violation's cells, as the referee named them: "(x,y)".
    const cells = atEnd && game.violation ? [...(game.detail || game.reason).matchAll(/\((\d),(\d)\)/g)].map(m => [Number(m[1]), Number(m[2])]) : [];
    for (const [x, y] of cells) root.append(svg('rect', {x: O + x * S + 1, y: O + y * S + 1, width: S - 2, height: S - 2, class: 'violation-cell'}));
    // The analysis's best for the next action, where it names cells.
    const best = analysis && step < steps.length ? pddBestAction(analysis.actions[step].best_action) : null;
    if (best) {
      for (const c of [best.a, best.b])
        root.append(svg('rect', {x: O + c[0] * S + 4, y: O + c[1] * S + 4, width: S - 8, height: S - 8, class: 'best-action'}));
      root.dataset.best = analysis.actions[step].best_action;
    }
    boardBox.replaceChildren(root);

    const s = step > 0 ? steps[step - 1] : null;
    stepper.label.textContent = 'action ' + step + ' of ' + steps.length;
    info.replaceChildren(facts([
      ['Action', step + ' of ' + steps.length, 'move-number'],
      ['Last action', s ? PDD_COLOUR[s.colour] + ' ' + s.kind + ' (' + s.a.join(',') + ') (' + s.b.join(',') + ')' : '\u2014'],
      ['Turn time', s && times[step - 1] !== undefined ? ms(times[step - 1]) : '\u2014'],
      ...(analysis ? [
        ['Loss', step > 0 ? pddLossText(analysis.actions[step - 1]) + (step === analysis.largest ? ' \u2014 the largest of the game' : '') : '\u2014',
         'action-loss'],
        ['Best next', step < steps.length ? String(analysis.actions[step].best_action || '\u2014') + ' (value ' +
                      value4(analysis.actions[step].best) + ')' : '\u2014', 'best-next'],
      ] : []),
    ]));
    const lines = [];
    if (atEnd) {
      lines.push(el('dl', {class: 'facts', id: 'final-scores'},
                    el('dt', {}, 'White'), el('dd', {id: 'score-white'}, pddScore(game.white_score)),
                    el('dt', {}, 'Black'), el('dd', {id: 'score-black'}, pddScore(game.black_score))));
      lines.push(el('p', {id: 'winner'}, game.winner === 'draw' ? 'Result: ' + game.reason
                                                                : 'Result: ' + PDD_COLOUR[game.winner] + ' wins: ' + game.reason));
      if (game.violation)
        lines.push(el('p', {class: 'fault', id: 'violation', 'data-code': game.violation},
                      game.violation + ' by ' + PDD_COLOUR[game.violator] + ' at turn ' + (steps.length + 1) +
                      (cells.length ? ', cells ' + cells.map(c => '(' + c.join(',') + ')').join(' ') : '') + ': ' + game.reason));
    }
    note.replaceChildren(...lines);
    boardText.textContent = pddText(pos);
    if (chart) chart.mark(step);
    if (lossChart) lossChart.mark(step);
    writeHash(index + 1, atEnd ? 'end' : step);
  }

  const hash = readHash();
  open(Math.max(1, Math.min(games.length, Number(hash.game) || 1)) - 1, hash.step === undefined ? 'end' : hash.step);
  stepper.fromHash(hash);
}

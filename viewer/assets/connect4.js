// ConnectFour match page (Compete --record): summary, games, replay.
'use strict';

const C4_RESULTS = {
  0: 'tie', 1: 'A - won', 2: 'B - won', 3: 'A - bug occurred', 4: 'A - illegal move', 5: 'B - bug occurred',
  6: 'B - illegal move', 7: 'A - timed out', 8: 'B - timed out', '-1': 'A - cannot be loaded',
  '-2': 'B - cannot be loaded', '-3': 'A - lacks getPoint or clearPoint', '-4': 'B - lacks getPoint or clearPoint',
};
// The side a result counts for in the Stat ratios ('' for a tie, null for nobody).
function c4Credited(code) {
  if ([1, 5, 6, 8].includes(code)) return 'A';
  if ([2, 3, 4, 7].includes(code)) return 'B';
  return code === 0 ? '' : null;
}
const c4Ratio = cppDouble;

// The four (or more) stones in a row through the last move, from the record or found here.
function c4WinningLine(g, board) {
  if (Array.isArray(g.win) && g.win.length >= 4) return g.win;
  if (g.code !== 1 && g.code !== 2 || !g.moves.length) return null;
  const [, x, y] = g.moves[g.moves.length - 1];
  const side = board[x][y];
  for (const [dx, dy] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
    const line = [[x, y]];
    for (const s of [-1, 1]) {
      let cx = x + s * dx, cy = y + s * dy;
      while (cx >= 0 && cx < g.M && cy >= 0 && cy < g.N && board[cx][cy] === side) {
        s < 0 ? line.unshift([cx, cy]) : line.push([cx, cy]);
        cx += s * dx; cy += s * dy;
      }
    }
    if (line.length >= 4) return line;
  }
  return null;
}

// The analysis (analysis/README.md): each position's value from the side to
// move's view, proven by the solver or estimated by the UCT, its best columns,
// and each move's class.
const C4_CLASS = {losing: 'losing move', missed_win: 'missed win', mistake: 'mistake', inaccuracy: 'inaccuracy', ok: 'ok'};
const C4_MARK = {losing: '??', missed_win: '?', mistake: '?', inaccuracy: '?!', ok: ''};

// Checks game g's analysis against the game (throws what is wrong, as text).
function c4CheckAnalysis(a, g) {
  const n = g.moves.length;
  needList(a.positions, "'positions'", n + 1);
  a.positions.forEach((p, k) => {
    const where = 'position ' + k;
    if (!p || typeof p !== 'object') throw where + ' is not an object';
    if (p.to_move !== 'A' && p.to_move !== 'B') throw where + ": 'to_move' is neither \"A\" nor \"B\"";
    if (needNumber(p.score, where + ": 'score'") < 0 || p.score > 1) throw where + ": 'score' is not from 0 to 1";
    if (p.proof !== null && p.proof !== undefined && !['win', 'draw', 'loss'].includes(p.proof))
      throw where + ": 'proof' is not \"win\", \"draw\", \"loss\" or null";
    if (p.distance !== null && p.distance !== undefined && !(Number.isInteger(p.distance) && p.distance >= 0))
      throw where + ": 'distance' is not a whole number";
    if (p.best !== undefined && !(Array.isArray(p.best) && p.best.every(c => Number.isInteger(c) && c >= 0 && c < g.N)))
      throw where + ": 'best' is not a list of the board's columns";
  });
  needList(a.moves, "'moves'", n);
  a.moves.forEach((m, k) => {
    const where = 'move ' + (k + 1);
    if (!m || typeof m !== 'object') throw where + ' is not an object';
    if (!Object.prototype.hasOwnProperty.call(C4_CLASS, m.class)) throw where + ": 'class' is not one the page knows";
    if (m.column !== g.moves[k][2]) throw where + ' is column ' + m.column + ' in the analysis, ' + g.moves[k][2] + ' in the game';
    if (m.by !== g.moves[k][0]) throw where + ' is by ' + m.by + ' in the analysis, by ' + g.moves[k][0] + ' in the game';
    needNumber(m.drop, where + ": 'drop'", true);
  });
  const K = a.losing_move;
  if (K !== null && K !== undefined && !(Number.isInteger(K) && K >= 1 && K <= n)) throw "'losing_move' is not a move of the game";
  return a;
}
function c4Proven(p) { return p.proof === 'win' || p.proof === 'draw' || p.proof === 'loss'; }
// A's expected score in position p (the analysis gives the side to move's).
function c4ScoreA(p) { return p.to_move === 'A' ? p.score : 1 - p.score; }
// "A wins in 7 (proven)", "draw (proven)", "B to move: 0.62 (estimated)", "A has won".
function c4Value(p) {
  const other = p.to_move === 'A' ? 'B' : 'A';
  const within = p.distance !== null && p.distance !== undefined ? ' in ' + p.distance : '';
  if (p.proof === 'draw') return p.distance === 0 ? 'drawn: the board is full' : 'draw (proven)';
  if (p.proof === 'win' || p.proof === 'loss') {
    const winner = p.proof === 'win' ? p.to_move : other;
    return p.distance === 0 ? winner + ' has won' : winner + ' wins' + within + ' (proven)';
  }
  return p.to_move + ' to move: ' + p.score.toFixed(2) + ' (estimated)';
}
// Move k's class as text: "mistake (drop 0.25)".
function c4MoveClass(m) {
  return C4_CLASS[m.class] + (m.class !== 'ok' && typeof m.drop === 'number' ? ' (drop ' + value4(m.drop) + ')' : '');
}

// The board's drawing, shared by the replay and the arena's live game.
const C4_CELL = 36;
// board[x][y]: 'A', 'B' or '' after the first `step` moves of g.
function c4Stones(g, step) {
  const board = Array.from({length: g.M}, () => new Array(g.N).fill(''));
  for (let k = 0; k < step; ++k) board[g.moves[k][1]][g.moves[k][2]] = g.moves[k][0];
  return board;
}
// The board as SVG: frame, coordinates, holes, stones, the blocked cell, the
// move `last` ([side, x, y, ...] or null) ringed. root.cx(y) and root.cy(x)
// give a cell's centre, for what the caller draws on top.
function c4BoardSvg(g, board, last) {
  const M = g.M, N = g.N, S = C4_CELL;
  const root = svg('svg', {viewBox: `0 0 ${N * S + 24} ${M * S + 24}`, class: 'c4-board', id: 'board'});
  root.append(svg('rect', {x: 12, y: 12, width: N * S, height: M * S, rx: 6, class: 'c4-frame'}));
  const cx = y => 12 + y * S + S / 2, cy = x => 12 + x * S + S / 2;
  for (let y = 0; y < N; ++y) {
    const t = svg('text', {x: cx(y), y: 10, class: 'coord'}); t.textContent = y; root.append(t);
  }
  for (let x = 0; x < M; ++x) {
    const t = svg('text', {x: 6, y: cy(x) + 4, class: 'coord'}); t.textContent = x; root.append(t);
    for (let y = 0; y < N; ++y) {
      if (x === g.noX && y === g.noY) {
        root.append(svg('rect', {x: cx(y) - S / 2 + 3, y: cy(x) - S / 2 + 3, width: S - 6, height: S - 6, class: 'c4-blocked'}));
        continue;
      }
      const side = board[x][y];
      root.append(svg('circle', {cx: cx(y), cy: cy(x), r: S / 2 - 4, class: side ? 'stone stone-' + side : 'hole'}));
    }
  }
  if (last) {
    const [, x, y] = last;
    root.append(svg('circle', {cx: cx(y), cy: cy(x), r: S / 2 - 9, class: 'last-move'}));
  }
  root.cx = cx;
  root.cy = cy;
  return root;
}
// The winning line ([[x, y], ...]) drawn through its ends, listed in root.dataset.win.
function c4DrawWin(root, line) {
  const [a, b] = [line[0], line[line.length - 1]];
  root.append(svg('line', {x1: root.cx(a[1]), y1: root.cy(a[0]), x2: root.cx(b[1]), y2: root.cy(b[0]), class: 'win-line'}));
  root.dataset.win = line.map(c => c.join(',')).join(' ');
}
// The board as Compete prints it: A, B, X for the blocked cell, . for empty.
function c4BoardText(g, board) {
  return board.map((row, x) => row.map((s, y) => x === g.noX && y === g.noY ? 'X' : s || '.').join(' ')).join('\n') + '\n';
}

function renderConnectFour() {
  const games = Record.games.slice().sort((p, q) => p.round - q.round || p.game - q.game);
  if (!games.length) return noGames('ConnectFour match');
  const nameA = baseName(games[0].a), nameB = baseName(games[0].b);
  const main = pageFrame('ConnectFour: ' + nameA + ' vs ' + nameB);
  const reads = games.map(g => readAnalysis(g, c4CheckAnalysis));
  const analysed = reads.some(r => r.analysis || r.problem);

  // Summary: W-L-D, the Stat ratios, move times, faults.
  let aWins = 0, bWins = 0, ties = 0;
  const times = {A: [], B: []};
  for (const g of games) {
    const side = c4Credited(g.code);
    if (side === 'A') ++aWins; else if (side === 'B') ++bWins; else if (side === '') ++ties;
    for (const m of g.moves) times[m[0]].push(m[3]);
  }
  const n = games.length || 1;
  const stat = 'Stat:\nratio of A wins : ' + c4Ratio(aWins / n) + '\nratio of B wins : ' + c4Ratio(bWins / n) +
               '\nratio of Tie : ' + c4Ratio(ties / n) + '\n\nratio of (A wins + tie) : ' + c4Ratio((aWins + ties) / n) +
               '\nratio of (B wins + tie) : ' + c4Ratio((bWins + ties) / n);
  const limit = games.find(g => g.time_limit_ms) ? games.find(g => g.time_limit_ms).time_limit_ms : 0;
  const timeText = side => times[side].length
      ? 'longest ' + ms(largest(times[side])) + ', median ' + ms(median(times[side])) + ' (' + times[side].length + ' moves)'
      : 'no move';
  const summary = section(main, 'Summary', 'summary');
  summary.append(facts([
    ['A', nameA, 'name-a', games[0].a], ['B', nameB, 'name-b', games[0].b],
    ['Score (A wins \u2013 B wins \u2013 ties)', aWins + ' \u2013 ' + bWins + ' \u2013 ' + ties, 'score'],
    ['A move times', timeText('A')], ['B move times', timeText('B')],
    ['Time limit per move', limit ? ms(limit) : 'not recorded'],
    ...analysisFacts(games, reads),
    ...(analysed ? [['Losing moves', ['A', 'B'].map(side => side + ': ' + reads.filter((r, i) => r.analysis &&
        r.analysis.losing_move && games[i].moves[r.analysis.losing_move - 1][0] === side).length).join(', ') +
        ' (games lost where the analysis finds the move that lost them)', 'losing-moves']] : []),
  ]));
  summary.append(el('pre', {class: 'stat', id: 'stat'}, stat));
  const faults = games.filter(g => g.code < 0 || g.code > 2);
  const faultList = el('ul', {id: 'faults'}, ...faults.map(g => el('li', {'data-code': g.code},
      'Round ' + g.round + ', game ' + g.game + ': code ' + g.code + ' (' + (C4_RESULTS[g.code] || g.result) + ') \u2014 ' + g.reason)));
  summary.append(el('h3', {}, faults.length ? 'Faults (' + faults.length + ')' : 'No faults'), faultList);
  summary.append(...refusedList(games, g => 'Round ' + g.round + ', game ' + g.game));

  // The games.
  const losingText = (g, r) => {
    if (r.problem) return 'not drawn';
    if (!r.analysis) return '\u2014';
    const K = r.analysis.losing_move;
    return K ? K + ' (' + g.moves[K - 1][0] + ', column ' + g.moves[K - 1][2] + ')' : 'none';
  };
  const table = gamesTable(
      ['#', 'round', 'game', 'board', 'blocked', 'first', 'code', 'result', 'reason', 'moves', ...(analysed ? ['losing move'] : [])],
      games.map((g, i) => [i + 1, g.round, g.game, g.M + '\u00d7' + g.N, '(' + g.noX + ', ' + g.noY + ')', g.first, g.code,
                           C4_RESULTS[g.code] || g.result, g.reason, g.moves.length, ...(analysed ? [losingText(g, reads[i])] : [])]),
      i => open(i, reads[i].analysis && reads[i].analysis.losing_move ? reads[i].analysis.losing_move : 'end'));
  const rows = table.querySelectorAll('tbody tr');
  games.forEach((g, i) => { rows[i].dataset.code = g.code; rows[i].dataset.moves = g.moves.length; });
  section(main, 'Games', 'games-section').append(table);

  // The replay.
  const boardBox = el('div', {class: 'board-box'});
  const evalBox = el('div', {class: 'chart-slot'});
  const moveList = el('ol', {class: 'move-list', id: 'move-list'});
  const {section: replay, heading, info, note, analysisNote, chartBox, boardText, stepper} = replayPanel(main, boardBox,
      {boardTitle: 'the board as Compete prints it', extra: [evalBox, moveList], draw: step => draw(step)});
  let game = null, chart = null, analysis = null, evalChart = null, current = null;

  function open(i, step) {
    game = games[i];
    table.querySelector('table').select(i);
    heading.textContent = 'Game ' + (i + 1) + ': round ' + game.round + ', game ' + game.game + ' \u2014 ' +
                          game.M + '\u00d7' + game.N + ', ' + game.first + ' moves first';
    replay.dataset.game = i + 1;
    const pts = side => game.moves.map((m, k) => [k + 1, m[3], m[0]]).filter(p => p[2] === side).map(p => [p[0], p[1]]);
    chart = lineChart([{name: 'A (' + nameA + ')', colour: '#d33', points: pts('A')},
                       {name: 'B (' + nameB + ')', colour: '#c90', points: pts('B')}],
                      {limit: game.time_limit_ms || limit, limitLabel: 'time limit', xLabel: 'move', yLabel: 'ms per move',
                       dots: true, yFormat: v => Math.round(v) + ' ms'});
    chartBox.replaceChildren(chart);
    analysis = reads[i].analysis;
    analysisNote.textContent = reads[i].problem;
    analysisNote.className = reads[i].problem ? 'analysis-note fault' : 'analysis-note';
    evalChart = null;
    current = null;
    try {
      drawAnalysis();
    } catch (e) {  // never the page: the game is drawn without its analysis
      analysis = evalChart = null;
      evalBox.replaceChildren();
      moveList.replaceChildren();
      analysisNote.textContent = 'The analysis of this game is not drawn: ' + e + '.';
      analysisNote.className = 'analysis-note fault';
    }
    stepper.reset(game.moves.length, step === 'end' ? game.moves.length : Number(step) || 0);
  }

  // The evaluation graph (A's expected score over the moves, proven positions
  // filled, estimated ones hollow, each move's class on its point, the losing
  // move flagged; a click goes to that move) and the move list.
  function drawAnalysis() {
    evalBox.replaceChildren();
    moveList.replaceChildren();
    if (!analysis) return;
    const a = analysis, n = game.moves.length, K = a.losing_move || null;
    const points = a.positions.map((p, k) => {
      const cls = k ? a.moves[k - 1].class : 'ok';
      return [k, c4ScoreA(p), {
        class: 'eval-point ' + (c4Proven(p) ? 'proven' : 'estimated') + ' move-' + cls, r: cls === 'ok' ? 2.5 : 4, 'data-step': k,
        title: (k ? 'move ' + k + ' (' + game.moves[k - 1][0] + ', column ' + game.moves[k - 1][2] + ', ' + C4_CLASS[cls] + '): '
                  : 'start: ') + c4Value(p),
      }];
    });
    const flags = K ? [{x: K, label: 'losing move ' + K, cls: 'losing', attrs: {id: 'losing-marker', 'data-step': K}}] : [];
    const attrs = {id: 'eval-chart', 'data-points': n + 1};
    if (K) attrs['data-losing-move'] = K;
    evalChart = lineChart([{name: "A's expected score (" + nameA + ')', colour: '#555', points: points}],
                          {yMax: 1, yFormat: () => '1', xLabel: 'move', yLabel: "A's expected score", dots: true,
                           guide: {y: 0.5, label: '\u00bd'}, flags: flags, attrs: attrs, onPick: k => stepper.go(k),
                           legend: [['\u25cf proven', 'lg-proven'], ['\u25cb estimated', 'lg-estimated'],
                                    ['\u25cf losing move', 'lg-losing'], ['\u25cf mistake', 'lg-mistake'],
                                    ['\u25cf inaccuracy', 'lg-inaccuracy'], ['\u25cf missed win', 'lg-missed_win']]});
    evalBox.replaceChildren(evalChart);
    moveList.append(...a.moves.map((m, k) => {
      const li = el('li', {class: 'mv mv-' + m.class, 'data-step': k + 1, title: c4MoveClass(m)},
                    (k + 1) + '. ' + m.by + ' ' + m.column + (C4_MARK[m.class] ? ' ' + C4_MARK[m.class] : ''));
      li.addEventListener('click', () => stepper.go(k + 1));
      return li;
    }));
  }

  function draw(step) {
    const g = game, M = g.M, N = g.N, S = C4_CELL;
    const board = c4Stones(g, step);
    const atEnd = step === g.moves.length;
    const root = c4BoardSvg(g, board, step > 0 ? g.moves[step - 1] : null);
    const cx = root.cx, cy = root.cy;
    const p = analysis ? analysis.positions[step] : null;
    if (p && Array.isArray(p.best)) {
      const proven = c4Proven(p);
      for (const y of p.best) {
        let x = M - 1;
        while (x >= 0 && (board[x][y] || (x === g.noX && y === g.noY))) --x;
        if (x < 0) continue;
        root.append(svg('circle', {cx: cx(y), cy: cy(x), r: S / 2 - 2, class: 'best-move ' + (proven ? 'proven' : 'estimated'),
                                   'data-best-column': y}));
        const arrow = svg('path', {d: `M${cx(y) - 6} ${cy(x) - S / 2 - 2}l6 7l6 -7z`, class: 'best-arrow ' + (proven ? 'proven' : 'estimated')});
        root.append(arrow);
      }
      root.dataset.best = p.best.join(' ');
      root.dataset.bestProven = proven ? 'proven' : 'estimated';
    }
    if (analysis && step > 0 && analysis.moves[step - 1].class !== 'ok')
      root.querySelector('.last-move').classList.add('flagged', 'flag-' + analysis.moves[step - 1].class);
    let line = null;
    if (atEnd && (line = c4WinningLine(g, board))) c4DrawWin(root, line);
    if (atEnd && Array.isArray(g.illegal) && g.illegal.length === 2) {
      const [x, y] = g.illegal;
      if (x >= 0 && x < M && y >= 0 && y < N)
        root.append(svg('circle', {cx: cx(y), cy: cy(x), r: S / 2 - 4, class: 'illegal'}));
    }
    boardBox.replaceChildren(root);

    // Text: move, mover, time; the fault where it happened.
    const m = step > 0 ? g.moves[step - 1] : null;
    stepper.label.textContent = 'move ' + step + ' of ' + g.moves.length;
    info.replaceChildren(facts([
      ['Move', step + ' of ' + g.moves.length, 'move-number'],
      ['Last move', m ? m[0] + ' at (' + m[1] + ', ' + m[2] + ')' : '\u2014'],
      ['Thinking time', m ? ms(m[3]) : '\u2014', 'move-time'],
      ['CPU time', m && m.length > 4 ? ms(m[4]) : '\u2014', 'move-cpu'],
      ['Result', g.code + ' \u2014 ' + (C4_RESULTS[g.code] || g.result), 'result'],
      ...(analysis ? [
        ['Move class', step > 0 ? c4MoveClass(analysis.moves[step - 1]) : '\u2014', 'move-class'],
        ['Position', c4Value(p), 'position-value'],
        ['Best', p.best && p.best.length ? (p.best.length > 1 ? 'columns ' : 'column ') + p.best.join(', ') +
                 (c4Proven(p) ? ' (proven)' : ' (estimated)') : '\u2014', 'best-columns'],
      ] : []),
    ]));
    if (analysis) {
      const cls = step > 0 ? analysis.moves[step - 1].class : 'none';
      const shown = info.querySelector('#move-class');
      shown.dataset.class = cls;
      shown.className = 'class-' + cls;
      info.querySelector('#position-value').dataset.proof = c4Proven(p) ? 'proven' : 'estimated';
      if (current) current.classList.remove('current');
      current = step > 0 ? moveList.children[step - 1] : null;
      if (current) current.classList.add('current');
    }
    let fault = '';
    if (atEnd) {
      const next = g.moves.length + 1;
      if ([3, 5].includes(g.code)) fault = 'Move ' + next + ': ' + g.reason;
      else if ([7, 8].includes(g.code)) fault = 'Move ' + next + ': ' + g.reason;
      else if ([4, 6].includes(g.code))
        fault = 'Move ' + next + ': ' + g.reason + (Array.isArray(g.illegal) ? ' (drawn as a dashed ring where it lies on the board)' : '');
      else if (g.code < 0) fault = g.reason;
      else fault = g.reason;
    }
    note.textContent = fault;
    note.className = atEnd && (g.code < 0 || g.code > 2) ? 'fault-note fault' : 'fault-note';
    boardText.textContent = c4BoardText(g, board);
    if (chart) chart.mark(step);
    if (evalChart) evalChart.mark(step);
    writeHash(Number(replay.dataset.game), step === g.moves.length ? 'end' : step);
  }

  const hash = readHash();
  const first = Math.max(1, Math.min(games.length, Number(hash.game) || 1));
  open(first - 1, hash.step === undefined ? 'end' : hash.step);
  stepper.fromHash(hash);
}

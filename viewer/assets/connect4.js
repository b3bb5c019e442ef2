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

function renderConnectFour() {
  const games = Record.games.slice().sort((p, q) => p.round - q.round || p.game - q.game);
  if (!games.length) return noGames('ConnectFour match');
  const nameA = baseName(games[0].a), nameB = baseName(games[0].b);
  const main = pageFrame('ConnectFour: ' + nameA + ' vs ' + nameB);

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
  ]));
  summary.append(el('pre', {class: 'stat', id: 'stat'}, stat));
  const faults = games.filter(g => g.code < 0 || g.code > 2);
  const faultList = el('ul', {id: 'faults'}, ...faults.map(g => el('li', {'data-code': g.code},
      'Round ' + g.round + ', game ' + g.game + ': code ' + g.code + ' (' + (C4_RESULTS[g.code] || g.result) + ') \u2014 ' + g.reason)));
  summary.append(el('h3', {}, faults.length ? 'Faults (' + faults.length + ')' : 'No faults'), faultList);
  summary.append(...refusedList(games, g => 'Round ' + g.round + ', game ' + g.game));

  // The games.
  const table = gamesTable(
      ['#', 'round', 'game', 'board', 'blocked', 'first', 'code', 'result', 'reason', 'moves'],
      games.map((g, i) => [i + 1, g.round, g.game, g.M + '\u00d7' + g.N, '(' + g.noX + ', ' + g.noY + ')', g.first, g.code,
                           C4_RESULTS[g.code] || g.result, g.reason, g.moves.length]),
      i => open(i, 'end'));
  const rows = table.querySelectorAll('tbody tr');
  games.forEach((g, i) => { rows[i].dataset.code = g.code; rows[i].dataset.moves = g.moves.length; });
  section(main, 'Games', 'games-section').append(table);

  // The replay.
  const replay = section(main, '', 'replay');
  const heading = el('h2', {id: 'replay-title'});
  const boardBox = el('div', {class: 'board-box'});
  const info = el('div', {class: 'move-info', id: 'move-info'});
  const note = el('p', {class: 'fault-note', id: 'fault-note'});
  const boardText = el('pre', {class: 'board-text', id: 'board-text', title: 'the board as Compete prints it'});
  const chartBox = el('div', {class: 'chart-slot'});
  let game = null, chart = null;
  const stepper = new Stepper(step => draw(step));
  replay.append(heading, stepper.node, el('div', {class: 'replay-body'}, boardBox, el('div', {class: 'side'}, info, note, chartBox, boardText)));

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
    stepper.reset(game.moves.length, step === 'end' ? game.moves.length : Number(step) || 0);
  }

  function draw(step) {
    const g = game, M = g.M, N = g.N, S = 36;
    const board = Array.from({length: M}, () => new Array(N).fill(''));
    for (let k = 0; k < step; ++k) board[g.moves[k][1]][g.moves[k][2]] = g.moves[k][0];
    const atEnd = step === g.moves.length;
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
    if (step > 0) {
      const [, x, y] = g.moves[step - 1];
      root.append(svg('circle', {cx: cx(y), cy: cy(x), r: S / 2 - 9, class: 'last-move'}));
    }
    let line = null;
    if (atEnd && (line = c4WinningLine(g, board))) {
      const [a, b] = [line[0], line[line.length - 1]];
      root.append(svg('line', {x1: cx(a[1]), y1: cy(a[0]), x2: cx(b[1]), y2: cy(b[0]), class: 'win-line'}));
      root.dataset.win = line.map(c => c.join(',')).join(' ');
    }
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
    ]));
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
    boardText.textContent = board.map((row, x) => row.map((s, y) => x === g.noX && y === g.noY ? 'X' : s || '.').join(' ')).join('\n') + '\n';
    if (chart) chart.mark(step);
    writeHash(Number(replay.dataset.game), step === g.moves.length ? 'end' : step);
  }

  const hash = readHash();
  const first = Math.max(1, Math.min(games.length, Number(hash.game) || 1));
  open(first - 1, hash.step === undefined ? 'end' : hash.step);
  stepper.fromHash(hash);
}

// 2048 run page (Run2048 --record): the stats file's figures, the games, and
// a replay of any game rebuilt from its moves and spawns. Every game is
// replayed once when the page opens and its final score checked against the
// recorded one.
'use strict';

// The lines of the 4x4 board for each direction (0 L, 1 D, 2 R, 3 U): the
// cell the tiles move towards first.
const G_LINES = (() => {
  const lines = {L: [], D: [], R: [], U: []};
  for (let i = 0; i < 4; ++i) {
    lines.L.push([i * 4, i * 4 + 1, i * 4 + 2, i * 4 + 3]);
    lines.R.push([i * 4 + 3, i * 4 + 2, i * 4 + 1, i * 4]);
    lines.U.push([i, i + 4, i + 8, i + 12]);
    lines.D.push([i + 12, i + 8, i + 4, i]);
  }
  return lines;
})();

// Slides board (exponents, 0 empty) in direction d ('L', 'D', 'R', 'U') as the
// contest's engine does: the pair nearest the wall merges first, a merged tile
// does not merge again. Returns the score gained, or -1 if nothing moved.
function gSlide(board, d) {
  let gained = 0, changed = false;
  for (const line of G_LINES[d]) {
    let out = 0, canMerge = false;
    for (let i = 0; i < 4; ++i) {
      const v = board[line[i]];
      if (!v) continue;
      if (canMerge && board[line[out - 1]] === v) {
        board[line[out - 1]] = v + 1;
        gained += 2 ** (v + 1);
        board[line[i]] = 0;
        canMerge = false;
        changed = true;
      } else {
        if (i !== out) { board[line[out]] = v; board[line[i]] = 0; changed = true; }
        ++out;
        canMerge = true;
      }
    }
  }
  return changed ? gained : -1;
}
// Spawn k of the game: [cell, exponent].
function gSpawn(g, k) { return [parseInt(g.spawns[2 * k], 16), g.spawns[2 * k + 1] === '4' ? 2 : 1]; }

// Replays game g to its end. onMove(k, board, score) after each move k (from 1)
// if given. Returns {score, max, problem} (problem: "" or what went wrong).
function gReplay(g, onMove) {
  const board = new Uint8Array(16);
  for (let k = 0; k < 2; ++k) { const [c, v] = gSpawn(g, k); board[c] = v; }
  let score = 0, problem = '';
  for (let k = 0; k < g.directions.length; ++k) {
    const gained = gSlide(board, g.directions[k]);
    if (gained < 0) { problem = 'move ' + (k + 1) + ' (' + g.directions[k] + ') changes nothing'; break; }
    score += gained;
    const [c, v] = gSpawn(g, k + 2);
    if (board[c]) { problem = 'the spawn after move ' + (k + 1) + ' lands on a tile'; break; }
    board[c] = v;
    if (onMove) onMove(k + 1, board, score);
  }
  let max = 0;
  for (const v of board) max = Math.max(max, v ? 2 ** v : 0);
  return {score: score, max: max, problem: problem};
}

// The analysis (analysis/README.md): before each move the expectimax value of
// each direction (0 left, 1 down, 2 right, 3 up; null: it changes nothing), the
// share of moves that were the best, and the costliest moves.
const G_DIRS = 'LDRU', G_NAMES = {L: 'left', D: 'down', R: 'right', U: 'up'};
// The game's figures only: the list of moves' length, the accuracy, the costliest moves.
function gCheckFigures(a, g) {
  const n = g.directions.length;
  needList(a.moves, "'moves'", n);
  needNumber(a.accuracy, "'accuracy'", true);
  const costliest = needList(a.costliest === undefined ? [] : a.costliest, "'costliest'").map((c, i) => {
    if (!Array.isArray(c) || c.length !== 2 || !Number.isInteger(c[0]) || c[0] < 1 || c[0] > n)
      throw "'costliest' item " + (i + 1) + ' is not [a move of the game, its loss]';
    return [c[0], needNumber(c[1], "'costliest' item " + (i + 1) + "'s loss")];
  });
  return {engine: a.engine, accuracy: a.accuracy, costliest: costliest};
}
// The whole analysis, with each move's loss and best direction.
function gCheckAnalysis(a, g) {
  const figures = gCheckFigures(a, g), n = g.directions.length;
  const loss = new Float64Array(n + 1), best = new Uint8Array(n);
  a.moves.forEach((v, k) => {
    const where = 'move ' + (k + 1);
    needList(v, where, 4);
    v.forEach((x, d) => needNumber(x, where + ' ' + G_NAMES[G_DIRS[d]], true));
    const mine = v[G_DIRS.indexOf(g.directions[k])];
    if (mine === null) throw where + ': the direction played (' + G_NAMES[g.directions[k]] + ') has no value';
    let b = 0;
    for (let d = 1; d < 4; ++d) if (v[d] !== null && (v[b] === null || v[d] > v[b])) b = d;
    best[k] = b;
    loss[k + 1] = Math.max(0, v[b] - mine);
  });
  return Object.assign(figures, {moves: a.moves, loss: loss, best: best});
}
function gPercent(x) { return typeof x === 'number' && x >= 0 && x <= 1 ? (100 * x).toFixed(1) + '%' : '\u2014'; }

// One tile of a .grid2048 board, for the replay and the arena: exponent e (0 for an empty cell).
function gTile(e) {
  const value = e ? 2 ** e : '';
  return el('div', {class: 'tile t' + Math.min(e, 17) + ' d' + String(value).length}, value);
}

function render2048() {
  const games = Record.games.slice().sort((p, q) => p.game - q.game);
  if (!games.length) return noGames('2048 run');
  const bot = games[0].bot ? baseName(games[0].bot) : 'bot';
  const main = pageFrame('2048: ' + bot + ', ' + games.length + (games.length === 1 ? ' game' : ' games'));

  // Every game replayed: does it end with the recorded score and tile?
  const checks = games.map(g => {
    const r = gReplay(g);
    if (!r.problem && r.score !== g.score) r.problem = 'replayed score ' + r.score + ', recorded ' + g.score;
    else if (!r.problem && r.max !== g.max_tile) r.problem = 'replayed max tile ' + r.max + ', recorded ' + g.max_tile;
    return r;
  });
  const bad = checks.filter(c => c.problem).length;
  // Each game's analysis is checked whole when the game is opened (a run holds a million moves); here its figures.
  const reads = games.map(g => readAnalysis(g, gCheckFigures));
  const analysed = reads.some(r => r.analysis || r.problem);
  const accuracies = reads.filter(r => r.analysis && gPercent(r.analysis.accuracy) !== '\u2014').map(r => r.analysis.accuracy);

  // The stats file, from the finished games (as Run2048 writes it).
  const over = games.filter(g => g.end === 'over');
  const n = over.length;
  let text = '#Rounds: ' + n + '\nHighest Score: ' + (n ? largest(over.map(g => g.score)) : 0) +
             '\nAverage Score: ' + cppDouble(n ? over.reduce((s, g) => s + g.score, 0) / n : 0) +
             '\nMax Tile: ' + (n ? largest(over.map(g => g.max_tile)) : 0) + '\n';
  for (let e = 11; e <= 17; ++e)
    text += 2 ** e + ' Rate: ' + cppDouble(n ? 100 * over.filter(g => g.max_tile >= 2 ** e).length / n : 0) + '%\n';
  text += 'Move Count: ' + over.reduce((s, g) => s + g.moves, 0) + '\nTime: ' +
          cppDouble(games.reduce((s, g) => s + g.bot_cpu_s, 0));
  const summary = section(main, 'Summary', 'summary');
  const allMoves = games.reduce((s, g) => s + g.moves, 0);
  summary.append(facts([
    ['Bot', games[0].bot ? bot : 'not recorded', 'bot', games[0].bot],
    ['Seed', games[0].seed !== undefined ? games[0].seed : 'not recorded'],
    ['Games', games.length + ' (' + n + ' finished), ' + allMoves + ' moves'],
    ['Replay check', bad ? bad + ' of ' + games.length + ' games do not replay to their recorded score'
                         : 'every game replays to its recorded score and largest tile', 'replay-check'],
    ...analysisFacts(games, reads),
    ...(analysed ? [['Accuracy', accuracies.length ? gPercent(accuracies.reduce((s, x) => s + x, 0) / accuracies.length) +
                     ' of moves the best by the analysis (mean over ' + accuracies.length + ' games; worst ' +
                     gPercent(accuracies.reduce((m, x) => Math.min(m, x), 1)) + ')' : '\u2014', 'accuracy']] : []),
  ]));
  const check = summary.querySelector('#replay-check');
  check.className = bad ? 'mismatch' : 'ok';
  check.dataset.mismatches = bad;
  summary.append(el('pre', {class: 'stat', id: 'stats', title: 'the stats file (Time: the bot CPU seconds in the record)'}, text));
  const faults = games.filter(g => g.end !== 'over');
  summary.append(el('h3', {}, faults.length ? 'Faults (' + faults.length + ')' : 'No faults'),
                 el('ul', {id: 'faults'}, ...faults.map(g => el('li', {}, 'Game ' + g.game + ': ' + g.end + ' \u2014 ' + g.detail))));
  summary.append(...refusedList(games, g => 'Game ' + g.game));

  const table = gamesTable(
      ['game', 'score', 'max tile', 'moves', 'moves to 2048', 'end', 'fault', 'replay', ...(analysed ? ['accuracy', 'costliest move'] : [])],
      games.map((g, i) => [g.game, g.score, g.max_tile, g.moves, g.reached && g.reached['2048'] !== undefined ? g.reached['2048'] : '\u2014',
                           g.end, g.detail, checks[i].problem ? '\u2717 ' + checks[i].problem : '\u2713',
                           ...(!analysed ? [] : reads[i].problem ? ['not drawn', ''] : !reads[i].analysis ? ['\u2014', ''] :
                               [gPercent(reads[i].analysis.accuracy), reads[i].analysis.costliest.length
                                   ? reads[i].analysis.costliest[0][0] + ' (loss ' + value4(reads[i].analysis.costliest[0][1]) + ')' : 'none'])]),
      i => open(i, 'end'));
  table.querySelectorAll('tbody tr').forEach((tr, i) => {
    tr.dataset.score = games[i].score;
    tr.dataset.moves = games[i].moves;
    tr.dataset.check = checks[i].problem ? 'mismatch' : 'ok';
    if (checks[i].problem) tr.children[7].className = 'bad';
  });
  section(main, 'Games', 'games-section').append(table);

  // The replay: snapshots every 256 moves, replayed forward to the step shown.
  const grid = el('div', {class: 'grid2048', id: 'board'});
  const valuesBox = el('div', {class: 'values-box'});
  const lossBox = el('div', {class: 'chart-slot'});
  const {heading, info, note, analysisNote, chartBox, boardText, stepper} = replayPanel(main, grid,
      {boardTitle: 'the board, row by row', extra: [valuesBox, lossBox], draw: step => draw(step)});
  const EVERY = 256;
  let game = null, snapshots = [], scores = null, maxes = null, chart = null, index = 0, analysis = null, lossChart = null;

  function open(i, step) {
    index = i;
    game = games[i];
    table.querySelector('table').select(i);
    heading.textContent = 'Game ' + game.game + ': score ' + game.score + ', max tile ' + game.max_tile + ', ' + game.moves + ' moves';
    const start = new Uint8Array(16);
    for (let k = 0; k < 2; ++k) { const [c, v] = gSpawn(game, k); start[c] = v; }
    snapshots = [start];
    scores = new Float64Array(game.moves + 1);
    maxes = new Uint8Array(game.moves + 1);
    maxes[0] = Math.max(...start);
    let top = maxes[0];
    gReplay(game, (k, board, score) => {
      scores[k] = score;
      for (const v of board) if (v > top) top = v;
      maxes[k] = top;
      if (k % EVERY === 0) snapshots.push(board.slice());
    });
    const pts = [];
    for (let k = 0; k <= game.moves; ++k) pts.push([k, scores[k]]);
    chart = lineChart([{name: 'score', colour: '#c60', points: pts}], {xLabel: 'move', yLabel: 'score'});
    chartBox.replaceChildren(chart);
    const read = reads[i].analysis ? readAnalysis(game, gCheckAnalysis) : reads[i];
    analysis = read.analysis;
    analysisNote.textContent = read.problem;
    analysisNote.className = read.problem ? 'analysis-note fault' : 'analysis-note';
    lossChart = null;
    lossBox.replaceChildren();
    if (analysis) {
      // The loss of each move against the best direction, the costliest flagged; a click goes to that move.
      const lossPts = [];
      for (let k = 1; k <= game.moves; ++k) lossPts.push([k, analysis.loss[k]]);
      const attrs = {id: 'loss-chart', 'data-points': game.moves, 'data-costliest': analysis.costliest.map(c => c[0]).join(' ')};
      lossChart = lineChart([{name: 'loss of the move played', colour: '#c33', points: lossPts}],
                            {xLabel: 'move', yLabel: 'loss against the best direction', yFormat: v => value4(v), attrs: attrs,
                             flags: analysis.costliest.map((c, r) => ({x: c[0], label: (r ? '' : 'costliest ') + c[0], cls: 'costly',
                                                                        attrs: {'data-step': c[0], 'data-rank': r + 1}})),
                             onPick: k => stepper.go(k)});
      lossBox.replaceChildren(lossChart);
    }
    stepper.reset(game.moves, step === 'end' ? game.moves : Number(step) || 0);
  }

  // Step `step`: the move just played against the best, and the values of the next move's four directions.
  function drawValues(step) {
    if (!analysis) return valuesBox.replaceChildren();
    const rows = [];
    if (step > 0) {
      const k = step - 1, played = game.directions[k], best = G_DIRS[analysis.best[k]];
      const rank = analysis.costliest.findIndex(c => c[0] === step);
      rows.push(el('p', {id: 'move-loss', 'data-loss': value4(analysis.loss[step])},
                    'Move ' + step + ': ' + G_NAMES[played] + (analysis.loss[step] > 0
                        ? ', the best was ' + G_NAMES[best] + ' (loss ' + value4(analysis.loss[step]) + ')'
                        : ', the best') + (rank >= 0 ? ' \u2014 costliest move #' + (rank + 1) : '')));
    }
    if (step < game.moves) {
      const v = analysis.moves[step], next = game.directions[step], top = v[analysis.best[step]];
      const best = [...G_DIRS].filter((d, i) => v[i] === top);  // ties are all the best
      const cells = [...G_DIRS].map((d, i) => el('td', {class: (best.includes(d) ? 'best ' : '') + (d === next ? 'played' : ''), 'data-dir': d},
                                                 v[i] === null ? '\u2014' : value4(v[i])));
      rows.push(el('table', {class: 'values', id: 'direction-values', 'data-best': best.join(''), 'data-played': next},
                   el('tr', {}, el('th', {}, 'move ' + (step + 1)), ...[...G_DIRS].map(d => el('th', {}, G_NAMES[d]))),
                   el('tr', {}, el('th', {}, 'value'), ...cells)),
                el('p', {class: 'values-legend'}, 'best: ' + best.map(d => G_NAMES[d]).join(', ') + ' (green); played: ' +
                   G_NAMES[next] + ' (outlined)'));
    }
    valuesBox.replaceChildren(...rows);
  }

  function boardAt(step) {
    const base = Math.min(Math.floor(step / EVERY), snapshots.length - 1);
    const board = snapshots[base].slice();
    for (let k = base * EVERY; k < step; ++k) {
      if (gSlide(board, game.directions[k]) < 0) break;
      const [c, v] = gSpawn(game, k + 2);
      board[c] = v;
    }
    return board;
  }

  function draw(step) {
    const board = boardAt(step);
    grid.replaceChildren(...Array.from(board, gTile));
    stepper.label.textContent = 'move ' + step + ' of ' + game.moves;
    const names = {L: 'left', D: 'down', R: 'right', U: 'up'};
    info.replaceChildren(facts([
      ['Move', step + ' of ' + game.moves, 'move-number'],
      ['Direction', step ? names[game.directions[step - 1]] : '\u2014'],
      ['Score', scores[step], 'score'],
      ['Max tile', 2 ** maxes[step], 'max-tile'],
      ['Game', game.end + (game.detail ? ' \u2014 ' + game.detail : ''), 'game-end'],
      ...(analysis ? [['Accuracy', gPercent(analysis.accuracy) + ' of moves the best', 'game-accuracy']] : []),
    ]));
    drawValues(step);
    const c = checks[index];
    note.textContent = step === game.moves ? (c.problem ? 'This game does not replay as recorded: ' + c.problem
                                                        : 'Replayed: score ' + c.score + ' and max tile ' + c.max + ' match the record.') : '';
    note.className = c.problem ? 'fault-note fault' : 'fault-note';
    const rows = [];
    for (let r = 0; r < 4; ++r) rows.push(Array.from(board.slice(4 * r, 4 * r + 4), v => v ? 2 ** v : 0).join(' '));
    boardText.textContent = rows.join('\n') + '\n';
    if (chart) chart.mark(step);
    if (lossChart) lossChart.mark(step);
    writeHash(index + 1, step === game.moves ? 'end' : step);
  }

  const hash = readHash();
  open(Math.max(1, Math.min(games.length, Number(hash.game) || 1)) - 1, hash.step === undefined ? 'end' : hash.step);
  stepper.fromHash(hash);
}

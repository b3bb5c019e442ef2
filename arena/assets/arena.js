// The arena's page: live ConnectFour against a plugin, or two plugins
// watched, drawn with the replay viewer's board (connect4.js). Every call
// carries the session token; the server is the judge, the page only draws
// the state it answers with.
'use strict';

const ARENA_TOKEN = new URLSearchParams(location.search).get('token') || '';
// What the benchmark reads: per human move, click to reply drawn and the plugin's time, in ms.
const arenaTimings = [];
// The panel the keys go to: 'c4', '2048' or 'pdd'.
let arenaActive = 'c4';

async function arenaCall(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {'X-Arena-Token': ARENA_TOKEN, 'Content-Type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({error: 'the server sent no JSON (status ' + response.status + ')'}));
  if (!response.ok) throw new Error(data.error || 'status ' + response.status);
  return data;
}

// A labelled form control.
function field(label, control) { return el('label', {class: 'field'}, label + ' ', control); }
function options(select, names) { select.replaceChildren(...names.map(n => el('option', {value: n}, n))); }
function button(label, id, action) {
  const b = el('button', {type: 'button', id: id}, label);
  b.addEventListener('click', action);
  return b;
}
function download(name, text) {
  const a = el('a', {href: URL.createObjectURL(new Blob([text], {type: 'text/plain'})), download: name});
  document.body.append(a);
  a.click();
  a.remove();
}

// Column keys: 1-9 are columns 0-8, a-c columns 9-11.
const C4_KEYS = '123456789abc';

function connectFourPanel(plugins) {
  const opponent = el('select', {id: 'c4-opponent'}), watchB = el('select', {id: 'c4-watch-b'});
  options(opponent, plugins);
  options(watchB, plugins);
  const youFirst = el('input', {type: 'checkbox', id: 'c4-you-first', checked: ''});
  const boardMode = el('select', {id: 'c4-board-mode'}, el('option', {value: 'seed'}, 'random from a seed'),
                       el('option', {value: 'fixed'}, 'chosen'));
  const seed = el('input', {id: 'c4-seed', size: 10, placeholder: 'fresh'});
  const sizeInput = (id, value, max) => el('input', {id: id, type: 'number', min: 0, max: max, value: value, class: 'small'});
  const M = sizeInput('c4-M', 9, 12), N = sizeInput('c4-N', 9, 12), noX = sizeInput('c4-noX', 0, 11), noY = sizeInput('c4-noY', 0, 11);
  const timeLimit = el('input', {id: 'c4-time-limit', type: 'number', min: 10, value: 3000, class: 'small'});
  const moveMs = el('input', {id: 'c4-move-ms', type: 'number', min: 0, value: 0, class: 'small'});
  const pace = el('select', {id: 'c4-pace'}, ...[0, 100, 300, 1000].map(v => el('option', {value: v}, v + ' ms')));
  pace.value = '300';
  const recordFile = el('input', {type: 'file', id: 'c4-record-file', accept: '.jsonl,.json,.txt'});
  const recordAt = el('input', {id: 'c4-record-at', size: 18, placeholder: '#game=1&step=end', value: '#game=1&step=end'});

  const status = el('p', {id: 'c4-status', class: 'status'}, 'Choose an opponent and start a game.');
  const error = el('p', {id: 'c4-error', class: 'fault-note'});
  const boardBox = el('div', {class: 'board-box', id: 'c4-board-box'});
  const info = el('div', {class: 'move-info', id: 'c4-info'});
  const note = el('p', {class: 'fault-note', id: 'fault-note'});
  const moveList = el('ol', {class: 'move-list', id: 'c4-moves'});
  const boardText = el('pre', {class: 'board-text', id: 'board-text'});
  let state = null, busy = false, cursor = 0, watchTimer = null;

  const setup = () => {
    const body = {time_limit_ms: Number(timeLimit.value), move_ms: Number(moveMs.value), opponent: opponent.value};
    if (boardMode.value === 'fixed')
      Object.assign(body, {M: Number(M.value), N: Number(N.value), noX: Number(noX.value), noY: Number(noY.value)});
    else if (seed.value.trim() !== '') body.seed = Number(seed.value);
    return body;
  };
  // Runs one request at a time; the answer is the game's new state.
  async function act(path, body, clicked) {
    if (busy) return;
    busy = true;
    error.textContent = '';
    try {
      const next = await arenaCall(path, body);
      const answered = performance.now();
      show(next);
      if (clicked !== undefined) {
        const shown = performance.now();
        await new Promise(resolve => requestAnimationFrame(() => resolve()));  // drawn: the next frame
        const reply = next.moves.length > 0 && !next[next.moves[next.moves.length - 1][0] === 'A' ? 'a_human' : 'b_human']
            ? next.moves[next.moves.length - 1][3] : 0;
        arenaTimings.push({total: performance.now() - clicked, plugin: reply, answer: answered - clicked, dom: shown - clicked});
      }
    } catch (e) {
      error.textContent = e.message;
    } finally {
      busy = false;
    }
  }
  const closeGame = () => {
    stopWatching();
    if (state && !state.closed) navigator.sendBeacon('/api/close?token=' + ARENA_TOKEN + '&game=' + state.game);
  };
  async function start(path, body) {
    closeGame();
    state = null;
    await act(path, body);
  }
  function stopWatching() {
    if (watchTimer) clearTimeout(watchTimer);
    watchTimer = null;
  }
  async function watchStep() {
    watchTimer = null;
    if (!state || state.over) return;
    await act('/api/c4/step', {game: state.game});
    if (state && !state.over && !error.textContent) watchTimer = setTimeout(watchStep, Number(pace.value));
  }
  function yourTurn() { return state && !state.over && state[state.to_move === 'A' ? 'a_human' : 'b_human']; }
  function play(column, clicked) {
    if (!yourTurn()) return;
    act('/api/c4/move', {game: state.game, column: column}, clicked);
  }

  function show(next) {
    state = next;
    const g = next, board = c4Stones(g, g.moves.length);
    const last = g.moves.length ? g.moves[g.moves.length - 1] : null;
    const root = c4BoardSvg(g, board, last);
    if (Array.isArray(g.win)) c4DrawWin(root, g.win);
    if (Array.isArray(g.illegal)) {
      const [x, y] = g.illegal;
      if (x >= 0 && x < g.M && y >= 0 && y < g.N)
        root.append(svg('circle', {cx: root.cx(y), cy: root.cy(x), r: C4_CELL / 2 - 4, class: 'illegal'}));
    }
    // A click anywhere in a column plays there; the cursor column (keys) is outlined.
    cursor = Math.min(cursor, g.N - 1);
    for (let y = 0; y < g.N; ++y) {
      const hit = svg('rect', {x: root.cx(y) - C4_CELL / 2, y: 12, width: C4_CELL, height: g.M * C4_CELL,
                               class: 'c4-column' + (y === cursor ? ' cursor' : ''), 'data-column': y});
      hit.addEventListener('click', () => { cursor = y; play(y, performance.now()); });
      root.append(hit);
    }
    root.dataset.moves = g.moves.length;
    boardBox.replaceChildren(root);
    boardBox.dataset.turn = yourTurn() ? 'you' : g.over ? 'over' : 'plugin';
    boardText.textContent = c4BoardText(g, board);
    const nameOf = side => side === 'A' ? g.a : g.b;
    status.textContent = g.over ? 'Game over: ' + g.result + ' \u2014 ' + g.reason
        : yourTurn() ? 'Your move (' + g.to_move + '): click a column, or press 1\u20139, a\u2013c, or \u2190 \u2192 and Enter.'
        : nameOf(g.to_move) + ' (' + g.to_move + ') to move.';
    status.dataset.state = g.over ? 'over' : yourTurn() ? 'your-move' : 'waiting';
    const pluginSide = !g.a_human ? 'A' : 'B';
    const lastPlugin = g.moves.slice().reverse().find(m => m[0] === pluginSide);
    info.replaceChildren(facts([
      ['A', g.a + (g.a_human ? '' : ' (plugin)'), 'c4-name-a'], ['B', g.b + (g.b_human ? '' : ' (plugin)'), 'c4-name-b'],
      ['Board', g.M + '\u00d7' + g.N + ', blocked (' + g.noX + ', ' + g.noY + ')' + (g.seed ? ', seed ' + g.seed : ''), 'c4-board-size'],
      ['Move', String(g.moves.length), 'move-number'],
      ['Last move', last ? last[0] + ' at (' + last[1] + ', ' + last[2] + ')' : '\u2014', 'c4-last-move'],
      ["Plugin's last thinking time", lastPlugin ? ms(lastPlugin[3]) : '\u2014', 'move-time'],
      ['Result', g.over ? g.code + ' \u2014 ' + g.result : 'playing', 'result'],
    ]));
    info.querySelector('#result').dataset.code = g.over ? g.code : '';
    note.textContent = g.over ? g.reason : '';
    note.className = g.over && (g.code < 0 || g.code > 2) ? 'fault-note fault' : 'fault-note';
    moveList.replaceChildren(...g.moves.map((m, k) => el('li', {'data-step': k + 1},
        (k + 1) + '. ' + m[0] + ' ' + m[2] + ' \u00b7 ' + ms(m[3]))));
    replayLink.href = '/api/c4/replay?token=' + ARENA_TOKEN + '&game=' + g.game;
  }

  const replayLink = el('a', {id: 'c4-replay', target: '_blank', href: '#'}, 'replay page');
  const panel = el('section', {id: 'c4'},
    el('h2', {}, 'ConnectFour'),
    el('div', {class: 'controls'},
       field('Opponent', opponent), field('You move first', youFirst), field('Board', boardMode), field('seed', seed),
       field('M', M), field('N', N), field('blocked x', noX), field('y', noY),
       field('Time limit (ms)', timeLimit), field('STRATEGY_MOVE_MS', moveMs),
       button('New game', 'c4-new', () => start('/api/c4/new', Object.assign(setup(), {you_first: youFirst.checked})))),
    el('div', {class: 'controls'},
       field('Watch', el('span', {}, 'the opponent against ')), watchB, field('pace', pace),
       button('Watch', 'c4-watch', async () => {
         await start('/api/c4/new', Object.assign(setup(), {watch_b: watchB.value}));
         if (state) watchTimer = setTimeout(watchStep, Number(pace.value));
       }),
       button('Stop', 'c4-stop', stopWatching)),
    el('div', {class: 'controls'},
       field('Play on from a Compete record', recordFile), field('at', recordAt),
       button('Play on', 'c4-from-record', async () => {
         const file = recordFile.files[0];
         if (!file) { error.textContent = 'choose a record file first'; return; }
         const at = {};
         for (const part of recordAt.value.replace(/^.*#/, '').split('&')) {
           const [k, v] = part.split('=');
           if (k) at[k] = v;
         }
         const body = setup();
         body.record = await file.text();
         body.game_number = Number(at.game || 1);
         body.step = at.step === undefined || at.step === 'end' ? 'end' : Number(at.step);
         await start('/api/c4/from-record', body);
       })),
    error, status,
    el('div', {class: 'controls'},
       button('Undo', 'c4-undo', () => state && act('/api/c4/undo', {game: state.game})),
       button('Save record', 'c4-save', async () => {
         if (!state) return;
         try {
           const r = await arenaCall('/api/c4/record', {game: state.game});
           download('arena-' + state.game + '.jsonl', r.line + '\n');
           panel.dataset.savedLine = r.line;
         } catch (e) { error.textContent = e.message; }
       }),
       replayLink),
    el('div', {class: 'replay-body'}, boardBox, el('div', {class: 'side'}, info, note, moveList, boardText)));

  document.addEventListener('keydown', e => {
    if (arenaActive !== 'c4' || !state || ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;
    const k = C4_KEYS.indexOf(e.key.toLowerCase());
    if (k >= 0 && k < state.N) { cursor = k; play(k, performance.now()); }
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      cursor = Math.max(0, Math.min(state.N - 1, cursor + (e.key === 'ArrowLeft' ? -1 : 1)));
      show(state);
    } else if (e.key === 'Enter') play(cursor, performance.now());
    else return;
    e.preventDefault();
  });
  window.addEventListener('pagehide', closeGame);
  panel.state = () => state;
  return panel;
}

// PZ2048: the course's game. Keys (arrows, w a s d, z), buttons, a pasted
// sequence played at a chosen delay, or a bot plugin's moves (Start AI); the
// transcript downloads exactly as PZ2048 prints it for the same operations.
function pz2048Panel(bots) {
  const number = (id, value) => el('input', {id: id, type: 'number', value: value, class: 'small'});
  const rows = number('g-rows', 4), cols = number('g-cols', 4), target = number('g-target', 2048);
  const seed = el('input', {id: 'g-seed', size: 10, placeholder: 'fresh'});
  const grid = el('div', {class: 'grid2048', id: 'g-board'});
  const info = el('div', {class: 'move-info', id: 'g-info'});
  const status = el('p', {id: 'g-status', class: 'status'}, 'Start a game.');
  const error = el('p', {id: 'g-error', class: 'fault-note'});
  const ops = el('textarea', {id: 'g-ops', rows: 2, cols: 40, placeholder: 'wasdz\u2026'});
  const delay = el('select', {id: 'g-delay'}, ...[0, 50, 200, 500].map(v => el('option', {value: v}, v + ' ms')));
  delay.value = '50';
  const bot = el('select', {id: 'g-bot'});
  options(bot, bots);
  const boardText = el('pre', {class: 'board-text', id: 'g-board-text'});
  let state = null, busy = false, timer = null;

  async function act(path, body) {
    if (busy) return false;
    busy = true;
    error.textContent = '';
    try {
      show(await arenaCall(path, body));
      return true;
    } catch (e) {
      error.textContent = e.message;
      return false;
    } finally {
      busy = false;
    }
  }
  const op = c => state && !state.over && act('/api/2048/op', {game: state.game, op: c});
  function stopTimer() {
    if (timer) clearTimeout(timer);
    timer = null;
    panel.dataset.running = '';
  }
  // Runs step() every `delay` ms until it says to stop.
  function repeat(step) {
    stopTimer();
    panel.dataset.running = '1';
    const tick = async () => {
      timer = null;
      if (await step() && panel.dataset.running) timer = setTimeout(tick, Number(delay.value));
      else panel.dataset.running = '';
    };
    timer = setTimeout(tick, 0);
  }
  function show(next) {
    state = next;
    grid.style.gridTemplateColumns = `repeat(${next.cols}, 72px)`;
    grid.replaceChildren(...next.cells.map(v => gTile(v ? Math.log2(v) : 0)));
    grid.dataset.steps = next.steps;
    grid.dataset.ops = next.ops.length;
    const lines = [];
    for (let r = 0; r < next.rows; ++r) lines.push(next.cells.slice(r * next.cols, (r + 1) * next.cols).join(' '));
    boardText.textContent = lines.join('\n') + '\n';
    info.replaceChildren(facts([
      ['Score', String(next.score), 'g-score'], ['Steps', String(next.steps), 'g-steps'],
      ['Board', next.rows + '\u00d7' + next.cols + ', target ' + next.target + ', seed ' + next.seed, 'g-setup'],
      ['Last operation', next.last || '\u2014', 'g-last'],
      ['Bot', next.bot ? next.bot + ' (last move ' + ms(next.bot_ms) + ')' : '\u2014', 'g-bot-state'],
    ]));
    status.textContent = next.over ? 'Game ended: ' + next.end : 'Arrows or w a s d move, z undoes.';
    status.dataset.state = next.over ? 'over' : 'playing';
  }
  const dirButton = (label, c, id) => button(label, id, () => op(c));
  const panel = el('section', {id: 'pz2048', hidden: ''},
    el('h2', {}, 'PZ2048'),
    el('div', {class: 'controls'}, field('Rows', rows), field('Columns', cols), field('Target', target), field('Seed', seed),
       button('New game', 'g-new', () => {
         stopTimer();
         if (state) navigator.sendBeacon('/api/close?token=' + ARENA_TOKEN + '&game=' + state.game);
         state = null;
         const body = {rows: Number(rows.value), cols: Number(cols.value), target: Number(target.value)};
         if (seed.value.trim() !== '') body.seed = Number(seed.value);
         act('/api/2048/new', body);
       })),
    el('div', {class: 'controls'},
       dirButton('\u2190', 'a', 'g-left'), dirButton('\u2193', 's', 'g-down'), dirButton('\u2192', 'd', 'g-right'),
       dirButton('\u2191', 'w', 'g-up'), dirButton('Undo (z)', 'z', 'g-undo'),
       button('Transcript', 'g-transcript', async () => {
         if (!state) return;
         try {
           const t = await arenaCall('/api/2048/transcript', {game: state.game});
           panel.dataset.transcript = t.transcript;
           download('pz2048-' + state.seed + '.out', t.transcript);
         } catch (e) { error.textContent = e.message; }
       })),
    el('div', {class: 'controls'}, field('Operations', ops), field('delay', delay),
       button('Play them', 'g-play-ops', () => {
         const queue = [...ops.value].filter(c => c.trim() && c !== '#');
         repeat(async () => queue.length > 0 && await op(queue.shift()) && queue.length > 0);
       }),
       field('Bot', bot),
       button('Start AI', 'g-ai-start', async () => {
         if (!state || !await act('/api/2048/ai-start', {game: state.game, bot: bot.value})) return;
         repeat(async () => !state.over && await act('/api/2048/ai-step', {game: state.game}) && !state.over);
       }),
       button('Stop AI', 'g-ai-stop', async () => {
         stopTimer();
         while (busy) await new Promise(r => setTimeout(r, 10));
         if (state) await act('/api/2048/ai-stop', {game: state.game});
       })),
    error, status, el('div', {class: 'replay-body'}, grid, el('div', {class: 'side'}, info, boardText)));
  const KEYS = {ArrowLeft: 'a', ArrowDown: 's', ArrowRight: 'd', ArrowUp: 'w', a: 'a', s: 's', d: 'd', w: 'w', z: 'z'};
  document.addEventListener('keydown', e => {
    if (arenaActive !== '2048' || ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;
    const c = KEYS[e.key];
    if (!c) return;
    e.preventDefault();
    op(c);
  });
  window.addEventListener('pagehide', () => {
    if (state) navigator.sendBeacon('/api/close?token=' + ARENA_TOKEN + '&game=' + state.game);
  });
  panel.state = () => state;
  return panel;
}

// Ponte del Diavolo against a program: click two free cells for a pair of
// tiles, or two of your tiles for a bridge; the change offer has a button.
// The program's turn runs under the referee's sandbox while the page polls.
function pontePanel(programs) {
  const program = el('select', {id: 'p-program'});
  options(program, programs);
  const you = el('select', {id: 'p-you'}, el('option', {value: 'W'}, 'White (first)'), el('option', {value: 'B'}, 'Black'));
  const timeLimit = el('input', {id: 'p-time-limit', type: 'number', min: 100, value: 5000, class: 'small'});
  const status = el('p', {id: 'p-status', class: 'status'}, 'Choose a program and start a game.');
  const error = el('p', {id: 'p-error', class: 'fault-note'});
  const boardBox = el('div', {class: 'board-box', id: 'p-board-box'});
  const info = el('div', {class: 'move-info', id: 'p-info'});
  const boardText = el('pre', {class: 'board-text', id: 'p-board-text'});
  const change = button('Take White\u2019s two tiles (change)', 'p-change', () => send({kind: 'change'}));
  change.hidden = true;
  let state = null, selected = null, timer = null;

  async function call(path, body) {
    error.textContent = '';
    try {
      show(await arenaCall(path, body));
    } catch (e) {
      error.textContent = e.message;
      if (state) show(state);  // the selection is gone: draw the board without it
    }
  }
  function send(action) {
    selected = null;
    if (state) call('/api/pdd/action', Object.assign({game: state.game}, action));
  }
  function poll() {
    timer = null;
    if (state && !state.over && !state.your_turn) call('/api/pdd/state', {game: state.game});
  }
  function pick(x, y, pos) {
    if (!state || !state.your_turn) return;
    if (!selected) { selected = [x, y]; show(state); return; }
    const a = selected, mine = ([cx, cy]) => pos.tiles[cy][cx] === state.you;
    send({kind: mine(a) && mine([x, y]) ? 'bridge' : 'chess', a: a, b: [x, y]});
  }
  function show(next) {
    state = next;
    const steps = next.steps.map(pddStep), pos = pddPosition(steps, steps.length);
    const root = pddBoardSvg(pos, steps.length ? steps[steps.length - 1] : null);
    for (let y = 0; y < PDD_SIZE; ++y)
      for (let x = 0; x < PDD_SIZE; ++x) {
        const isSelected = selected && selected[0] === x && selected[1] === y;
        const hit = svg('rect', {x: PDD_MARGIN + x * PDD_CELL, y: PDD_MARGIN + y * PDD_CELL, width: PDD_CELL, height: PDD_CELL,
                                 class: 'pdd-hit' + (isSelected ? ' selected' : ''), 'data-x': x, 'data-y': y});
        hit.addEventListener('click', () => pick(x, y, pos));
        root.append(hit);
      }
    root.dataset.steps = steps.length;
    boardBox.replaceChildren(root);
    boardText.textContent = pddText(pos);
    change.hidden = !next.change_offered;
    const last = steps.length ? steps[steps.length - 1] : null;
    info.replaceChildren(facts([
      ['You', PDD_COLOUR[next.you], 'p-you-colour'], ['Program', next.program, 'p-program-name'],
      ['Actions', String(steps.length), 'p-actions'],
      ['Last action', last ? PDD_COLOUR[last.colour] + ' ' + last.kind + ' (' + last.a.join(',') + ') (' + last.b.join(',') + ')' : '\u2014'],
      ['Its time', last ? ms(next.times[next.times.length - 1]) : '\u2014', 'p-time'],
      ...(next.over ? [['White', next.white_score, 'p-white'], ['Black', next.black_score, 'p-black'],
                       ['Result', (next.winner === 'draw' ? 'draw' : PDD_COLOUR[next.winner] + ' wins') +
                                  (next.violation ? ' (' + next.violation + ' by ' + PDD_COLOUR[next.violator] + ')' : ''), 'p-result']] : []),
    ]));
    status.textContent = next.over ? 'Game over: ' + next.reason
        : next.your_turn ? (selected ? 'Now the second cell.' : 'Your turn: click two free cells for tiles, or two of your tiles for a bridge.')
        : 'The program is playing\u2026';
    status.dataset.state = next.over ? 'over' : next.your_turn ? 'your-turn' : 'waiting';
    if (!next.over && !next.your_turn && !timer) timer = setTimeout(poll, 150);
  }
  const panel = el('section', {id: 'ponte', hidden: ''},
    el('h2', {}, 'Ponte del Diavolo'),
    el('div', {class: 'controls'}, field('Program', program), field('You play', you), field('Time limit (ms)', timeLimit),
       button('New game', 'p-new', () => {
         if (state) navigator.sendBeacon('/api/close?token=' + ARENA_TOKEN + '&game=' + state.game);
         state = null;
         selected = null;
         call('/api/pdd/new', {program: program.value, you: you.value, time_limit_ms: Number(timeLimit.value)});
       }), change),
    error, status, el('div', {class: 'replay-body'}, boardBox, el('div', {class: 'side'}, info, boardText)));
  window.addEventListener('pagehide', () => {
    if (state) navigator.sendBeacon('/api/close?token=' + ARENA_TOKEN + '&game=' + state.game);
  });
  panel.state = () => state;
  return panel;
}

async function startArena() {
  const main = document.getElementById('page');
  main.replaceChildren(el('h1', {}, 'Arena'));
  document.title = 'Arena';
  try {
    const plugins = await arenaCall('/api/plugins');
    const panels = {c4: connectFourPanel(plugins.connect_four),
                    2048: pz2048Panel([...plugins.bots_2048, ...plugins.programs]), pdd: pontePanel(plugins.programs)};
    const tabs = el('nav', {class: 'tabs'}, ...[['c4', 'ConnectFour'], ['2048', 'PZ2048'], ['pdd', 'Ponte del Diavolo']].map(([key, label]) => {
      const b = button(label, 'tab-' + key, () => {
        arenaActive = key;
        for (const [k, p] of Object.entries(panels)) p.hidden = k !== key;
        for (const t of tabs.children) t.classList.toggle('selected', t === b);
      });
      return b;
    }));
    tabs.children[0].classList.add('selected');
    main.append(tabs, panels.c4, panels[2048], panels.pdd);
    main.dataset.ready = '1';
  } catch (e) {
    main.append(el('p', {class: 'error', id: 'page-error'}, 'The arena could not start: ' + e.message));
  }
}

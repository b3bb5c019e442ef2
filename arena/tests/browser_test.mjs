// The arena in a real browser (Debian's chromium driven by playwright-core):
// a whole ConnectFour game against a ladder level played by clicks and keys,
// the drawn board checked against the server's after every move, undo, the
// record saved through the page's download, and a crashing plugin's game;
// then PZ2048 by keys, buttons, undo, a pasted sequence and a bot, its
// downloaded transcript compared with what PZ2048 prints for the same input;
// then Ponte del Diavolo against pdd-random, an illegal action refused.
//
//   node browser_test.mjs ARENA PLUGIN_DIR OUT_DIR PZ2048
// Writes OUT_DIR/saved.jsonl (the downloaded record line), OUT_DIR/state.json
// (the server's final state) and screenshots; exits non-zero on a failure.
import {strict as assert} from 'node:assert';
import {execFileSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import {startArena, launchBrowser} from './arena_driver.mjs';

const [arenaPath, pluginDir, outDir, pz2048] = process.argv.slice(2);
const arena = await startArena(arenaPath, [pluginDir + '/fault_segv_get.so', pluginDir + '/random_a.so',
                                          pluginDir + '/random_b.so']);
const browser = await launchBrowser();
let failed = false;
try {
  const page = await browser.newPage({viewport: {width: 1100, height: 900}, acceptDownloads: true});
  page.on('pageerror', e => { console.log('page error: ' + e); failed = true; });
  await page.goto(arena.url);
  await page.waitForSelector('main[data-ready="1"]');

  // The drawn board is the server's: the text picture, the stones, the move count.
  async function checkBoard(id) {
    const state = await arena.call('/api/c4/state', {game: id});
    assert.equal(await page.textContent('#board-text'), state.picture);
    const stones = await page.$$eval('#board .stone', nodes => nodes.length);
    assert.equal(stones, state.moves.length);
    assert.equal(Number(await page.getAttribute('#board', 'data-moves')), state.moves.length);
    return state;
  }
  const gameId = () => page.evaluate(() => document.getElementById('c4').state().game);
  const firstOpen = state => {
    const full = y => state.picture.split('\n')[0].split(' ')[y] !== '.' &&
                      !(state.noX === 0 && state.noY === y && state.picture.split('\n')[1].split(' ')[y] === '.');
    for (let y = 0; y < state.N; ++y) if (!full(y)) return y;
    throw new Error('no open column');
  };
  async function movesDrawn(n) {
    await page.waitForFunction(n => Number(document.getElementById('board')?.dataset.moves) >= n &&
                                    document.getElementById('c4-status').dataset.state !== 'waiting', n);
  }

  // 1. A whole game against ladder level 1, the person first.
  await page.selectOption('#c4-opponent', '1.so');
  await page.fill('#c4-seed', '21');
  await page.click('#c4-new');
  await page.waitForSelector('#c4-status[data-state="your-move"]');
  let id = await gameId();
  let state = await checkBoard(id);
  let moves = 0;
  // Keys: "1" plays column 0; arrows and Enter play the cursor's column.
  await page.keyboard.press('1');
  await movesDrawn(moves + 2);
  state = await checkBoard(id);
  moves = state.moves.length;
  assert.equal(state.moves[0][2], 0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await movesDrawn(moves + 2);
  state = await checkBoard(id);
  assert.equal(state.moves[moves][2], 2);
  moves = state.moves.length;
  // Undo takes back the person's move and the plugin's reply.
  await page.click('#c4-undo');
  await page.waitForFunction(n => Number(document.getElementById('board').dataset.moves) === n, moves - 2);
  state = await checkBoard(id);
  moves = state.moves.length;
  while (!state.over) {
    const column = firstOpen(state);
    await page.click(`#board .c4-column[data-column="${column}"]`);
    await page.waitForFunction(n => Number(document.getElementById('board').dataset.moves) > n &&
                                    document.getElementById('c4-status').dataset.state !== 'waiting', moves);
    state = await checkBoard(id);
    moves = state.moves.length;
  }
  const code = Number(await page.getAttribute('#result', 'data-code'));
  assert.equal(code, state.code);
  assert.ok(code >= 0 && code <= 2, 'a fair game ends in a win or a tie, not ' + code);
  if (code !== 0) assert.ok(await page.$('#board line.win-line'), 'the winning line is drawn');
  await page.screenshot({path: outDir + '/arena-connect4.png'});
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#c4-save')]);
  await download.saveAs(outDir + '/saved.jsonl');
  writeFileSync(outDir + '/state.json', JSON.stringify(state));

  // 2. A plugin that crashes: its code and reason are shown, and a new game starts.
  await page.selectOption('#c4-opponent', 'fault_segv_get.so');
  await page.fill('#c4-seed', '3');
  await page.click('#c4-new');
  await page.waitForSelector('#c4-status[data-state="your-move"]');
  id = await gameId();
  state = await checkBoard(id);
  moves = state.moves.length;
  while (!state.over) {
    await page.click(`#board .c4-column[data-column="${firstOpen(state)}"]`);
    await page.waitForFunction(n => Number(document.getElementById('board').dataset.moves) > n &&
                                    document.getElementById('c4-status').dataset.state !== 'waiting', moves);
    state = await checkBoard(id);
    moves = state.moves.length;
  }
  assert.equal(await page.getAttribute('#result', 'data-code'), '5');
  assert.match(await page.textContent('#fault-note'), /crashed/);
  await page.screenshot({path: outDir + '/arena-crash.png'});
  const before = await arena.call('/api/plugins');
  await page.selectOption('#c4-opponent', '1.so');
  await page.click('#c4-new');
  await page.waitForSelector('#c4-status[data-state="your-move"]');
  assert.notEqual(await gameId(), id);
  // The crashed game was closed by the page (its beacon) when the new one started.
  const after = await arena.call('/api/plugins');
  assert.ok(after.live_games <= before.live_games, `live games ${before.live_games} -> ${after.live_games}`);

  // 3. Watch mode: two plugins at the fastest pace, to the end.
  await page.selectOption('#c4-opponent', 'random_a.so');
  await page.selectOption('#c4-watch-b', 'random_b.so');
  await page.selectOption('#c4-pace', '0');
  await page.click('#c4-watch');
  await page.waitForSelector('#c4-status[data-state="over"]', {timeout: 20000});
  id = await gameId();
  state = await checkBoard(id);
  assert.ok(state.moves.length >= 7 && state.code >= 0 && state.code <= 2);
  assert.equal(await page.textContent('#c4-name-b'), 'random_b.so (plugin)');

  // 4. Play on from the saved record at step 4: you take the side to move, against level 1.
  await page.selectOption('#c4-opponent', '1.so');
  await page.setInputFiles('#c4-record-file', outDir + '/saved.jsonl');
  await page.fill('#c4-record-at', 'record.html#game=1&step=4');
  await page.click('#c4-from-record');
  await page.waitForSelector('#c4-status[data-state="your-move"]');
  state = await checkBoard(await gameId());
  assert.equal(state.moves.length, 4);
  assert.equal(state.preset, 4);
  const saved = JSON.parse(readFileSync(outDir + '/saved.jsonl', 'utf8'));
  assert.deepEqual(state.moves.map(m => m.slice(0, 3)), saved.moves.slice(0, 4).map(m => m.slice(0, 3)));
  console.log('browser test: ConnectFour passed');

  // 3. PZ2048: the grid and the figures are the server's after keys, buttons, undo.
  await page.click('#tab-2048');
  await page.fill('#g-seed', '8');
  await page.click('#g-new');
  await page.waitForSelector('#g-board[data-ops="0"]');
  const gId = await page.evaluate(() => document.getElementById('pz2048').state().game);
  async function checkGrid(ops) {
    await page.waitForSelector(`#g-board[data-ops="${ops}"]`);
    const t = await arena.call('/api/2048/transcript', {game: gId});
    const opsDone = t.input.split('\n')[1];
    assert.equal(opsDone.length, ops);
    const tiles = await page.$$eval('#g-board .tile', nodes => nodes.map(n => Number(n.textContent || 0)));
    const text = (await page.textContent('#g-board-text')).trim().split(/\s+/).map(Number);
    assert.deepEqual(tiles, text);
    return opsDone;
  }
  let done = 0;
  for (const key of ['ArrowLeft', 'ArrowUp', 'd', 's', 'z']) {
    await page.keyboard.press(key);
    await checkGrid(++done);
  }
  for (const id of ['#g-right', '#g-down', '#g-undo', '#g-left']) {
    await page.click(id);
    await checkGrid(++done);
  }
  assert.equal(await checkGrid(done), 'awdszdsza');
  await page.fill('#g-ops', 'wasd wasdz');
  await page.selectOption('#g-delay', '0');
  await page.click('#g-play-ops');
  done += 9;
  await checkGrid(done);
  await page.waitForFunction(() => !document.getElementById('pz2048').dataset.running);
  // The bot plays until stopped.
  await page.selectOption('#g-bot', 'simple.so');
  await page.click('#g-ai-start');
  await page.waitForFunction(n => Number(document.getElementById('g-board').dataset.ops) >= n, done + 10);
  await page.click('#g-ai-stop');
  // Stopped: the bot's host is gone once the page shows no bot.
  await page.waitForFunction(() => document.getElementById('g-bot-state').textContent === '\u2014');
  done = Number(await page.getAttribute('#g-board', 'data-ops'));
  await checkGrid(done);
  const [transcriptFile] = await Promise.all([page.waitForEvent('download'), page.click('#g-transcript')]);
  await transcriptFile.saveAs(outDir + '/pz2048.out');
  const t = await arena.call('/api/2048/transcript', {game: gId});
  const expected = execFileSync(pz2048, [], {input: t.input, stdio: ['pipe', 'pipe', 'ignore']}).toString();
  assert.equal(readFileSync(outDir + '/pz2048.out', 'utf8'), expected);
  await page.screenshot({path: outDir + '/arena-2048.png'});
  console.log('browser test: PZ2048 passed');

  // 5. Ponte del Diavolo against pdd-random: tiles by two clicks, an illegal pair refused by its rule.
  await page.click('#tab-pdd');
  await page.selectOption('#p-program', 'pdd-random');
  await page.click('#p-new');
  await page.waitForSelector('#p-status[data-state="your-turn"]');
  const pddId = await page.evaluate(() => document.getElementById('ponte').state().game);
  const cell = (x, y) => `#p-board-box .pdd-hit[data-x="${x}"][data-y="${y}"]`;
  let steps = 0;
  for (const [a, b] of [[[0, 0], [9, 9]], [[0, 9], [9, 0]]]) {
    await page.click(cell(...a));
    await page.click(cell(...b));
    steps += 2;  // ours and the program's
    await page.waitForFunction(n => Number(document.querySelector('#p-board-box svg').dataset.steps) >= n &&
                                    document.getElementById('p-status').dataset.state !== 'waiting', steps);
    const s = await arena.call('/api/pdd/state', {game: pddId});
    assert.equal(s.steps.length, steps);
    assert.equal(await page.$$eval('#p-board-box .tile-W', n => n.length), s.steps.filter(t => t.startsWith('W_')).length * 2);
  }
  await page.click(cell(0, 0));
  await page.click(cell(0, 0));
  await page.waitForFunction(() => document.getElementById('p-error').textContent !== '');
  assert.match(await page.textContent('#p-error'), /^V\d+ \(/);
  assert.equal(await page.getAttribute('#p-status', 'data-state'), 'your-turn');
  await page.screenshot({path: outDir + '/arena-pdd.png'});
  console.log('browser test: Ponte del Diavolo passed');
} catch (e) {
  console.log('browser test failed: ' + (e.stack || e));
  failed = true;
} finally {
  await browser.close();
  arena.stop();
}
process.exit(failed ? 1 : 0);

// make bench-arena: how long the arena takes to answer a click, less the
// plugin's own thinking: in headless chromium, from the click on a column to
// the next frame after the reply is drawn, minus the plugin's time for its
// reply, against an instant plugin (random_a). The median over 100 moves,
// alone and with 50 live games (49 more played over HTTP, one move every
// BACKGROUND_MS each; BG=N in the environment for N others). Three points
// of each click: the reply received (fetch resolved), the reply drawn in the
// page (DOM updated), and the next animation frame after it.
//
//   node bench.mjs ARENA PLUGIN_DIR
import {startArena, launchBrowser} from './arena_driver.mjs';

const [arenaPath, pluginDir] = process.argv.slice(2);
const MOVES = 100, BACKGROUND = Number(process.env.BG || 49), BACKGROUND_MS = 500;
const median = xs => { const s = [...xs].sort((a, b) => a - b); return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2; };
// The leftmost column with room, from the state's picture (top row; the blocked cell counts as room below it).
function openColumn(state) {
  const rows = state.picture.trim().split('\n').map(r => r.split(' '));
  for (let y = 0; y < state.N; ++y)
    for (let x = 0; x < state.M; ++x) if (rows[x][y] === '.') return y;
  return -1;
}

const arena = await startArena(arenaPath, ['--max-games', '64', pluginDir + '/random_a.so']);
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.goto(arena.url);
  await page.waitForSelector('main[data-ready="1"]');
  await page.selectOption('#c4-opponent', 'random_a.so');

  // MOVES clicks in the page, new games as they end; the arena's share of each, in ms.
  async function measure() {
    await page.evaluate(() => { arenaTimings.length = 0; });
    let seed = 1;
    while (await page.evaluate(() => arenaTimings.length) < MOVES) {
      await page.fill('#c4-seed', String(seed++));
      await page.click('#c4-new');
      await page.waitForSelector('#c4-status[data-state="your-move"]');
      for (;;) {
        const state = await page.evaluate(() => document.getElementById('c4').state());
        if (state.over || await page.evaluate(() => arenaTimings.length) >= MOVES) break;
        const n = state.moves.length;
        await page.click(`#board .c4-column[data-column="${openColumn(state)}"]`);
        await page.waitForFunction(n => Number(document.getElementById('board').dataset.moves) > n &&
                                        document.getElementById('c4-status').dataset.state !== 'waiting', n);
      }
    }
    const t = await page.evaluate(() => arenaTimings.slice());
    return {n: t.length, answer: median(t.map(x => x.answer - x.plugin)), dom: median(t.map(x => x.dom - x.plugin)),
            frame: median(t.map(x => x.total - x.plugin)), plugin: median(t.map(x => x.plugin))};
  }

  const report = (r, games) => console.log(
      `${games} live games: median of ${r.n} moves, less the plugin's time (median ${r.plugin.toFixed(2)} ms): ` +
      `reply received ${r.answer.toFixed(1)} ms, drawn in the page ${r.dom.toFixed(1)} ms, next frame ${r.frame.toFixed(1)} ms`);
  report(await measure(), 1);

  // 49 more games, each moving every BACKGROUND_MS until stopped.
  let running = true, backgroundMoves = 0;
  const players = Array.from({length: BACKGROUND}, async (_, i) => {
    let state = await arena.call('/api/c4/new', {opponent: 'random_a.so', seed: 1000 + i});
    while (running) {
      await new Promise(r => setTimeout(r, BACKGROUND_MS));
      if (state.over) state = await arena.call('/api/c4/new', {opponent: 'random_a.so'}).then(s => (arena.call('/api/close', {game: state.game}), s));
      else state = await arena.call('/api/c4/move', {game: state.game, column: openColumn(state)});
      ++backgroundMoves;
    }
  });
  await new Promise(r => setTimeout(r, 1000));
  const loaded = await measure();
  running = false;
  await Promise.all(players);
  report(loaded, BACKGROUND + 1);
  console.log(`(${backgroundMoves} moves in the other games meanwhile, one every ${BACKGROUND_MS} ms each)`);
} finally {
  await browser.close();
  arena.stop();
}

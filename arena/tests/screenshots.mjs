// The arena README's figures: a game against a ladder level, a crashed
// plugin's game, PZ2048 after a bot's moves, and Ponte del Diavolo against
// pdd-random after a refused action, as small PNGs.
//
//   node screenshots.mjs ARENA PLUGIN_DIR OUT_DIR
import {startArena, launchBrowser} from './arena_driver.mjs';

const [arenaPath, pluginDir, outDir] = process.argv.slice(2);
const arena = await startArena(arenaPath, [pluginDir + '/fault_segv_get.so']);
const browser = await launchBrowser();
try {
  const page = await browser.newPage({viewport: {width: 980, height: 640}});
  await page.goto(arena.url);
  await page.waitForSelector('main[data-ready="1"]');
  const playColumns = async columns => {
    for (const c of columns) {
      const n = await page.evaluate(() => document.getElementById('c4').state().moves.length);
      if (await page.evaluate(() => document.getElementById('c4').state().over)) break;
      await page.click(`#board .c4-column[data-column="${c}"]`);
      await page.waitForFunction(n => Number(document.getElementById('board').dataset.moves) > n &&
                                      document.getElementById('c4-status').dataset.state !== 'waiting', n);
    }
  };
  await page.selectOption('#c4-opponent', '20.so');
  await page.fill('#c4-seed', '4');
  await page.click('#c4-new');
  await page.waitForSelector('#c4-status[data-state="your-move"]');
  await playColumns([4, 4, 5, 3, 5]);
  await page.screenshot({path: outDir + '/arena-connect4.png'});
  await page.selectOption('#c4-opponent', 'fault_segv_get.so');
  await page.click('#c4-new');
  await page.waitForSelector('#c4-status[data-state="your-move"]');
  for (let k = 0; k < 12 && !await page.evaluate(() => document.getElementById('c4').state().over); ++k)
    await playColumns([k % 9]);
  await page.screenshot({path: outDir + '/arena-crash.png'});
  await page.click('#tab-2048');
  await page.fill('#g-seed', '7');
  await page.click('#g-new');
  await page.waitForSelector('#g-board[data-ops="0"]');
  await page.selectOption('#g-delay', '0');
  await page.click('#g-ai-start');
  await page.waitForFunction(() => Number(document.getElementById('g-board').dataset.ops) >= 120);
  await page.click('#g-ai-stop');
  await page.waitForFunction(() => document.getElementById('g-bot-state').textContent === '\u2014');
  await page.screenshot({path: outDir + '/arena-2048.png'});
  await page.click('#tab-pdd');
  await page.selectOption('#p-program', 'pdd-random');
  await page.click('#p-new');
  const cell = (x, y) => `#p-board-box .pdd-hit[data-x="${x}"][data-y="${y}"]`;
  let steps = 0;
  for (const [a, b] of [[[2, 2], [6, 6]], [[2, 6], [6, 2]], [[3, 4], [5, 4]]]) {
    await page.waitForSelector('#p-status[data-state="your-turn"]');
    await page.click(cell(...a));
    await page.click(cell(...b));
    steps += 2;
    await page.waitForFunction(n => Number(document.querySelector('#p-board-box svg').dataset.steps) >= n &&
                                    document.getElementById('p-status').dataset.state !== 'waiting', steps);
  }
  await page.click(cell(2, 2));
  await page.click(cell(2, 2));
  await page.waitForFunction(() => document.getElementById('p-error').textContent !== '');
  await page.screenshot({path: outDir + '/arena-pdd.png'});
} finally {
  await browser.close();
  arena.stop();
}

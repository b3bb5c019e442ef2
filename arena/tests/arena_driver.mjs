// What the arena's browser test and benchmark share: the arena started on a
// free port (its start line read), its API called with the token, and
// Debian's chromium launched headless through playwright-core.
import {spawn} from 'node:child_process';
import {chromium} from 'playwright-core';

export async function startArena(binary, args) {
  const child = spawn(binary, ['--port', '0', ...args], {stdio: ['ignore', 'pipe', 'inherit']});
  // Whatever ends this script, the arena goes with it.
  process.on('exit', () => child.kill('SIGTERM'));
  const line = await new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('the arena printed no start line')), 5000);
    child.stdout.on('data', chunk => {
      text += chunk;
      if (text.includes('\n')) { clearTimeout(timer); resolve(text.split('\n')[0]); }
    });
    child.on('exit', code => reject(new Error('the arena exited with ' + code)));
  });
  const match = /^arena: (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32}))$/.exec(line);
  if (!match) throw new Error('unexpected start line: ' + line);
  const [, url, port, token] = match;
  const base = 'http://127.0.0.1:' + port;
  return {
    url, port: Number(port), token, child,
    async call(path, body) {
      const response = await fetch(base + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {'X-Arena-Token': token, 'Content-Type': 'application/json'},
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const data = await response.json();
      if (!response.ok) throw new Error(path + ': ' + response.status + ' ' + data.error);
      return data;
    },
    stop() { child.kill('SIGTERM'); },
  };
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// `npm start`: build the web app when it is missing or older than its sources, then serve web and API.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesMtime = Math.max(newestMtime(path.join(root, 'src/web')), newestMtime(path.join(root, 'src/contract')));
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourcesMtime) {
  console.log('Building the web app…');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}

const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');

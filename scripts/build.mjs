// `npm run build` (and `prepare`): dist/, as scripts/build-dist.mjs describes, then the library's
// type declarations in dist/types (package.json "types"), from tsconfig.build.json.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildDist } from './build-dist.mjs';

await buildDist();
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });

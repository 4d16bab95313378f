// `npm pack` and `npm publish` run this as `prepack` and `postpack`: the packed package.json
// carries no `prepare` script. `prepare` builds dist/ where npm can run it — `npm ci` in a clone,
// and a git URL install (npm clones, installs the dev dependencies and runs it). A tarball
// already holds dist/, and npm 11 warns on installing one whose package.json names a
// `prepare` ("install scripts not yet covered by allowScripts"). So `prepack` builds dist/
// (npm skips `prepare` once it is gone), keeps package.json aside and removes
// `scripts.prepare`; `postpack` puts the original back, byte for byte.
//
// The copy kept aside (package.json.prepack, ignored by git) is the truth while it exists: a pack
// that failed between the two steps left it there, and the next `prepack` restores from it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MANIFEST = join(ROOT, 'package.json');
const KEPT = join(ROOT, 'package.json.prepack');

function restore() {
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST);
}

function prepack() {
  restore();
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  const text = readFileSync(MANIFEST, 'utf8');
  const manifest = JSON.parse(text);
  if (manifest.scripts?.prepare === undefined) return;
  writeFileSync(KEPT, text);
  delete manifest.scripts.prepare;
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}

const step = process.argv[2];
if (step === 'prepack') prepack();
else if (step === 'postpack') restore();
else {
  console.error(`usage: node scripts/pack-manifest.mjs prepack|postpack (got ${step ?? 'nothing'})`);
  process.exit(2);
}

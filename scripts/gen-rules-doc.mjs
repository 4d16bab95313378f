// Writes docs/rules.md from the rule metadata and examples of the built library (run
// `npm run build` first); test/unit/lint/rules-doc.test.ts fails when the file is out of date.
import { writeFileSync } from 'node:fs';
import { renderRulesDoc } from '../dist/index.mjs';

writeFileSync(new URL('../docs/rules.md', import.meta.url), await renderRulesDoc());
console.log('wrote docs/rules.md');

// `npm run build` (and `prepare`): dist/, as scripts/build-dist.mjs describes.
import { buildDist } from './build-dist.mjs';

await buildDist();

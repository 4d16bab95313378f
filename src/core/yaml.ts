import { lazyRequire } from './lazy-require.js';

/**
 * What this code uses of `yaml`: the CLI's copy of the package (dist/yaml.cjs, built from
 * scripts/shims/yaml-bundle.mjs) exports exactly these, so a use of anything else does not compile.
 */
type YamlModule = Pick<typeof import('yaml'), 'LineCounter' | 'parseDocument' | 'stringify'>;
let cached: YamlModule | undefined;

/**
 * The `yaml` package, loaded synchronously on first use. Most roadmaps carry only simple
 * `key: word` frontmatter and most repositories no `agent-config.yaml`, so most runs never
 * pay the ~20–35 ms it costs to load; a static import would charge every command for it.
 */
export function loadYaml(): YamlModule {
  cached ??= lazyRequire<YamlModule>('yaml');
  return cached;
}

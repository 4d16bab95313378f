import { lazyRequire } from './lazy-require.js';

type YamlModule = typeof import('yaml');
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

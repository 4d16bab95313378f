import type { CommandWords, GuardRule } from './rule-types.js';
import { rule } from './tool-rules.js';
import {
  ANY_WORD,
  type CommandSpec,
  hasFlag,
  isUnknown,
  readCommandPath,
  splitArgs,
  switchedOn,
  textOf,
  wordIs,
} from './words.js';

const firstWords = (c: CommandWords, spec: CommandSpec, depth: number) =>
  readCommandPath(c.args, spec, depth).map((r) => r.path);

const CARGO: CommandSpec = {
  withValue: ['-Z', '--config', '-C', '--color', '--explain'],
  flags: ['-v', '-vv', '--verbose', '-q', '--quiet', '--locked', '--offline', '--frozen'],
  unknownTakesValue: true,
};

/** Aliases the line gives cargo (`--config alias.p="publish"`, `CARGO_ALIAS_P=publish`), by name. */
function cargoAliases(c: CommandWords): Map<string, string> {
  const aliases = new Map<string, string>();
  c.args.forEach((a, i) => {
    const text =
      a === '--config' ? textOf(c.args[i + 1] ?? '') : a.startsWith('--config=') ? a.slice(9) : null;
    const m = /^alias\.([\w-]+)\s*=\s*(.*)$/.exec(text ?? '');
    if (m !== null) aliases.set(m[1]!, m[2]!);
  });
  for (const [name, value] of c.env) {
    if (name.startsWith('CARGO_ALIAS_')) aliases.set(name.slice(12).toLowerCase().replace(/_/g, '-'), value);
  }
  return aliases;
}

function cargoPublishes(c: CommandWords): boolean {
  if (c.program !== 'cargo' || switchedOn(c.args, '--dry-run')) return false;
  // `cargo +nightly publish`: a toolchain comes first.
  const args = c.args[0]?.startsWith('+') ? c.args.slice(1) : c.args;
  const aliases = cargoAliases(c);
  return firstWords({ ...c, args }, CARGO, 2).some(([first = '', second]) => {
    const alias = aliases.get(textOf(first) ?? '');
    if (alias !== undefined && (isUnknown(alias) || /\bpublish\b/.test(alias))) return true;
    if (wordIs(first, 'publish')) return true;
    if (wordIs(first, 'workspaces', 'ws') && wordIs(second, 'publish')) return true;
    return wordIs(first, 'release') && hasFlag(args, ['--execute'], 'x');
  });
}

const PYTHON_TOOLS: Record<string, CommandSpec> = {
  twine: { withValue: [], unknownTakesValue: false },
  uv: {
    withValue: ['--directory', '--project', '--config-file', '--cache-dir', '--color', '--python', '-p'],
    unknownTakesValue: true,
  },
  poetry: { withValue: ['-C', '--directory', '-P', '--project'], unknownTakesValue: true },
  flit: { withValue: [], unknownTakesValue: true },
  hatch: {
    withValue: ['-e', '--env', '-p', '--project', '--data-dir', '--cache-dir', '--config'],
    unknownTakesValue: true,
  },
  pdm: { withValue: ['-p', '--project', '-c', '--config'], unknownTakesValue: true },
};

function pythonPublishes(c: CommandWords): boolean {
  if (/^python[0-9.]*$/.test(c.program)) {
    // `python setup.py sdist upload`: the old distutils upload.
    return /(^|\/)setup\.py$/.test(textOf(c.args[0] ?? '') ?? '') && c.args.some((a) => wordIs(a, 'upload'));
  }
  const spec = PYTHON_TOOLS[c.program];
  if (spec === undefined || switchedOn(c.args, '--dry-run')) return false;
  const verb = c.program === 'twine' ? ['upload', 'register'] : ['publish'];
  // poetry finds a command by a unique prefix too (`poetry pub`).
  const spellings = c.program === 'poetry' ? ['pu', 'pub', 'publ', 'publi', 'publis', 'publish'] : verb;
  return firstWords(c, spec, 1).some(([first]) => wordIs(first, ...spellings));
}

const DOCKER: CommandSpec = {
  withValue: [
    '-c',
    '--context',
    '-H',
    '--host',
    '-l',
    '--log-level',
    '--config',
    '--tlscacert',
    '--tlscert',
    '--tlskey',
  ],
  flags: ['-D', '--debug', '--tls', '--tlsverify'],
  unknownTakesValue: true,
  interspersed: true,
};
const CONTAINER_TOOLS = ['docker', 'podman', 'nerdctl', 'buildah', 'docker-compose', 'podman-compose'];

function containerPushes(c: CommandWords): boolean {
  if (!CONTAINER_TOOLS.includes(c.program)) return false;
  if (c.program.endsWith('-compose'))
    return splitArgs(c.args, { withValue: ['-f', '--file', '-p', '--project-name'] }).operands.some((o) =>
      wordIs(o, 'push'),
    );
  const pushesOutput =
    hasFlag(c.args, ['--push'], '') ||
    c.args.some(
      (a, i) => /type=registry|push=true/.test(textOf(a) ?? '') && /^(-o|--output)/.test(c.args[i - 1] ?? a),
    );
  return firstWords(c, DOCKER, 2).some(([first, second]) => {
    if (wordIs(first, 'push')) return true;
    if (wordIs(first, 'image', 'manifest', 'compose') && wordIs(second, 'push')) return true;
    if (wordIs(first, 'build') || (wordIs(first, 'buildx', 'compose') && wordIs(second, 'build', 'bake')))
      return pushesOutput;
    return first === ANY_WORD && pushesOutput;
  });
}

/** Publishing from cargo, Python, RubyGems and container registries. */
export const PUBLISH_RULES: readonly GuardRule[] = [
  rule(
    'cargo-publish',
    'never',
    ['cargo'],
    ['publish', 'release'],
    'cargo publish (not with --dry-run), cargo workspaces publish, cargo release --execute',
    { subcommands: [['publish']], example: 'cargo publish' },
    cargoPublishes,
  ),
  rule(
    'python-publish',
    'never',
    ['twine', 'uv', 'poetry', 'flit', 'hatch', 'pdm', 'python', 'python3'],
    ['upload', 'publish', 'register', 'pu'],
    'twine upload (also python -m twine), uv / poetry / flit / hatch / pdm publish (not with --dry-run), setup.py upload',
    { subcommands: [['upload', 'publish']], example: 'twine upload dist/*' },
    pythonPublishes,
  ),
  rule(
    'gem-push',
    'never',
    ['gem', 'rake'],
    ['push', 'release'],
    "gem push; rake release (bundler's gem task)",
    { subcommands: [['push']], example: 'gem push pkg-1.0.0.gem' },
    (c) =>
      (c.program === 'gem' &&
        firstWords(c, { withValue: ['--config-file'], unknownTakesValue: true }, 1).some(([f]) =>
          wordIs(f, 'push'),
        )) ||
      (c.program === 'rake' &&
        c.args.some((a) => a === ANY_WORD || /^release(\[.*\])?$/.test(textOf(a) ?? ''))),
  ),
  rule(
    'container-push',
    'allow',
    CONTAINER_TOOLS,
    ['push'],
    'docker / podman / nerdctl / buildah push (image push, manifest push, compose push, build --push)',
    { subcommands: [['push']], example: 'docker push registry.example/app:1.0' },
    containerPushes,
  ),
];

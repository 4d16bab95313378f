// The action's `check` mode, second part: what waits for a person, as one pull-request comment
// kept up to date (found by a hidden marker: created once, then edited in place) and in the job
// summary. GitHub's REST API with the workflow's token, at GITHUB_API_URL (GitHub Enterprise,
// and the tests). Text from roadmaps goes through cell(): no markdown or HTML of its own.
import { cell, command } from './runner.mjs';

export const MARKER = '<!-- agent-config:decisions -->';
const PERSON = 'npx --no agent-config';
const SHOWN = 50;

const code = (text) => `\`${String(text).replace(/[`\r\n]/g, ' ')}\``;

function documentOf(runner, args) {
  const r = runner.agentConfig([...args, '--json']);
  try {
    return JSON.parse(r.stdout);
  } catch {
    return null;
  }
}

const LEDGER = {
  pass: '✅ verified against the base',
  fail: '❌ does not verify against the base',
  error: '⚠️ could not be verified',
  skipped: '⏭️ no ledger',
};

/**
 * The markdown of what waits for a person: open decisions, live stages, an open gate window and
 * the ledger's status, each with the command a person runs. `ledger` is the evidence check's status.
 */
export function decisionsMarkdown(runner, ledger) {
  const gates = documentOf(runner, ['gates']);
  const lines = [MARKER, '## agent-config: what waits for a person', ''];
  if (gates === null) {
    lines.push('⚠️ `gates` could not run; see the job log.', '');
  } else {
    const blockers = gates.blockers ?? [];
    lines.push(`### Decisions (${blockers.length})`, '');
    if (blockers.length === 0) lines.push('None needs a person.', '');
    else {
      lines.push('| Decision | Roadmap | Question |', '|---|---|---|');
      for (const b of blockers.slice(0, SHOWN))
        lines.push(`| ${cell(b.id)} | ${cell(b.roadmap)} | ${cell(b.question || b.blocks || '')} |`);
      if (blockers.length > SHOWN) lines.push('', `…and ${blockers.length - SHOWN} more.`);
      lines.push('', `A person reviews them with ${code(`${PERSON} gates`)}.`, '');
    }
    const live = (gates.pending?.staged ?? []).filter((s) => s.status === 'pending');
    lines.push(`### Staged actions (${live.length})`, '');
    if (live.length === 0) lines.push('None waits.', '');
    else {
      lines.push('| Token | Action | Staged by | Expires | A person runs |', '|---|---|---|---|---|');
      for (const s of live.slice(0, SHOWN))
        lines.push(
          `| ${cell(s.token)} | ${cell(s.action)} | ${cell(s.source)} | ${cell(s.expiresAt)} | ${code(`${PERSON} confirm ${s.token}`)} |`,
        );
      lines.push('');
    }
    const w = gates.window;
    lines.push('### Gate window', '');
    if (w === undefined) lines.push('None is open.', '');
    else
      lines.push(
        `Open until ${cell(w.expiresAt)} for ${cell((w.actions ?? []).join(', '))}, opened by ${cell(w.openedBy)}. It ends early with ${code(`${PERSON} window close`)}.`,
        '',
      );
  }
  lines.push(
    '### Evidence ledger',
    '',
    `${LEDGER[ledger] ?? LEDGER.error}. A person checks it with ${code(`${PERSON} evidence verify`)}.`,
    '',
  );
  lines.push(
    '<sub>Nothing in this comment confirms, declines or opens anything: each command runs at a terminal, by a person.</sub>',
  );
  return `${lines.join('\n')}\n`;
}

/** The pull request's number: the input, else the event's. */
function pullRequestNumber(env) {
  const n = env.AGENT_CONFIG_PR_NUMBER ?? '';
  return /^[1-9][0-9]*$/.test(n) ? n : null;
}

async function api(env, method, path, body) {
  const base = (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '');
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${env.GITHUB_TOKEN}`,
      'x-github-api-version': '2022-11-28',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
  return response.status === 204 ? null : response.json();
}

/**
 * Keeps the one comment: the first of ours (it starts with MARKER) is edited in place, else one
 * is created. Returns what it did; never throws (a comment is a courtesy, the checks are the result).
 */
export async function keepComment(env, markdown, log = () => {}) {
  const number = pullRequestNumber(env);
  const repository = env.GITHUB_REPOSITORY ?? '';
  if (number === null || !/^[^/\s]+\/[^/\s]+$/.test(repository) || !env.GITHUB_TOKEN) {
    return { action: 'skipped', id: null };
  }
  try {
    let found = null;
    for (let page = 1; found === null && page <= 30; page++) {
      const comments = await api(
        env,
        'GET',
        `/repos/${repository}/issues/${number}/comments?per_page=100&page=${page}`,
      );
      if (!Array.isArray(comments) || comments.length === 0) break;
      found = comments.find((c) => typeof c.body === 'string' && c.body.startsWith(MARKER)) ?? null;
      if (comments.length < 100) break;
    }
    if (found !== null) {
      if (found.body !== markdown)
        await api(env, 'PATCH', `/repos/${repository}/issues/comments/${found.id}`, { body: markdown });
      return { action: 'updated', id: found.id };
    }
    const made = await api(env, 'POST', `/repos/${repository}/issues/${number}/comments`, { body: markdown });
    return { action: 'created', id: made?.id ?? null };
  } catch (error) {
    log(
      command(
        'warning',
        { title: 'agent-config' },
        `the pull-request comment could not be kept: ${error.message}`,
      ),
    );
    return { action: 'failed', id: null };
  }
}

/** In the Action, notify: is read from the base alone and no command channel runs. */
export function notifyFromBase(runner, base) {
  if (base === '') return null;
  const r = runner.agentConfig(['notify', '--drain', '--base', base, '--json']);
  try {
    return JSON.parse(r.stdout);
  } catch {
    runner.log(`${r.stdout}${r.stderr}`.trim());
    return null;
  }
}

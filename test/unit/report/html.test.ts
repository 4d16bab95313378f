import { describe, expect, it } from 'vitest';
import type { ReportDocument } from '../../../src/commands/report/report.js';
import { escapeHtml, jsonForScript } from '../../../src/report/escape.js';
import { REPORT_CSP, renderReportHtml } from '../../../src/report/html.js';
import { num, tickStep } from '../../../src/report/svg.js';

const HOSTILE = '<img src=x onerror=alert(1)>';

function doc(): ReportDocument {
  const commit = (n: number) => String(n).repeat(40);
  return {
    head: commit(2),
    generatedAt: '2026-11-30T12:00:00.000Z',
    history: [
      {
        commit: commit(1),
        date: '2026-01-01T00:00:00+00:00',
        active: { done: 1, open: 3, deferred: 0, cancelled: 0 },
        archived: { roadmaps: 0, steps: 0 },
      },
      {
        commit: commit(2),
        date: '2026-01-02T00:00:00+00:00',
        active: { done: 2, open: 2, deferred: 1, cancelled: 0 },
        archived: { roadmaps: 1, steps: 4 },
      },
    ],
    roadmaps: [
      {
        path: 'agents/roadmaps/x.md',
        formerPaths: [],
        title: HOSTILE,
        state: 'active',
        done: 2,
        open: 2,
        deferred: 1,
        cancelled: 0,
        percent: 50,
        phases: [
          { id: '1', name: `</script>${HOSTILE}`, done: 2, open: 2, deferred: 1, cancelled: 0, percent: 50 },
        ],
        history: [
          { commit: commit(1), done: 1, open: 3, deferred: 0, cancelled: 0 },
          { commit: commit(2), done: 2, open: 2, deferred: 1, cancelled: 0 },
        ],
        problems: [],
      },
    ],
    gates: {
      needsYou: 1,
      other: 0,
      blockers: [
        {
          id: HOSTILE,
          roadmap: 'x.md',
          question: '</script><script>alert(1)</script>',
          todo: ['a & b'],
          options: [{ n: 1, text: '<b>opt</b>', recommended: true }],
          decide: null,
          needsYou: true,
          owner: 'user',
          blocks: '',
          unblocksSteps: 0,
          resolvedWhen: '',
          class: '3',
          recommendation: '',
          ifNothing: '',
          line: 1,
        },
      ],
    },
    pending: null,
    window: {
      open: true,
      window: {
        openedBy: 'human:ada',
        openedAt: '2026-11-30T12:00:00.000Z',
        expiresAt: '2026-11-30T12:30:00.000Z',
        actions: ['git-force-push', HOSTILE],
        reason: `release ${HOSTILE}`,
        bypassed: 2,
      },
    },
    evidence: {
      ok: false,
      exit: 1,
      streams: [
        { file: 'agents/evidence/ledger/a.jsonl', status: 'clean', records: 3, head: 'ab'.repeat(32) },
        {
          file: `agents/evidence/ledger/${HOSTILE}.jsonl`,
          status: 'corrupt',
          records: 1,
          head: null,
          firstBadSeq: 2,
          reason: 'hash-mismatch',
        },
      ],
      problems: [{ code: 'hash-mismatch', file: `agents/evidence/ledger/${HOSTILE}.jsonl`, seq: 2 }],
      anomalies: [],
    },
    evidenceLog: {
      records: [
        {
          stream: 'a',
          seq: 3,
          ts: '2026-11-30T12:00:00.000Z',
          event: 'window.opened',
          actor: 'human:ada',
          payload: { reason: `</script>${HOSTILE}` },
          hash: 'ab'.repeat(32),
          verified: true,
        },
        {
          stream: HOSTILE,
          seq: 1,
          ts: '2026-11-30T12:01:00.000Z',
          event: 'stage.staged',
          actor: `agent:${HOSTILE}`,
          payload: {},
          hash: 'cd'.repeat(32),
          verified: false,
        },
      ],
    },
    lint: {
      version: 1,
      rules: ['r'],
      checked: [HOSTILE],
      skipped: [],
      summary: { errors: 0, warnings: 1, files: 1 },
      findings: [{ file: HOSTILE, line: 1, column: 1, severity: 'warning', rule: 'r', message: '"quoted"' }],
    },
    decisions: {
      decisions: [
        {
          ts: '2026-11-29T09:00:00.000Z',
          actor: 'human:ada',
          kind: 'approved',
          roadmap: 'agents/roadmaps/launch.md',
          blocker: null,
          option: null,
          answer: null,
        },
        {
          ts: '2026-11-30T10:15:00.000Z',
          actor: `human:${HOSTILE}`,
          kind: 'resolved',
          roadmap: 'agents/roadmaps/search.md',
          blocker: `pick-${HOSTILE}`,
          option: `</td>${HOSTILE}`,
          answer: `</td>${HOSTILE}`,
        },
      ],
    },
  };
}

describe('renderReportHtml', () => {
  const html = renderReportHtml(doc());

  it('shows the decisions answered over time beside the progress chart: who, when, which option, escaped', () => {
    const at = html.indexOf('<section id="decided">');
    expect(at).toBeGreaterThan(html.indexOf('<section id="progress">'));
    expect(at).toBeLessThan(html.indexOf('<section id="decisions">'));
    const section = html.slice(at, html.indexOf('</section>', at));
    expect(section).toContain('2 decision(s) by 2 person(s), from 2026-11-29 to 2026-11-30.');
    expect(section).toContain('id="decided-chart"');
    expect(section).toContain('<span class="nw">2026-11-30 10:15</span>');
    expect(section).toContain(
      '<span class="muted">option:</span> &lt;/td&gt;&lt;img src=x onerror=alert(1)&gt;',
    );
    expect(section).toContain('plan approved');
    expect(section).not.toContain(HOSTILE);
    const none = renderReportHtml({ ...doc(), decisions: { decisions: [] } });
    expect(none).toContain('No decision recorded with <code>npx --no agent-config decide</code> yet.');
  });

  it('is the same bytes for the same document', () => {
    expect(renderReportHtml(doc())).toBe(html);
  });

  it('has the strict CSP, and no script but the JSON data', () => {
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`);
    expect(REPORT_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<script type="application/json" id="report-data">');
    // No event attribute on any element (values are quoted and escaped, so drop them first).
    expect(html.replace(/"[^"]*"/g, '""')).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('escapes every text that came from a file', () => {
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain(escapeHtml(HOSTILE));
    expect(html).toContain('a &amp; b');
    expect(html).toContain('&quot;quoted&quot;');
  });

  it("shows an open window, the ledger's verify status and its latest records", () => {
    const window = html.slice(html.indexOf('<section id="window">'), html.indexOf('<section id="evidence">'));
    expect(window).toContain('Open until <strong>2026-11-30T12:30:00.000Z</strong>');
    expect(window).toContain(`<code>git-force-push</code>, <code>${escapeHtml(HOSTILE)}</code>`);
    expect(window).toContain(`release ${escapeHtml(HOSTILE)}`);
    expect(window).toContain('<dd>2</dd>');
    const evidence = html.slice(html.indexOf('<section id="evidence">'), html.indexOf('<section id="lint">'));
    expect(evidence).toContain('class="bad">Not verified: 1 problem(s) (exit 1).');
    expect(evidence).toContain(`<td>corrupt</td><td class="n">1</td>`);
    expect(evidence).toContain(`<code>${'ab'.repeat(6)}</code>`);
    expect(evidence).toContain(
      `<li><code>hash-mismatch</code> agents/evidence/ledger/${escapeHtml(HOSTILE)}.jsonl at seq 2</li>`,
    );
    expect(evidence).toContain('<td>window.opened</td><td>human:ada</td><td>verified</td>');
    expect(evidence).toContain(`<td>agent:${escapeHtml(HOSTILE)}</td><td><strong>unverified</strong></td>`);
    expect(evidence).toContain(escapeHtml(`{"reason":"</script>${HOSTILE}"}`));
  });

  it('says when no window is open and when the ledger verifies with no records', () => {
    const document: ReportDocument = {
      ...doc(),
      window: { open: false, window: null },
      evidence: { ok: true, exit: 0, streams: [], problems: [], anomalies: [] },
      evidenceLog: { records: [] },
    };
    const quiet = renderReportHtml(document);
    expect(quiet).toContain('No window is open');
    expect(quiet).toContain('class="ok">Verified: 0 stream(s)');
    expect(quiet).toContain('No records yet.');
  });

  it('embeds the document once, readable back exactly, with nothing that closes its tag', () => {
    const embedded = html.slice(html.indexOf('id="report-data">') + 17, html.lastIndexOf('</script>'));
    expect(embedded).not.toContain('<');
    expect(JSON.parse(embedded)).toEqual(doc());
    expect(html.split('id="report-data"')).toHaveLength(2);
  });

  it('draws the burn-up chart and a sparkline and phase bar per active roadmap', () => {
    expect(html).toContain('<svg class="chart" id="burnup"');
    expect(html).toContain('id="roadmap-0-spark"');
    expect(html).toMatch(/<svg class="bar"[^>]*>.*class="seg done"/);
  });
});

describe('chart helpers', () => {
  it('round ticks and short numbers', () => {
    expect([tickStep(0), tickStep(7), tickStep(23), tickStep(950)]).toEqual([1, 2, 10, 500]);
    expect([num(1 / 3), num(-0.001), num(12)]).toEqual(['0.33', '0', '12']);
  });

  it('JSON for a script element keeps no <', () => {
    expect(jsonForScript({ a: '</script><!--' })).toBe('{"a":"\\u003c/script>\\u003c!--"}');
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDocument } from '../../src/commands/report/report.js';
import { ensureBuilt, ROOT, runBin } from '../helpers/bin.js';
import { GIT_ENV, makeRepo, OPEN_BLOCKER_GO, writeFiles } from '../helpers/repo.js';

// Debian's chromium, never a downloaded browser. In CI the test must run: a missing browser
// fails it there (.ci/run installs the package); on a workstation without one it is skipped.
const CHROMIUM = '/usr/bin/chromium';
const IN_CI = process.env.CI === 'true' || process.env.CI === '1';
const HAS_BROWSER = existsSync(CHROMIUM);
const OUTPUT = join(ROOT, 'test-output', 'report');
const HOSTILE = '<img src=x onerror=alert(1)>';
const R = 'agents/roadmaps';

function commitAll(dir: string, day: number, message: string): void {
  const date = `2026-02-${String(day).padStart(2, '0')}T09:00:00Z`;
  const env = { ...process.env, ...GIT_ENV, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  execFileSync('git', ['add', '-A'], { cwd: dir, env });
  execFileSync('git', ['commit', '-q', '-m', message], { cwd: dir, env });
}

function roadmap(title: string, phases: string[][], blockers = ''): string {
  const body = phases.map(
    (steps, i) => `## Phase ${i + 1}: Part ${i + 1}\n\n${steps.map((s) => `- ${s}`).join('\n')}\n`,
  );
  return `# ${title}\n\n${body.join('\n')}${blockers === '' ? '' : `\n## Blockers\n\n${blockers}`}`;
}

/** The numbers of a table's body, row by row (cells that hold a number only). */
function numbersOf(page: Page, selector: string): Promise<number[][]> {
  return page.$$eval(`${selector} tbody tr`, (rows) =>
    rows.map((tr) =>
      [...tr.children].filter((td) => td.classList.contains('n')).map((td) => Number(td.textContent)),
    ),
  );
}

describe.skipIf(!HAS_BROWSER && !IN_CI)('report page in a real browser (Debian chromium)', () => {
  let browser: Browser;
  let dir: string;
  let file: string;
  let doc: ReportDocument;

  beforeAll(async () => {
    ensureBuilt();
    dir = makeRepo({ 'README.md': 'x\n' });
    writeFiles(dir, {
      [`${R}/hostile.md`]: roadmap(
        HOSTILE,
        [
          ['[x] a', '[ ] b'],
          ['[ ] c', '[~] d'],
        ],
        OPEN_BLOCKER_GO,
      ),
      [`${R}/plain.md`]: roadmap('Plain', [['[ ] p1', '[ ] p2', '[ ] p3']]),
    });
    commitAll(dir, 1, 'start');
    writeFiles(dir, { [`${R}/plain.md`]: roadmap('Plain', [['[x] p1', '[ ] p2', '[ ] p3']]) });
    commitAll(dir, 2, 'tick');
    writeFiles(dir, {
      [`${R}/plain.md`]: roadmap('Plain', [['[x] p1', '[x] p2', '[ ] p3'], ['[ ] p4']]),
      [`${R}/third.md`]: roadmap('Third </script><script>alert(2)</script>', [['[x] t1', '[-] t2']]),
    });
    commitAll(dir, 3, 'grow');
    // A staged action: a pending stage on the page, and a ledger record (stage.staged) to show.
    const staged = runBin(dir, [
      'stage',
      '--action',
      'delete-branch',
      '--object',
      HOSTILE,
      '--source',
      'agent:e2e',
    ]);
    expect(staged.code).toBe(0);
    file = join(dir, 'page.html');
    const written = runBin(dir, ['report', '--out', file]);
    expect(written.code).toBe(0);
    const json = runBin(dir, ['report', '--json']);
    expect(json.code).toBe(0);
    doc = JSON.parse(json.stdout) as ReportDocument;
    mkdirSync(OUTPUT, { recursive: true });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function open(colorScheme: 'light' | 'dark', width = 1200) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme });
    const consoleErrors: string[] = [];
    const requests: string[] = [];
    const dialogs: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => consoleErrors.push(String(e)));
    page.on('request', (r) => requests.push(r.url()));
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    return { page, consoleErrors, requests, dialogs };
  }

  it('loads with no console error, no request but the file itself, and runs nothing', async () => {
    const { page, consoleErrors, requests, dialogs } = await open('light');
    expect(consoleErrors).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate('document.images.length')).toBe(0);
    expect(await page.$$eval('script', (s) => s.map((x) => x.getAttribute('type')))).toEqual([
      'application/json',
    ]);
    await page.close();
  });

  it('draws the charts, with tables whose numbers equal the --json document', async () => {
    const { page } = await open('light');
    for (const line of ['done', 'total', 'archived']) {
      expect(await page.locator(`svg#burnup polyline.${line}`).count()).toBe(1);
    }
    const active = doc.roadmaps.filter((r) => r.state === 'active');
    expect(await page.locator('svg.spark').count()).toBe(active.length);
    expect(await numbersOf(page, '#history-table')).toEqual(
      doc.history.map((h) => [
        h.active.done,
        h.active.open,
        h.active.done + h.active.open,
        h.active.deferred,
        h.active.cancelled,
        h.archived.roadmaps,
        h.archived.steps,
      ]),
    );
    expect(
      await page.$$eval('#history-table tbody tr', (rows) => rows.map((r) => r.getAttribute('data-commit'))),
    ).toEqual(doc.history.map((h) => h.commit));
    for (const [i, r] of active.entries()) {
      expect(await page.locator(`#roadmap-${i}`).getAttribute('data-path')).toBe(r.path);
      expect(await page.locator(`#roadmap-${i} .percent`).textContent()).toBe(`${r.percent}%`);
      expect(await numbersOf(page, `#roadmap-${i}-phases`)).toEqual(
        r.phases.map((p) => [p.done, p.open, p.deferred, p.cancelled, p.percent]),
      );
      expect(await page.locator(`#roadmap-${i}-phases svg.bar`).count()).toBe(r.phases.length);
      expect((await numbersOf(page, `#roadmap-${i}-history`)).map((row) => row.slice(0, 4))).toEqual(
        r.history.map((p) => [p.done, p.open, p.deferred, p.cancelled]),
      );
    }
    const embedded = JSON.parse((await page.locator('#report-data').textContent()) ?? '') as ReportDocument;
    expect({ ...embedded, generatedAt: '' }).toEqual({ ...doc, generatedAt: '' });
    await page.close();
  });

  it('shows a hostile title as text', async () => {
    const { page } = await open('light');
    const titles = await page.$$eval('#roadmaps h3', (hs) => hs.map((h) => h.textContent));
    expect(titles).toContain(HOSTILE);
    expect(titles).toContain('Third </script><script>alert(2)</script>');
    expect(await page.locator('#decisions').textContent()).toContain('say go');
    await page.close();
  });

  it('shows the pending stage, no open window, and the ledger verified with its latest records', async () => {
    const { page } = await open('light');
    expect(await page.locator('#pending-table tbody td').nth(2).textContent()).toBe(HOSTILE);
    expect(await page.locator('#window').textContent()).toContain('No window is open');
    expect(await page.locator('#evidence-status').textContent()).toBe(
      'Verified: 1 stream(s), every chain intact.',
    );
    const verify = doc.evidence as { streams: Array<{ records: number }> };
    expect(await numbersOf(page, '#evidence-streams')).toEqual(verify.streams.map((s) => [s.records]));
    const log = doc.evidenceLog as { records: Array<{ event: string; actor: string }> };
    expect(log.records.map((r) => [r.event, r.actor])).toEqual([['stage.staged', 'agent:e2e']]);
    expect(
      await page.$$eval('#evidence-records tbody tr', (rows) =>
        rows.map((tr) => [...tr.children].slice(2, 5).map((td) => td.textContent)),
      ),
    ).toEqual([['stage.staged', 'agent:e2e', 'verified']]);
    await page.close();
  });

  it('applies the dark theme under prefers-color-scheme: dark, and saves both themes', async () => {
    const background = (page: Page) => page.evaluate('getComputedStyle(document.body).backgroundColor');
    const light = await open('light');
    expect(await background(light.page)).toBe('rgb(255, 255, 255)');
    await light.page.screenshot({ path: join(OUTPUT, 'report-light.png'), fullPage: true });
    await light.page.close();
    const dark = await open('dark');
    expect(await background(dark.page)).toBe('rgb(13, 17, 23)');
    expect(dark.consoleErrors).toEqual([]);
    await dark.page.screenshot({ path: join(OUTPUT, 'report-dark.png'), fullPage: true });
    await dark.page.close();
    expect(existsSync(join(OUTPUT, 'report-light.png')) && existsSync(join(OUTPUT, 'report-dark.png'))).toBe(
      true,
    );
  });

  it('shows every column of every table at 1280 px: no cell past its wrapper or the window', async () => {
    const { page } = await open('light', 1280);
    await page.screenshot({ path: join(OUTPUT, 'report-1280.png'), fullPage: true });
    const tables = await page.$$eval('.scroll', (wrappers) =>
      wrappers.map((w) => {
        const table = w.querySelector('table')!;
        const box = w.getBoundingClientRect();
        const cells = [...table.querySelectorAll('th, td')].map((c) => c.getBoundingClientRect().right);
        return {
          id: table.id,
          wrapperRight: Math.round(box.right),
          cellRight: Math.round(Math.max(...cells)),
          clientWidth: w.clientWidth,
          scrollWidth: w.scrollWidth,
        };
      }),
    );
    expect(tables.map((t) => t.id)).toEqual(expect.arrayContaining(['history-table', 'roadmap-0-history']));
    for (const t of tables) {
      // Every cell lies inside its wrapper and the window, with nothing hidden to scroll to.
      expect(t.cellRight, t.id).toBeLessThanOrEqual(Math.min(t.wrapperRight, 1280));
      expect(t.scrollWidth, t.id).toBe(t.clientWidth);
    }
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
    await page.close();
  });

  it('is usable 375 px wide: nothing wider than the screen', async () => {
    const { page } = await open('light', 375);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(OUTPUT, 'report-375.png'), fullPage: true });
    await page.close();
  });
});

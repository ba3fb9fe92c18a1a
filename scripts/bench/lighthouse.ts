/**
 * Lighthouse (the npm package, its default mobile preset: a mid-range phone on a slow 4G link,
 * simulated) on the public pages, in Debian's Chromium, headless. Each page is audited `runs`
 * times in a fresh Chromium profile; the run with the median performance score is kept.
 *
 * Usage alone: node scripts/bench/lighthouse.ts http://127.0.0.1:4500 [/ /es/ ...]
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { existsSync } from 'node:fs';

export interface PageAudit {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits below full marks in the kept run (id: title), for the reader of the bench. */
  failing: string[];
}

const chromePath = (): string => process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '/usr/lib/chromium/chromium');

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

async function auditOnce(url: string): Promise<Omit<PageAudit, 'path'>> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    // A category Lighthouse could not score (an audit errored) measured nothing: run again.
    const unscored = CATEGORIES.filter((c) => typeof lhr.categories[c]?.score !== 'number');
    if (unscored.length) {
      const errored = Object.values(lhr.audits)
        .filter((a) => a.errorMessage)
        .map((a) => `${a.id}: ${a.errorMessage}`);
      throw new Error(`Lighthouse on ${url} could not score ${unscored.join(', ')} (${errored.slice(0, 3).join('; ') || 'no audit error given'})`);
    }
    const score = (c: string) => Math.round(lhr.categories[c]!.score! * 100);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const failing = CATEGORIES.flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id]!)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
        .map((a) => `${a.id} (${a.score})`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: Math.round(num('first-contentful-paint')),
      lcpMs: Math.round(num('largest-contentful-paint')),
      tbtMs: Math.round(num('total-blocking-time')),
      cls: Number(num('cumulative-layout-shift').toFixed(3)),
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse's trace recording fails now and then in headless Chromium (NO_NAVSTART, NO_FCP on a
 * busy machine): such a run measured nothing, so it is run again, up to three times in all.
 */
async function auditWithRetry(url: string): Promise<Omit<PageAudit, 'path'>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(`  (Lighthouse on ${url}: ${err instanceof Error ? err.message : String(err)}; again)`);
    }
  }
}

/** Audits each page `runs` times; answers the median run by performance score. */
export async function auditPages(origin: string, paths: string[], runs = 3): Promise<PageAudit[]> {
  const out: PageAudit[] = [];
  for (const path of paths) {
    const all: Omit<PageAudit, 'path'>[] = [];
    for (let i = 0; i < runs; i++) all.push(await auditWithRetry(origin + path));
    all.sort((a, b) => a.performance - b.performance);
    out.push({ path, ...all[Math.floor(all.length / 2)]! });
  }
  return out;
}

if (import.meta.main) {
  const [origin = 'http://127.0.0.1:4321', ...paths] = process.argv.slice(2);
  const audits = await auditPages(origin, paths.length ? paths : ['/'], Number(process.env.LH_RUNS ?? 1));
  for (const a of audits) console.log(JSON.stringify(a));
}

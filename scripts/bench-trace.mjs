// npm run bench:trace [-- /user/home]: what a page's first load does on the main thread, to explain a Lighthouse
// score (docs/benchmarks.md, "Compile hints"). Lighthouse gives the total blocking time and the script each long
// task is charged to; this shows what runs inside each task.
//
// Starts the built server (in-memory database; for a page under /user, a member registered through its API, signed
// in with "remember me" and the agreement confirmed, as Lighthouse's signed-in runs are), then loads the page
// BENCH_TRACE_RUNS times (3) in Chromium, each in a new context (empty cache), 390×844, at 4× CPU slowdown (CDP;
// Lighthouse simulates the same slowdown), recording a trace and a CPU profile of the page. For each load it prints
// the first contentful paint; every main-thread task over 50 ms after it (the ones total blocking time counts),
// with the scripts evaluated or called in it and the functions with the most self time; the sum of those tasks'
// time over 50 ms; the main thread's busy time; and its time in script. Times are at the 4× slowdown.
// Chromium: CHROMIUM_PATH (default /usr/bin/chromium). Needs the apps built (npm run build).
import { existsSync } from 'node:fs';
import { apps, isBuilt, serverBuilt } from './apps.mjs';
import { AGREEMENT_KEY, CHROME_FLAGS, memberToken, pageCookie, TOKEN_KEY } from './bench-site.mjs';
import { startBuiltServer } from './built-server.mjs';

const path = process.argv.slice(2).find((arg) => arg.startsWith('/')) ?? '/login';
const runs = Math.max(1, Number(process.env.BENCH_TRACE_RUNS ?? 3));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/** Trace events that run script; one not nested in another counts towards the script time. */
const SCRIPT_EVENTS = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'RunMicrotasks',
]);
/** Trace events named in a long task's line when they take over 5 ms of it. */
const SHOWN_EVENTS = new Set([
  ...SCRIPT_EVENTS,
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'v8.compile',
]);

if (!existsSync(chromiumPath)) {
  console.error(
    `bench:trace: no Chromium at ${chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
  );
  process.exit(1);
}
if (!serverBuilt() || !apps.every(isBuilt)) {
  console.error('bench:trace: the apps are not built (npm run build)');
  process.exit(1);
}

const ms = (us) => (us / 1000).toFixed(0);

/** The renderer's main thread of the page: the one that evaluated the most scripts. */
function pageThread(events) {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const scripts = (t) =>
    events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'EvaluateScript').length;
  const main = threads.sort((a, b) => scripts(b) - scripts(a))[0];
  return {
    pid: main.pid,
    events: events.filter((e) => e.pid === main.pid && e.tid === main.tid),
  };
}

/** The CPU profile's samples as [time, node] and a function telling a span's top self-time functions. */
function profileIndex(profile, origin) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const samples = [];
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += profile.timeDeltas[i];
    samples.push([t, profile.samples[i]]);
  }
  const label = ({ callFrame: f }) =>
    `${f.functionName || '(anonymous)'} ${f.url.replace(origin, '') || '(native)'}:${f.columnNumber}`;
  return (start, end) => {
    const self = new Map();
    let total = 0;
    for (const [time, id] of samples) {
      if (time < start || time >= end) continue;
      const node = nodes.get(id);
      if (node.callFrame.functionName === '(idle)') continue;
      total += 1;
      // The browser's own work (style, layout, paint, parsing) and the collector: not a function to name.
      if (['(program)', '(garbage collector)'].includes(node.callFrame.functionName)) continue;
      self.set(label(node), (self.get(label(node)) ?? 0) + 1);
    }
    return [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, n]) => `${name} ${Math.round((100 * n) / Math.max(total, 1))} %`);
  };
}

async function traceOnce(browser, url, token, n) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    if (token) {
      await page.goto(`${url}/api/lookup/active`);
      await page.evaluate(
        ([tokenKey, value, cookie, agreementKey]) => {
          localStorage.setItem(tokenKey, value);
          document.cookie = cookie;
          localStorage.setItem(agreementKey, JSON.stringify({ acceptedAt: new Date().toISOString() }));
        },
        [TOKEN_KEY, token, pageCookie(token), AGREEMENT_KEY],
      );
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'loading',
      ],
    });
    await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const { profile } = await cdp.send('Profiler.stop');
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8'));

    const { pid, events } = pageThread(traceEvents);
    const fcp = traceEvents.find((e) => e.pid === pid && e.name === 'firstContentfulPaint')?.ts;
    const navigations = traceEvents.filter(
      (e) => e.pid === pid && e.name === 'navigationStart' && (!fcp || e.ts <= fcp),
    );
    // Without a navigationStart (older Chromium), the page thread's first timed event; metadata events carry ts 0.
    const start =
      navigations.at(-1)?.ts ?? events.reduce((min, e) => (e.ts > 0 && e.ts < min ? e.ts : min), Infinity);
    const topFunctions = profileIndex(profile, url);
    const tasks = events.filter((e) => e.name === 'RunTask' && e.dur);
    console.log(`\nload ${n} of ${path}: first contentful paint ${fcp ? ms(fcp - start) : '?'} ms`);
    let blocking = 0;
    for (const task of tasks) {
      if (task.dur <= LONG_TASK_MS * 1000 || !fcp || task.ts < fcp) continue;
      blocking += task.dur - LONG_TASK_MS * 1000;
      const inside = events
        .filter(
          (e) => e.ts >= task.ts && e.ts < task.ts + task.dur && e.dur > 5000 && SHOWN_EVENTS.has(e.name),
        )
        .map((e) => {
          const what = [e.args?.data?.url?.replace(url, ''), e.args?.data?.functionName]
            .filter(Boolean)
            .join(' ');
          return `${e.name}${what ? ` ${what}` : ''} ${ms(e.dur)}`;
        });
      console.log(
        `  at ${ms(task.ts - start)} ms, ${ms(task.dur)} ms: ${inside.slice(0, 6).join(' | ') || '—'}`,
      );
      const top = topFunctions(task.ts, task.ts + task.dur);
      if (top.length > 0) console.log(`      self time (of the task's samples): ${top.join(', ')}`);
    }
    let script = 0;
    let scriptEnd = 0;
    for (const e of events.filter((x) => SCRIPT_EVENTS.has(x.name) && x.dur).sort((a, b) => a.ts - b.ts)) {
      if (e.ts < scriptEnd) continue;
      script += e.dur;
      scriptEnd = e.ts + e.dur;
    }
    const busy = tasks.reduce((sum, task) => sum + task.dur, 0);
    console.log(
      `  tasks over ${LONG_TASK_MS} ms after the first paint: ${ms(blocking)} ms beyond ${LONG_TASK_MS} ms; ` +
        `main thread busy ${ms(busy)} ms, in script ${ms(script)} ms`,
    );
    return { blocking, busy, script };
  } finally {
    await context.close();
  }
}

const server = await startBuiltServer();
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROME_FLAGS });
try {
  const token = path.startsWith('/user') ? await memberToken(server.url) : null;
  const results = [];
  for (let n = 1; n <= runs; n += 1) results.push(await traceOnce(browser, server.url, token, n));
  const median = (key) => {
    const sorted = results.map((r) => r[key]).sort((a, b) => a - b);
    return ms(sorted[Math.floor(sorted.length / 2)]);
  };
  console.log(
    `\n${path}, ${runs} loads at ${SLOWDOWN}× CPU slowdown, medians: beyond ${LONG_TASK_MS} ms ${median('blocking')} ms, ` +
      `busy ${median('busy')} ms, in script ${median('script')} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
}

import assert from 'node:assert/strict';
import { afterEach } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';

/**
 * The site runs with its Content-Security-Policy on (the built server sends it), and every scenario fails on a
 * violation: the pages report each `securitypolicyviolation` event through a binding, and the server's log of
 * POST /csp-report (browsers' own reports) is read by `startSite`. Registered for every test of every file that
 * uses e2e/lib (this module installs an afterEach hook at the top level of the test file).
 */
export interface CspViolation {
  from: 'page' | 'report';
  detail: string;
}

const violations: CspViolation[] = [];

export function recordCspViolation(violation: CspViolation): void {
  violations.push(violation);
}

/** The violations seen since the last call, removed. */
export function takeCspViolations(): CspViolation[] {
  return violations.splice(0);
}

export function assertNoCspViolations(where: string): void {
  const seen = takeCspViolations();
  assert.deepEqual(
    seen,
    [],
    `CSP violations ${where}:\n${seen.map((v) => `${v.from}: ${v.detail}`).join('\n')}`,
  );
}

/** Collects the violations of every page of this context (also pages the site opens itself). */
export async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__e2eCspViolation', (_source, detail: string) => {
    recordCspViolation({ from: 'page', detail });
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __e2eCspViolation?: (d: string) => Promise<void> })
          .__e2eCspViolation;
        void report?.(
          JSON.stringify({
            page: document.URL,
            directive: e.effectiveDirective,
            blocked: e.blockedURI,
            source: `${e.sourceFile}:${e.lineNumber}`,
            sample: e.sample,
          }),
        );
      },
      true,
    );
  });
}

/** Every context of this browser is watched, whoever creates it (newContext, or newPage's own context). */
export function watchCspOfEveryContext(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    await watchCsp(context);
    return context;
  };
  return browser;
}

afterEach(async () => {
  // Page events and browser reports arrive a moment after what caused them.
  await new Promise((r) => setTimeout(r, 250));
  assertNoCspViolations('in this scenario');
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, TOUR_STATES, VIEWPORTS, type TourState } from './states';
import type { TourResult } from './walk';

const LANGUAGE_NAMES = { th: 'ไทย (th)', la: 'ລາວ (la)', en: 'English (en)' } as const;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One line per problem the walk found in a state, per language (axe at the phone size, overflow per size). */
export function problemsOf(result: TourResult, state: string): string[] {
  const lines: string[] = [];
  for (const failure of result.failures.filter((f) => f.state === state))
    lines.push(`[${failure.language}] NOT REACHED: ${failure.error}`);
  for (const shot of result.shots.filter((s) => s.state === state)) {
    const where = `[${shot.language} ${shot.viewport.width}px]`;
    for (const v of shot.axe ?? [])
      lines.push(`${where} axe ${v.impact} ${v.rule}: ${v.targets.join(', ')} — ${v.summary || v.help}`);
    for (const o of shot.overflow) lines.push(`${where} ${o.kind} ${o.target}: ${o.detail}`);
  }
  return lines;
}

function section(result: TourResult, state: TourState): string {
  const rows = LANGUAGES.map((language) => {
    const cells = VIEWPORTS.map((viewport) => {
      const shot = result.shots.find(
        (s) => s.state === state.id && s.language === language && s.viewport.width === viewport.width,
      );
      const failed = result.failures.find((f) => f.state === state.id && f.language === language);
      const file = shot?.file ?? failed?.file;
      const label = `${LANGUAGE_NAMES[language]} · ${viewport.width}×${viewport.height}${shot ? '' : ' · not reached'}`;
      const image = file
        ? `<a href="${escape(file)}"><img src="${escape(file)}" loading="lazy" alt="${escape(`${state.title}, ${label}`)}"></a>`
        : '<div class="missing">—</div>';
      return `<figure${shot ? '' : ' class="failed"'}>${image}<figcaption>${escape(label)}</figcaption></figure>`;
    });
    return cells.join('');
  }).join('');
  const problems = problemsOf(result, state.id);
  const list = problems.length
    ? `<details open><summary>${problems.length} finding(s)</summary><ul>${problems
        .map((p) => `<li>${escape(p)}</li>`)
        .join('')}</ul></details>`
    : '<p class="clean">axe-core and overflow: nothing found</p>';
  return `<section id="${state.id}"><h2>${escape(state.title)} <small>${state.id} · ${state.kind} · ${
    state.who
  }${state.route ? ` · ${escape(state.route)}` : ''}</small></h2>${list}<div class="grid">${rows}</div></section>`;
}

/** Writes `index.html` beside the screenshots: every state, each in th, la and en at both sizes. */
export function writeContactSheet(dir: string, result: TourResult): string {
  const states = TOUR_STATES.filter(
    (s) => result.shots.some((shot) => shot.state === s.id) || result.failures.some((f) => f.state === s.id),
  );
  const toc = states
    .map((s) => {
      const found = problemsOf(result, s.id).length;
      return `<a href="#${s.id}">${escape(s.title)}</a>${found ? ` <b class="count">${found}</b>` : ''}`;
    })
    .join(' · ');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Screenshot tour</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem; background: #f4f4f6; color: #111; }
nav { margin-bottom: 1rem; }
section { background: #fff; border-radius: 8px; padding: .5rem 1rem 1rem; margin-bottom: 1.5rem; }
h2 small { font-weight: normal; color: #555; font-size: .8em; }
.grid { display: grid; grid-template-columns: repeat(${VIEWPORTS.length * LANGUAGES.length}, max-content); gap: 12px; overflow-x: auto; align-items: start; }
figure { margin: 0; }
figure img { width: 195px; border: 1px solid #ccc; display: block; }
figure.failed img { border-color: #c00; }
figcaption { font-size: 12px; color: #333; margin-top: 4px; }
.missing { width: 195px; height: 100px; display: grid; place-items: center; border: 1px dashed #c00; }
details li { font-family: ui-monospace, monospace; font-size: 12px; }
.clean { color: #070; }
.count { background: #c00; color: #fff; border-radius: 8px; padding: 0 5px; font-size: 11px; }
</style>
</head>
<body>
<h1>Screenshot tour</h1>
<p>${result.shots.length} screenshots of ${states.length} states in th, la and en at ${VIEWPORTS.map((v) => `${v.width}×${v.height}`).join(' and ')}; ${
    result.failures.length
  } state(s) not reached; walked in ${Math.round(result.elapsedMs / 1000)} s. Each state lists what axe-core (WCAG 2.2 AA, at ${
    VIEWPORTS[0]?.width
  } px) and the overflow check found.</p>
<nav>${toc}</nav>
${states.map((s) => section(result, s)).join('\n')}
</body>
</html>
`;
  const path = join(dir, 'index.html');
  writeFileSync(path, html);
  return path;
}

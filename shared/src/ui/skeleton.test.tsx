import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { i18n } from '../i18n/i18n';
import { Skeleton, SkeletonList } from './skeleton';

beforeEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('Skeleton', () => {
  it('is a placeholder hidden from assistive technology, shaped by its variant and size', () => {
    render(<Skeleton variant="card" width="50%" />);
    const skeleton = screen.getByTestId('skeleton');
    expect(skeleton).toHaveAttribute('aria-hidden', 'true');
    expect(skeleton).toHaveClass('wl-skeleton', 'wl-skeleton--card');
    expect(skeleton).toHaveStyle({ width: '50%' });
  });
});

describe('SkeletonList', () => {
  it('marks its region busy and announces the loading once, in the page language', async () => {
    render(<SkeletonList count={4} variant="card" layout="grid" />);
    const region = screen.getByTestId('skeleton-list');
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(region).toHaveClass('wl-skeleton-list--grid');
    expect(screen.getAllByTestId('skeleton')).toHaveLength(4);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    await act(async () => {
      await i18n.changeLanguage('th');
    });
    expect(screen.getByRole('status')).toHaveTextContent('กำลังโหลด');
  });

  it('takes a label and custom placeholders', () => {
    render(
      <SkeletonList label="Loading games">
        <Skeleton variant="circle" />
      </SkeletonList>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading games');
    expect(screen.getAllByTestId('skeleton')).toHaveLength(1);
  });
});

describe('the skeleton styles', () => {
  it('stop the shimmer when the member asks for reduced motion', () => {
    const css = fs.readFileSync(path.join(__dirname, '..', 'styles', 'ui.css'), 'utf8');
    const reduced = [...css.matchAll(/@media \(prefers-reduced-motion: reduce\) \{([\s\S]*?)\n\}/g)].map(
      (m) => m[1],
    );
    expect(reduced.some((block) => /\.wl-skeleton\s*\{\s*animation: none;/.test(block ?? ''))).toBe(true);
    expect(css).toMatch(/\.wl-skeleton \{[^}]*animation: wl-skeleton-shimmer/);
  });
});

import { ComingSoonPage } from '../coming-soon';

/** /user/bonus. */
export function BonusPage() {
  return <ComingSoonPage titleKey="bonus.title" testId="bonus-page" />;
}

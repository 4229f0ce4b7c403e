import { ComingSoonPage } from '../coming-soon';

/** /user/statement. */
export function StatementPage() {
  return <ComingSoonPage titleKey="statement.title" testId="statement-page" />;
}

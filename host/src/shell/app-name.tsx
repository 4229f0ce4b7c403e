import { useSiteName } from './document-title';

/** The site's name in the top bar (operator content); the catalog's name until it arrives. */
export function AppName() {
  const name = useSiteName();
  return (
    <span className="host-app-name" data-testid="app-name" title={name}>
      {name}
    </span>
  );
}

import { Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { bus, DelayedLoader, dismissToasts, ToastViewport } from '@wallet/shared';
import { PageErrorBoundary } from '../routing/page-error-boundary';
import { ChatWidgetHost } from './chat-widget-host';
import { DocumentTitle, SiteNameProvider } from './document-title';
import './shell.css';

/**
 * Wraps every page: renders the route of the location from `routes`, performs the navigations asked for on the
 * bus (the HTTP client sends `/terminated` and `/login` there), clears the toasts of the page left, keeps the
 * tab's title on the page shown, and holds what lives once per page: the site's name, the toast viewport and the
 * floating chat widget.
 */
export function ShellRoot({ routes }: { routes: RouteObject[] }) {
  const navigate = useNavigate();
  const page = useRoutes(routes);

  useEffect(() => {
    const subscription = bus.on('navigate').subscribe(({ to, replace }) => {
      void navigate(to, { replace: replace ?? false });
    });
    return () => subscription.unsubscribe();
  }, [navigate]);

  // A page's toasts go when the member leaves it (one raised by the action that navigated stays).
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    dismissToasts();
  }, [pathname]);

  return (
    <SiteNameProvider>
      <DocumentTitle routes={routes} />
      <PageErrorBoundary pathname={pathname}>
        {/* While a lazy shell or bare page is fetched (not on a navigation: the page shown stays meanwhile). */}
        <Suspense fallback={<DelayedLoader active />}>{page}</Suspense>
      </PageErrorBoundary>
      <ToastViewport />
      <ChatWidgetHost />
    </SiteNameProvider>
  );
}

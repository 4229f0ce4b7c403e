import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { bus, dismissToasts, ToastViewport } from '@wallet/shared';
import { ChatWidgetHost } from './chat-widget-host';
import { DocumentTitle, SiteNameProvider } from './document-title';
import './shell.css';

/**
 * Wraps every page: performs the navigations asked for on the bus (the HTTP client sends `/terminated` and
 * `/login` there), clears the toasts of the page left, keeps the tab's title on the page shown, and holds what
 * lives once per page: the site's name, the toast viewport and the floating chat widget.
 */
export function ShellRoot() {
  const navigate = useNavigate();

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
      <DocumentTitle />
      <Outlet />
      <ToastViewport />
      <ChatWidgetHost />
    </SiteNameProvider>
  );
}

import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { bus, ToastViewport } from '@wallet/shared';
import { ChatWidgetHost } from './chat-widget-host';
import './shell.css';

/**
 * Wraps every page: performs the navigations asked for on the bus (the HTTP client sends `/terminated` and
 * `/login` there), and holds what lives once per page: the toast viewport and the floating chat widget.
 */
export function ShellRoot() {
  const navigate = useNavigate();

  useEffect(() => {
    const subscription = bus.on('navigate').subscribe(({ to, replace }) => {
      void navigate(to, { replace: replace ?? false });
    });
    return () => subscription.unsubscribe();
  }, [navigate]);

  return (
    <>
      <Outlet />
      <ToastViewport />
      <ChatWidgetHost />
    </>
  );
}

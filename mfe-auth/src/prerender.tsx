import './auth.css';
import { catalogs } from './catalogs';
import { LoginPage } from './login/login-page';

/**
 * The screens the server paints before any JavaScript has run (tooling/prerender): the exposed module's name →
 * its page and element. Their static markup is built with the remote, in each language, and shown inert until
 * the live screen mounts in its place.
 */
export const prerender = {
  catalogs,
  screens: { Login: { path: '/login', render: () => <LoginPage /> } },
};

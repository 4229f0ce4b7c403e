// The host's own stylesheet and the shared UI kit's base styles, extracted to a real stylesheet in the production
// build (mini-css-extract-plugin, tooling/webpack.app.js) and linked from index.html: the frame the server paints
// before any JavaScript (server/src/platform/index-page.ts) is styled from the first paint.
import '@wallet/shared/src/styles/ui.css';
import './shell/shell.css';
import './remotes/failure-policy.css';
import { adoptPageLanguage } from './shell/static-frame';

// The language the server painted the frame in, for a visitor who never chose one (before i18n starts).
adoptPageLanguage();

// The async boundary Module Federation needs: shared singletons are negotiated before any app code runs.
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');

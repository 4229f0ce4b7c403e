// The console's styles: the shared UI kit's base and its own (extracted to a stylesheet in the production build).
import '@wallet/shared/styles/ui.css';
import './ops.css';

// The async boundary Module Federation needs: shared singletons are negotiated before any app code runs.
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');

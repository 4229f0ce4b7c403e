// Standalone development harness (`npm run dev`): the async boundary Module Federation needs before shared code.
void import('./harness-bootstrap');

// style-loader `insert` of every front-end build: the <style> element style-loader creates stays out of the
// document. In the document it would be an inline style block, which the site's CSP refuses (no 'unsafe-inline');
// ./transform.js applies its CSS as a constructed stylesheet instead (docs/server.md, "Headers, CSP, CORS and input").
module.exports = function keepDetached() {};

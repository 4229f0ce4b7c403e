// style-loader `styleTagTransform` of every front-end build: the CSS of each imported .css module becomes a
// constructed stylesheet adopted by the document (CSSOM, set by the site's own script, which CSP does not govern),
// in import order, as style-loader's <style> elements were. Browsers without constructed stylesheets (before
// Chrome 73, Firefox 101, Safari 16.4) get the <style> element, which only a CSP allowing inline styles applies.
const sheets = new WeakMap();

module.exports = function adoptStyles(css, styleElement) {
  const canAdopt =
    typeof CSSStyleSheet === 'function' &&
    typeof CSSStyleSheet.prototype.replaceSync === 'function' &&
    'adoptedStyleSheets' in document;
  if (!canAdopt) {
    styleElement.textContent = css;
    if (!styleElement.isConnected) document.head.appendChild(styleElement);
    return;
  }
  let sheet = sheets.get(styleElement);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheets.set(styleElement, sheet);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  sheet.replaceSync(css);
};

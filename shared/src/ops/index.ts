// The operators' console kit, `@wallet/shared/ops`: what every console screen (ops-console's own and the remotes'
// `src/ops/`) builds on — the form pieces, the one table / amount / verdict stylesheet (./ops.css), the load-failed
// panel, and the read and editor hooks with their save flow. Not part of `@wallet/shared` (every member page loads
// that): a console screen imports it by this name, and webpack bundles it into that screen's own chunk. An explicit
// list, each name used by some console screen (shared/src/index.test.ts checks it like the main export list).

// Form pieces and the data side of the forms
export {
  FormGrid,
  FormGroup,
  FormHint,
  FormProblem,
  KeyField,
  LocalizedFields,
  TextArea,
  focusFirstInvalid,
} from './form';
export {
  CURRENCIES,
  LANGUAGES,
  checkAmount,
  checkLocalized,
  checkWholeNumber,
  emptyLocalized,
  minorToInput,
  wholeNumber,
  wholeNumberIn,
  type Checked,
  type Language,
  type Localized,
  type Problems,
} from './form-model';

// Screens, lists and tables
export { ConsoleScreen, EditLink, Flag, ListSection, moneyText, Verdict } from './screen';
export { OpsTable } from './table';
export { LoadFailed } from './load-failed';

// Reads and editors
export { invalidateConsoleReads, useConsoleRead, type ConsoleKey } from './use-read';
export { useConsolePages } from './use-pages';
export { useConsoleChange } from './use-change';
export { useEditor } from './use-editor';
export { EditorFrame } from './editor';

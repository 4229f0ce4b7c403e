import common from './common.json';
import errors from './errors.json';

/** The shared package's strings in this language: one chunk, loaded when the page is in this language. */
export default { common, errors };

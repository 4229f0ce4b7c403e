/** Types of jest-api-answers.js for the tests that use it (see the file's header). */

/**
 * Marks a mocked answer, or a part of one, as beyond today's schema on purpose: for a test of how a part copes
 * with what a later server may send (an unknown statement type, a new status). Returns the value.
 */
export function beyondSchema<T>(value: T): T;

/**
 * What the current test's mocked API answers hold that the server cannot give, one line each: what the check
 * after every test finds (and fails the test with).
 */
export function problemsSoFar(): Promise<string[]>;

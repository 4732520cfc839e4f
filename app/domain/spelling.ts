/**
 * The spec (section 5) spells two of its messages "atleast". The UI shows them spelled right;
 * the API answers them in the spec's spelling, which clients may match on: zodToDrf calls
 * specSpelling on every message it sends, and the storefront's apiErrorsToReply calls
 * uiSpelling on every message it shows.
 */
const SPEC_TYPOS: [RegExp, string][] = [
  [/^Should be at least (\d+) characters$/, "Should be atleast $1 characters"],
  [/^Enter at least (\d+) words\.$/, "Enter atleast $1 words."],
];
const UI_FIXES: [RegExp, string][] = [
  [/^Should be atleast (\d+) characters$/, "Should be at least $1 characters"],
  [/^Enter atleast (\d+) words\.$/, "Enter at least $1 words."],
];
const respell = (rules: [RegExp, string][], message: string) => rules.reduce((m, [re, to]) => m.replace(re, to), message);
export const specSpelling = (message: string) => respell(SPEC_TYPOS, message);
export const uiSpelling = (message: string) => respell(UI_FIXES, message);

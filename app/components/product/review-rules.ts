/** Limits of a review's text, shared by the form's native constraints and the server schema. */
export const REVIEW_TEXT_MIN = 3;
export const REVIEW_TEXT_MAX = 2000;

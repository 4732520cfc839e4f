/** Review limits, without zod, so the browser may import them (docs/architecture.md, Forms). */
import { TEXT_MAX } from "./text-max";

export const REVIEW_TEXT_MIN = 1;
export const REVIEW_TEXT_MAX = TEXT_MAX.reviewText;

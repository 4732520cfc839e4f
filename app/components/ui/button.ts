/**
 * A primary button with AA contrast (white on brand-700: 5.2:1). The shared btn-primary (white on
 * brand-600) is 3.55:1, below WCAG AA for 14px text.
 */
export const primaryButton = "btn bg-brand-700 text-white hover:bg-orange-800";

/** The small buttons of the admin tables (./ui.tsx); apart so the on-demand forms do not import ./ui.tsx (and its islands). */
const smallButton = "whitespace-nowrap rounded border px-2 py-1 text-xs font-medium";
export const buttonTones = {
  neutral: `${smallButton} border-gray-300 bg-white text-gray-800 hover:bg-gray-50`,
  danger: `${smallButton} border-red-300 bg-white text-red-700 hover:bg-red-50`,
  good: `${smallButton} border-green-300 bg-white text-green-800 hover:bg-green-50`,
};

/**
 * A delivery slot as people read it: "Tue, 1 Dec, morning (08:00–12:00)". The words are the
 * caller's namespace's `slots.window.<window>` and `slots.when` (checkout, orders and seller each
 * carry them), the day through app/i18n/dates.ts. Client-safe.
 */
import { formatDay } from "~/i18n/dates";

export interface SlotLike {
  day: string;
  window: string;
  starts: string;
  ends: string;
}

export function slotText(slot: SlotLike, t: (key: string, values?: Record<string, unknown>) => string): string {
  return t("slots.when", { day: formatDay(slot.day, t), window: t(`slots.window.${slot.window}`), starts: slot.starts, ends: slot.ends });
}

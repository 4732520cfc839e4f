/**
 * The LGA control of every address form (account, checkout, guest checkout). Without JavaScript
 * it lists all 774 LGAs grouped by state (<optgroup label="Lagos">): a shopper picks theirs under
 * their state (the form's state's group first once it is known: editing, or after an error), and a
 * mismatch comes back as a field error with everything typed kept. With
 * JavaScript it lists only the LGAs of the state chosen in the same form, live as the state
 * changes (all of them until a state is chosen). Options carry no `value`: the text is the value,
 * which keeps the no-JS page ~40% lighter.
 */
import { useTranslation } from "~/i18n/react";
import { LGAS_BY_STATE, type State } from "~/domain/lgas";
import { NIGERIAN_STATES } from "~/domain/states";
import { type ReplyField, selectProps } from "./reply-form";
import { useHydrated } from "./use-hydrated";


export function LgaSelect({ lga, state }: { lga: ReplyField; state: ReplyField }) {
  const hydrated = useHydrated();
  const { t } = useTranslation();
  // conform keeps the form's current values: the state select's, as the shopper changes it.
  const chosen = typeof state.value === "string" && state.value in LGAS_BY_STATE ? (state.value as State) : null;
  const states = !chosen ? NIGERIAN_STATES : hydrated ? [chosen] : [chosen, ...NIGERIAN_STATES.filter((s) => s !== chosen)];
  return (
    <select {...selectProps(lga)} className="field-input">
      <option value="">{t("address.chooseLga")}</option>
      {states.map((s) => (
        <optgroup key={s} label={s}>
          {LGAS_BY_STATE[s].map((n) => (
            <option key={n}>{n}</option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

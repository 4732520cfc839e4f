import { useTranslation } from "~/i18n/react";
import { NIGERIAN_STATES, stateName } from "~/domain/states";

/** The options of every delivery-state select: the 36 states and the FCT, after a prompt. */
export function StateOptions() {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{t("address.selectState")}</option>
      {NIGERIAN_STATES.map((s) => (
        <option key={s} value={s}>
          {stateName(s)}
        </option>
      ))}
    </>
  );
}

/**
 * Browser validation for the seller's and admin's forms, without zod in the page's first view.
 *
 * These forms check what is typed as it is typed (conform's `onValidate` with the domain's zod
 * schema), but zod (~28 KB gzip) must not load with the page (docs/architecture.md, "Client
 * JavaScript"). `useLateModule(formId, load)` fetches the validators' module (`load` is a dynamic
 * `import()`, which the build keeps out of the page's preloaded files) when a field of the form
 * first gets focus, and returns it once it is here. `validateWith(onValidate, timing)` gives
 * conform's options: until the module is here, no `onValidate` and validation on submit only, so
 * a submit is a plain POST and the action answers with the same schema's messages next to the
 * fields (as with JavaScript off); then the form's own timing (`onBlur`, `onInput`). Conform reads
 * its options again at every render (`useForm` merges them into its context in a layout effect),
 * so the validator takes effect on the render after it arrives.
 *
 * Never `shouldValidate: "onBlur"` without `onValidate`: conform would POST the form on every blur
 * to ask the server, which `validateWith` prevents.
 */
import { useEffect, useState } from "react";

type Timing = "onSubmit" | "onBlur" | "onInput";

/** Modules already fetched, so a form shown later (a client navigation) validates at once. */
const fetched = new WeakMap<() => Promise<object>, object>();

/** The module `load` gives, fetched at the first focus inside form `formId`; undefined until then. */
export function useLateModule<M extends object>(formId: string, load: () => Promise<M>): M | undefined {
  const [mod, setMod] = useState<M | undefined>(() => fetched.get(load) as M | undefined);
  useEffect(() => {
    if (mod) return;
    let live = true;
    const stop = () => document.removeEventListener("focusin", onFocus, true);
    const start = () => {
      stop();
      load().then(
        (m) => {
          fetched.set(load, m);
          if (live) setMod(m);
        },
        // Not fetched (offline, a new deployment): the action still validates every submit.
        () => undefined,
      );
    };
    function onFocus(e: FocusEvent) {
      const t = e.target as (Element & { form?: HTMLFormElement | null }) | null;
      if (t && (t.form?.id === formId || t.id === formId)) start();
    }
    const form = document.getElementById(formId);
    if (form && document.activeElement && form.contains(document.activeElement)) start();
    else document.addEventListener("focusin", onFocus, true);
    return () => {
      live = false;
      stop();
    };
  }, [formId, load, mod]);
  return mod;
}

/** Conform's validation options: `onValidate` and the timing once it is here, else submit-only with none. */
export function validateWith<V>(onValidate: V | undefined, timing: { shouldValidate: Timing; shouldRevalidate?: Timing }) {
  return onValidate
    ? { onValidate, shouldValidate: timing.shouldValidate, shouldRevalidate: timing.shouldRevalidate ?? timing.shouldValidate }
    : { onValidate: undefined, shouldValidate: "onSubmit" as const, shouldRevalidate: "onSubmit" as const };
}

/**
 * Voice search (spec section 4: idle → listening → idle). Rendered only in browsers with the
 * Web Speech API (hidden on the server, without JavaScript and elsewhere); the phrase, lower-cased, becomes
 * the search: /products/?search={term}. Language en-NG.
 */
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { MicIcon } from "./ui/icons";

interface Recognition {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  abort(): void;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
}
type RecognitionCtor = new () => Recognition;

export const VOICE_LANG = "en-NG";

function recognitionCtor(): RecognitionCtor | null {
  if (typeof window === "undefined") return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export function VoiceSearchButton({ className = "" }: { className?: string }) {
  const [state, setState] = useState<"idle" | "listening">("idle");
  const rec = useRef<Recognition | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const { t } = useTranslation();
  // The button is in the server HTML, hidden, and is revealed by touching the DOM rather than
  // React state: a state change in the header while the page is still hydrating makes React
  // throw the server HTML away (and with it anything the shopper typed meanwhile).
  useEffect(() => {
    if (recognitionCtor() && button.current) button.current.hidden = false;
    return () => rec.current?.abort();
  }, []);
  const start = () => {
    const Ctor = recognitionCtor();
    if (!Ctor) return;
    if (state === "listening") {
      rec.current?.abort();
      return;
    }
    const r = new Ctor();
    r.lang = VOICE_LANG;
    r.interimResults = false;
    r.maxAlternatives = 1;
    r.onresult = (e) => {
      const phrase = e.results[0]?.[0]?.transcript?.trim().toLowerCase();
      if (phrase) navigate(`/products/?search=${encodeURIComponent(phrase)}`);
    };
    r.onend = () => setState("idle");
    r.onerror = () => setState("idle");
    rec.current = r;
    setState("listening");
    r.start();
  };
  return (
    <button
      ref={button}
      hidden
      type="button"
      onClick={start}
      aria-label={state === "listening" ? t("header.voiceListening") : t("header.voiceSearch")}
      aria-pressed={state === "listening"}
      data-state={state}
      className={`rounded p-2 ${state === "listening" ? "animate-pulse text-red-600" : "text-gray-600"} hover:bg-gray-100 ${className}`}
    >
      <MicIcon width={20} height={20} />
    </button>
  );
}

/**
 * Local stand-ins for third parties (each speaks the real protocol), started before the app in
 * e2e runs. Each returns the environment that points the app at it.
 */
export type Standin = () => Promise<Record<string, string>>;

const standins: Standin[] = [];

export async function startStandins(): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const s of standins) Object.assign(env, await s());
  return env;
}

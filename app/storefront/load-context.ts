/**
 * Local copy of contract 1's typing of Remix's load context, until the platform branch's
 * app/load-context.ts is merged (identical declarations merge; the lead may delete this file then).
 */
export {};

declare module "@remix-run/node" {
  interface AppLoadContext {
    clientIp: string;
    requestId: string;
    cspNonce: string;
  }
}

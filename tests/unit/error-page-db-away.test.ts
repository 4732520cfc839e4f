/**
 * JavaScript on, the database away (issue 37 item 2; docs/decisions/0022): a navigation's or a
 * form's data request answers 503 carrying the back-in-a-moment texts (app/ops/unavailable.server.ts
 * databaseAwayData), and the route's error boundary shows that page, with Try again, instead of
 * its generic failure; for a form, Try again sends the kept fields again. Rendered through
 * react-router's data router, as Remix renders a route's ErrorBoundary.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { json } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { GeneralErrorBoundary, type DatabaseAwayError } from "~/components/error-page";
import { createPageI18n } from "~/i18n/i18next.server";
import { i18nextTranslator } from "~/i18n/i18next-translator.server";
import { TranslatorProvider } from "~/i18n/react";

async function renderBoundary(thrown: () => never): Promise<string> {
  const routes = [{ id: "root", path: "/", loader: thrown, element: createElement("p", null, "the page"), errorElement: createElement(GeneralErrorBoundary) }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://shop.test/"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  const i18n = await createPageI18n("en", ["common"]);
  return renderToString(createElement(TranslatorProvider, { value: i18nextTranslator(i18n) }, createElement(StaticRouterProvider, { router, context, hydrate: false })));
}

const away = (over: Partial<DatabaseAwayError>): DatabaseAwayError => ({
  reason: "database-away",
  title: "A ó padà dé láìpẹ́",
  text: "Ilé ìtajà kò sí fún ìgbà díẹ̀.",
  again: "Gbìyànjú lẹ́ẹ̀kan sí i",
  formKept: "Ohun tí o tẹ̀ wà níbẹ̀.",
  action: "/building-materials?page=2",
  method: "get",
  fields: [],
  ...over,
});

describe("the error boundary when the database is away (JavaScript on)", () => {
  it("a navigation's 503 shows the back-in-a-moment page in the visitor's language, with Try again to the page", async () => {
    const html = await renderBoundary(() => {
      throw json(away({}), { status: 503 });
    });
    expect(html).toContain("A ó padà dé láìpẹ́");
    expect(html).toContain('href="/building-materials?page=2"');
    expect(html).toContain("Gbìyànjú lẹ́ẹ̀kan sí i");
    expect(html).not.toContain("Something went wrong");
    expect(html).not.toContain("the page");
  });

  it("a form's 503 offers Try again that sends the kept fields once more", async () => {
    const html = await renderBoundary(() => {
      throw json(away({ title: "We're back in a moment", method: "post", action: "/auth/login", fields: [["email", "kept.js@example.com"]], formKept: "What you typed is kept" }), { status: 503 });
    });
    expect(html).toMatch(/<form method="post" action="\/auth\/login"/);
    expect(html).toContain('name="email" value="kept.js@example.com"');
    expect(html).toContain("What you typed is kept");
  });

  it("any other 503 (not the database away) is still the generic failure page", async () => {
    const html = await renderBoundary(() => {
      throw json({ detail: "busy" }, { status: 503 });
    });
    expect(html).toContain("Oops! Something went wrong");
    expect(html).not.toContain("back in a moment");
  });
});

/** E-mails to sellers about an administrator's decision, in the one layout of every mail. */
import type { MailMessage } from "~/integrations/mail.server";
import { emailLayout, link } from "~/integrations/mail/layout.server";

function mail(to: string, subject: string, intro: string[], action: { label: string; path: string }, after: string[] = []): MailMessage {
  const href = link(action.path);
  return {
    to,
    subject,
    text: [...intro, `${action.label}: ${href}`, ...after].join("\n\n"),
    html: emailLayout({ title: subject, intro, action: { label: action.label, href }, after }),
  };
}

export const productUnpublishedEmail = (to: string, store: { name: string; slug: string }, product: string, reason: string) =>
  mail(
    to,
    `"${product}" was unpublished`,
    [`An administrator unpublished "${product}" of ${store.name}. Shoppers no longer see it.`, `Reason: ${reason}`],
    { label: "Open your store", path: `/stores/${store.slug}/notification` },
    ["Reply to this e-mail if you would like us to look at it again."],
  );

export const productRepublishedEmail = (to: string, store: { name: string; slug: string }, product: string) =>
  mail(to, `"${product}" is published again`, [`An administrator published "${product}" of ${store.name} again. Shoppers can see and buy it.`], {
    label: "Open your store",
    path: `/stores/${store.slug}/notification`,
  });

export const storeSuspendedEmail = (to: string, store: { name: string; slug: string }, reason: string) =>
  mail(
    to,
    `${store.name} was suspended`,
    [
      `An administrator suspended ${store.name}. Its products are hidden from shoppers and cannot be bought until the store is reinstated. Existing orders stay visible to you and your buyers.`,
      `Reason: ${reason}`,
    ],
    { label: "Open your store", path: `/stores/${store.slug}/notification` },
    ["Reply to this e-mail to ask for a review of the decision."],
  );

export const storeReinstatedEmail = (to: string, store: { name: string; slug: string }) =>
  mail(to, `${store.name} was reinstated`, [`${store.name} is reinstated: its published products are back in the catalogue.`], {
    label: "Open your store",
    path: `/stores/${store.slug}/notification`,
  });

/** Every message file, bundled (generated shape; add a namespace in ./languages and here). */
import en_common from "./messages/en/common.json";
import en_shop from "./messages/en/shop.json";
import en_checkout from "./messages/en/checkout.json";
import en_account from "./messages/en/account.json";
import en_orders from "./messages/en/orders.json";
import en_forms from "./messages/en/forms.json";
import en_email from "./messages/en/email.json";
import en_sms from "./messages/en/sms.json";
import en_pages from "./messages/en/pages.json";
import en_calc from "./messages/en/calc.json";
import en_quotes from "./messages/en/quotes.json";
import en_categories from "./messages/en/categories.json";
import en_seller from "./messages/en/seller.json";
import pcm_common from "./messages/pcm/common.json";
import pcm_shop from "./messages/pcm/shop.json";
import pcm_checkout from "./messages/pcm/checkout.json";
import pcm_account from "./messages/pcm/account.json";
import pcm_orders from "./messages/pcm/orders.json";
import pcm_forms from "./messages/pcm/forms.json";
import pcm_email from "./messages/pcm/email.json";
import pcm_sms from "./messages/pcm/sms.json";
import pcm_pages from "./messages/pcm/pages.json";
import pcm_calc from "./messages/pcm/calc.json";
import pcm_quotes from "./messages/pcm/quotes.json";
import pcm_categories from "./messages/pcm/categories.json";
import pcm_seller from "./messages/pcm/seller.json";
import yo_common from "./messages/yo/common.json";
import yo_shop from "./messages/yo/shop.json";
import yo_checkout from "./messages/yo/checkout.json";
import yo_account from "./messages/yo/account.json";
import yo_orders from "./messages/yo/orders.json";
import yo_forms from "./messages/yo/forms.json";
import yo_email from "./messages/yo/email.json";
import yo_sms from "./messages/yo/sms.json";
import yo_pages from "./messages/yo/pages.json";
import yo_calc from "./messages/yo/calc.json";
import yo_quotes from "./messages/yo/quotes.json";
import yo_categories from "./messages/yo/categories.json";
import yo_seller from "./messages/yo/seller.json";
import ha_common from "./messages/ha/common.json";
import ha_shop from "./messages/ha/shop.json";
import ha_checkout from "./messages/ha/checkout.json";
import ha_account from "./messages/ha/account.json";
import ha_orders from "./messages/ha/orders.json";
import ha_forms from "./messages/ha/forms.json";
import ha_email from "./messages/ha/email.json";
import ha_sms from "./messages/ha/sms.json";
import ha_pages from "./messages/ha/pages.json";
import ha_calc from "./messages/ha/calc.json";
import ha_quotes from "./messages/ha/quotes.json";
import ha_categories from "./messages/ha/categories.json";
import ha_seller from "./messages/ha/seller.json";
import ig_common from "./messages/ig/common.json";
import ig_shop from "./messages/ig/shop.json";
import ig_checkout from "./messages/ig/checkout.json";
import ig_account from "./messages/ig/account.json";
import ig_orders from "./messages/ig/orders.json";
import ig_forms from "./messages/ig/forms.json";
import ig_email from "./messages/ig/email.json";
import ig_sms from "./messages/ig/sms.json";
import ig_pages from "./messages/ig/pages.json";
import ig_calc from "./messages/ig/calc.json";
import ig_quotes from "./messages/ig/quotes.json";
import ig_categories from "./messages/ig/categories.json";
import ig_seller from "./messages/ig/seller.json";

export const resources = {
  en: { common: en_common, shop: en_shop, checkout: en_checkout, account: en_account, orders: en_orders, forms: en_forms, email: en_email, sms: en_sms, pages: en_pages, calc: en_calc, categories: en_categories, seller: en_seller, quotes: en_quotes },
  pcm: { common: pcm_common, shop: pcm_shop, checkout: pcm_checkout, account: pcm_account, orders: pcm_orders, forms: pcm_forms, email: pcm_email, sms: pcm_sms, pages: pcm_pages, calc: pcm_calc, categories: pcm_categories, seller: pcm_seller, quotes: pcm_quotes },
  yo: { common: yo_common, shop: yo_shop, checkout: yo_checkout, account: yo_account, orders: yo_orders, forms: yo_forms, email: yo_email, sms: yo_sms, pages: yo_pages, calc: yo_calc, categories: yo_categories, seller: yo_seller, quotes: yo_quotes },
  ha: { common: ha_common, shop: ha_shop, checkout: ha_checkout, account: ha_account, orders: ha_orders, forms: ha_forms, email: ha_email, sms: ha_sms, pages: ha_pages, calc: ha_calc, categories: ha_categories, seller: ha_seller, quotes: ha_quotes },
  ig: { common: ig_common, shop: ig_shop, checkout: ig_checkout, account: ig_account, orders: ig_orders, forms: ig_forms, email: ig_email, sms: ig_sms, pages: ig_pages, calc: ig_calc, categories: ig_categories, seller: ig_seller, quotes: ig_quotes },
} as const;

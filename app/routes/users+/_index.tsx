/** /users — the account area starts at the address book. */
import { redirect } from "@remix-run/node";

export function loader() {
  return redirect("/users/account/addresses");
}

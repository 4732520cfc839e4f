import { describe, expect, it } from "vitest";
import { apiErrorsToReply, apiMessage } from "~/storefront/form-reply";

describe("apiErrorsToReply", () => {
  const fields = ["email", "password"] as const;

  it("puts field messages on the form's fields and the rest on the form", () => {
    const r = apiErrorsToReply(400, { email: ["Enter a valid email address."], non_field_errors: ["Unable to log in with provided credentials."], phone: ["Bad phone"] }, fields);
    expect(r.fieldErrors).toEqual({ email: ["Enter a valid email address."] });
    expect(r.formErrors).toEqual(["Unable to log in with provided credentials.", "Bad phone"]);
  });

  it("turns detail and top-level arrays into form errors", () => {
    expect(apiErrorsToReply(400, { detail: "Not allowed." }, fields)).toEqual({ formErrors: ["Not allowed."], fieldErrors: {} });
    expect(apiErrorsToReply(400, ["Address limit exceeded."], fields)).toEqual({ formErrors: ["Address limit exceeded."], fieldErrors: {} });
  });

  it("ignores codes and non-message values, with a fallback when nothing is left", () => {
    const r = apiErrorsToReply(401, { code: "token_not_valid", messages: [{ token_class: "x" }] }, fields);
    expect(r).toEqual({ formErrors: ["Request failed with status code 401"], fieldErrors: {} });
    expect(apiErrorsToReply(400, null, fields, "Try again.").formErrors).toEqual(["Try again."]);
    expect(apiErrorsToReply(400, { email: [{ nested: true }] }, fields).fieldErrors).toEqual({});
  });

  it("shows the API's spec-spelled messages (\"atleast\") spelled right", () => {
    const r = apiErrorsToReply(400, { street_address: ["Should be atleast 10 characters"], description: ["Enter atleast 50 words."] }, ["street_address"]);
    expect(r.fieldErrors).toEqual({ street_address: ["Should be at least 10 characters"] });
    expect(r.formErrors).toEqual(["Enter at least 50 words."]);
  });

  it("never shows a server error's body", () => {
    expect(apiErrorsToReply(500, { detail: "stack trace" }, fields)).toEqual({ formErrors: ["Something went wrong on our side. Please try again."], fieldErrors: {} });
  });

  it("apiMessage picks the first message", () => {
    expect(apiMessage({ quantity: ["Only 3 left in stock."] }, "x")).toBe("Only 3 left in stock.");
    expect(apiMessage(["Limit"], "x")).toBe("Limit");
    expect(apiMessage({}, "fallback")).toBe("fallback");
  });
});

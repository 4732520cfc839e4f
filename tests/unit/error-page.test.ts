import { describe, expect, it } from "vitest";
import { errorMessageFor } from "~/components/error-page";

describe("error page messages", () => {
  it("says the right thing for 401, 403 and 404", () => {
    expect(errorMessageFor(401).heading).toBe("Please log in");
    expect(errorMessageFor(403).heading).toBe("You cannot open this page");
    expect(errorMessageFor(404).heading).toBe("We looked everywhere...");
  });
  it("reads other 4xx as a bad request and 5xx as a failure, without details", () => {
    expect(errorMessageFor(400).heading).toBe("That request was not understood");
    expect(errorMessageFor(422).heading).toBe("That request was not understood");
    expect(errorMessageFor(500).heading).toBe("Oops! Something went wrong");
    expect(errorMessageFor(502).heading).toBe("Oops! Something went wrong");
    expect(new Set([401, 403, 404, 400, 500].map((s) => errorMessageFor(s).heading)).size).toBe(5);
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ReactElement } from "react";
import { describeError, errorMeta, errorPageHeaders, ErrorPageGuard } from "./error-boundary";
import { headers as publicHeaders } from "~/routes/_public";
import { headers as jobHeaders } from "~/routes/_public.jobs.$slug/route";
import { dealListOf } from "./deal-error-boundary";
import { meta as rootMeta } from "~/root";
import { meta as workspaceMeta } from "~/routes/_app.buyers.myprojects.$id/route";
import { meta as deskMeta } from "~/routes/_app.sellers.myprojects.$id/route";
import { meta as dealsMeta } from "~/routes/_app.buyers.myprojects.index_new/route";

const response = (status: number, statusText: string, data: unknown = null) => ({ status, statusText, internal: false, data });

describe("an error page's title", () => {
  it("says what the page shows: a missing page, a refusal, a failure, or the error's own message", () => {
    expect(errorMeta(response(404, "Not Found"))).toEqual([{ title: "Page not found - Secondary Marketplace" }]);
    expect(errorMeta(response(403, "Forbidden"))).toEqual([{ title: "You do not have access to this page - Secondary Marketplace" }]);
    expect(errorMeta(new Error("database is locked"))).toEqual([{ title: "Something went wrong - Secondary Marketplace" }]);
    expect(errorMeta(response(400, "Bad Request", { error: "Pick a listing." }))).toEqual([{ title: "Pick a listing. - Secondary Marketplace" }]);
    // a content page while Sanity is unreachable: its heading is the whole sentence, its title short
    const unavailable = response(503, "Service Unavailable", "This page cannot be shown right now. Please try again in a minute.");
    expect(errorMeta(unavailable)).toEqual([{ title: "Temporarily unavailable - Secondary Marketplace" }]);
  });

  // a layout's boundary (the members' pages, the public pages) has no meta: the root's is the page's
  it("comes from the root's meta when the error is shown by a layout or the root, not the home page's", () => {
    const args = (error: unknown) => ({ error, data: undefined, params: {}, matches: [], location: { pathname: "/nope" } }) as never;
    expect(rootMeta(args(response(404, "Not Found")))).toEqual([{ title: "Page not found - Secondary Marketplace" }]);
    expect(rootMeta(args(undefined))).toEqual([{ title: "Home - Secondary Marketplace" }]);
  });

  it("comes from the meta of a page with its own boundary, whose data is missing then", () => {
    const args = (error: unknown) => ({ error, data: undefined, params: { id: "99999" }, matches: [], location: { pathname: "/x/99999" } }) as never;
    for (const meta of [workspaceMeta, deskMeta, dealsMeta]) {
      expect(meta(args(response(404, "Not Found")))).toEqual([{ title: "Page not found - Secondary Marketplace" }]);
    }
    expect(deskMeta(args(undefined))).toEqual([{ title: "Project - Secondary Marketplace" }]);
  });
});

describe("error page (spec §8)", () => {
  it("takes the status from the error or its response, 500 by default", () => {
    expect(describeError({ status: 418, message: "teapot" })).toEqual({ status: 418, message: "teapot" });
    expect(describeError({ response: { status: 502 }, message: "bad gateway" })).toEqual({ status: 502, message: "bad gateway" });
    expect(describeError(new Error("oops"))).toEqual({ status: 500, message: "oops" });
    expect(describeError("???")).toEqual({ status: 500, message: "Something went wrong" });
  });

  it("says the page could not be found for a 404", () => {
    const notFound = { status: 404, statusText: "Not Found", internal: false, data: "whatever" };
    expect(describeError(notFound)).toEqual({ status: 404, message: "This page could not be found" });
  });

  it("says only that the method is not allowed for a 405, and no developer's note from the router", () => {
    const routerRefusal = {
      status: 405,
      statusText: "Method Not Allowed",
      internal: true,
      data: 'Error: You made a POST request to "/terms" but did not provide an `action` for route "routes/_public.terms", so there is no way to handle the request.',
    };
    expect(describeError(routerRefusal)).toEqual({ status: 405, message: "Method not allowed." });
    const noLoader = { status: 400, statusText: "Bad Request", internal: true, data: 'Error: You made a GET request to "/x" but did not provide a `loader`' };
    expect(describeError(noLoader)).toEqual({ status: 400, message: "Bad Request" });
    // a route's own message is still shown
    expect(describeError({ status: 400, statusText: "Bad Request", internal: false, data: { error: "Pick a listing." } })).toEqual({ status: 400, message: "Pick a listing." });
  });

  it("falls back to a plain page with a home link when the error page itself fails", () => {
    const guard = new ErrorPageGuard({ children: null });
    guard.state = ErrorPageGuard.getDerivedStateFromError();
    const html = renderToStaticMarkup(guard.render() as ReactElement);
    expect(html).toContain("An error occurred while showing the error page");
    expect(html).toContain('href="/"');
    expect(html).toContain("Go back to home");
  });

  it("renders its children while nothing has failed", () => {
    const html = renderToStaticMarkup(
      <ErrorPageGuard>
        <p>fine</p>
      </ErrorPageGuard>,
    );
    expect(html).toBe("<p>fine</p>");
  });

  it("sends the reader of a failed deal page back to the list the deal came from", () => {
    expect(dealListOf("/buyers/myprojects/999999")).toEqual({ to: "/buyers/myprojects/index_new", label: "Back to my deals" });
    expect(dealListOf("/buyers/myprojects/7/AbCdEfGhIjKlMnOpQrStUv").to).toBe("/buyers/myprojects/index_new");
    expect(dealListOf("/brokers/myprojects/7").to).toBe("/brokers/myprojects/index_new");
    expect(dealListOf("/messages/7/1")).toEqual({ to: "/messages", label: "Back to messages" });
    expect(dealListOf("/somewhere/else")).toEqual({ to: "/home", label: "Go back to home" });
  });
});

describe("a 503 page's headers", () => {
  it("keep the thrown answer's Retry-After at the boundaries of the content pages, and the parents' headers", () => {
    expect(publicHeaders).toBe(errorPageHeaders);
    expect(jobHeaders).toBe(errorPageHeaders);
    const args = (errorHeaders?: Headers) =>
      ({ parentHeaders: new Headers({ "X-Parent": "1" }), loaderHeaders: new Headers(), actionHeaders: new Headers(), errorHeaders }) as never;
    const thrown = new Headers(errorPageHeaders(args(new Headers({ "Retry-After": "60", "Content-Type": "text/plain" }))));
    expect(thrown.get("Retry-After")).toBe("60");
    expect(thrown.get("X-Parent")).toBe("1");
    expect(thrown.get("Content-Type")).toBeNull();
    expect(new Headers(errorPageHeaders(args())).get("Retry-After")).toBeNull();
  });
});

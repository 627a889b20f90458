import type { ComponentProps } from "react";
import { MatchedBuyers } from "./matched-buyers";
import { staticMarkup } from "./static-html.server";

/** A project's matched buyers drawn here to markup (they only show and page); `url` is the page's, whose pages they link. */
export const matchedBuyersMarkup = (props: Omit<ComponentProps<typeof MatchedBuyers>, "at">, url: URL) =>
  staticMarkup(<MatchedBuyers {...props} at={{ pathname: url.pathname, search: url.search }} />);

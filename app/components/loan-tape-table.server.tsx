import { staticMarkup } from "./static-html.server";
import { LoanTapeTable } from "./loan-tape-table";

/**
 * The loan tape drawn on the server: the page ships its markup, not 500 rows of data and the table's
 * code (the buyer's workspace stood at the JavaScript budget's edge).
 */
export const loanTapeMarkup = (...args: Parameters<typeof LoanTapeTable>) => staticMarkup(<LoanTapeTable {...args[0]} />);

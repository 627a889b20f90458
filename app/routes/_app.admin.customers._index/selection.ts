/** The form later bulk actions (e-mail and SMS lists) post: the customer table's row checkboxes belong to it. */
export const CUSTOMER_SELECTION_FORM = "customer-selection";

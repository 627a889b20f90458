/** The page-session table's columns, in the order its rows draw their cells. */
export const SESSION_HEADERS = ["Started", "Member", "Page", "Type", "Project", "Total", "Active", "Scrolled"];

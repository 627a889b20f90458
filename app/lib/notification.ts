export type NotificationType = "success" | "error" | "info" | "warning";
/** `kept`: the text of a form sent after its member was signed out, for the sign-in page to give back. */
export type Notification = { message: string; type: NotificationType; kept?: string };

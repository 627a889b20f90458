import { useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";

/**
 * A submit handler for an element holding server-drawn forms (`<StaticHtml>`): a post goes through
 * the router as a `<Form method="post">` would, so that the page keeps its place and the action's
 * answer reaches `useActionData`. Without JavaScript the same forms post as documents.
 */
export function useStaticForms() {
  const submit = useSubmit();
  return (event: FormEvent<HTMLElement>) => {
    const form = event.target as HTMLFormElement;
    if (event.defaultPrevented || form.method !== "post") return;
    event.preventDefault();
    // the button that was pressed carries the intent (`name="intent" value="approve-nda"`)
    submit(((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null) ?? form);
  };
}

// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { useNavigate, useSearchParams } from "@remix-run/react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { StepNav } from "./steps";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let unmount: (() => void) | null = null;
afterEach(() => unmount?.());

/** The wizard's steps as its page draws them, the step moved on as "Save and continue" answers. */
async function wizard() {
  let goTo: (step: number) => void = () => {};
  function Page() {
    const [params] = useSearchParams();
    const navigate = useNavigate();
    // as the action's redirect to the next step does
    goTo = (step) => navigate(`/projects/create?draft=7&step=${step}`);
    return <StepNav draftId={7} current={Number(params.get("step") ?? 1)} reached={3} />;
  }
  const Stub = createRemixStub([{ path: "/projects/create", Component: Page }]);
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  unmount = () => act(() => root.unmount());
  await act(async () => root.render(<Stub initialEntries={["/projects/create?draft=7&step=1"]} />));
  return { next: (step: number) => act(async () => goTo(step)), current: () => container.querySelector('[aria-current="step"]') };
}

describe("the wizard's next step, after a step is saved with JavaScript", () => {
  it("takes the focus the disabled buttons left on <body> to the current step", async () => {
    const page = await wizard();
    // the page as loaded anew starts where every page does
    expect(document.activeElement).toBe(document.body);
    await page.next(2);
    expect(document.activeElement).toBe(page.current());
    expect(page.current()?.textContent).toMatch(/^2\. /);
  });

  it("leaves the focus where the member has it (a step chosen in the list)", async () => {
    const page = await wizard();
    const link = document.querySelector<HTMLAnchorElement>('a[href$="step=3"]')!;
    link.focus();
    await page.next(3);
    expect(document.activeElement).toBe(link);
  });
});

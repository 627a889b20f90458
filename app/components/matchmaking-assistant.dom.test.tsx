// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { redirect } from "@remix-run/server-runtime";
import { useLoaderData } from "@remix-run/react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { MatchmakingAssistant, type AssistantView } from "./matchmaking-assistant";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let unmount: (() => void) | null = null;
afterEach(() => unmount?.());

describe("the matchmaking assistant with JavaScript", () => {
  it("gives the focus, left on <body> by the disabled Send button, to the new answer box once the reply is drawn", async () => {
    const lines: AssistantView["lines"] = [{ from: "bot", html: "<p>Which industries do you invest in?</p>" }];
    const Stub = createRemixStub([
      {
        path: "/home",
        loader: () => ({ assistant: { lines: [...lines], started: lines.length > 1, messageMax: 500, proposal: null, hasCompany: true } }),
        Component: function Home() {
          const { assistant } = useLoaderData() as { assistant: AssistantView };
          return <MatchmakingAssistant assistant={assistant} back="/home" />;
        },
      },
      {
        path: "/buyers/assistant",
        action: async ({ request }) => {
          // the round trip, during which the page draws the form as sending
          await new Promise((resolve) => setTimeout(resolve, 50));
          lines.push({ from: "member", html: `<p>${(await request.formData()).get("message")}</p>` }, { from: "bot", html: "<p>Which regions?</p>" });
          return redirect("/home");
        },
      },
    ]);
    const container = document.body.appendChild(document.createElement("div"));
    const root = createRoot(container);
    unmount = () => act(() => root.unmount());
    await act(async () => root.render(<Stub initialEntries={["/home"]} />));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // the page as first drawn leaves the focus where it is
    expect(document.activeElement).toBe(document.body);
    container.querySelector<HTMLTextAreaElement>("#assistant-message")!.value = "any industry";
    const send = container.querySelector<HTMLButtonElement>('button[value="say"]')!;
    send.focus();
    await act(async () => {
      send.click();
      // as the browser does when the focused button is disabled (jsdom keeps it)
      send.blur();
    });
    // the page draws the form as sending, then the reply (each its own act: one act draws only its end)
    for (let i = 0; i < 10; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container.textContent).toContain("Which regions?");
    expect(document.activeElement?.id).toBe("assistant-message");
    expect((document.activeElement as HTMLTextAreaElement).value).toBe("");
  });
});

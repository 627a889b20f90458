import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/** With JavaScript, a page refreshes itself every few seconds while work it shows goes on; without, a reload shows the same. */
export function useRefreshWhile(active: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => state === "idle" && revalidate(), 3000);
    return () => clearInterval(timer);
  }, [active, revalidate, state]);
}

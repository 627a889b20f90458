/**
 * A listing's figures as short text: "$1.2M", "7.125%". Apart from format.ts so that a page which
 * shows none (the desk's tables, the pager) does not carry them to the browser.
 */

/** Each unit from the largest, with the divisor of the unit below, whose rounding decides the step up. */
const compactUnits = [
  { divisor: 1e9, suffix: "B", below: 1e6 },
  { divisor: 1e6, suffix: "M", below: 1e3 },
  { divisor: 1e3, suffix: "K", below: 1 },
] as const;

const roundedIn = (abs: number, divisor: number) => (divisor === 1 ? Math.round(abs) : Math.round((abs / divisor) * 10) / 10);

/**
 * The unit is chosen from the figure as it would be shown in the unit below: 999,999 is 1000.0
 * thousands once rounded, so it is shown as "$1.0M", never as "$1000.0K" (and 999.5 as "$1.0K").
 */
export function formatCompactCurrency(v: number | null | undefined) {
  if (v === null || v === undefined) return "—";
  const abs = Math.abs(v);
  const unit = compactUnits.find((u) => roundedIn(abs, u.below) >= 1000);
  const figure = roundedIn(abs, unit ? unit.divisor : 1);
  const sign = v < 0 && figure > 0 ? "-" : "";
  return unit ? `${sign}$${figure.toFixed(1)}${unit.suffix}` : `${sign}$${figure}`;
}

/**
 * A rate to the thousandth when it has one, else to the hundredth: a note rate of 7.125% (rates go in
 * eighths) was shown as 7.13%, and toFixed rounded 6.245 (6.2449999... in binary) down to 6.24.
 */
export function formatPercent(v: number | null | undefined) {
  if (v === null || v === undefined) return "—";
  // rounded by Math.round, as written; a negative rounded to none is -0, which toFixed writes "0.000"
  const text = (Math.round(v * 1000) / 1000).toFixed(3);
  return `${text.endsWith("0") ? text.slice(0, -1) : text}%`;
}

/**
 * The first three digits of the ZIP codes that start with 0, by state (USPS): Holtsville's 005 in New York,
 * Puerto Rico and the Virgin Islands, New England and New Jersey.
 */
const ZIP_PREFIXES_WITH_ZERO: Record<string, ReadonlyArray<readonly [number, number]>> = {
  NY: [[5, 5]],
  PR: [[6, 7], [9, 9]],
  VI: [[8, 8]],
  MA: [[10, 27], [55, 55]],
  RI: [[28, 29]],
  NH: [[30, 38]],
  ME: [[39, 49]],
  VT: [[50, 54], [56, 59]],
  CT: [[60, 69]],
  NJ: [[70, 89]],
};

/**
 * A ZIP code of a spreadsheet's row: Excel reads "02134" as the number 2134 and writes it so to the XLSX and to
 * its CSV, which the ZIP rule refused. Three or four digits are padded with zeros when the ZIP that makes is one
 * of the row's state (2134 in MA is 02134); anything else is left as it is for the rule to judge, so a digit
 * dropped from a ZIP that starts with no 0 (6060 in IL, for 60601) is still no ZIP. Forms take none of this:
 * a person typing a ZIP writes its zeros.
 */
export function zipFromSheet(zip: string, state: string): string {
  if (!/^\d{3,4}$/.test(zip)) return zip;
  const padded = zip.padStart(5, "0");
  const prefix = Number(padded.slice(0, 3));
  return ZIP_PREFIXES_WITH_ZERO[state.trim().toUpperCase()]?.some(([from, to]) => prefix >= from && prefix <= to) ? padded : zip;
}

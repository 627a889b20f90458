/**
 * A file's name as the browser sent it, fit to show and to log: no path, no control characters (a CR/LF sent
 * as %0D%0A), none of the characters a file name may not hold, at most 120 characters.
 */
export function cleanFileName(original: string) {
  // cut by characters, not UTF-16 units: a cut through an emoji left half of it, shown as "�"
  return Array.from((original.split(/[\\/]/).pop() ?? "").replace(/[\p{C}"<>|:*?]/gu, "").trim())
    .slice(0, 120)
    .join("");
}

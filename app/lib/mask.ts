/**
 * Input masks (spec §5): # a digit, A a letter, N a letter or digit, X any character;
 * anything else in the mask is a literal that is inserted as the person types.
 */
const TOKENS: Record<string, RegExp> = { "#": /\d/, A: /[a-z]/i, N: /[a-z\d]/i, X: /./ };

export function applyMask(mask: string, input: string): string {
  let out = "";
  let i = 0;
  for (const m of mask) {
    if (i >= input.length) break;
    const token = TOKENS[m];
    if (!token) {
      out += m;
      if (input[i] === m) i++;
      continue;
    }
    while (i < input.length && !token.test(input[i]!)) i++;
    if (i < input.length) out += input[i++];
  }
  return out;
}

export function matchesMask(mask: string, value: string): boolean {
  if (value.length !== mask.length) return false;
  return [...mask].every((m, i) => (TOKENS[m] ? TOKENS[m]!.test(value[i]!) : value[i] === m));
}

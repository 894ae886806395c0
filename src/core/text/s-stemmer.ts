// Harman's "S" stemmer (D. Harman, "How effective is suffixing?", JASIS 42(1), 1991, Table 1):
// removes English plural endings only, so it rarely merges unrelated words. Rules, first match wins:
//   -ies -> -y  unless -eies or -aies   ("countries" -> "country")
//   -es  -> -e  unless -aes, -ees, -oes ("states" -> "state")
//   -s   -> ""  unless -us or -ss        ("films" -> "film"; "status", "class" unchanged)
// Words of 3 letters or fewer are left alone ("gas", "bus", "its") as are words not ending in "s".
export function sStem(word: string): string {
  if (word.length <= 3 || !word.endsWith('s')) return word;
  if (word.endsWith('ies')) return word.endsWith('eies') || word.endsWith('aies') ? word : `${word.slice(0, -3)}y`;
  if (word.endsWith('es'))
    return word.endsWith('aes') || word.endsWith('ees') || word.endsWith('oes') ? word : word.slice(0, -1);
  if (word.endsWith('us') || word.endsWith('ss')) return word;
  return word.slice(0, -1);
}

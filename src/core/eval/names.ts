// Does a question name a passage's title entity? Used by the bridge definition (bridge.ts). A title
// counts as named when at least two thirds of the content words of its head (the part before a comma or a bracketed
// disambiguation: "Van Hook Township, Mountrail County, North Dakota" -> "Van Hook Township",
// "Claudio López (footballer)" -> "Claudio López") appears in the question. Numbers, function words
// and page-kind words (season, film, ...) are not content words, so "1998–99 Valencia CF season" is
// named by "... a main player for Valencia CF?" and "Gujarat Legislative Assembly election, 2012" by
// "... member of Gujarat Legislative Assembly ...", while "Kris Benson" is not named by "What team was
// Anna Benson's husband on?" (a shared surname is not the entity: a two-word name needs both words).
const STOP = new Set(
  `the a an of and in on at to for by from with de la le von van
  season film album song band novel tv series s`.split(/\s+/),
);

function words(s: string): string[] {
  return (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w) && !/^\d+$/.test(w));
}

export function questionNamesTitle(question: string, title: string): boolean {
  const head = title.replace(/\s*\([^)]*\)/g, ' ').split(',')[0] ?? '';
  const t = words(head);
  if (t.length === 0) return false;
  const q = new Set(words(question));
  return t.filter((w) => q.has(w)).length / t.length >= 2 / 3;
}

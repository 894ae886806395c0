// Phrase normalisation, exactly HippoRAG 2's `text_processing` (src/hipporag/utils/misc_utils.py):
// lower-case, every character outside [A-Za-z0-9 ] becomes a space, strip. Phrase nodes are keyed by it,
// so "Ed Wood" in a query and "Ed Wood" in a triple meet at the node "ed wood".
export function normalizePhrase(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, ' ')
    .trim();
}

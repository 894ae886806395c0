// Readable names for passages that are not corpus documents: RAPTOR's summaries carry ids such as
// `raptor:1:4` (level 1, cluster 4), shown as "RAPTOR summary, level 1 #4".
const RAPTOR_ID = /^raptor:(\d+):(\d+)$/;

/** The name to show for `id` when its passage has no title of its own; the id itself otherwise. */
export function readableId(id: string): string {
  const m = RAPTOR_ID.exec(id);
  return m ? `RAPTOR summary, level ${m[1]} #${m[2]}` : id;
}

/** A passage's title, else (no title, or its id as title) its readable name. */
export function passageName(id: string, title: string | undefined): string {
  return title === undefined || title === '' || title === id ? readableId(id) : title;
}

// Tells the user when another tab holds or upgrades Hopscope's IndexedDB (src/storage/db.ts notices,
// posted by the engine worker): what happened and what to do (reload, or close the other tab).
import { useEffect, useState } from 'react';
import { storageNotices } from '../app/engine-client.ts';

export function StorageNotice() {
  const [notice, setNotice] = useState<{ kind: string; message: string } | undefined>();
  useEffect(() => {
    const on = (e: Event) => setNotice((e as CustomEvent<{ kind: string; message: string }>).detail);
    storageNotices.addEventListener('notice', on);
    return () => storageNotices.removeEventListener('notice', on);
  }, []);
  if (!notice) return null;
  return (
    <p className="error" role="alert" data-testid="storage-notice">
      Storage: {notice.message}.
    </p>
  );
}

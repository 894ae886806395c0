// SettingsStore over Dexie: one row per key.
import type { SettingsStore } from '../core/persist/ports.ts';
import type { HopscopeDb } from './db.ts';
import { guardWrite } from './quota.ts';

export function createSettingsRepository(db: HopscopeDb): SettingsStore {
  return {
    async getSetting<T>(key: string) {
      return (await db.settings.get(key))?.value as T | undefined;
    },
    async putSetting(key, value) {
      await guardWrite(`save setting "${key}"`, () => db.settings.put({ key, value }));
    },
  };
}

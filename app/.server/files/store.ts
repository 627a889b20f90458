/** Where uploaded and generated files live: R2 on Workers, a folder under .data/ on Node. */
export interface FileStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

/** Keys are ours (never a user's file name), but a store must not be walked out of. */
export function assertSafeKey(key: string) {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes("..") || key.includes("//")) {
    throw new Error(`Unsafe file key: ${key}`);
  }
}

export function r2FileStore(bucket: R2Bucket): FileStore {
  return {
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      await bucket.put(key, bytes, { httpMetadata: { contentType } });
    },
    async get(key) {
      assertSafeKey(key);
      const object = await bucket.get(key);
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
    },
    async delete(key) {
      assertSafeKey(key);
      await bucket.delete(key);
    },
  };
}

/**
 * Stores a file, then writes what names it (`record`): when that write fails the file is removed, as nothing
 * would ever read it, and the error goes on. The file comes first so no row names a file that is not there.
 */
export async function storeWithRecord<T>(files: FileStore, file: { key: string; bytes: Uint8Array; contentType: string }, record: () => Promise<T>): Promise<T> {
  await files.put(file.key, file.bytes, file.contentType);
  try {
    return await record();
  } catch (error) {
    await files.delete(file.key).catch((removal: unknown) => console.error(`files: ${file.key} left behind:`, removal));
    throw error;
  }
}

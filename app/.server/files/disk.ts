import fs from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, type FileStore } from "./store";

/** Files in a folder (the Node build's stand-in for R2); writes land whole through a rename. */
export function diskFileStore(root: string): FileStore {
  const locate = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = locate(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, bytes);
      await fs.rename(partial, file);
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(locate(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(locate(key), { force: true });
    },
  };
}

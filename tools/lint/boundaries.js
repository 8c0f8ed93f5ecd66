// Zones for import-x/no-restricted-paths (eslint.config.js), in the manner of bulletproof-react:
// inside a features folder, each feature may import its own files and the index.ts of the others,
// nothing else of theirs.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** @param {string} featuresDir folder of features, relative to the repository root */
export function featureZones(featuresDir) {
  const names = fs
    .readdirSync(path.join(root, featuresDir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return names.map((name) => ({
    target: `./${featuresDir}/${name}`,
    from: `./${featuresDir}`,
    except: [`./${name}`, ...names.filter((n) => n !== name).map((n) => `./${n}/index.ts`)],
    message: `Import another feature only through its index.ts (${featuresDir}).`,
  }));
}

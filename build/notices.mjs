// Third-party notices, gathered at build time from what the bundles really contain: every input
// of esbuild's metafile that lives under node_modules names a package; each package's licence text
// comes from its own LICENSE/LICENCE/COPYING file or, when the package ships none (the
// @microsoft/fast-* packages), from the entry for it in a bundled package's own third-party
// notices file (the webview toolkit's NOTICES). A package with neither is reported as missing:
// the build fails and test/unit/notices.test.ts fails, so nothing is shipped without its licence.
//
//   import { collectNotices, renderNotices, writeNotices } from './build/notices.mjs';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LICENCE_FILE = /^(licen[cs]e|copying)(\.(md|txt|markdown))?$|^licen[cs]e[-_.]mit(\.(md|txt))?$/i;
const NOTICES_FILE = /^(third[-_]?party[-_]?notices|notices?)(\.(md|txt))?$/i;

/**
 * The package an esbuild input path belongs to (the innermost node_modules), e.g.
 * `node_modules/@scope/pkg/lib/x.js` → `{ name: '@scope/pkg', dir: 'node_modules/@scope/pkg' }`.
 * Paths outside node_modules (our own sources) give undefined.
 * @param {string} input
 * @returns {{ name: string, dir: string } | undefined}
 */
export function packageOf(input) {
  const path = input.replace(/\\/g, '/');
  const at = path.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const rest = path.slice(at + 'node_modules/'.length).split('/');
  const scoped = rest[0]?.startsWith('@');
  const parts = scoped ? rest.slice(0, 2) : rest.slice(0, 1);
  if (parts.length < (scoped ? 2 : 1) || !parts.every(Boolean)) return undefined;
  const name = parts.join('/');
  return { name, dir: path.slice(0, at) + 'node_modules/' + name };
}

/**
 * Bytes each package contributes to each output, from the metafile's outputs[].inputs.
 * @param {{ outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> }} metafile
 * @returns {Map<string, number>} package name (or `(own code)`) → bytes in all outputs
 */
export function bytesByPackage(metafile) {
  const sizes = new Map();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = packageOf(input)?.name ?? '(own code)';
      sizes.set(name, (sizes.get(name) ?? 0) + bytesInOutput);
    }
  }
  return sizes;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function licenceOf(pkg) {
  if (typeof pkg?.license === 'string') return pkg.license;
  if (pkg?.license && typeof pkg.license.type === 'string') return pkg.license.type;
  if (Array.isArray(pkg?.licenses)) return pkg.licenses.map(l => l?.type ?? String(l)).join(' OR ');
  return 'UNKNOWN';
}

/** The package's repository URL without its `git+` prefix and `.git` suffix, to tell siblings by. */
function repositoryOf(pkg) {
  const url = typeof pkg?.repository === 'string' ? pkg.repository : pkg?.repository?.url;
  return typeof url === 'string' ? url.replace(/^git\+/, '').replace(/\.git$/, '') : undefined;
}

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The section for `name` in a notices file laid out as `<name> <version> - <licence>` headers
 * with `---` separators (the layout Microsoft's NOTICES files use).
 * @param {string} text
 * @param {string} name
 * @returns {{ version: string, text: string } | undefined}
 */
export function noticeSection(text, name) {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const header = new RegExp(`^${escapeRegExp(name)} (\\S+) - \\S.*$`);
  const start = lines.findIndex(l => header.test(l.trim()));
  if (start < 0) return undefined;
  const version = header.exec(lines[start].trim())[1];
  const end = lines.findIndex((l, i) => i > start && l.trim() === '---');
  const body = lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join('\n')
    .trim();
  return body ? { version, text: body } : undefined;
}

/**
 * Every package the metafiles' inputs come from, with its licence text.
 * @param {Array<{ inputs: Record<string, unknown> }>} metafiles
 * @param {string} root the folder esbuild ran in (input paths are relative to it)
 */
export function collectNotices(metafiles, root) {
  const dirs = new Map();
  for (const meta of metafiles) {
    for (const input of Object.keys(meta.inputs)) {
      const p = packageOf(input);
      if (p) dirs.set(p.dir, p.name);
    }
  }
  const packages = [...dirs.entries()]
    .map(([dir, name]) => {
      const full = join(root, dir);
      const pkg = readJson(join(full, 'package.json'));
      const files = existsSync(full) ? readdirSync(full) : [];
      const licenceFiles = files.filter(f => LICENCE_FILE.test(f)).sort();
      const texts = licenceFiles.map(f => readFileSync(join(full, f), 'utf8').replace(/\r\n?/g, '\n').trim());
      return {
        name,
        dir,
        version: typeof pkg?.version === 'string' ? pkg.version : 'unknown',
        licence: licenceOf(pkg),
        homepage: typeof pkg?.homepage === 'string' ? pkg.homepage : undefined,
        repository: repositoryOf(pkg),
        source: licenceFiles.length ? licenceFiles.map(f => `${name}/${f}`).join(', ') : undefined,
        text: texts.filter(Boolean).join('\n\n') || undefined,
        noticesFiles: files.filter(f => NOTICES_FILE.test(f)).map(f => join(full, f)),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version))
    // Two copies of one version (nested node_modules) need one notice.
    .filter((p, i, all) => i === 0 || all[i - 1].name !== p.name || all[i - 1].version !== p.version);
  // A package without a licence file of its own: its entry in a bundled package's notices file.
  for (const p of packages.filter(x => !x.text)) {
    for (const other of packages) {
      for (const file of other.noticesFiles) {
        const section = noticeSection(readFileSync(file, 'utf8'), p.name);
        if (section && !p.text) {
          p.text = section.text;
          p.source = `the entry for ${p.name} ${section.version} in ${other.name}'s ${file.split(/[\\/]/).pop()}`;
        }
      }
    }
  }
  // Still none: the licence file of a package published from the same repository under the same
  // licence (a monorepo's packages, such as @ethereumjs/mpt beside @ethereumjs/util, ship one each
  // but for a few).
  for (const p of packages.filter(x => !x.text && x.repository && x.licence !== 'UNKNOWN')) {
    const sibling = packages.find(o => o.text && o.repository === p.repository && o.licence === p.licence);
    if (sibling) {
      p.text = sibling.text;
      p.source = `${sibling.source} (${p.name} ships none: the same repository, ${p.repository}, and licence)`;
    }
  }
  const result = packages.map(p => {
    const copy = { ...p };
    delete copy.noticesFiles;
    delete copy.repository;
    return copy;
  });
  return { packages: result, missing: result.filter(p => !p.text).map(p => p.name) };
}

/** The THIRD-PARTY-NOTICES.md text. */
export function renderNotices(packages) {
  const out = [
    '# Third-party notices',
    '',
    'Ledger Lens bundles the following packages into its `dist/` files. Their licences follow.',
    'This file is generated by `npm run build` from the bundles esbuild wrote (build/notices.mjs).',
    '',
  ];
  for (const p of packages) out.push(`- ${p.name} ${p.version} (${p.licence})`);
  for (const p of packages) {
    out.push('', '---', '', `## ${p.name} ${p.version}`, '', `Licence: ${p.licence}.`);
    if (p.homepage) out.push(`Home: ${p.homepage}`);
    out.push(`Text from ${p.source ?? 'nowhere: MISSING'}.`, '', '````text', p.text ?? 'MISSING', '````');
  }
  return out.join('\n') + '\n';
}

/** Writes `outFile`; throws when a bundled package has no licence text. */
export function writeNotices(metafiles, root, outFile) {
  const { packages, missing } = collectNotices(metafiles, root);
  if (missing.length) throw new Error(`no licence text found for bundled package(s): ${missing.join(', ')}`);
  writeFileSync(outFile, renderNotices(packages));
  return packages;
}

// Regenerates the compiler output the decoding and source-site tests read, with the `solc` package
// (solc-js: the compiler compiled to JavaScript, shipped in node_modules, nothing downloaded):
//   - test/workspace/hardhat-sample/artifacts/: Hardhat's layout (contracts/<File>.sol/<Name>.json
//     with `_format: hh-sol-artifact-1`, a .dbg.json beside each, and build-info/<id>.json holding
//     the whole compiler input and output, as Hardhat writes it with its default output selection
//     and the storage layout (which a project adds to Hardhat's `outputSelection` for debugging):
//     bytecode with source maps, generated sources, immutable and link references, method
//     identifiers, metadata, storage layouts, and each source's id and AST; an artifact's
//     `linkReferences` / `deployedLinkReferences` say where a library's address goes, its bytecode
//     keeps solc's `__$…$__` placeholder there, as Hardhat leaves it until deployment);
//   - test/workspace/foundry-sample/out/: Foundry's layout (<File>.sol/<Name>.json with bytecode
//     objects, source maps, immutable references, the metadata, and the AST and source id that
//     Foundry adds with `ast = true`, which the sample's foundry.toml sets, and the storage layout
//     when its `extra_output` names `storageLayout`).
// Run: node test/tools/make-abi-fixtures.mjs (npm ci runs it as postinstall; the output is not
// committed; rerun after editing a .sol). The output is deterministic: the same bytes every run.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const solc = require('solc');
const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'workspace');

// Hardhat's default output selection and the storage layout: what its build-info holds. The layout
// is what a debugger needs to name storage slots; the code solc makes does not depend on it.
const OUTPUT_SELECTION = {
  '*': {
    '*': ['abi', 'evm.bytecode', 'evm.deployedBytecode', 'evm.methodIdentifiers', 'metadata', 'storageLayout'],
    '': ['ast'],
  },
};

function compile(sources) {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'paris',
      outputSelection: OUTPUT_SELECTION,
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter(e => e.severity === 'error');
  if (errors.length) throw new Error(errors.map(e => e.formattedMessage).join('\n'));
  return { input, output };
}

function sourcesIn(dir, prefix) {
  return Object.fromEntries(
    readdirSync(join(dir, prefix))
      .filter(f => f.endsWith('.sol'))
      .map(f => [`${prefix}/${f}`, readFileSync(join(dir, prefix, f), 'utf8')]),
  );
}

function write(file, json) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(json, null, 2) + '\n');
}

function hardhat() {
  const dir = join(root, 'hardhat-sample');
  const { input, output } = compile(sourcesIn(dir, 'contracts'));
  const artifacts = join(dir, 'artifacts');
  rmSync(artifacts, { recursive: true, force: true });
  const solcVersion = solc.semver();
  const solcLongVersion = solc.version();
  // Hardhat names a build by the MD5 of its format, compiler versions and input.
  const id = createHash('md5')
    .update(JSON.stringify({ _format: 'hh-sol-build-info-1', solcVersion, solcLongVersion, input }))
    .digest('hex');
  // Hardhat writes the output with any other members (warnings) first, then sources, then contracts.
  const { sources, contracts, ...rest } = output;
  const buildInfo = {
    id,
    _format: 'hh-sol-build-info-1',
    solcVersion,
    solcLongVersion,
    input,
    output: { ...rest, sources, contracts },
  };
  mkdirSync(join(artifacts, 'build-info'), { recursive: true });
  writeFileSync(join(artifacts, 'build-info', `${id}.json`), JSON.stringify(buildInfo));
  for (const [sourceName, contracts] of Object.entries(output.contracts)) {
    for (const [contractName, c] of Object.entries(contracts)) {
      const base = join(artifacts, sourceName, contractName);
      write(`${base}.json`, {
        _format: 'hh-sol-artifact-1',
        contractName,
        sourceName,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
        linkReferences: c.evm.bytecode.linkReferences,
        deployedLinkReferences: c.evm.deployedBytecode.linkReferences,
      });
      write(`${base}.dbg.json`, { _format: 'hh-sol-dbg-1', buildInfo: `../../build-info/${id}.json` });
    }
  }
}

/** Whether foundry.toml's `extra_output` asks for the storage layout in each artifact. */
function foundryWantsStorageLayout(dir) {
  const toml = readFileSync(join(dir, 'foundry.toml'), 'utf8');
  const extra = /^[ \t]*extra_output[ \t]*=[ \t]*\[([^\]]*)\]/m.exec(toml);
  return extra !== null && /["']storageLayout["']/.test(extra[1]);
}

function foundry() {
  const dir = join(root, 'foundry-sample');
  const withLayout = foundryWantsStorageLayout(dir);
  const { output } = compile(sourcesIn(dir, 'src'));
  const out = join(dir, 'out');
  rmSync(out, { recursive: true, force: true });
  for (const [sourceName, contracts] of Object.entries(output.contracts)) {
    const source = output.sources[sourceName];
    for (const [contractName, c] of Object.entries(contracts)) {
      const file = sourceName.split('/').pop();
      const { bytecode, deployedBytecode } = c.evm;
      write(join(out, file, `${contractName}.json`), {
        abi: c.abi,
        bytecode: {
          object: `0x${bytecode.object}`,
          sourceMap: bytecode.sourceMap,
          linkReferences: bytecode.linkReferences,
        },
        deployedBytecode: {
          object: `0x${deployedBytecode.object}`,
          sourceMap: deployedBytecode.sourceMap,
          linkReferences: deployedBytecode.linkReferences,
          immutableReferences: deployedBytecode.immutableReferences,
        },
        methodIdentifiers: c.evm.methodIdentifiers,
        rawMetadata: c.metadata,
        metadata: JSON.parse(c.metadata),
        ...(withLayout ? { storageLayout: c.storageLayout } : {}),
        ast: source.ast,
        id: source.id,
      });
    }
  }
}

hardhat();
foundry();
console.log(
  `solc ${solc.version()}: wrote ${join(root, 'hardhat-sample', 'artifacts')} and ${join(root, 'foundry-sample', 'out')}`,
);
// The sample workspaces' deployment records, made from the compiler output just written.
await import('./make-deployment-fixtures.mjs');

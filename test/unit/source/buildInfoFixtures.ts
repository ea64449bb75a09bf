// Real compiler output for the compiler-output index's tests: a few contracts compiled by solc-js
// (the compiles are cached in os.tmpdir(), keyed by a hash of the input and the compiler version,
// since each takes seconds), written out the way Hardhat 2 and 3, Foundry and a plain solc
// standard-JSON run write them, and the deployed code as a chain holds it (immutables filled,
// another metadata hash).
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { CompilerOutputFile } from '../../../src/source/api';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- solc-js has no typed ES module entry
const solc = require('solc') as { compile(input: string): string; version(): string };

export const BASE_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

library Checks {
    error TooLarge(uint256 amount, uint256 cap);

    function atMost(uint256 amount, uint256 cap) internal pure {
        if (amount > cap) revert TooLarge(amount, cap);
    }
}

abstract contract Owned {
    address public immutable owner;
    error NotOwner(address caller);

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }
}
`;

export const VAULT_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Owned, Checks} from "./Base.sol";

contract Vault is Owned {
    uint256 public immutable cap;
    mapping(address => uint256) public balanceOf;

    error InsufficientBalance(uint256 available, uint256 required);

    constructor(uint256 cap_) {
        cap = cap_;
    }

    function deposit() external payable {
        Checks.atMost(msg.value, cap);
        balanceOf[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        uint256 available = balanceOf[msg.sender];
        if (available < amount) revert InsufficientBalance(available, amount);
        balanceOf[msg.sender] = available - amount;
        require(amount > 0, "nothing to withdraw");
    }

    function sweep(uint256 amount) external onlyOwner {
        assert(amount <= address(this).balance);
    }
}
`;

export const COUNTER_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface ICounter {
    function count() external view returns (uint256);
}

contract Counter is ICounter {
    uint256 public count;

    function add(uint256 by) external {
        count += by;
    }
}
`;

export const SOURCES: Readonly<Record<string, string>> = {
  'contracts/Base.sol': BASE_SOL,
  'contracts/Vault.sol': VAULT_SOL,
  'contracts/Counter.sol': COUNTER_SOL,
};

type Json = Record<string, unknown>;

/** The worker thread's script in the tsc output (the extension's is dist/source-worker.js). */
export const WORKER_SCRIPT = path.join(__dirname, '..', '..', '..', 'src', 'source', 'worker.js');

export interface Compiled {
  readonly input: Json;
  readonly output: { contracts: Record<string, Record<string, Json>>; sources: Record<string, Json> };
  readonly longVersion: string;
}

const OUTPUT_SELECTION = {
  '*': {
    '*': ['abi', 'evm.bytecode', 'evm.deployedBytecode', 'evm.methodIdentifiers', 'metadata'],
    '': ['ast'],
  },
};

/** Compiles `sources` (names as given), from the cache when the same input was compiled before. */
export function compile(sources: Readonly<Record<string, string>> = SOURCES): Compiled {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: { optimizer: { enabled: false, runs: 200 }, outputSelection: OUTPUT_SELECTION },
  };
  const text = JSON.stringify(input);
  const longVersion = solc.version().replace(/\.Emscripten.*$/, '');
  const key = crypto.createHash('sha256').update(`${solc.version()}\n${text}`).digest('hex').slice(0, 32);
  const cacheDir = path.join(os.tmpdir(), 'll-solc-cache');
  const cached = path.join(cacheDir, `${key}.json`);
  if (fs.existsSync(cached))
    return { input, output: JSON.parse(fs.readFileSync(cached, 'utf8')) as Compiled['output'], longVersion };
  const output = JSON.parse(solc.compile(text)) as Compiled['output'] & { errors?: { severity: string }[] };
  const errors = (output.errors ?? []).filter(e => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc: ${JSON.stringify(errors)}`);
  delete output.errors;
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(`${cached}.${process.pid}`, JSON.stringify(output));
  fs.renameSync(`${cached}.${process.pid}`, cached);
  return { input, output, longVersion };
}

/** A contract of the compile output (`evm` and all). */
export function contractOf(compiled: Compiled, source: string, name: string): Json {
  const found = compiled.output.contracts[source]?.[name];
  if (found === undefined) throw new Error(`${source}:${name} not compiled`);
  return found;
}

interface Deployed {
  object: string;
  sourceMap: string;
  immutableReferences: Record<string, { start: number; length: number }[]>;
}

export function deployedOf(compiled: Compiled, source: string, name: string): Deployed {
  return (contractOf(compiled, source, name).evm as { deployedBytecode: Deployed }).deployedBytecode;
}

/** The code as a chain holds it: every immutable filled with `fill` (hex), the metadata's hash changed. */
export function onChain(deployed: Deployed, fill = '4d2'): string {
  let hex = deployed.object.replace(/^0x/, '');
  for (const { start, length } of Object.values(deployed.immutableReferences).flat())
    hex = hex.slice(0, start * 2) + fill.padStart(length * 2, '0') + hex.slice((start + length) * 2);
  const tag = 'a2646970667358221220';
  const at = hex.lastIndexOf(tag);
  if (at < 0) throw new Error('no metadata in the code');
  const hashAt = at + tag.length;
  return `0x${hex.slice(0, hashAt)}${'ab'.repeat(32)}${hex.slice(hashAt + 64)}`;
}

/** A workspace folder in os.tmpdir(), and a CompilerOutputFile for a file in it. */
export class TempWorkspace {
  readonly root = fs.mkdtempSync(path.join(os.tmpdir(), 'll-buildinfo-'));

  write(rel: string, contents: string | Json): string {
    const full = path.join(this.root, ...rel.split('/'));
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, typeof contents === 'string' ? contents : JSON.stringify(contents));
    return rel;
  }

  file(rel: string, projectRoot = ''): CompilerOutputFile {
    return { file: rel, fsPath: path.join(this.root, ...rel.split('/')), projectRoot };
  }

  remove(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

/** Hardhat 2: artifacts/build-info/<id>.json under `project`, input and output in one file. */
export function writeHardhat2(ws: TempWorkspace, compiled: Compiled, project = ''): string {
  const id = crypto.createHash('md5').update(JSON.stringify(compiled.input)).digest('hex');
  const prefix = project === '' ? '' : `${project}/`;
  return ws.write(`${prefix}artifacts/build-info/${id}.json`, {
    _format: 'hh-sol-build-info-1',
    id,
    solcVersion: compiled.longVersion.replace(/\+.*$/, ''),
    solcLongVersion: compiled.longVersion,
    input: compiled.input,
    output: compiled.output,
  });
}

/**
 * Hardhat 3: sources compiled under `project/<name>`, the input half in `<id>.json` (with the user
 * source names) and the output in `<id>.output.json`. Returns the output file's path.
 */
export function writeHardhat3(ws: TempWorkspace, sources: Readonly<Record<string, string>> = SOURCES): string {
  const prefixed = Object.fromEntries(Object.entries(sources).map(([name, text]) => [`project/${name}`, text]));
  const compiled = compile(prefixed);
  const id = `solc-0_8_37-${crypto.createHash('sha1').update(JSON.stringify(compiled.input)).digest('hex')}`;
  ws.write(`artifacts/build-info/${id}.json`, {
    _format: 'hh3-sol-build-info-1',
    id,
    solcVersion: compiled.longVersion.replace(/\+.*$/, ''),
    solcLongVersion: compiled.longVersion,
    userSourceNameMap: Object.fromEntries(Object.keys(sources).map(name => [name, `project/${name}`])),
    input: compiled.input,
  });
  return ws.write(`artifacts/build-info/${id}.output.json`, {
    _format: 'hh3-sol-build-info-output-1',
    id,
    output: compiled.output,
  });
}

/**
 * Foundry: out/<File>.sol/<Name>.json for every contract (with `ast = true`: the source's AST),
 * the sources on disk under the project, and the small default build-info. Returns the artifacts.
 */
export function writeFoundry(ws: TempWorkspace, compiled: Compiled, project = 'foundry'): string[] {
  const written: string[] = [];
  for (const [source, byName] of Object.entries(compiled.output.contracts)) {
    const unit = compiled.output.sources[source] as { id: number; ast: unknown };
    ws.write(`${project}/${source}`, SOURCES[source] ?? '');
    for (const [name, c] of Object.entries(byName)) {
      const evm = c.evm as { bytecode: Json; deployedBytecode: Json; methodIdentifiers: Json };
      const { generatedSources: _g, functionDebugData: _f, opcodes: _o, ...deployed } = evm.deployedBytecode;
      written.push(
        ws.write(`${project}/out/${path.posix.basename(source)}/${name}.json`, {
          abi: c.abi,
          bytecode: { object: evm.bytecode.object, sourceMap: evm.bytecode.sourceMap, linkReferences: {} },
          deployedBytecode: deployed,
          methodIdentifiers: evm.methodIdentifiers,
          rawMetadata: c.metadata,
          metadata: JSON.parse(c.metadata as string) as Json,
          id: unit.id,
          ast: unit.ast,
        }),
      );
    }
  }
  const ids = Object.fromEntries(Object.entries(compiled.output.sources).map(([name, s]) => [String(s.id), name]));
  ws.write(`${project}/out/build-info/a1b2c3.json`, { id: 'a1b2c3', source_id_to_path: ids, language: 'Solidity' });
  return written;
}

/** A solc standard-JSON output file (`contracts`, `sources` at the top); `withInput`: `{ input, output }`. */
export function writeSolcJson(ws: TempWorkspace, compiled: Compiled, withInput = false): string {
  return withInput
    ? ws.write('solc/combined.json', { input: compiled.input, output: compiled.output })
    : ws.write('solc/output.json', compiled.output);
}

const AST_NODE = JSON.stringify({
  id: 1234,
  nodeType: 'ExpressionStatement',
  src: '120:34:0',
  expression: {
    id: 1235,
    nodeType: 'BinaryOperation',
    operator: '+',
    src: '120:33:0',
    leftExpression: { id: 1236, name: 'balance', nodeType: 'Identifier', src: '120:7:0' },
    rightExpression: { id: 1237, kind: 'number', nodeType: 'Literal', value: '1', hexValue: '31' },
    typeDescriptions: { typeIdentifier: 't_uint256', typeString: 'uint256' },
  },
});
const ASSEMBLY_ITEM = JSON.stringify({ begin: 120, end: 154, name: 'PUSH', source: 0, value: '80' });

/**
 * A Hardhat 2 build-info of about `targetBytes` on disk, written in pieces (never whole in memory):
 * the real compilation, with a large `legacyAssembly` in Vault's output (about a third) and large
 * ASTs of padding sources (the rest). Its contracts are the real ones, whatever the size.
 */
export function writeLargeBuildInfo(full: string, targetBytes: number, compiled: Compiled = compile()): void {
  const fd = fs.openSync(full, 'w');
  let written = 0;
  const write = (text: string) => {
    written += fs.writeSync(fd, text);
  };
  const repeated = (item: string, bytes: number) => {
    const batch = Array.from({ length: 2000 }, () => item).join(',');
    for (let first = true, start = written; written - start < bytes; first = false) write((first ? '' : ',') + batch);
  };
  try {
    const head = JSON.stringify({
      _format: 'hh-sol-build-info-1',
      id: 'large',
      solcVersion: compiled.longVersion.replace(/\+.*$/, ''),
      solcLongVersion: compiled.longVersion,
      input: compiled.input,
    });
    const contracts = structuredClone(compiled.output.contracts);
    (contracts['contracts/Vault.sol'].Vault.evm as Json).legacyAssembly = '@@ASSEMBLY@@';
    const [before, after] = JSON.stringify(contracts).split('"@@ASSEMBLY@@"');
    write(`${head.slice(0, -1)},"output":{"contracts":${before}{".code":[`);
    repeated(ASSEMBLY_ITEM, targetBytes / 3);
    write(`]}${after},"sources":${JSON.stringify(compiled.output.sources).slice(0, -1)}`);
    for (let i = 0; written < targetBytes; i++) {
      write(`,"padding/Big${i}.sol":{"id":${1000 + i},"ast":{"nodeType":"SourceUnit","nodes":[`);
      repeated(AST_NODE, Math.min(8 * 1024 * 1024, targetBytes - written));
      write(']}}');
    }
    write('}}}');
  } finally {
    fs.closeSync(fd);
  }
}

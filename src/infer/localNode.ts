// Signs that a project runs against a local node or Solo: a compose file that starts the mirror
// node or the JSON-RPC relay, or a package.json that depends on / runs `@hashgraph/hedera-local` or
// Solo. The weakest evidence, consulted after `.env`, Hardhat and Foundry.
import * as z from '../zod';
import { type ConfigEvidence, lineOf } from './evidence';
import { errorMessage } from '../util/errorMessage';

// Images of a local node's services (Hedera and Hiero names), or its mirror REST port mapped.
const COMPOSE_SIGN =
  /\b(?:hedera-mirror-node|hiero-mirror|mirror-node-rest|hedera-json-rpc-relay|hiero-json-rpc-relay|hedera-local-node|hiero-local-node)\b|["']?\b5551:5551\b/;

const LOCAL_PACKAGES = ['@hashgraph/hedera-local', '@hashgraph/solo', '@hiero-ledger/solo'];
// `hedera start` (the local-node CLI), `hedera-local ...`, `solo ...` as a command in a script.
const LOCAL_SCRIPT = /(?:^|[;&|]\s*|\bnpx\s+)(?:hedera\s+(?:start|restart)\b|hedera-local\b|solo\s+\w)/;

// Built on first use (z.lazy), not at activation.
const PackageJson = z.lazy(() =>
  z.looseObject({
    dependencies: z.optional(z.record(z.string(), z.unknown())),
    devDependencies: z.optional(z.record(z.string(), z.unknown())),
    scripts: z.optional(z.record(z.string(), z.unknown())),
  }),
);

export function inferFromCompose(path: string, text: string): ConfigEvidence {
  const m = COMPOSE_SIGN.exec(text);
  if (!m) return { kind: 'none', path };
  const network = 'local' as const;
  return {
    kind: 'network',
    path,
    network,
    claim: { network, what: `a local node (${m[0].replace(/["']/g, '')})`, line: lineOf(text, m.index) },
  };
}

export function inferFromPackageJson(path: string, text: string): ConfigEvidence {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      kind: 'skipped',
      path,
      reason: `does not parse (${errorMessage(error)})`,
    };
  }
  const parsed = PackageJson.safeParse(json);
  if (!parsed.success) return { kind: 'skipped', path, reason: 'not a package.json object' };
  const network = 'local' as const;
  for (const name of LOCAL_PACKAGES) {
    if (parsed.data.dependencies?.[name] !== undefined || parsed.data.devDependencies?.[name] !== undefined) {
      return { kind: 'network', path, network, claim: { network, what: `dependency ${name}` } };
    }
  }
  for (const [script, command] of Object.entries(parsed.data.scripts ?? {})) {
    if (typeof command === 'string' && LOCAL_SCRIPT.test(command)) {
      return {
        kind: 'network',
        path,
        network,
        claim: { network, what: `script "${script}" (${command.slice(0, 60)})` },
      };
    }
  }
  return { kind: 'none', path };
}

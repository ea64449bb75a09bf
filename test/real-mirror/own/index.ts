// Our own data sets for the real server, beside its spec files (test/real-mirror/datasets.ts names
// them in a set's `own`): each is built when the set is loaded, written as a spec-format file
// ({ description, setup }) into the run's folder, and loaded by the same loader as the specs.
// Kept apart from the recorded fixtures and from the server's own spec data.
import { myTokenSetup } from './myToken';
import { nftCollectionSetup } from './nftCollection';
import { ACTIONS_SPEC, actionsSpecSetup, vaultTraceSetup } from './traces';

export interface OwnSetup {
  readonly description: string;
  /**
   * `root`: the project's folder (where the sample workspace is); `specsDir`: the server's own spec
   * files (rest/__tests__/specs), for a setup made from one of them.
   */
  readonly build: (root: string, specsDir: string) => Record<string, unknown> | Promise<Record<string, unknown>>;
}

export const OWN_SETUPS = {
  'my-token': {
    description: 'MyToken (sample workspace) as 0.0.5025: a transfer() call and its Transfer and Memo logs',
    build: myTokenSetup,
  },
  // accounts/{id}/tokens/no-params.json has 0.0.1135 and 0.0.45678 in `token` only: /tokens/{id}
  // joins `entity` and answers 404 without their rows (a real network always has them).
  'token-entities': {
    description: 'the entity rows of tokens 0.0.1135 and 0.0.45678 (accounts/{id}/tokens/no-params.json)',
    build: () => ({
      entities: [
        { num: 1135, type: 'TOKEN', memo: 'token.0.0.1135' },
        { num: 45678, type: 'TOKEN', memo: 'token.0.0.45678' },
      ],
    }),
  },
  'nft-collection': {
    description: 'collection 0.0.4100: 0.0.4001 holds more NFTs than a page',
    build: nftCollectionSetup,
  },
  'actions-spec': {
    description: `${ACTIONS_SPEC} with its two transactions typed as contract calls (the spec types them crypto creates)`,
    build: actionsSpecSetup,
  },
  'vault-trace': {
    description: "the sample workspace's MyToken and Vault run on a real EVM: a withdrawal that reverts inside MyToken",
    build: vaultTraceSetup,
  },
} satisfies Record<string, OwnSetup>;

export type OwnSetupName = keyof typeof OWN_SETUPS;

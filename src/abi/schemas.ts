// zod schemas for what the ABI layer reads from the workspace: JSON ABIs and the artifact files of
// Hardhat, Foundry and Truffle. Objects are loose (compilers add fields); what is checked is what
// decoding relies on: item kinds, names, and parameter types that are valid Solidity ABI types.
import * as z from '../zod';

const INT_SIZES =
  '(?:8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)';
const BYTES_SIZES = '(?:[1-9]|[12][0-9]|3[0-2])';
/** Elementary or tuple type, with any number of array suffixes (`[]`, `[3]`). */
export const ABI_TYPE = new RegExp(
  `^(?:u?int${INT_SIZES}?|address|bool|string|bytes${BYTES_SIZES}?|bytes|tuple|function|u?fixed(?:\\d{1,3}x\\d{1,2})?)(?:\\[(?:[1-9]\\d{0,5})?\\])*$`,
);

/** Deeper than this, a type is refused (a hostile ABI could nest without end). */
export const MAX_TYPE_DEPTH = 16;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export interface AbiParameterShape {
  readonly name?: string;
  readonly type: string;
  readonly internalType?: string;
  readonly indexed?: boolean;
  readonly components?: readonly AbiParameterShape[];
}

export const abiParameter: z.ZodMiniType<AbiParameterShape> = z.lazy(() =>
  z
    .looseObject({
      name: z.optional(z.string()),
      type: z.string().check(z.regex(ABI_TYPE, 'not a Solidity ABI type')),
      internalType: z.optional(z.string()),
      indexed: z.optional(z.boolean()),
      components: z.optional(z.array(abiParameter)),
    })
    .check(z.refine(p => !p.type.startsWith('tuple') || p.components !== undefined, 'a tuple without components')),
);

// The schemas below are built on first use (z.lazy), not when the extension starts.
function makeItems() {
  const name = z.string().check(z.regex(IDENTIFIER, 'not an identifier'));
  const params = z.array(abiParameter);
  return {
    abiFunction: z.looseObject({
      type: z.literal('function'),
      name,
      inputs: z._default(params, []),
      outputs: z._default(params, []),
      stateMutability: z._default(z.enum(['pure', 'view', 'nonpayable', 'payable']), 'nonpayable'),
    }),
    abiEvent: z.looseObject({
      type: z.literal('event'),
      name,
      inputs: z._default(params, []),
      anonymous: z._default(z.boolean(), false),
    }),
    abiError: z.looseObject({ type: z.literal('error'), name, inputs: z._default(params, []) }),
    otherItem: z.looseObject({ type: z.enum(['constructor', 'fallback', 'receive']) }),
  };
}
let items: ReturnType<typeof makeItems> | undefined;
const itemsOnce = () => (items ??= makeItems());

export const abiFunction = z.lazy(() => itemsOnce().abiFunction);
export const abiEvent = z.lazy(() => itemsOnce().abiEvent);
export const abiError = z.lazy(() => itemsOnce().abiError);

/** One ABI item. Solidity before 0.5 left `type` out for functions: it defaults to "function". */
export const abiItem = z.lazy(() => {
  const { abiFunction, abiEvent, abiError, otherItem } = itemsOnce();
  return z.pipe(
    z.transform((item: unknown) =>
      item !== null && typeof item === 'object' && !('type' in item) ? { ...item, type: 'function' } : item,
    ),
    z.discriminatedUnion('type', [abiFunction, abiEvent, abiError, otherItem]),
  );
});
export const abiSchema = z.lazy(() => z.array(abiItem));

export type AbiItemShape = z.infer<typeof abiItem>;

// Bytecode is checked by bytecode.ts in one linear scan (a regex over 48 KB of hex is not cheap).
const hexCode = () => z.string();

const offsetRange = () =>
  z.looseObject({
    start: z.number().check(z.int(), z.nonnegative()),
    length: z.number().check(z.int(), z.positive()),
  });

/** Hardhat (`_format: hh-sol-artifact-1`) and Truffle: bytecode as a string. */
export const stringCodeArtifact = z.lazy(() =>
  z.looseObject({
    _format: z.optional(z.string()),
    contractName: z.optional(z.string()),
    sourceName: z.optional(z.string()),
    sourcePath: z.optional(z.string()),
    abi: z.array(z.unknown()),
    deployedBytecode: z.optional(hexCode()),
  }),
);

/** Foundry `out/<File>.sol/<Contract>.json`: bytecode objects with their immutable references. */
export const foundryArtifact = z.lazy(() =>
  z.looseObject({
    abi: z.array(z.unknown()),
    deployedBytecode: z.looseObject({
      object: hexCode(),
      immutableReferences: z.optional(z.record(z.string(), z.array(offsetRange()))),
    }),
    /** An object in current Foundry, a JSON string in older releases: read by artifacts.ts. */
    metadata: z.optional(z.unknown()),
    ast: z.optional(z.looseObject({ absolutePath: z.optional(z.string()) })),
  }),
);

/** The part of solc's metadata that names the compiled source and contract. */
export const compilationTarget = z.lazy(() =>
  z.looseObject({
    settings: z.looseObject({ compilationTarget: z.record(z.string(), z.string()) }),
  }),
);

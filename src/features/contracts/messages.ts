// zod schemas for what reaches the contract results host: the webview's messages, the state the
// serializer is handed, and the filters other features pass to the command. Each is checked
// against the protocol's types with `satisfies`.
import * as z from '../../zod';
import {
  AMOUNT_UNITS,
  TIMESTAMP_OPERATORS,
  type ContractResultsPanelState,
  type ContractResultsToHost,
} from '../../../webview/protocol';

// Bounds keep a hostile or broken page from making the host do unbounded work.
const text = (max: number) => z.string().check(z.maxLength(max));

// Every schema here is built on first use (z.lazy), not at activation; the filters object once.
function makeFilters() {
  const timestampFilterSchema = z.object({
    operator: z.enum(TIMESTAMP_OPERATORS),
    value: text(64),
  });
  return z.object({
    from: text(200),
    blockNumber: text(200),
    blockHash: text(200),
    timestamps: z.array(timestampFilterSchema).check(z.maxLength(20)),
    transactionIndex: text(64),
    internal: z.boolean(),
    order: z.enum(['asc', 'desc']),
    limit: text(32),
  });
}
let filters: ReturnType<typeof makeFilters> | undefined;
const filtersObject = () => (filters ??= makeFilters());

/** The filters another feature (or a command argument) passes: any subset of the form. */
export const filterInitSchema = z.lazy(() => z.strictObject(z.partial(filtersObject()).shape));

export const unitSchema = z.enum(AMOUNT_UNITS);

export const panelStateSchema = z.lazy(() =>
  z.object({
    filters: filtersObject(),
    unit: unitSchema,
  }),
) satisfies z.ZodMiniType<ContractResultsPanelState>;

const ENTITY_ID = /^\d{1,10}\.\d{1,10}\.\d{1,10}$/;

export const toHostSchema = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('ready'), filters: filtersObject() }),
    z.object({ type: z.literal('search'), filters: filtersObject() }),
    z.object({ type: z.literal('loadMore') }),
    z.object({ type: z.literal('retry') }),
    z.object({ type: z.literal('copy'), text: text(100_000) }),
    z.object({
      type: z.literal('openEntity'),
      kind: z.enum(['account', 'contract']),
      id: z.string().check(z.regex(ENTITY_ID)),
    }),
    z.object({ type: z.literal('detail'), key: text(100) }),
  ]),
) satisfies z.ZodMiniType<ContractResultsToHost>;

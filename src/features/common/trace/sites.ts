// The revert sites of a call trace: for each frame where a failure started whose recipient runs
// code a compiled contract of the workspace matches, the compiler-output index is asked where in
// its source the decoded error can come from. Each site found gets a key for the panel's link
// (SiteRegistry) and a mark for the editor's decoration (RevertMarks). Pure: no vscode.
import type { RevertSite, SiteAnswer } from '../../../source/types';
import { revertToFind } from '../../../trace/revertToFind';
import type { SiteTarget } from '../../../trace/marks';
import { framesInOrder } from '../../../trace/text';
import type { CallTrace, TraceFrame } from '../../../trace/types';
import type { TraceSiteLink } from '../../../../webview/protocol/trace';
import type { TraceBundle, TraceCodes } from './bundle';
import type { FrameSites } from './present';

/** A trace with more failure origins than this (failures caught and retried) is asked about the first ones. */
export const MAX_SITE_FRAMES = 20;
/** The most sites linked for one frame ("one of" many). */
const MAX_LINKS = 20;

/** Which transaction the sites are of, and where to ask. */
export interface SiteContext {
  readonly network: string;
  /** As users write it (`0.0.1234@1700000000.000000001`), or the hash when no id is known. */
  readonly transactionId: string;
  /** Consensus time, epoch ms, when known. */
  readonly at?: number;
  readonly codes: TraceCodes;
  readonly sources: Pick<TraceBundle['sources'], 'findByCode' | 'sites'>;
  readonly registry: TraceBundle['sites'];
  readonly marks: TraceBundle['marks'];
  /** The site a debugger session found exactly for a frame, when one did: it replaces the inferred ones. */
  readonly exact?: (frame: TraceFrame) => RevertSite | undefined;
}

/** `contracts/Vault.sol:42`: the source name as compiled and the statement's line. */
export function siteLinkText(site: Pick<RevertSite, 'sourceName' | 'line'>): string {
  return `${site.sourceName}:${site.line}`;
}

/** The statement as the link shows it under the location, with how the function reaches it. */
function statementText(site: RevertSite): string {
  return site.via ? `${site.text}  (via ${site.via})` : site.text;
}

/** Where the failure of one frame can come from; undefined when its code is not a compiled contract's. */
async function frameSites(frame: TraceFrame, ctx: SiteContext): Promise<FrameSites | undefined> {
  const party = frame.recipient.id ?? frame.recipient.address;
  const code = party === undefined ? undefined : ctx.codes.peek(party);
  if (!code) return undefined;
  const ref = ctx.sources.findByCode(code);
  if (!ref) {
    // Its ABI artifact matched, but no compiler output with source maps and syntax trees did.
    return frame.recipient.kind === 'artifact'
      ? {
          links: [],
          reason:
            'not found: no full compiler output in the workspace has this code (Hardhat artifacts/build-info, Foundry out/ built with ast, or a solc standard JSON)',
        }
      : undefined;
  }
  const revert = revertToFind(frame.result);
  if (!revert) {
    const why = frame.result.kind === 'error' ? 'the frame failed without a revert' : 'its error is not decoded';
    return { links: [], reason: `not looked for: ${why}` };
  }
  let answer: SiteAnswer;
  const exact = ctx.exact?.(frame);
  try {
    answer = exact ? { kind: 'exact', site: exact } : await ctx.sources.sites(ref, frame.selector, revert);
  } catch (error) {
    return { links: [], reason: `not found: ${error instanceof Error ? error.message : String(error)}` };
  }
  const found = answer.kind === 'exact' ? [answer.site] : answer.kind === 'inferred' ? answer.sites : [];
  if (answer.kind === 'none') return { links: [], reason: answer.reason };
  if (found.length === 0) return { links: [], reason: 'no statement of the function can produce this error' };
  const oneOf = found.length > 1;
  const error = frame.result.kind === 'revert' ? frame.result.text : '';
  const links = found.slice(0, MAX_LINKS).map(site => {
    const target: SiteTarget = {
      site,
      contract: ref,
      oneOf,
      network: ctx.network,
      transactionId: ctx.transactionId,
      ...(ctx.at !== undefined ? { at: ctx.at } : {}),
      error,
    };
    const key = ctx.registry.issue(target);
    ctx.marks.add(target);
    return { text: siteLinkText(site), key, oneOf, statement: statementText(site) } satisfies TraceSiteLink;
  });
  const more = found.length - links.length;
  return more > 0 ? { links, reason: `${more} more sites can produce this error` } : { links };
}

/** The sites of every failure origin of the trace (the first MAX_SITE_FRAMES), by frame. */
export async function findSites(trace: CallTrace, ctx: SiteContext): Promise<Map<TraceFrame, FrameSites>> {
  const found = new Map<TraceFrame, FrameSites>();
  if (!trace.firstFailure) return found;
  const origins = framesInOrder(trace)
    .filter(f => f.origin)
    .slice(0, MAX_SITE_FRAMES);
  const answers = await Promise.all(origins.map(f => frameSites(f, ctx)));
  origins.forEach((f, i) => {
    const sites = answers[i];
    if (sites) found.set(f, sites);
  });
  return found;
}

// viem for the ABI layer, loaded on first call (viemParts.ts): each function here forwards to
// viem's own, with viem's types.
import type * as Viem from './viemParts';
import { once } from '../util/once';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
const viem = once(() => require('./viemParts') as typeof Viem);

export const bytesToHex = ((...args: Parameters<typeof Viem.bytesToHex>) =>
  viem().bytesToHex(...args)) as typeof Viem.bytesToHex;
export const checksumAddress = ((...args: Parameters<typeof Viem.checksumAddress>) =>
  viem().checksumAddress(...args)) as typeof Viem.checksumAddress;
export const decodeAbiParameters = ((...args: Parameters<typeof Viem.decodeAbiParameters>) =>
  viem().decodeAbiParameters(...args)) as typeof Viem.decodeAbiParameters;
export const encodeAbiParameters = ((...args: Parameters<typeof Viem.encodeAbiParameters>) =>
  viem().encodeAbiParameters(...args)) as typeof Viem.encodeAbiParameters;
export const encodeFunctionData = ((...args: Parameters<typeof Viem.encodeFunctionData>) =>
  viem().encodeFunctionData(...args)) as typeof Viem.encodeFunctionData;
export const keccak256 = ((...args: Parameters<typeof Viem.keccak256>) =>
  viem().keccak256(...args)) as typeof Viem.keccak256;
export const parseAbi = ((...args: Parameters<typeof Viem.parseAbi>) =>
  viem().parseAbi(...args)) as typeof Viem.parseAbi;
export const stringToBytes = ((...args: Parameters<typeof Viem.stringToBytes>) =>
  viem().stringToBytes(...args)) as typeof Viem.stringToBytes;
export const toFunctionSelector = ((...args: Parameters<typeof Viem.toFunctionSelector>) =>
  viem().toFunctionSelector(...args)) as typeof Viem.toFunctionSelector;

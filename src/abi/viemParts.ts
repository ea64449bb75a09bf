// The viem functions the ABI layer uses. A module of its own so that the bundle loads viem (with
// abitype and @noble/hashes) on the first decoding, not at activation (build/extension-build.mjs
// makes it a file of its own, dist/lazy-viem.js); the ABI layer reaches it through viem.ts.
export {
  bytesToHex,
  checksumAddress,
  decodeAbiParameters,
  encodeAbiParameters,
  encodeFunctionData,
  keccak256,
  parseAbi,
  stringToBytes,
  toFunctionSelector,
} from 'viem';

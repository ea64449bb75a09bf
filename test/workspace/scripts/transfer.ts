// A transfer script as a Hedera developer writes one (it does not run here: the SDK is not
// installed). Hover the ids, addresses and transaction ids to see them on the network.

const operatorId = '0.0.2001';
const treasuryId = '0.0.8';
const feeCollectorId = '0.0.2'; // not on the replayed network: the hover says so
const operatorEvmAddress = '0xac384c53f03855fa1b3616052f8ba32c6c2a2fec';
const treasuryLongZero = '0x0000000000000000000000000000000000000008';
const ownerLongZero = '0x00000000000000000000000000000000000007d1';

// The same transaction in the mirror node's form and in the SDK's form.
const lastTransfer = '0.0.10-1234567890-000000001';
const lastTransferSdkForm = '0.0.10@1234567890.000000001';

interface Transfer {
  from: string;
  to: string;
  tinybars: bigint;
}

export function plan(): Transfer[] {
  return [
    { from: operatorId, to: treasuryId, tinybars: 100_000_000n },
    { from: treasuryId, to: feeCollectorId, tinybars: 1n },
  ];
}

export const addresses = { operatorEvmAddress, treasuryLongZero, ownerLongZero };
export const receipts = [lastTransfer, lastTransferSdkForm];

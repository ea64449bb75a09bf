// SPDX-License-Identifier: MIT
// The local replay's test ground (test/tools/make-replay-fixtures.ts): calls into what runs in a
// Hedera node (the token service, a token's own address), block values, balances, reads of state
// a later transaction rewrites, and the loops a replay must stop. Compiled with solc-js by the
// fixture script; never deployed anywhere but the reference EVM.
pragma solidity ^0.8.20;

/** HIP-719: an HTS token's own address answers ERC-20 calls. */
interface TokenFacade {
    function balanceOf(address holder) external view returns (uint256);
}

/** Called by ReplayLab, then self-destructed by a later transaction. */
contract Doomed {
    uint256 public pings;

    function ping() external returns (uint256) {
        pings += 1;
        return pings;
    }

    function doom() external {
        selfdestruct(payable(msg.sender));
    }
}

contract ReplayLab {
    /** The token service system contract (0.0.359). */
    address private constant TOKEN_SERVICE = address(0x167);
    int64 private constant SUCCESS = 22;

    uint256 public counter;
    int64 public lastResponse;
    uint256 public lastBalance;
    mapping(uint256 => uint256) public table;
    uint256[7] public blockSeen;
    uint256 public selfBalance;
    uint256 public callerBalance;

    error Above(uint256 counter, uint256 total, uint256 limit);
    error Summed(uint256 count, uint256 total);

    function setCounter(uint256 value) external {
        counter = value;
        table[1] = value * 2;
        table[2] = value * 3;
    }

    function bump() external returns (uint256) {
        counter += 1;
        return counter;
    }

    /** Reverts when the sum of three slots reaches `limit`, naming what it read. */
    function checkBelow(uint256 limit) external returns (uint256) {
        uint256 total = counter + table[1] + table[2];
        if (total >= limit) revert Above(counter, total, limit);
        counter = total;
        return total;
    }

    function associate(address token) external returns (int64) {
        (bool ok, bytes memory out) = TOKEN_SERVICE.call(
            abi.encodeWithSignature("associateToken(address,address)", address(this), token)
        );
        require(ok, "token service call failed");
        int64 code = abi.decode(out, (int64));
        require(code == SUCCESS, "not associated");
        lastResponse = code;
        return code;
    }

    function tokenBalance(address token, address holder) external returns (uint256) {
        uint256 held = TokenFacade(token).balanceOf(holder);
        lastBalance = held;
        return held;
    }

    function blockValues() external returns (uint256) {
        blockSeen[0] = block.number;
        blockSeen[1] = block.timestamp;
        blockSeen[2] = uint256(uint160(address(block.coinbase)));
        blockSeen[3] = block.chainid;
        blockSeen[4] = block.basefee;
        blockSeen[5] = block.prevrandao;
        blockSeen[6] = block.gaslimit;
        return block.number;
    }

    function balances() external returns (uint256) {
        selfBalance = address(this).balance;
        callerBalance = msg.sender.balance;
        return callerBalance;
    }

    function pingDoomed(Doomed doomed) external returns (uint256) {
        return doomed.ping();
    }

    /** Reads `count` distinct slots nobody wrote, then reverts (so the record lists none of them). */
    function sumSlots(uint256 count) external returns (uint256 total) {
        for (uint256 i = 0; i < count; i++) {
            uint256 value;
            assembly {
                value := sload(add(shl(128, 1), i))
            }
            total += value;
        }
        revert Summed(count, total);
    }

    /** Never returns: runs until the gas is gone. */
    function spin() external returns (uint256 turns) {
        while (true) {
            turns += 1;
        }
    }
}

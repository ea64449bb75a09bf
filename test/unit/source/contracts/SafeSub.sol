// SPDX-License-Identifier: MIT
pragma solidity ^0.8.27;

/// An internal library function: its code is inlined into the caller's (a jump, not a call).
library SafeSub {
    function sub(uint256 a, uint256 b) internal pure returns (uint256) {
        require(b <= a, "SafeSub: underflow");
        return a - b;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.27;

import {SafeSub} from "./SafeSub.sol";

/// The base of Vault: the internal functions and the library it reaches.
abstract contract Balances {
    error InsufficientBalance(uint256 available, uint256 required);

    mapping(address => uint256) public balanceOf;

    function _move(address from, address to, uint256 amount) internal {
        balanceOf[from] = SafeSub.sub(balanceOf[from], amount);
        balanceOf[to] += amount;
    }

    function _debit(address from, uint256 amount) internal {
        if (amount > balanceOf[from]) revert InsufficientBalance(balanceOf[from], amount);
        balanceOf[from] -= amount;
    }
}
